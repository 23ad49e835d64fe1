import { configError } from '../explainInDevelopment';

// Stands in for the page's origin when baseUrl is a same-origin path, so that the path can
// be resolved the way fetch will resolve it.
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * The URL a `request` call goes to: `path` below `versionRoot`, the session's
 * `{base}/api/{version}`. The session header may only go below the API version root. The
 * path is resolved first, exactly as fetch would (`%2e%2e` is a dot segment to a URL
 * parser), and the result must still lie under `{base}/api/{version}/`; encoded slashes,
 * backslashes and dots are refused too, since a proxy or server that decodes once more
 * would see `..` or another root. Throws `VaultConfigError` for a path it refuses. A
 * same-origin root gives a path, an absolute root an absolute URL.
 */
export function resolveApiPath(versionRoot: string, path: unknown): string {
  const refuse = (): never => {
    throw configError('The API path leaves /api/{version}/; it was not sent.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'The API path must start with "/" and stay below /api/{version}/: no "..", encoded "." "/" or "\\", query or fragment. It was not sent.',
    );
  };
  if (
    typeof path !== 'string' ||
    !path.startsWith('/') ||
    path.startsWith('//') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
    /[\\?#\u0000-\u001f\u007f]|%(?:2e|2f|5c)/i.test(path)
  ) {
    return refuse();
  }
  const root = new URL(`${versionRoot}/`, PROBE_ORIGIN);
  const target = new URL(`${versionRoot}${path}`, PROBE_ORIGIN);
  if (target.origin !== root.origin || !target.pathname.startsWith(root.pathname)) refuse();
  return root.origin === PROBE_ORIGIN ? target.pathname : target.href;
}
