// `npm run bench:proxy`: the proxy's part of the bench alone, written into its section of
// bench/RESULTS.md (the rest of the report is kept as it is) and printed.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatProxySection, PROXY_SECTION_HEADING } from './formatProxySection';
import { measureProxy } from './measureProxy';

const RESULTS_FILE = resolve(import.meta.dirname, 'RESULTS.md');
const section = formatProxySection(await measureProxy());
const results = readFileSync(RESULTS_FILE, 'utf8');
const start = results.indexOf(PROXY_SECTION_HEADING);
if (start === -1) throw new Error(`${RESULTS_FILE} has no "${PROXY_SECTION_HEADING}" section.`);
const next = results.indexOf('\n## ', start + PROXY_SECTION_HEADING.length);
writeFileSync(
  RESULTS_FILE,
  `${results.slice(0, start)}${section}${next === -1 ? '' : results.slice(next + 1)}`,
);
console.log(section);
