import { readFile } from 'node:fs/promises';

/**
 * User + system CPU a process has used so far, in ms (/proc/<pid>/stat fields 14 and 15, 100
 * ticks a second; 0 where /proc is missing). On a machine shared with other work, wall times
 * follow the load; the CPU a request costs the server much less.
 */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}
