// The README is a newcomer's first screen: short, its quick start at the top, and every
// link into docs/ (and between the docs) lands on a file and a heading that exist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, MARKDOWN_FILES, ROOT } from './support/markdownFiles';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const README_LINES = README.trimEnd().split('\n');

describe('README.md', () => {
  it('fits in 250 lines', () => {
    expect(README_LINES.length).toBeLessThanOrEqual(250);
  });

  it('shows the quick start, SessionProvider to LoginForm, in its first 60 lines', () => {
    const firstScreen = README_LINES.slice(0, 60).join('\n');
    for (const part of ['vaultDevServer()', '<SessionProvider', '<RequireSession', '<LoginForm']) {
      expect(firstScreen).toContain(part);
    }
  });

  it('links every page of docs/ and CONTRIBUTING.md', () => {
    const linked = new Set(
      [...README.matchAll(/\]\(((?:docs\/[^)#\s]+|CONTRIBUTING\.md))(?:#[^)\s]*)?\)/g)].map(
        (match) => match[1],
      ),
    );
    const pages = MARKDOWN_FILES.filter((doc) => doc !== 'README.md');
    expect(pages.filter((doc) => !linked.has(doc))).toEqual([]);
  });
});

describe.each(MARKDOWN_FILES)('the links of %s', (doc) => {
  const text = readFileSync(join(ROOT, doc), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target));

  it('lead to files and headings that exist', () => {
    const broken = links.filter((target) => {
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? doc : normalize(join(dirname(doc), path));
      if (!existsSync(join(ROOT, file))) return true;
      if (anchor === undefined) return false;
      return !headingAnchors(readFileSync(join(ROOT, file), 'utf8')).includes(anchor);
    });
    expect(broken).toEqual([]);
  });
});
