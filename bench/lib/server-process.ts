/**
 * Runs one mode of an API bench script (apps/api/scripts/bench-*-server.ts) as its own process,
 * so the server measured does not share a thread with autocannon, and waits for its line
 * `READY {...}`. A mode that serves keeps running until `stopServer`; the others exit by themselves.
 */
import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const apiDir = fileURLToPath(new URL('../../apps/api/', import.meta.url));

/**
 * The key the bench servers store their identity signing keys under. Fixed, not random per start:
 * a database kept between runs (BENCH_PG_DATABASE, BENCH_PGLITE_DIR) holds the keys a previous run
 * wrote, and a server with another key refuses to start. A bench key protects nothing real.
 */
const benchKeyEncryptionKey = createHash('sha256').update('ipportal bench servers').digest('base64');

export interface Ready {
  child: ChildProcess;
  info: Record<string, unknown>;
}

export function startServer(
  script: string,
  mode: string,
  args: string[],
  env: Record<string, string>,
): Promise<Ready> {
  const child = spawn(
    process.execPath,
    ['--conditions=@ipportal/source', '--import', 'tsx', script, mode, ...args],
    {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        IDENTITY_KEY_ENCRYPTION_KEY: benchKeyEncryptionKey,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_IP_MAX: '10000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const line = /READY (\{.*\})/.exec(out);
      if (line?.[1]) {
        clearInterval(timer);
        resolve({ child, info: JSON.parse(line[1]) as Record<string, unknown> });
      }
    }, 20);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (!/READY/.test(out)) reject(new Error(`${script} ${mode} exited with ${code}:\n${out}`));
    });
  });
}

/** SIGTERM, then waits for the exit (a PGlite folder is closed only then). */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
