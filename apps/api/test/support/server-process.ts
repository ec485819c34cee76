import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Starts `src/main.ts` as the real server process (tsx) and resolves with its URL once it prints
 * its banner (the signal that it listens); rejects with its output if it exits first. With
 * PUBLIC_URL set, `url` is that public address, not where the process listens.
 *
 * Started inside a test, the process is killed when that test ends if it still runs (a failed
 * expectation before the test's own kill would otherwise leave a server holding its port and
 * data folder); started in a hook, the file's afterAll stops it.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=@ipportal/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  } catch {
    // Not inside a test (beforeAll): the caller's afterAll stops it.
  }
  return new Promise((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      // The banner names PUBLIC_URL when it is set (https too), else the address it listens on.
      const match = /running at (https?:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output, exit });
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    void exit.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
