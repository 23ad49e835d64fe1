import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The markdown files a reader of the package is sent to: the README, CONTRIBUTING.md and
 * every page of docs/, relative to the root.
 *
 * @example
 * ```ts
 * for (const doc of MARKDOWN_FILES) readFileSync(join(ROOT, doc), 'utf8');
 * ```
 */
export const MARKDOWN_FILES: readonly string[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as
 * hyphens, and `-1`, `-2`… after a repeated one. Headings inside code blocks are none.
 *
 * @example
 * ```ts
 * headingAnchors('## Deploying: the proxy\n') // ['deploying-the-proxy']
 * ```
 */
export function headingAnchors(markdown: string): string[] {
  const seen = new Map<string, number>();
  const anchors: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.push(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
