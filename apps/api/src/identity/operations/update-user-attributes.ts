import { z } from 'zod';
import { normalizeEmail, profileAttributesSchema } from '@ipportal/domain';
import { invalidParameter } from '../errors.js';
import {
  attributeListField,
  attributesToRecord,
  clientMetadataField,
  englishMessage,
  isLocale,
  parseInput,
  tokenField,
} from '../input.js';
import type { Operation } from './types.js';

const input = z.object({
  AccessToken: tokenField,
  UserAttributes: attributeListField,
  ClientMetadata: clientMetadataField,
});

const editable = profileAttributesSchema.omit({ email: true }).partial();

/**
 * Changes profile attributes (and `locale`, the language of future mails). The email is the
 * user name: changing it would need a verified address, which this service does not offer yet.
 */
export const updateUserAttributes: Operation = async (service, pool, body) => {
  const { AccessToken, UserAttributes } = parseInput(input, body);
  const user = await service.userOfAccessToken(pool, AccessToken);
  const { locale, email, ...given } = attributesToRecord(UserAttributes);
  if (email !== undefined && normalizeEmail(email).toLowerCase() !== user.username) {
    throw invalidParameter('The email address cannot be changed: it is the user name.');
  }
  if (locale !== undefined && !isLocale(locale)) throw invalidParameter('locale must be ja or en.');
  const parsed = editable.safeParse(given);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'attributes'}: ${englishMessage(issue.message)}`,
    );
    throw invalidParameter(`Attributes did not conform to the schema: ${reasons.join('; ')}`);
  }
  await service.repository.updateUser(
    user.id,
    { attributes: { ...user.attributes, ...parsed.data }, ...(locale !== undefined ? { locale } : {}) },
    service.now(),
  );
  return { CodeDeliveryDetailsList: [] };
};
