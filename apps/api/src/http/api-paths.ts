/** Paths the server owns: never answered with the SPA page. */
const apiPrefixes = [
  '/user',
  '/patent',
  '/identity',
  '/graphql',
  '/docs',
  '/openapi.json',
  '/config.json',
  '/healthz',
  '/readyz',
];

/** Whether a request URL (query string allowed) is the server's own rather than the web app's. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
