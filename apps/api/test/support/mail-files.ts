import { once } from 'node:events';
import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';

/**
 * The .eml files in `dir` addressed to `recipient`, as soon as there is at least one: woken by
 * the folder's change events (a server process writes them), never by a fixed sleep.
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
      if (found.length > 0) {
        changed.catch(() => undefined);
        return found;
      }
      await changed;
    }
  } finally {
    watcher.close();
  }
}
