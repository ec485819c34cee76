import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages as "a b c", printed beside every timing. */
export function loadAverages(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
