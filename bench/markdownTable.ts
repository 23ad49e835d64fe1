/**
 * A GitHub-flavoured markdown table. Pipes and line breaks inside cells are escaped;
 * `align` gives each column's alignment (`l`, `r`), left by default.
 *
 * @example
 * ```ts
 * markdownTable(['what', 'size'], [['core', '17.8 kB']], ['l', 'r']);
 * // | what | size |
 * // |:--|--:|
 * // | core | 17.8 kB |
 * ```
 */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('l' | 'r')[] = [],
): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')).join(' | ')} |`;
  const rule = `|${headers.map((_, index) => (align[index] === 'r' ? '--:' : ':--')).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}
