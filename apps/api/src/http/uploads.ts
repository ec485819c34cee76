import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { describeIssue } from '@ipportal/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { baseContentType } from '../storage/content-type.js';
import { discardStored } from '../storage/discard.js';
import { StorageError, type Storage, type StoredFile } from '../storage/types.js';
import { HttpError } from './errors.js';
import { serverKey, translate } from './i18n.js';
import { requestLocale } from './locale.js';

/*
 * Receiving uploads: one multipart file, or a form of text fields and files, streamed into
 * storage, with one mapping of storage and multipart failures to 400/413/415, and the clean-up
 * after a refused or orphaned upload.
 */

/** Where and how received files are stored. */
export interface StoreOptions {
  /** Storage key prefix, e.g. `userSpace/<projectId>`. */
  prefix: string;
  allowedContentTypes: readonly string[];
  /** The route's own limit; the storage driver's limit applies when lower. */
  maxBytes: number;
  /** The reason a refused content type gets (images only, or the general list). */
  typeRefusal: 'fileTypeNotAllowed' | 'imageTypeNotAllowed';
  /** Deliverables: stored write-once (never overwritten or deleted; Object Lock retention on S3). */
  writeOnce?: boolean;
}

export interface ReceiveOptions extends StoreOptions {
  /** Runs with the new key before any byte is stored (deliverables schedule their upload check). */
  beforeStore?: (key: string) => Promise<void>;
}

/** A received upload; write-once objects carry the retention the storage put on them. */
export type ReceivedFile = StoredFile & { writeOnce: boolean; retainUntil: Date | null };

/** The file name without any folder a browser may send, at most 255 characters. */
export function safeFileName(name: string | undefined): string {
  const base = path.posix.basename((name ?? '').replace(/\\/g, '/')).trim();
  // eslint-disable-next-line no-control-regex
  const clean = Array.from(base.replace(/[\u0000-\u001f\u007f]/g, ''))
    .slice(0, 255)
    .join('');
  return clean || 'file';
}

export function effectiveUploadLimit(storage: Storage, routeMax: number): number {
  return Math.min(routeMax, storage.maxUploadBytes);
}

/**
 * Streams the multipart part `file` into storage under a fresh key (size limit, content type
 * and leading-bytes check happen while streaming). Answers 415 for a non-multipart body, 400 for
 * a missing part or a content mismatch, 413 above the limit, 415 for a refused type.
 */
export async function receiveFile(
  request: FastifyRequest,
  storage: Storage,
  options: ReceiveOptions,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new HttpError(415, { key: serverKey('notMultipart') });
  const limit = effectiveUploadLimit(storage, options.maxBytes);
  let part: MultipartFile | undefined;
  try {
    // One byte over the limit reaches storage, which then refuses the file as too large.
    part = await request.file({ limits: { fileSize: limit + 1, files: 1, parts: 10 } });
  } catch (error) {
    drainRequest(request);
    throw multipartError(error, tooLargeError(limit));
  }
  if (!part || part.fieldname !== 'file') {
    drainRequest(request);
    throw HttpError.badRequest('fileRequired');
  }
  const key = `${options.prefix}/${randomUUID()}`;
  try {
    await options.beforeStore?.(key);
  } catch (error) {
    drainRequest(request);
    throw error;
  }
  try {
    return await storePart(storage, part, key, options, limit);
  } catch (error) {
    drainRequest(request);
    throw error;
  }
}

export interface ReceiveFilesOptions<F> extends StoreOptions {
  /** The text fields, which come before the first file: a form refused here stores nothing. */
  fields: z.ZodType<F>;
  /** The name of the file parts. */
  fileField: string;
  /** Most files one form carries (400 above). */
  maxFiles: number;
}

/**
 * Reads a multipart form: its text fields, validated before the first file is stored, then each
 * file part streamed into storage under a fresh key (checked like `receiveFile`'s). Answers as
 * `receiveFile` does, 400 for a field after a file and for too many files; on any failure the
 * files already stored are discarded.
 */
