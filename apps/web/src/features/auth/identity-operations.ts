import type { AuthSession } from '@ipportal/auth';
import type { AuthClientLike } from './auth-library';
import type { IdentityAttributes, IdentityOperations, Session } from './auth-port';

const attributeNames = ['name', 'address', 'email', 'phone_number', 'custom:region_code'] as const;

/** The profile attributes among an ID token's claims. */
export function attributesOf(claims: Readonly<Record<string, unknown>>): IdentityAttributes {
  const attributes: IdentityAttributes = {};
  for (const name of attributeNames) {
    const value = claims[name];
    if (typeof value === 'string') attributes[name] = value;
  }
  const verified = claims.email_verified;
  if (typeof verified === 'boolean') attributes.email_verified = verified;
  else if (verified === 'true' || verified === 'false') attributes.email_verified = verified === 'true';
  return attributes;
}

export function toSession(session: AuthSession): Session {
  return { userType: session.userType, subject: session.sub };
}

/**
 * The port's identity operations over packages/auth's client (loaded with it, on first use).
 * `publish` reports a new session to the port's listeners.
 */
export function identityOperations(
  getClient: () => Promise<AuthClientLike>,
  publish: (session: Session | null) => void,
): IdentityOperations {
  return {
    async signUp(userType, attributes, password) {
      const result = await (await getClient()).signUp(userType, attributes, password);
      return { userConfirmed: result.userConfirmed, destination: result.codeDelivery?.destination || null };
    },
    async confirmSignUp(userType, email, code) {
      await (await getClient()).confirmSignUp(userType, email, code);
    },
    async resendCode(userType, email) {
      return (await (await getClient()).resendCode(userType, email))?.destination || null;
    },
    async signIn(userType, email, password) {
      const result = await (await getClient()).signIn(userType, email, password);
      if (result.status === 'signedIn') {
        publish(toSession(result.session));
        return { status: 'signedIn' };
      }
      if (result.status === 'totpRequired') return { status: 'totpRequired' };
      return {
        status: 'newPasswordRequired',
        requiredAttributes: result.requiredAttributes,
        userAttributes: result.userAttributes,
      };
    },
    async completeNewPassword(newPassword, attributes) {
      publish(toSession(await (await getClient()).completeNewPassword(newPassword, attributes)));
    },
    async confirmSignInCode(code) {
      publish(toSession(await (await getClient()).confirmSignInCode(code)));
    },
    async hasTotp() {
      return (await getClient()).hasTotp();
    },
    async startTotpSetup(issuer) {
      return (await getClient()).startTotpSetup(issuer);
    },
    async confirmTotpSetup(code) {
      await (await getClient()).confirmTotpSetup(code);
    },
    async disableTotp(password, code) {
      await (await getClient()).disableTotp(password, code);
    },
    async changePassword(oldPassword, newPassword) {
      await (await getClient()).changePassword(oldPassword, newPassword);
    },
    async forgotPassword(userType, email) {
      return (await (await getClient()).forgotPassword(userType, email))?.destination || null;
    },
    async forgotPasswordSubmit(userType, email, code, newPassword) {
      await (await getClient()).forgotPasswordSubmit(userType, email, code, newPassword);
    },
    async attributes() {
      return attributesOf((await (await getClient()).requireSession()).claims);
    },
    async updateAttributes(attributes) {
      publish(toSession(await (await getClient()).updateAttributes(attributes)));
    },
  };
}
