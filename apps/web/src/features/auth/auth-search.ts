import { authQuery } from './auth-query';
import type { AuthQueryValues } from './auth-query';

// Apart from auth-query.ts, which /login's first paint loads: only /verify and the reset page use it.
/** The same as search params (empty values left out), for `setSearchParams`. */
export function authSearchParams(
  values: AuthQueryValues,
  extra: Record<string, string> = {},
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...authQuery(values), ...extra })) {
    if (typeof value === 'string' && value !== '') search.set(key, value);
  }
  return search;
}
