import type { UserType } from '@ipportal/domain';
import type { AuthPort, IdentityAttributes, IdentityOperations, Session } from '../src/features/auth';

export interface FakeAuthPort extends AuthPort {
  /** Simulates a sign-in (what the login form does through the real port). */
  signIn(session: Session): void;
  /** Simulates another tab of the browser signing in as another user (the real port's `onReplaced`). */
  replaceFromOtherTab(session: Session): void;
  readonly signOutCalls: number;
  /** Identity operations resolve by default; replace one with `vi.spyOn(auth.identity, 'signIn')`. */
  identity: IdentityOperations;
}

export const regularSession: Session = { userType: 'REGULAR', subject: 'user-regular-1' };
export const patentSession: Session = { userType: 'PATENT', subject: 'user-patent-1' };

export const fakeIdentityAttributes: IdentityAttributes = {
  email: 'hanako@example.com',
  name: 'Hanako Yamada',
  address: 'Tokyo',
  phone_number: '+81312345678',
  'custom:region_code': '1',
  email_verified: true,
};

/** The secret the fake port hands out for an authenticator app. */
export const fakeTotpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** An error as packages/auth rejects with (an `AuthError`): an i18n key and the service's code. */
export function fakeAuthError(messageKey: string, code: string | null = null): Error {
  return Object.assign(new Error(messageKey), { name: 'AuthError', messageKey, code, serverMessage: null });
}

/** An auth port whose session the test controls. */
export function createFakeAuthPort(initial: Session | null = regularSession): FakeAuthPort {
  let session = initial;
  let signOutCalls = 0;
  const listeners = new Set<(session: Session | null) => void>();
  const replacedListeners = new Set<(session: Session) => void>();
  const emit = () => listeners.forEach((listener) => listener(session));
  const signInAs = (userType: UserType) => {
    session = { userType, subject: `user-${userType.toLowerCase()}-signed-in` };
    emit();
  };
  let lastUserType: UserType = 'REGULAR';
  const identity: IdentityOperations = {
    signUp: () => Promise.resolve({ userConfirmed: false, destination: 'h***@e***' }),
    confirmSignUp: () => Promise.resolve(),
    resendCode: () => Promise.resolve('h***@e***'),
    signIn: (userType) => {
      lastUserType = userType;
      signInAs(userType);
      return Promise.resolve({ status: 'signedIn' });
    },
    completeNewPassword: () => {
      signInAs(lastUserType);
      return Promise.resolve();
    },
    confirmSignInCode: () => {
      signInAs(lastUserType);
      return Promise.resolve();
    },
    hasTotp: () => Promise.resolve(false),
    startTotpSetup: (issuer) =>
      Promise.resolve({
        secret: fakeTotpSecret,
        uri: `otpauth://totp/${encodeURIComponent(`${issuer}:hanako@example.com`)}?secret=${fakeTotpSecret}`,
      }),
    confirmTotpSetup: () => Promise.resolve(),
    disableTotp: () => Promise.resolve(),
    changePassword: () => Promise.resolve(),
    forgotPassword: () => Promise.resolve('h***@e***'),
    forgotPasswordSubmit: () => Promise.resolve(),
    attributes: () => Promise.resolve({ ...fakeIdentityAttributes }),
    updateAttributes: () => Promise.resolve(),
  };
  return {
    currentSession: () => Promise.resolve(session),
    idToken: () => Promise.resolve(session ? `token-of-${session.subject}` : null),
    userType: () => session?.userType ?? null,
    signOut: () => {
      signOutCalls += 1;
      session = null;
      emit();
      return Promise.resolve();
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReplaced: (listener) => {
      replacedListeners.add(listener);
      return () => replacedListeners.delete(listener);
    },
    replaceFromOtherTab: (next) => {
      replacedListeners.forEach((listener) => listener(next));
    },
    signIn: (next) => {
      session = next;
      emit();
    },
    get signOutCalls() {
      return signOutCalls;
    },
    identity,
  };
}
