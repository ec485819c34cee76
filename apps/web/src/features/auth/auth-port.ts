import type { ProfileAttributes, UserType } from '@ipportal/domain';

/** A signed-in session as the shell needs it. */
export interface Session {
  /** Derived from the identity pool that issued the token (clients and firms have one each). */
  userType: UserType;
  /** Stable id of the signed-in identity (the token's `sub`); a change means another user. */
  subject: string;
}

/** Profile attributes a user may change (the email is the user name and stays). */
export type EditableAttributes = Partial<Omit<ProfileAttributes, 'email'>>;

/** The identity service's profile attributes of the signed-in user, from the ID token. */
export type IdentityAttributes = Partial<ProfileAttributes> & { email_verified?: boolean };

export type SignInOutcome =
  | { status: 'signedIn' }
  /**
   * An invited user signed in with a temporary password: call `completeNewPassword` with a new
   * one and the `requiredAttributes` the profile still lacks (identity attribute names).
   */
  | { status: 'newPasswordRequired'; requiredAttributes: string[]; userAttributes: Record<string, string> }
  /** The user signs in with two factors: call `confirmSignInCode` with the authenticator app's code. */
  | { status: 'totpRequired' };

/** What an authenticator app needs to be set up: the `otpauth://` URI (a QR code) and the secret to type. */
export interface TotpSetup {
  uri: string;
  secret: string;
}

export interface SignUpOutcome {
  /** False until the code from the mail is confirmed on /verify. */
  userConfirmed: boolean;
  /** Where the code went, as the service masks it (e.g. `h***@e***`); null when unknown. */
  destination: string | null;
}

/**
 * Sign-up, sign-in and account operations. Each loads the identity library on first use, so
 * pages pay for it only when the user submits. Failures reject with an error carrying
 * `messageKey`, an i18n key (packages/auth `AuthMessage`): see `authErrorKey`.
 */
export interface IdentityOperations {
  signUp(userType: UserType, attributes: ProfileAttributes, password: string): Promise<SignUpOutcome>;
  confirmSignUp(userType: UserType, email: string, code: string): Promise<void>;
  /** Mails a new sign-up code; answers the masked destination. */
  resendCode(userType: UserType, email: string): Promise<string | null>;
  /** On success the port reports the new session to its listeners. */
  signIn(userType: UserType, email: string, password: string): Promise<SignInOutcome>;
  /** Answers the new-password challenge of the last `signIn`; then signed in. */
  completeNewPassword(newPassword: string, attributes?: EditableAttributes): Promise<void>;
  /** Answers the two-factor challenge of the last `signIn` with a 6-digit code; then signed in. */
  confirmSignInCode(code: string): Promise<void>;
  /** Whether the signed-in user signs in with a code from an authenticator app. */
  hasTotp(): Promise<boolean>;
  /** A new secret for the authenticator app, named `issuer` in it; nothing changes until confirmed. */
  startTotpSetup(issuer: string): Promise<TotpSetup>;
  /** Proves the new secret with a code and turns two-factor sign-in on. */
  confirmTotpSetup(code: string): Promise<void>;
  /** Turns two-factor sign-in off after the password and a code are proven again. */
  disableTotp(password: string, code: string): Promise<void>;
  /** Checks the current password, then sets the new one. */
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** Mails a password-reset code; answers the masked destination. */
  forgotPassword(userType: UserType, email: string): Promise<string | null>;
  forgotPasswordSubmit(userType: UserType, email: string, code: string, newPassword: string): Promise<void>;
  /** The signed-in user's attributes in the identity service. */
  attributes(): Promise<IdentityAttributes>;
  /** Changes attributes in the identity service (the portal's own row is PATCH /user). */
  updateAttributes(attributes: EditableAttributes): Promise<void>;
}

/**
 * The one way the web app learns about sign-in, implemented with packages/auth
 * (amazon-cognito-identity-js) in `create-auth-port.ts`; pages, guards and the API client only
 * see this interface.
 */
export interface AuthPort {
  /** The current session, refreshing tokens when needed; null when signed out. */
  currentSession(): Promise<Session | null>;
  /**
   * The identity token for `Authorization: Bearer`; null when signed out. `forceRefresh` (the
   * API client asks for it once after a 401) renews the session when the library allows it.
   */
  idToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  /** The user type of the current session, known without a network call; null when signed out. */
  userType(): UserType | null;
  signOut(): Promise<void>;
  /**
   * Called after every sign-in, sign-out or session expiry, in this tab or in another tab of the
   * browser (they share one stored session); returns the unsubscribe function.
   */
  onChange(listener: (session: Session | null) => void): () => void;
  /**
   * Called once when another tab of the browser signed in as another user than the one this tab
   * showed: this tab keeps its user (no `onChange`), gets no token any more and must be reloaded.
   * Returns the unsubscribe function.
   */
  onReplaced(listener: (session: Session) => void): () => void;
  /** Sign-up, sign-in and account operations for the auth and account pages. */
  identity: IdentityOperations;
}
