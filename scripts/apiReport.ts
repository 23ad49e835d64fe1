// The committed API report: one `api/{entry}.api.md` per package entry, made by API
// Extractor from the built declarations (`npm run build` first). `npm run api-report`
// rewrites the reports; `npm test` compares them, so a change of the public surface is
// always a visible diff in review.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
} from '@microsoft/api-extractor';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * One entry's outcome: where its report lives and whether the surface differs from it.
 *
 * @example
 * ```ts
 * const result: ApiReportResult = { entry: '.', report: 'api/index.api.md', changed: false, problems: [] };
 * ```
 */
export interface ApiReportResult {
  /** The `exports` key, such as `.` or `./core`. */
  readonly entry: string;
  /** The committed report, relative to the repository. */
  readonly report: string;
  /** The surface differs from the committed report (or there is none yet). */
  readonly changed: boolean;
  /** What the current surface looks like, when it differs. */
  readonly current?: string;
  /** Errors and warnings API Extractor raised for the declarations. */
  readonly problems: readonly string[];
}

/**
 * The entries with declarations, from package.json `exports`, as `[key, d.ts path]`.
 *
 * @example
 * ```ts
 * declaredEntries(); // [['.', 'dist/types/index.d.ts'], ['./core', 'dist/types/core/index.d.ts'], …]
 * ```
 */
export function declaredEntries(): [entry: string, types: string][] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.entries(pkg.exports).flatMap(([entry, target]) =>
    typeof target === 'object' && target.types ? [[entry, target.types] as [string, string]] : [],
  );
}

/**
 * The report's file name for an entry: `.` → `index`, `./proxy/node` → `proxy-node`.
 *
 * @example
 * ```ts
 * reportName('./emulator/msw'); // 'emulator-msw'
 * ```
 */
export function reportName(entry: string): string {
  return entry === '.' ? 'index' : entry.replace(/^\.\//, '').replaceAll('/', '-');
}

/**
 * Runs API Extractor over every entry's built declarations. With `update`, the reports in
 * `api/` are rewritten; without it, each result says whether the surface changed.
 *
 * @example
 * ```ts
 * const changed = runApiReport({ update: false }).filter((result) => result.changed);
 * ```
 */
export function runApiReport({ update }: { update: boolean }): ApiReportResult[] {
  const temp = mkdtempSync(join(tmpdir(), 'vsk-api-'));
  if (update) mkdirSync(join(ROOT, 'api'), { recursive: true });
  try {
    return declaredEntries().map(([entry, types]) => {
      const name = reportName(entry);
      const problems: string[] = [];
      const config = ExtractorConfig.prepare({
        configObject: {
          projectFolder: ROOT,
          mainEntryPointFilePath: resolve(ROOT, types),
          compiler: { tsconfigFilePath: resolve(ROOT, 'tsconfig.build.json') },
          apiReport: {
            enabled: true,
            reportFileName: name,
            reportFolder: resolve(ROOT, 'api'),
            reportTempFolder: temp,
          },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          messages: {
            compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
            // What API Extractor notices about the surface (a type an entry uses but does not
            // export, for one) is written into the report, where review sees it. Release
            // tags (@public, @beta) and member docs are not part of this package's rules.
            extractorMessageReporting: {
              default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
              'ae-missing-release-tag': {
                logLevel: ExtractorLogLevel.None,
                addToApiReportFile: false,
              },
              'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
              'ae-unresolved-link': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
            },
            tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          },
        },
        configObjectFullPath: join(ROOT, 'api-extractor.json'),
        packageJsonFullPath: join(ROOT, 'package.json'),
      });
      const outcome = Extractor.invoke(config, {
        localBuild: update,
        showVerboseMessages: false,
        messageCallback: (message: ExtractorMessage) => {
          if (
            message.logLevel === ExtractorLogLevel.Error ||
            message.logLevel === ExtractorLogLevel.Warning
          ) {
            problems.push(message.formatMessageWithLocation(ROOT));
          }
          // The outcome is returned, not printed.
          message.handled = true;
        },
      });
      const tempReport = join(temp, `${name}.api.md`);
      return {
        entry,
        report: `api/${name}.api.md`,
        changed: outcome.apiReportChanged,
        ...(outcome.apiReportChanged ? { current: readFileSync(tempReport, 'utf8') } : {}),
        problems,
      };
    });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = runApiReport({ update: true });
  for (const result of results) {
    console.log(`${result.changed ? 'updated' : 'unchanged'}  ${result.report}`);
    for (const problem of result.problems) console.warn(`  ${problem}`);
  }
}
