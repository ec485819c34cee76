import { associateSoftwareToken } from './associate-software-token.js';
import { changePassword } from './change-password.js';
import { confirmForgotPassword } from './confirm-forgot-password.js';
import { confirmSignUp } from './confirm-sign-up.js';
import { forgotPassword } from './forgot-password.js';
import { getUser } from './get-user.js';
import { globalSignOut } from './global-sign-out.js';
import { initiateAuth } from './initiate-auth.js';
import { resendConfirmationCode } from './resend-confirmation-code.js';
import { respondToAuthChallenge } from './respond-to-auth-challenge.js';
import { revokeToken } from './revoke-token.js';
import { setUserMfaPreference } from './set-user-mfa-preference.js';
import { signUp } from './sign-up.js';
import { updateUserAttributes } from './update-user-attributes.js';
import { verifySoftwareToken } from './verify-software-token.js';
import type { Operation } from './types.js';

/** The operations the embedded service speaks, by their X-Amz-Target name. */
export const operations: Readonly<Record<string, Operation>> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  ChangePassword: changePassword,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  GetUser: getUser,
  UpdateUserAttributes: updateUserAttributes,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
};

export type { Operation } from './types.js';
