import { userTypes } from '@ipportal/domain';
import type { UserType } from '@ipportal/domain';
import type { Query } from '../../routes/paths';
import { redirectParam, safeRedirectTarget } from '../../routes/redirect-target';

/** Query parameters the sign-in pages pass on, so a reload (or a link from a mail) keeps them. */
export const emailParam = 'email';
export const userTypeParam = 'userType';

export function userTypeOf(value: string | null | undefined): UserType | null {
  return userTypes.values.find((type) => type === value) ?? null;
}

export interface AuthQueryValues {
  email?: string | null;
  userType?: UserType | null;
  /** Where to return after sign-in (kept only when it is a same-origin path). */
  redirect?: string | null;
}

/** What the sign-in pages read from their query. */
export function readAuthQuery(params: URLSearchParams): Required<AuthQueryValues> {
  return {
    email: params.get(emailParam)?.trim() ?? null,
    userType: userTypeOf(params.get(userTypeParam)),
    redirect: safeRedirectTarget(params.get(redirectParam), window.location.origin),
  };
}

/** The query to pass to the next sign-in page. */
export function authQuery({ email, userType, redirect }: AuthQueryValues): Query {
  return {
    [emailParam]: email?.trim() || undefined,
    [userTypeParam]: userType ?? undefined,
    [redirectParam]: redirect ?? undefined,
  };
}

/** Notices a sign-in page shows after the previous step, passed in the router state. */
export type AuthNotice = 'verified' | 'passwordReset' | 'codeSent';

export interface AuthLocationState {
  notice?: AuthNotice;
  /** Where the last code went, as the identity service masks it. */
  destination?: string | null;
}

export function authLocationState(state: unknown): AuthLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { notice, destination } = state as Record<string, unknown>;
  return {
    ...(notice === 'verified' || notice === 'passwordReset' || notice === 'codeSent' ? { notice } : {}),
    ...(typeof destination === 'string' ? { destination } : {}),
  };
}
