/** Query parameter carrying where to return after sign-in. */
export const redirectParam = 'redirect';

/**
 * The path to return to after sign-in, or null when the value is not a same-origin path
 * (an open redirect would let a crafted link send users to another site after they sign in).
 */
export function safeRedirectTarget(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
