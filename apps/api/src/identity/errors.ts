/**
 * Cognito-style failures. The client reads `__type` from the JSON body (after the last `#`) as
 * `err.code`, so every failure leaves the service as `{ __type, message }` with a 4xx/5xx status.
 */
export type IdentityErrorType =
  | 'CodeMismatchException'
  | 'EnableSoftwareTokenMFAException'
  | 'SoftwareTokenMFANotFoundException'
  | 'ExpiredCodeException'
  | 'InternalErrorException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'LimitExceededException'
  | 'NotAuthorizedException'
  | 'ResourceNotFoundException'
  | 'TooManyFailedAttemptsException'
  | 'TooManyRequestsException'
  | 'UnsupportedOperationException'
  | 'UserNotConfirmedException'
  | 'UserNotFoundException'
  | 'UsernameExistsException'
  | 'PasswordResetRequiredException'
  | 'UnknownOperationException'
  | 'SerializationException';

export class IdentityError extends Error {
  constructor(
    readonly type: IdentityErrorType,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = type;
  }

  toBody(): { __type: string; message: string } {
    return { __type: this.type, message: this.message };
  }
}

/** The one answer to every failed sign-in, so it never tells an unknown user from a wrong password. */
export const incorrectCredentials = () =>
  new IdentityError('NotAuthorizedException', 'Incorrect username or password.');

export const invalidParameter = (message: string) => new IdentityError('InvalidParameterException', message);

export const invalidAccessToken = () => new IdentityError('NotAuthorizedException', 'Invalid Access Token');

export const tooManyAttempts = () =>
  new IdentityError('NotAuthorizedException', 'Password attempts exceeded');

/** A wrong or already used two-factor code (Cognito's words for SOFTWARE_TOKEN_MFA). */
export const totpCodeMismatch = () =>
  new IdentityError('CodeMismatchException', 'Invalid code received for user');