export async function receiveFiles<F>(
  request: FastifyRequest,
  storage: Storage,
  options: ReceiveFilesOptions<F>,
): Promise<{ fields: F; files: ReceivedFile[] }> {
  if (!request.isMultipart()) throw new HttpError(415, { key: serverKey('notMultipart') });
  const limit = effectiveUploadLimit(storage, options.maxBytes);
  const raw: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let fields: F | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1 } })) {
      if (part.type === 'field') {
        if (fields !== undefined) throw HttpError.badRequest('mailFieldsFirst');
        raw[part.fieldname] = String(part.value);
        continue;
      }
      fields ??= formFields(request, options.fields, raw);
      if (part.fieldname !== options.fileField) throw HttpError.badRequest('fileRequired');
      if (files.length >= options.maxFiles) {
        throw HttpError.badRequest('tooManyAttachments', { max: options.maxFiles });
      }
      files.push(await storePart(storage, part, `${options.prefix}/${randomUUID()}`, options, limit));
    }
    fields ??= formFields(request, options.fields, raw);
    return { fields, files };
  } catch (error) {
    drainRequest(request);
    await discardStored(
      storage,
      files.map((file) => file.storageKey),
      request.log,
    );
    if (error instanceof HttpError) throw error;
    throw multipartError(error, tooLargeError(limit));
  }
}

/**
 * The text fields of a form that carries no file, sent as JSON (`application/json`) instead of
 * multipart: validated like a multipart form's fields (400 naming each wrong field). A body that
 * is neither answers 415 as a non-multipart upload does.
 */
export function receiveJsonFields<F>(request: FastifyRequest, schema: z.ZodType<F>): F {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(415, { key: serverKey('notMultipart') });
  return formFields(request, schema, request.body);
}

/** Stores one file part; storage and stream failures answer through the one mapping. */
async function storePart(
  storage: Storage,
  part: MultipartFile,
  key: string,
  options: StoreOptions,
  limit: number,
): Promise<ReceivedFile> {
  const contentType = baseContentType(part.mimetype || 'application/octet-stream');
  try {
    const stored = await storage.put(key, part.file, {
      contentType,
      maxBytes: limit,
      allowedContentTypes: options.allowedContentTypes,
      writeOnce: options.writeOnce ?? false,
    });
    return {
      storageKey: stored.key,
      storageDriver: storage.driver,
      originalName: safeFileName(part.filename),
      contentType: stored.contentType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      writeOnce: stored.writeOnce,
      retainUntil: stored.retainUntil,
    };
  } catch (error) {
    if (error instanceof StorageError) {
      if (error.code === 'tooLarge') throw tooLargeError(limit)();
      if (error.code === 'contentTypeNotAllowed') {
        throw new HttpError(415, { key: serverKey(options.typeRefusal), params: { type: contentType } });
      }
      if (error.code === 'contentMismatch') {
        throw new HttpError(400, { key: serverKey('fileContentMismatch'), params: { type: contentType } });
      }
    }
    throw multipartError(error, tooLargeError(limit));
  }
}

function tooLargeError(limit: number): () => HttpError {
  return () => new HttpError(413, { key: serverKey('fileTooLarge'), params: { max: limit } });
}

/** The text fields of a form, or 400 naming each wrong or unknown field in the caller's language. */
function formFields<F>(request: FastifyRequest, schema: z.ZodType<F>, raw: unknown): F {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const locale = requestLocale(request);
  const errors = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: key,
          message: translate(locale, { key: serverKey('unknownField') }),
        }))
      : [{ path: issue.path.join('.'), message: translate(locale, describeIssue(issue)) }],
  );
  throw new HttpError(400, { key: serverKey('validationFailed') }, errors);
}

/**
 * After a refused upload the rest of the body must still be read: left unread, the keep-alive
 * connection stays busy (the next request on it waits) and the server cannot close it. The
 * bytes are discarded; REQUEST_TIMEOUT_MS bounds a client that keeps sending.
 */
export function drainRequest(request: FastifyRequest): void {
  const raw = request.raw;
  raw.unpipe();
  raw.on('error', () => undefined);
  raw.resume();
}

export function multipartError(error: unknown, tooLarge: () => HttpError): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return HttpError.badRequest('fileRequired');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, { key: serverKey('notMultipart') });
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return HttpError.badRequest('badRequest');
  return error;
}

/** Best effort: an object whose database row was never written (or was removed) goes too. */
export async function discardObject(request: FastifyRequest, storage: Storage, key: string): Promise<void> {
  await discardStored(storage, [key], request.log);
}
