import { watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The mail templates the identity service sends codes with. */
export type CodeTemplate = 'signupCode' | 'passwordResetCode';

/**
 * The API's mail outbox job writes `<createdAt>-<outboxId8>_<recipient>_<template>.eml`
 * (apps/api/src/mail/index.ts): names sort by when the mail was queued, and the recipient and
 * template end the name.
 */
function fileSafe(text: string): string {
  return text.replace(/[^\w.@+-]/g, '_').slice(0, 100);
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dataDir, 'mail');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain body of an .eml file, decoded (nodemailer uses quoted-printable or base64). */
export function plainTextOf(eml: string): string {
  const parts = eml.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    const body =
      part
        .slice(split)
        .replace(/^\r?\n\r?\n/, '')
        .split(/\r?\n--/)[0] ?? '';
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    return body;
  }
  throw new Error('The mail has no text/plain part');
}

/** nodemailer ends a multipart message with its closing boundary: the file is fully written. */
const complete = (eml: string) => /--\s*$/.test(eml);

/**
 * Waits for a new mail to `email` with `template` (a file not in `seen`) and answers its decoded
 * text and file name; the newest when there are several. Mails are delivered by a background job
 * after the API answered, so this reads the mail folder again on every change in it (fs.watch),
 * with `timeoutMs` as the limit.
 */
export async function waitForMail(
  email: string,
  template: string,
  { seen = new Set<string>(), timeoutMs = 15_000 }: { seen?: ReadonlySet<string>; timeoutMs?: number } = {},
): Promise<{ text: string; file: string }> {
  const dir = mailDir();
  const suffix = `_${fileSafe(email)}_${template}.eml`;
  await mkdir(dir, { recursive: true });
  const read = async () => {
    const file = (await readdir(dir))
      .filter((name) => name.endsWith(suffix) && !seen.has(name))
      .sort()
      .at(-1);
    if (!file) return undefined;
    const eml = await readFile(join(dir, file), 'utf8');
    return complete(eml) ? { text: plainTextOf(eml), file } : undefined;
  };
  const watcher = watch(dir);
  try {
    const changed = () => new Promise<void>((resolve) => watcher.once('change', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Listen before reading, so a file written while reading is not missed.
      const next = changed();
      const found = await read();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No ${template} mail to ${email} within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([next, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  } finally {
    watcher.close();
  }
}

/** Waits for a new code mail to `email` (one not in `seen`) and answers its 6-digit code and the file name. */
export async function waitForCode(
  email: string,
  template: CodeTemplate,
  options: { seen?: ReadonlySet<string>; timeoutMs?: number } = {},
): Promise<{ code: string; file: string }> {
  const { text, file } = await waitForMail(email, template, options);
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
  if (!code) throw new Error(`No code in ${file}`);
  return { code, file };
}

/** The mails to `email` with `template` so far (to tell a new one from an earlier one). */
export async function mailsSoFar(email: string, template: string): Promise<Set<string>> {
  const suffix = `_${fileSafe(email)}_${template}.eml`;
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  return new Set(files.filter((name) => name.endsWith(suffix)));
}

/** The code mails to `email` so far (to tell a resent code from an earlier one). */
export const codeMails = (email: string, template: CodeTemplate) => mailsSoFar(email, template);
