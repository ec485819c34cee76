import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { emailSchema, normalizeEmail } from '@ipportal/domain';
import { IdentityError, invalidParameter } from '../errors.js';
import {
  attributeListField,
  attributesToRecord,
  clientIdField,
  clientMetadataField,
  isLocale,
  parseInput,
  passwordField,
  requestLocale,
  usernameField,
} from '../input.js';
import type { Operation } from './types.js';

const input = z.object({
  ClientId: clientIdField,
  Username: usernameField,
  Password: passwordField,
  UserAttributes: attributeListField,
  ValidationData: z.unknown().optional(),
  ClientMetadata: clientMetadataField,
});

/** Creates an UNCONFIRMED user (the email is the user name) and mails the confirmation code. */
export const signUp: Operation = async (service, pool, body, request) => {
  const { ClientId, Username, Password, UserAttributes, ClientMetadata } = parseInput(input, body);
  service.checkClient(pool, ClientId);
  const email = emailSchema.safeParse(Username);
  if (!email.success) throw invalidParameter('Username should be an email.');
  const { locale: localeAttribute, ...given } = attributesToRecord(UserAttributes);
  if (given.email !== undefined && normalizeEmail(given.email).toLowerCase() !== email.data.toLowerCase()) {
    throw invalidParameter('The email attribute must be the user name.');
  }
  service.assertPasswordPolicy(Password);
  const attributes = service.validateProfile({ ...given, email: email.data });
  const locale = isLocale(localeAttribute)
    ? localeAttribute
    : requestLocale(ClientMetadata, request.acceptLanguage);

  // The user, the code and its mail commit together: no account is left that never got a code.
  const sub = randomUUID();
  return service.repository.transaction(async (repository) => {
    const user = await repository.insertUser({
      pool: pool.userType,
      username: email.data.toLowerCase(),
      sub,
      status: 'UNCONFIRMED',
      ...service.passwordVerifier(pool, { sub }, Password),
      attributes: { ...attributes, email_verified: 'false' },
      locale: locale ?? 'ja',
    });
    if (!user)
      throw new IdentityError('UsernameExistsException', 'An account with the given email already exists.');
    const delivery = await service.sendCode(user, 'signup', locale, repository);
    return { UserConfirmed: false, UserSub: user.sub, ...delivery };
  });
};
