// The build step of `pnpm start` (scripts/start.sh): runs turbo with the arguments given and
// shows that it is working without showing its log. turbo prints each task's output as one block
// when the task finishes (--log-order=grouped), so the first line of a package's block means that
// package is built: one line per package then, and on a terminal a spinner with the seconds so
// far below them. The whole log is kept in a temporary file and printed only when the build
// fails. Exits with turbo's exit code.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
const terminal = process.stdout.isTTY === true;

const folder = await mkdtemp(join(process.env.TMPDIR ?? tmpdir(), 'ipportal-build-'));
const logPath = join(folder, 'build.log');
const log = createWriteStream(logPath);

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
let frame = 0;
const clearLine = () => {
  if (terminal) process.stdout.write('\r\x1b[K');
};
const drawSpinner = () => {
  if (!terminal) return;
  frame = (frame + 1) % frames.length;
  process.stdout.write(`\r\x1b[K  ${frames[frame]} building… ${seconds()} s`);
};
const spinner = terminal ? setInterval(drawSpinner, 120) : undefined;

const turbo = spawn(
  'node_modules/.bin/turbo',
  [...process.argv.slice(2), '--output-logs=full', '--log-order=grouped'],
  {
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);

/** `@ipportal/web:build: …` → `@ipportal/web`; turbo's own lines have no such prefix. */
const taskPrefix = /^(@[\w.-]+\/[\w.-]+|[\w.-]+):[\w:-]+: /;
const built = new Set();
function onLine(line) {
  log.write(`${line}\n`);
  const match = taskPrefix.exec(line);
  if (!match || built.has(match[1])) return;
  built.add(match[1]);
  clearLine();
  process.stdout.write(`  ✓ ${match[1]} (${seconds()} s)\n`);
  drawSpinner();
}
createInterface({ input: turbo.stdout }).on('line', onLine);
createInterface({ input: turbo.stderr }).on('line', onLine);

const code = await new Promise((resolve) => {
  turbo.on('error', (error) => {
    log.write(`${error.message}\n`);
    resolve(1);
  });
  turbo.on('close', (exitCode) => resolve(exitCode ?? 1));
});
clearInterval(spinner);
clearLine();
await new Promise((resolve) => log.end(resolve));
if (code !== 0) process.stdout.write(await readFile(logPath, 'utf8'));
await rm(folder, { recursive: true, force: true });
process.exitCode = code;
