import { StorageError } from './types.js';

/** Content types accepted when a caller does not narrow the list: documents, images, archives. */
export const defaultAllowedContentTypes: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

const zip = [0x50, 0x4b];
const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Leading bytes each binary type must start with (office formats are ZIP or OLE containers). */
const signatures: Record<string, readonly (readonly number[])[]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [[0x47, 0x49, 0x46, 0x38]],
  'image/webp': [[0x52, 0x49, 0x46, 0x46]],
  'application/zip': [zip],
  'application/msword': [ole],
  'application/vnd.ms-excel': [ole],
  'application/vnd.ms-powerpoint': [ole],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [zip],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': [zip],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': [zip],
};

/** `text/plain; charset=utf-8` -> `text/plain`. */
export function baseContentType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function assertAllowedContentType(contentType: string, allowed: readonly string[]): void {
  if (!allowed.includes(baseContentType(contentType))) {
    throw new StorageError('contentTypeNotAllowed', `content type ${contentType} is not accepted`);
  }
}

/** Checks the first bytes match the declared type, so a renamed executable is not stored as a PDF. */
export function assertContentMatches(contentType: string, head: Buffer): void {
  const type = baseContentType(contentType);
  const expected = signatures[type];
  if (expected) {
    const ok = expected.some((sig) => sig.every((byte, i) => head[i] === byte));
    if (!ok) throw new StorageError('contentMismatch', `content does not look like ${type}`);
    return;
  }
  if (type.startsWith('text/') && head.includes(0)) {
    throw new StorageError('contentMismatch', `content is binary, not ${type}`);
  }
}
