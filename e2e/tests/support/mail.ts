import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The mail templates the identity service sends codes with. */
export type CodeTemplate = 'signupCode' | 'passwordResetCode';

/** The API writes `<time>_<recipient>_<template>.eml` (apps/api/src/mail/index.ts). */
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

/**
 * Waits for a new code mail to `email` (one not in `seen`) and answers its 6-digit code and the
 * file name. Codes are mailed asynchronously, so this polls.
 */
export async function waitForCode(
  email: string,
  template: CodeTemplate,
  { seen = new Set<string>(), timeoutMs = 10_000 }: { seen?: ReadonlySet<string>; timeoutMs?: number } = {},
): Promise<{ code: string; file: string }> {
  const suffix = `_${fileSafe(email)}_${template}.eml`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(mailDir()).catch(() => [] as string[]);
    const file = files
      .filter((name) => name.endsWith(suffix) && !seen.has(name))
      .sort()
      .at(-1);
    if (file) {
      const text = plainTextOf(await readFile(join(mailDir(), file), 'utf8'));
      const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
      if (code) return { code, file };
    }
    if (Date.now() > deadline) throw new Error(`No ${template} mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code mails to `email` so far (to tell a resent code from an earlier one). */
export async function codeMails(email: string, template: CodeTemplate): Promise<Set<string>> {
  const suffix = `_${fileSafe(email)}_${template}.eml`;
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  return new Set(files.filter((name) => name.endsWith(suffix)));
}
