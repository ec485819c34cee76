/**
 * Private signing keys at rest: AES-256-GCM under IDENTITY_KEY_ENCRYPTION_KEY, stored in the
 * same text column as a plain PEM was, as `enc:v1:<iv>:<tag>:<ciphertext>` (base64). The key id
 * is bound in as associated data, so a ciphertext copied onto another key's row does not decrypt.
 * Rows written before encryption (a plain PEM) still load.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const prefix = 'enc:v1:';
const variable = 'IDENTITY_KEY_ENCRYPTION_KEY';

export function isEncryptedPrivateKey(stored: string): boolean {
  return stored.startsWith(prefix);
}

function associatedData(kid: string): Buffer {
  return Buffer.from(`identity-signing-key:${kid}`, 'utf8');
}

export function encryptPrivateKey(pem: string, kid: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(kid));
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${prefix}${iv.toString('base64')}:${tag.toString('base64')}:${ciphertext.toString('base64')}`;
}

/**
 * The PEM of a stored private key: a plain PEM as it is, an encrypted one decrypted. Throws an
 * error naming IDENTITY_KEY_ENCRYPTION_KEY when it is missing or not the key the row was written with.
 */
export function decryptPrivateKey(stored: string, kid: string, key: Buffer | undefined): string {
  if (!isEncryptedPrivateKey(stored)) return stored;
  if (!key) {
    throw new Error(
      `identity signing key ${kid} is stored encrypted, but ${variable} is not set: set it to the key it was encrypted with`,
    );
  }
  const [iv, tag, ciphertext] = stored.slice(prefix.length).split(':');
  if (iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error(`identity signing key ${kid}: the stored encrypted private key is malformed`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(associatedData(kid));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error(
      `identity signing key ${kid} cannot be decrypted with ${variable}: it is not the key the private key was encrypted with`,
    );
  }
}
