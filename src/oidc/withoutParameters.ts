/**
 * The page's address without the named query parameters, as a same-origin path: the path,
 * what is left of the query, and the fragment. What a sign-in's answer left in the address
 * bar goes, so that a reload or a shared link does not carry it; the rest is kept as
 * written. Changes `url`.
 */
export function withoutParameters(url: URL, names: readonly string[]): string {
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
