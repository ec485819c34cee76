/**
 * Runs the API itself (apps/api/src/main.ts, from source through tsx) as a child process for the
 * realtime benches, waits for its "running at" line, and counts from its log what the bus says
 * about itself: each "event bus: listening again (<reason>)" (plugins/events.ts) is a bus that
 * really broke and made its subscribers resync, so the benches can tell a resync close caused by
 * a broken bus from sockets closed for other reasons.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { apiDir } from './server-process.js';

export interface ApiProcess {
  name: string;
  child: ChildProcess;
  url: string;
  exit: Promise<number | null>;
  /** The last of what the process wrote (LOG_LEVEL=warn: warnings and errors only). */
  output(): string;
  /** Times its bus listened again after a break, by reason, since the process started. */
  busReconnects: ReadonlyMap<string, number>;
}

const busReconnectLine = /event bus: listening again \(([^)]*)\)/;

export function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--conditions=@ipportal/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partialLine = '';
  const busReconnects = new Map<string, number>();
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-100_000);
      // Counted line by line as it arrives: `output` keeps only the tail of a long run.
      const lines = (partialLine + text).split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) {
        const reason = busReconnectLine.exec(line)?.[1];
        if (reason !== undefined) busReconnects.set(reason, (busReconnects.get(reason) ?? 0) + 1);
      }
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ name, child, url: match[1], exit, output: () => output, busReconnects });
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exit.then((code) => reject(new Error(`process ${name} exited with ${code}:\n${output}`)));
  });
}

/** The bus reconnects of every process, in total and as "reason xN" lines. */
export function busReconnectsOf(processes: readonly ApiProcess[]): { total: number; lines: string[] } {
  let total = 0;
  const lines: string[] = [];
  for (const api of processes) {
    for (const [reason, count] of api.busReconnects) {
      total += count;
      lines.push(`process ${api.name}: event bus listened again x${count} (${reason})`);
    }
  }
  return { total, lines };
}
