import { once } from 'node:events';
import { watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.js';
import { mailOutbox } from '../../src/db/schema/index.js';

export interface EmlFile {
  name: string;
  eml: string;
}

/**
 * The ids of the outbox rows for an address (optionally of one template), oldest first: what
 * the app queued, delivered or not yet.
 */
export async function queuedMailIds(db: Executor, to: string, template?: string): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id, template: mailOutbox.template })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.filter((row) => template === undefined || row.template === template).map((row) => row.id);
}

/** The ids of the outbox rows about one thing (`reference`, e.g. `requestMail:<id>`), oldest first. */
export async function referencedMailIds(db: Executor, reference: string): Promise<string[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.reference, reference))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((row) => row.id);
}

/** nodemailer ends a multipart message with its closing boundary: the file is fully written. */
const complete = (eml: string) => /--\s*$/.test(eml);

/**
 * The .eml files the outbox rows `ids` were delivered as, in the order of `ids` (the file
 * transport names each after its row: `<createdAt>-<id8>_<to>_<template>.eml`). Delivery is a
 * background job, so this waits, without sleeping: the directory is read again on every change
 * in it until each row has a complete file.
 */
export async function waitForEmlFiles(dir: string, ids: string[], timeoutMs = 10_000): Promise<EmlFile[]> {
  await mkdir(dir, { recursive: true });
  const read = async (): Promise<EmlFile[] | undefined> => {
    const names = await readdir(dir);
    const found: EmlFile[] = [];
    for (const id of ids) {
      const name = names.find((file) => file.includes(`-${id.slice(0, 8)}_`));
      if (!name) return undefined;
      const eml = await readFile(path.join(dir, name), 'utf8');
      if (!complete(eml)) return undefined;
      found.push({ name, eml });
    }
    return found;
  };
  return new Promise((resolve, reject) => {
    const watcher = watch(dir);
    let checking = false;
    let again = false;
    let done = false;
    const finish = (error: unknown, files?: EmlFile[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      watcher.close();
      if (files) resolve(files);
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const timer = setTimeout(
      () => finish(new Error(`no .eml file for ${ids.join(', ')} in ${dir} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const check = async () => {
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          const files = await read();
          if (files) return finish(undefined, files);
        } while (again && !done);
      } catch (error) {
        finish(error);
      } finally {
        checking = false;
      }
    };
    watcher.on('change', () => void check());
    watcher.on('error', (error) => finish(error));
    // Read once after the watcher exists, so a file written in between is not missed.
    void check();
  });
}

/**
 * The .eml files in `dir` addressed to `recipient`, as soon as there is at least one and every one
 * found is completely written (a file exists from the moment the writer opens it): woken by the
 * folder's change events (a server process writes them), never by a fixed sleep.
 */
export async function mailFilesOf(dir: string, recipient: string, timeoutMs: number): Promise<string[]> {
  const safe = recipient.replace(/[^\w.@+-]/g, '_');
  const watcher = watch(dir);
  try {
    const deadline = AbortSignal.timeout(timeoutMs);
    for (;;) {
      // Listen before looking, so a file written in between still wakes the loop.
      const changed = once(watcher, 'change', { signal: deadline });
      const found = (await readdir(dir)).filter((name) => name.includes(`_${safe}_`)).sort();
      const written = await Promise.all(
        found.map(async (name) => complete(await readFile(path.join(dir, name), 'utf8'))),
      );
      if (found.length > 0 && written.every(Boolean)) {
        changed.catch(() => undefined);
        return found;
      }
      await changed;
    }
  } finally {
    watcher.close();
  }
}
