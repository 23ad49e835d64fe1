// Production and development builds of the kit behave alike: development only adds words.
// The one place the build shows is `process.env.NODE_ENV` inside the explanation given to
// `explainInDevelopment` or `configError`, whose result is a message either way; a test of
// the build anywhere else fails here with its file and line, and so does a second
// declaration of `process`. What each refusal does in production is tested beside it
// (resolveIdleWarningMs.test.ts, for one).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// Code that runs in Node only (the dev server, the command, the Node listener) reads
// `process` as Node code does; everything an app bundles is held here.
const NODE_ONLY = ['src/dev/', 'src/vite/', 'src/proxy-node/'];
const EXPLAINERS = new Set(['explainInDevelopment', 'configError']);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const bundled = sourcesUnder(join(ROOT, 'src')).filter(
  (file) => !NODE_ONLY.some((prefix) => relative(ROOT, file).startsWith(prefix)),
);

/** Whether `node` is inside the explanation (the second argument) of an explainer call. */
function inExplanation(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const call = at.parent;
    if (
      ts.isCallExpression(call) &&
      ts.isIdentifier(call.expression) &&
      EXPLAINERS.has(call.expression.text) &&
      call.arguments[1] === at &&
      ts.isArrowFunction(at)
    ) {
      return true;
    }
  }
  return false;
}

describe('the same behaviour in every build', () => {
  it('reads the build only inside a development explanation', () => {
    const elsewhere: string[] = [];
    let explained = 0;
    for (const file of bundled) {
      const source = ts.createSourceFile(
        file,
        readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      const visit = (node: ts.Node): void => {
        // `process.env`, not a method or property that happens to be named `process`.
        if (
          ts.isPropertyAccessExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'process'
        ) {
          if (inExplanation(node)) explained++;
          else {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
            elsewhere.push(`${relative(ROOT, file)}:${line + 1}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(explained).toBeGreaterThan(40);
    expect(elsewhere).toEqual([]);
  });

  it('declares process once, in src/nodeEnv.d.ts', () => {
    const declaring = sourcesUnder(join(ROOT, 'src'))
      .filter((file) => /^declare (const|let|var) process\b/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(declaring).toEqual([]);
    expect(readFileSync(join(ROOT, 'src/nodeEnv.d.ts'), 'utf8')).toMatch(/^declare var process/m);
  });
});
