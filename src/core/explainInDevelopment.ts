import { VaultConfigError } from './errors';

/**
 * A message with a development explanation: `explain` returns the explanation, or
 * `undefined` when `process.env.NODE_ENV` is `'production'`, and the terse text stands in
 * whenever it gives none or cannot run.
 *
 * The test of `NODE_ENV` sits in `explain`, at each call site, so that a bundler's define
 * folds it there and drops the explanation from production builds. Evaluating it here, in a
 * `try`, lets every runtime answer: where a bundler replaced `process.env.NODE_ENV` (a Vite
 * dev server's browser has no `process`, yet reads "development"), where `process` exists
 * (Node, Bun, Deno, Next.js), and where neither holds (workerd without nodejs_compat, raw
 * browser ESM), which throws a ReferenceError and gets the terse text.
 *
 * This is the kit's only difference between builds: what is refused or reported is the same
 * in every build, and development adds the explanation. `process` is declared once, in
 * `src/nodeEnv.d.ts`.
 */
export function explainInDevelopment<T>(terse: T, explain: () => T | undefined): T {
  try {
    return explain() ?? terse;
  } catch {
    return terse;
  }
}

/**
 * The `VaultConfigError` for a setting that cannot work: the same refusal in every build,
 * with `terse` as its message in production and what `explain` says in development (see
 * {@link explainInDevelopment}; `explain` tests `process.env.NODE_ENV` itself). One call
 * instead of two at each of the kit's many setting checks.
 */
export function configError(terse: string, explain: () => string | undefined): VaultConfigError {
  return new VaultConfigError(explainInDevelopment(terse, explain));
}
