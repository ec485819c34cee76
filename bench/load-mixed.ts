/**
 * Load and faults (issue "Platform"): BENCH_USERS simulated people, REGULAR clients and PATENT
 * office users, work for BENCH_DURATION seconds against two API processes on one PostgreSQL
 * database, doing what users do: sign in (the real SRP flow through @ipportal/auth), list and open
 * matters, create and edit matters, send requests, read and send request mails with attachments,
 * and (offices) accept requests and upload deliverables. Each person has a home process (half on
 * each) and thinks between actions (BENCH_THINK_MS on average); before each action a person signs
 * in again with probability BENCH_SIGNIN_AGAIN_PCT (their session ended).
 *
 * Sign-ins: the SRP arithmetic of amazon-cognito-identity-js takes ~250 ms of CPU per sign-in on
 * the client (jsbn big numbers), so 200 people signing in would take this machine's two cores for
 * most of a minute on the bench's side alone (real people each have their own device). So
 * everyone signs in during an arrival phase before the timed run (figures printed apart), in
 * BENCH_SIGNIN_WORKERS worker threads so that this thread's timing of other calls is not stalled;
 * a sign-in's latency is measured in the worker (not the wait for a free worker).
 *
 * Before the timed run: a fresh database t_<random>, process A (which migrates), the identity
 * users written directly into the database (createIdentityUser), then process B; each office
 * saves a complete profile (PUT /patent/firm), each client creates BENCH_MATTERS matters and sends
 * one request to an office of the same country and type (setup signs in with the plain
 * USER_PASSWORD_AUTH flow, which needs no client-side arithmetic). Both processes share DATA_DIR (the
 * local storage of attachments and deliverables) and PUBLIC_URL (the token issuer), as two
 * instances behind one load balancer would.
 *
 * Modes (BENCH_MODES, default "steady,kill"; BENCH_KILL=1 runs the kill mode only):
 *   steady - both processes serve the whole run;
 *   kill   - process A is killed with SIGKILL at BENCH_KILL_AT seconds (default half the run) and
 *            started again at once. A request that fails on a connection error (refused, reset,
 *            closed) is sent again to the other process and counted as a retry, not an error;
 *            the process that failed is avoided for a second, then tried again. Each change carries
 *            an Idempotency-Key, the same on its retries, so a retry of a write the killed process
 *            had already committed answers that write instead of making it twice; a retry that
 *            finds the first attempt still claimed (409) asks again after a pause.
 *
 * After each run every acknowledged write (a 2xx answer) is read back from the database (and its
 * stored file from DATA_DIR for attachments and deliverables) and counted missing when absent:
 * matters created (by id), matter edits (the title carries a sequence number; the stored one must
 * be at least the last acknowledged), requests, mails with their attachments, deliverables and
 * accepted requests. Rows beyond the acknowledged ones (a retried write that had reached the
 * killed process before it died) are printed as duplicates. Figures: per operation count,
 * errors, retries, p50 and p99 (ms from the first attempt to the answer, retries included); total
 * acknowledged writes and missing ones; in the kill mode how long A was down and how many
 * requests were retried. Every error is listed by operation, status and message.
 *
 * Through the deployment topology (BENCH_CLUSTER, the proxy URL of a running `pnpm cluster`): the
 * bench starts no process and creates no database; everyone calls the proxy (nginx, two API
 * processes, one worker), the people and their data go into the cluster's database
 * (CLUSTER_DATABASE_URL) with this run's tag in their names, and the kill mode SIGKILLs API
 * process api-1 at BENCH_KILL_AT and the worker at BENCH_WORKER_KILL_AT (default 10 s later),
 * whose pids scripts/cluster.sh keeps in <CLUSTER_DATA_DIR>/pids; the cluster starts both again,
 * and the bench times each until it is ready. A person's client behaves as packages/api-client
 * does: a change that got no answer, or the proxy's 502/504 (its process died under it), is sent
 * again with the same Idempotency-Key; reads are passed on by the proxy itself.
 *
 * Mails (both ways of running): every mail the run queued (the outbox rows written since it
 * began) must be delivered once: after the run the bench waits for the outbox to drain
 * (BENCH_MAIL_WAIT s, default 300), then each row must be `sent` with exactly one .eml file in
 * DATA_DIR/mail (the file transport names a file after its row, and a delivery the worker repeats
 * after a kill rewrites that file with the same Message-ID); rows delivered by more than one
 * attempt are printed.
 *
 * Run: pnpm --filter @ipportal/bench load-mixed
 *      (= tsx --conditions=@ipportal/source load-mixed.ts in bench/)
 *      through a cluster: `pnpm cluster` with RATE_LIMIT_MAX=1000000 RATE_LIMIT_IP_MAX=10000000
 *      (every person comes from one address), then `pnpm --filter @ipportal/bench load-cluster`
 *      (BENCH_CLUSTER=http://127.0.0.1:8080 BENCH_KILL=1)
 * Env: BENCH_USERS (default 200), BENCH_OFFICES (office users among them, default a fifth),
 *      BENCH_DURATION (s, default 60), BENCH_MODES (steady,kill), BENCH_KILL=1 (kill mode only),
 *      BENCH_KILL_AT (s into the run, default BENCH_DURATION/2), BENCH_THINK_MS (mean pause
 *      between a person's actions, default 1000), BENCH_MATTERS (matters per client before the
 *      run, default 3), BENCH_SIGNIN_AGAIN_PCT (% of actions that are a new sign-in, default 0.5),
 *      BENCH_SIGNIN_WORKERS (default 2), BENCH_DB_POOL_MAX (per process, default 10),
 *      BENCH_PORTS (the two processes' ports, e.g. 3380,3381; default two free ones),
 *      BENCH_IDEMPOTENCY_KEYS (default 1: every change carries an Idempotency-Key, kept by its
 *      retries; 0: none, as before the key existed),
 *      DATABASE_URL_TEST (admin URL; default postgres://postgres@127.0.0.1:5432/test),
 *      BENCH_CLUSTER (the cluster's proxy URL), BENCH_WORKER_KILL_AT (s, cluster kill mode),
 *      CLUSTER_DATABASE_URL and CLUSTER_DATA_DIR (as scripts/cluster.sh takes them),
 *      BENCH_MAIL_WAIT (s to wait for the outbox to drain after the run, default 300).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { AuthError, createAuthClient, MemoryStorage, type AuthConfig } from '@ipportal/auth';
import postgres from 'postgres';
import { freePort } from './lib/free-port.js';
import { printFigures, type Figure } from './lib/report.js';

/**
 * The API's own modules, to write identity users straight into the database (as
 * apps/api/scripts/bench-list-server.ts does). Imported by URL so that this package's typecheck
 * does not take in the API's sources (they need the API's Fastify type augmentations).
 */
interface ApiModules {
  testConfig: (env: Record<string, string>) => unknown;
  openDatabase: (options: {
    driver: 'postgres';
    url: string;
    poolMax: number;
  }) => Promise<{ db: unknown; close(): Promise<void> }>;
  createIdentityUser: (
    db: unknown,
    config: unknown,
    user: {
      userType: 'REGULAR' | 'PATENT';
      email: string;
      password: string;
      attributes: Record<string, string>;
    },
  ) => Promise<{ sub: string; created: boolean }>;
}

async function apiModules(): Promise<ApiModules> {
  const src = new URL('../apps/api/src/', import.meta.url).href;
  const [config, db, identity] = (await Promise.all([
    import(`${src}config.js`),
    import(`${src}db/index.js`),
    import(`${src}identity/index.js`),
  ])) as [
    Pick<ApiModules, 'testConfig'>,
    Pick<ApiModules, 'openDatabase'>,
    Pick<ApiModules, 'createIdentityUser'>,
  ];
  return { ...config, ...db, ...identity };
}

const apiDir = fileURLToPath(new URL('../apps/api/', import.meta.url));
const adminUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const totalUsers = Number(process.env.BENCH_USERS ?? 200);
const officeCount = Math.max(1, Number(process.env.BENCH_OFFICES ?? Math.round(totalUsers / 5)));
const clientCount = Math.max(1, totalUsers - officeCount);
const durationMs = Number(process.env.BENCH_DURATION ?? 60) * 1000;
const killAtMs = Number(process.env.BENCH_KILL_AT ?? durationMs / 2000) * 1000;
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 1000);
const mattersPerClient = Number(process.env.BENCH_MATTERS ?? 3);
const signInAgainPct = Number(process.env.BENCH_SIGNIN_AGAIN_PCT ?? 0.5);
const signInWorkers = Number(process.env.BENCH_SIGNIN_WORKERS ?? 2);
const dbPoolMax = process.env.BENCH_DB_POOL_MAX ?? '10';
const modes = (process.env.BENCH_KILL === '1' ? 'kill' : (process.env.BENCH_MODES ?? 'steady,kill')).split(
  ',',
) as ('steady' | 'kill')[];
const password = 'Bench-Load-1';
const requestTimeoutMs = 60_000;
const maxAttempts = 6;
/** BENCH_IDEMPOTENCY_KEYS=0 sends no Idempotency-Key (the retries of the kill mode may then duplicate). */
const useKeys = process.env.BENCH_IDEMPOTENCY_KEYS !== '0';
const suspectMs = 1000;
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
/** The proxy of a running `pnpm cluster`; unset: the bench runs its own two processes. */
const clusterUrl = process.env.BENCH_CLUSTER?.replace(/\/$/, '');
const clusterDir = path.resolve(repoRoot, process.env.CLUSTER_DATA_DIR ?? '.data/cluster');
const clusterDatabaseUrl =
  process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ipportal_cluster';
const workerKillAtMs = Number(process.env.BENCH_WORKER_KILL_AT ?? killAtMs / 1000 + 10) * 1000;
const mailWaitMs = Number(process.env.BENCH_MAIL_WAIT ?? 300) * 1000;
/** Answers of a proxy whose upstream died under a request: the app never answered it. */
const gatewayStatuses = new Set([502, 504]);

// ---------------------------------------------------------------------------------------------
// Figures

interface OpStats {
  latencies: number[];
  errors: number;
  retries: number;
  /** Retries that found their first attempt still running (409) and asked again. */
  inProgressRetries: number;
  /** Answers the server replayed for a retried key (`Idempotent-Replayed: true`). */
  replayed: number;
}

class Stats {
  readonly ops = new Map<string, OpStats>();
  /** "operation status message" -> count */
  readonly errorKinds = new Map<string, number>();
  connectionFailures = 0;
  /** Changes sent again after the proxy answered 502/504 (cluster runs). */
  gatewayRetries = 0;

  op(name: string): OpStats {
    let stats = this.ops.get(name);
    if (!stats)
      this.ops.set(
        name,
        (stats = { latencies: [], errors: 0, retries: 0, inProgressRetries: 0, replayed: 0 }),
      );
    return stats;
  }

  error(name: string, what: string): void {
    this.op(name).errors += 1;
    const key = `${name}: ${what}`;
    this.errorKinds.set(key, (this.errorKinds.get(key) ?? 0) + 1);
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---------------------------------------------------------------------------------------------
// The two API processes

interface Server {
  name: 'A' | 'B';
  port: number;
  child?: ChildProcess;
  exit?: Promise<number | null>;
  output: string;
  /** Requests avoid this process until then (set after a connection error). */
  suspectUntil: number;
  /** Pino lines at level error or above, over every start of this process. */
  errorLines: string[];
}

function startServer(server: Server, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--conditions=@ipportal/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(server.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.child = child;
  server.output = '';
  server.exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  let pending = '';
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    server.output = (server.output + text).slice(-200_000);
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (/"level":(50|60)/.test(line)) server.errorLines.push(line);
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/running at http:\/\/\S+/.test(server.output)) {
        clearInterval(timer);
        resolve();
      }
    }, 20);
    void server.exit!.then((code) => {
      clearInterval(timer);
      reject(new Error(`process ${server.name} exited with ${code}:\n${server.output}`));
    });
  });
}

async function stopServer(server: Server): Promise<void> {
  const child = server.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await server.exit;
}

// ---------------------------------------------------------------------------------------------
// One run: its servers, its people, what they were told was written

interface Matter {
  id: string;
  code: string;
  /** Sequence number of the last edit sent (acknowledged or not). */
  seq: number;
}

interface KnownRequest {
  id: string;
  projectId: string;
  number: number;
  status: number;
  declined: boolean;
}

interface Person {
  index: number;
  kind: 'user' | 'office';
  email: string;
  home: number;
  token: string;
  matters: Matter[];
  requests: KnownRequest[];
  firmId?: string;
  counter: number;
}

interface Acked {
  /** matter id -> refrence code */
  matters: Map<string, string>;
  /** matter id -> highest acknowledged edit sequence */
  edits: Map<string, number>;
  /** request id -> name */
  requests: Map<string, string>;
  /** mail id -> subject and attachments */
  mails: Map<string, { subject: string; attachments: { id: string; size: number }[] }>;
  /** deliverable id -> request id, title, size */
  deliverables: Map<string, { requestId: string; title: string; size: number }>;
  /** request ids accepted */
  accepts: Set<string>;
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

type Body = { json: unknown } | { form: () => FormData } | undefined;

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    error.message === 'fetch failed' ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(cause?.code ?? '')
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T | undefined =>
  items.length ? items[randomInt(items.length)] : undefined;

/** Bytes of a small PDF (the server checks the leading bytes of each type). */
function pdfBytes(size: number, label: string): Uint8Array<ArrayBuffer> {
  const head = Buffer.from(`%PDF-1.4\n% ${label}\n`);
  const tail = Buffer.from('\n%%EOF');
  const bytes = new Uint8Array(Math.max(size, head.length + tail.length)).fill(0x78);
  bytes.set(head, 0);
  bytes.set(tail, bytes.length - tail.length);
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// SRP sign-ins in worker threads (this same file, run as a worker)

interface SignInJob {
  userType: 'REGULAR' | 'PATENT';
  email: string;
  password: string;
  origin: string;
}

type SignInOutcome = { ms: number } & (
  { ok: true; idToken: string } | { ok: false; network: boolean; message: string }
);

async function signInJob(job: SignInJob): Promise<SignInOutcome> {
  const auth = createAuthClient({
    pools: pools(job.origin),
    storage: new MemoryStorage(),
    locale: () => 'en',
  });
  const started = performance.now();
  try {
    const result = await auth.signIn(job.userType, job.email, job.password);
    const ms = performance.now() - started;
    if (result.status !== 'signedIn')
      return { ms, ok: false, network: false, message: `unexpected ${result.status}` };
    return { ms, ok: true, idToken: result.session.idToken };
  } catch (error) {
    const ms = performance.now() - started;
    const network =
      error instanceof AuthError &&
      (error.code === 'NetworkError' || (error.code === null && error.cause instanceof TypeError));
    const message = error instanceof AuthError ? `${error.code ?? '-'} ${error.message}` : String(error);
    return { ms, ok: false, network, message };
  }
}

/** A few workers that each run one SRP sign-in at a time; jobs wait in line for a free one. */
class SignInPool {
  private readonly idle: Worker[] = [];
  private readonly queue: { job: SignInJob; resolve: (outcome: SignInOutcome) => void }[] = [];
  private readonly workers: Worker[] = [];

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL(import.meta.url));
      worker.unref();
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  run(job: SignInJob): Promise<SignInOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.next();
    });
  }

  private next(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const { job, resolve } = this.queue.shift()!;
      worker.once('message', (outcome: SignInOutcome) => {
        this.idle.push(worker);
        resolve(outcome);
        this.next();
      });
      worker.postMessage(job);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

class Run {
  readonly stats = new Stats();
  readonly setupStats = new Stats();
  readonly arrivalStats = new Stats();
  readonly acked: Acked = {
    matters: new Map(),
    edits: new Map(),
    requests: new Map(),
    mails: new Map(),
    deliverables: new Map(),
    accepts: new Set(),
  };
  duplicates = new Map<string, number>();
  phase: 'setup' | 'arrival' | 'timed' = 'setup';
  stopAt = Infinity;

  constructor(
    readonly mode: 'steady' | 'kill',
    readonly servers: Server[],
    readonly signInPool: SignInPool,
    /** In every name this run writes, so runs against one cluster database never meet. */
    readonly tag: string,
  ) {}

  /** Where a call to process `target` goes: that process, or the cluster's proxy. */
  origin(target: number): string {
    return clusterUrl ?? `http://127.0.0.1:${this.servers[target]!.port}`;
  }

  private target(home: number): number {
    const now = Date.now();
    if (this.servers[home]!.suspectUntil > now && this.servers[1 - home]!.suspectUntil <= now)
      return 1 - home;
    return home;
  }

  private get current(): Stats {
    return this.phase === 'timed'
      ? this.stats
      : this.phase === 'arrival'
        ? this.arrivalStats
        : this.setupStats;
  }

  /**
   * One HTTP call as a person makes it: to their home process unless that one failed a moment
   * ago; on a connection error again to the other process (a retry). Non-2xx answers are errors.
   */
  async call(
    person: Person,
    op: string,
    method: string,
    pathname: string,
    body?: Body,
  ): Promise<Answer | undefined> {
    const stats = this.current;
    const started = performance.now();
    let target = this.target(person.home);
    // One Idempotency-Key per change, sent again with each retry (as the api-client does).
    const key = method === 'GET' ? undefined : `"${randomUUID()}"`;
    for (let attempt = 1; ; attempt++) {
      const server = this.servers[target]!;
      try {
        const response = await fetch(`${this.origin(target)}${pathname}`, {
          method,
          headers: {
            authorization: `Bearer ${person.token}`,
            'accept-language': 'en',
            ...(key && useKeys ? { 'idempotency-key': key } : {}),
            ...(body && 'json' in body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? ('json' in body ? JSON.stringify(body.json) : body.form()) : undefined,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        const text = await response.text();
        const elapsed = performance.now() - started;
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = { message: text.slice(0, 200) };
        }
        if (clusterUrl && key && useKeys && gatewayStatuses.has(response.status) && attempt < maxAttempts) {
          // The proxy's answer for a request whose process died under it: sent again, same key.
          stats.op(op).retries += 1;
          stats.gatewayRetries += 1;
          await sleep(250 * attempt);
          continue;
        }
        if (
          response.status === 409 &&
          attempt > 1 &&
          attempt < maxAttempts &&
          String(json.message).includes('still being processed')
        ) {
          // A retry that found its first attempt still claimed (its process had not been seen
          // to die yet): ask again shortly, with the same key.
          stats.op(op).inProgressRetries += 1;
          await sleep(250 * attempt);
          continue;
        }
        stats.op(op).latencies.push(elapsed);
        if (response.headers.get('idempotent-replayed') === 'true') stats.op(op).replayed += 1;
        if (response.status >= 300) {
          stats.error(
            op,
            `${response.status} ${String(json.message).replace(/\n/g, ' | ')}${
              json.errors ? ` ${JSON.stringify(json.errors)}` : ''
            }${attempt > 1 ? ' (after a retry)' : ''}`,
          );
        }
        return { status: response.status, json };
      } catch (error) {
        if (
          isConnectionError(error) &&
          attempt < maxAttempts &&
          performance.now() - started < requestTimeoutMs
        ) {
          stats.op(op).retries += 1;
          stats.connectionFailures += 1;
          server.suspectUntil = Date.now() + suspectMs;
          target = 1 - target;
          if (attempt >= 2) await sleep(250 * attempt);
          continue;
        }
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        stats.op(op).latencies.push(performance.now() - started);
        stats.error(op, `no answer: ${String(error)}${cause ? ` (${cause})` : ''} after ${attempt} attempts`);
        return undefined;
      }
    }
  }

  /**
   * The SRP sign-in of @ipportal/auth against the person's process (in a worker thread: the
   * library's big-number arithmetic takes ~250 ms of CPU and would stall every other person's
   * timing on this thread); a network failure moves to the other process. The latency is the
   * sign-in itself, from the worker, without the wait for a free worker.
   */
  async signIn(person: Person): Promise<boolean> {
    const stats = this.current;
    const op = `${person.kind} sign in`;
    let elapsed = 0;
    let target = this.target(person.home);
    for (let attempt = 1; ; attempt++) {
      const server = this.servers[target]!;
      const outcome = await this.signInPool.run({
        userType: person.kind === 'user' ? 'REGULAR' : 'PATENT',
        email: person.email,
        password,
        origin: this.origin(target),
      });
      elapsed += outcome.ms;
      if (outcome.ok) {
        stats.op(op).latencies.push(elapsed);
        person.token = outcome.idToken;
        return true;
      }
      if (outcome.network && attempt < maxAttempts) {
        stats.op(op).retries += 1;
        stats.connectionFailures += 1;
        server.suspectUntil = Date.now() + suspectMs;
        target = 1 - target;
        if (attempt >= 2) await sleep(250 * attempt);
        continue;
      }
      stats.op(op).latencies.push(elapsed);
      stats.error(op, `sign-in failed: ${outcome.message} after ${attempt} attempts`);
      return false;
    }
  }

  /** Setup only: a token through the plain USER_PASSWORD_AUTH flow (no SRP arithmetic here). */
  async plainSignIn(person: Person): Promise<void> {
    const pool = pools(this.origin(0))[person.kind === 'user' ? 'REGULAR' : 'PATENT'];
    const response = await fetch(pool.endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.clientId,
        AuthParameters: { USERNAME: person.email, PASSWORD: password },
      }),
    });
    const body = (await response.json()) as { AuthenticationResult?: { IdToken?: string } };
    const token = body.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`setup: ${person.email} could not sign in: ${JSON.stringify(body)}`);
    person.token = token;
  }

  // --- the client side ------------------------------------------------------------------------

  async createMatter(person: Person): Promise<void> {
    person.counter += 1;
    const code = `LM-${this.tag}-${person.index}-${person.counter}`;
    const answer = await this.call(person, 'user create matter', 'POST', '/user/projects', {
      json: { type: 0, refrenceCode: code, regionCode: 1, title: `${code} v0` },
    });
    const item = answer?.status === 201 ? (answer.json.item as { id: string }) : undefined;
    if (!item) return;
    this.acked.matters.set(item.id, code);
    person.matters.push({ id: item.id, code, seq: 0 });
  }

  async editMatter(person: Person): Promise<void> {
    const matter = pick(person.matters);
    if (!matter) return;
    matter.seq += 1;
    const seq = matter.seq;
    const answer = await this.call(person, 'user edit matter', 'PATCH', `/user/projects/${matter.id}`, {
      json: { title: `${matter.code} v${seq}`, status: seq % 3 },
    });
    if (answer?.status === 200 && (this.acked.edits.get(matter.id) ?? 0) < seq)
      this.acked.edits.set(matter.id, seq);
  }

  async sendRequest(person: Person, firmId: string, matter: Matter): Promise<void> {
    person.counter += 1;
    const name = `LR-${this.tag}-${person.index}-${person.counter}`;
    const answer = await this.call(
      person,
      'user send request',
      'POST',
      `/user/projects/${matter.id}/requests`,
      {
        json: {
          name,
          type: 'estimate',
          content: 'Please quote the filing in the United States.',
          officeRegionCode: 1,
          officeType: 'patentAttorney',
          officeId: firmId,
        },
      },
    );
    const item = answer?.status === 201 ? (answer.json.item as { id: string; requestId: number }) : undefined;
    if (!item) return;
    this.acked.requests.set(item.id, name);
    person.requests.push({
      id: item.id,
      projectId: matter.id,
      number: item.requestId,
      status: 1,
      declined: false,
    });
  }

  async listRequests(person: Person): Promise<void> {
    const ns = person.kind === 'user' ? 'user' : 'patent';
    const answer = await this.call(person, `${person.kind} list requests`, 'GET', `/${ns}/requests?limit=50`);
    if (answer?.status !== 200) return;
    const items = answer.json.items as {
      id: string;
      projectId: string;
      requestId: number;
      status: number;
      declinedAt: string | null;
    }[];
    const known = new Map(person.requests.map((r) => [r.id, r]));
    for (const item of items) {
      const entry = {
        id: item.id,
        projectId: item.projectId,
        number: item.requestId,
        status: item.status,
        declined: item.declinedAt !== null,
      };
      const existing = known.get(item.id);
      if (existing) Object.assign(existing, entry);
      else person.requests.push(entry);
    }
  }

  async sendMail(person: Person): Promise<void> {
    const request = pick(person.requests);
    if (!request) return;
    const ns = person.kind === 'user' ? 'user' : 'patent';
    person.counter += 1;
    const subject = `LMAIL-${this.tag}-${person.kind}-${person.index}-${person.counter}`;
    const count = 1 + randomInt(2);
    const files = Array.from({ length: count }, (_, i) => ({
      name: `${subject}-${i + 1}.pdf`,
      bytes: pdfBytes(4096 + randomInt(28 * 1024), `${subject}-${i}`),
    }));
    const answer = await this.call(
      person,
      `${person.kind} send mail`,
      'POST',
      `/${ns}/requests/${request.projectId}/${request.number}/mails`,
      {
        form: () => {
          const form = new FormData();
          form.append('subject', subject);
          form.append('body', `Mail ${subject}: see the attached files.`);
          for (const file of files)
            form.append('files', new Blob([file.bytes], { type: 'application/pdf' }), file.name);
          return form;
        },
      },
    );
    const item =
      answer?.status === 201
        ? (answer.json.item as { id: string; attachments: { id: string; sizeBytes: number }[] })
        : undefined;
    if (!item) return;
    this.acked.mails.set(item.id, {
      subject,
      attachments: item.attachments.map((a) => ({ id: a.id, size: a.sizeBytes })),
    });
  }

  async readMails(person: Person): Promise<void> {
    const request = pick(person.requests);
    if (!request) return;
    const ns = person.kind === 'user' ? 'user' : 'patent';
    const base = `/${ns}/requests/${request.projectId}/${request.number}/mails`;
    const answer = await this.call(person, `${person.kind} read mails`, 'GET', base);
    if (answer?.status === 200 && Number(answer.json.unreadCount) > 0)
      await this.call(person, `${person.kind} mark mails read`, 'POST', `${base}/read`);
  }

  async listDeliverables(person: Person): Promise<void> {
    const request = pick(person.requests);
    if (!request) return;
    const ns = person.kind === 'user' ? 'user' : 'patent';
    await this.call(
      person,
      `${person.kind} list deliverables`,
      'GET',
      `/${ns}/requests/${request.projectId}/${request.number}/deliverables`,
    );
  }

  // --- the office side ------------------------------------------------------------------------

  async uploadDeliverable(person: Person): Promise<void> {
    const request = pick(person.requests);
    if (!request) return;
    person.counter += 1;
    const title = `LDEL-${this.tag}-${person.index}-${person.counter}.pdf`;
    const bytes = pdfBytes(16 * 1024 + randomInt(112 * 1024), title);
    const answer = await this.call(
      person,
      'office upload deliverable',
      'POST',
      `/patent/requests/${request.projectId}/${request.number}/deliverables`,
      {
        form: () => {
          const form = new FormData();
          form.append('file', new Blob([bytes], { type: 'application/pdf' }), title);
          return form;
        },
      },
    );
    const item = answer?.status === 201 ? (answer.json.item as { id: string; sizeBytes: number }) : undefined;
    if (!item) return;
    this.acked.deliverables.set(item.id, { requestId: request.id, title, size: item.sizeBytes });
  }

  async acceptRequest(person: Person): Promise<void> {
    const request = pick(person.requests.filter((r) => r.status === 1 && !r.declined));
    if (!request) return;
    const path = `/patent/requests/${request.projectId}/${request.number}`;
    const stats = this.current;
    const retriesBefore = stats.op('office accept request').retries;
    const answer = await this.call(person, 'office accept request', 'POST', `${path}/accept`);
    if (answer?.status === 200) {
      request.status = 2;
      this.acked.accepts.add(request.id);
    } else if (answer?.status === 409 && stats.op('office accept request').retries > retriesBefore) {
      // Retried after a connection error: the first attempt may have been applied before the
      // process died. Not the server's fault; note it and read the request's state instead.
      const state = await this.call(person, 'office open request', 'GET', path);
      const item = state?.status === 200 ? (state.json.item as { status: number }) : undefined;
      if (item && item.status >= 2) {
        stats.op('office accept request').errors -= 1;
        const key =
          'office accept request: 409 on a retry whose first attempt had been applied (counted as acknowledged)';
        stats.errorKinds.set(key, (stats.errorKinds.get(key) ?? 0) + 1);
        request.status = item.status;
        this.acked.accepts.add(request.id);
      }
    }
  }

  // --- one person -----------------------------------------------------------------------------

  async userAction(person: Person, offices: Person[]): Promise<void> {
    const roll = randomInt(100);
    if (roll < 20) {
      const answer = await this.call(person, 'user list matters', 'GET', '/user/projects?limit=50');
      if (answer?.status !== 200) return;
    } else if (roll < 38) {
      const matter = pick(person.matters);
      if (matter) await this.call(person, 'user open matter', 'GET', `/user/projects/${matter.id}`);
    } else if (roll < 44) await this.createMatter(person);
    else if (roll < 54) await this.editMatter(person);
    else if (roll < 62) await this.listRequests(person);
    else if (roll < 67) {
      const request = pick(person.requests);
      if (request)
        await this.call(
          person,
          'user open request',
          'GET',
          `/user/requests/${request.projectId}/${request.number}`,
        );
    } else if (roll < 79) await this.readMails(person);
    else if (roll < 89) await this.sendMail(person);
    else if (roll < 96) await this.listDeliverables(person);
    else {
      const office = pick(offices);
      const matter = pick(person.matters);
      if (office?.firmId && matter) await this.sendRequest(person, office.firmId, matter);
    }
  }

  async officeAction(person: Person): Promise<void> {
    const roll = randomInt(100);
    if (roll < 15 || person.requests.length === 0) await this.listRequests(person);
    else if (roll < 25) {
      const request = pick(person.requests)!;
      await this.call(
        person,
        'office open request',
        'GET',
        `/patent/requests/${request.projectId}/${request.number}`,
      );
    } else if (roll < 33) await this.call(person, 'office list matters', 'GET', '/patent/projects?limit=50');
    else if (roll < 41) {
      const request = pick(person.requests)!;
      await this.call(person, 'office open matter', 'GET', `/patent/projects/${request.projectId}`);
    } else if (roll < 56) await this.readMails(person);
    else if (roll < 70) await this.sendMail(person);
    else if (roll < 88) await this.uploadDeliverable(person);
    else if (roll < 94) await this.listDeliverables(person);
    else await this.acceptRequest(person);
  }

  /** One signed-in person until the end of the run: think, act; now and then their session ends and they sign in again. */
  async live(person: Person, offices: Person[], startDelay: number): Promise<void> {
    await sleep(startDelay);
    while (Date.now() < this.stopAt) {
      await sleep(thinkMs * (0.5 + Math.random()));
      if (Date.now() >= this.stopAt) break;
      if (Math.random() * 100 < signInAgainPct) await this.signIn(person);
      else if (person.kind === 'user') await this.userAction(person, offices);
      else await this.officeAction(person);
    }
  }
}

function pools(origin: string): AuthConfig['pools'] {
  return {
    REGULAR: {
      userPoolId: 'ap-northeast-1_LocalRegular',
      clientId: 'local-regular-client',
      endpoint: `${origin}/identity/regular`,
    },
    PATENT: {
      userPoolId: 'ap-northeast-1_LocalPatent',
      clientId: 'local-patent-client',
      endpoint: `${origin}/identity/patent`,
    },
  };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading back

interface Verification {
  acked: Record<string, number>;
  missing: Record<string, number>;
  duplicates: Record<string, number>;
  examples: string[];
}

async function verify(run: Run, databaseUrl: string, dataDir: string): Promise<Verification> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => undefined });
  const result: Verification = { acked: {}, missing: {}, duplicates: {}, examples: [] };
  const note = (kind: string, acked: number, missing: string[], duplicates = 0) => {
    result.acked[kind] = acked;
    result.missing[kind] = missing.length;
    result.duplicates[kind] = duplicates;
    result.examples.push(...missing.slice(0, 5).map((m) => `${kind}: ${m}`));
  };
  const objectExists = async (key: string, size: number) => {
    try {
      return (await stat(path.join(dataDir, 'storage', 'objects', ...key.split('/')))).size === size;
    } catch {
      return false;
    }
  };
  try {
    const { acked } = run;
    // Matters created, and duplicates of their codes (a retried create that had been applied).
    const matterIds = [...acked.matters.keys()];
    const matterRows = await sql<{ id: string; title: string }[]>`
      select id, title from projects where id = any(${matterIds}::uuid[])`;
    const foundMatters = new Map(matterRows.map((r) => [r.id, r.title]));
    const codes = [...acked.matters.values()];
    const [codeCount] = await sql<{ n: number }[]>`
      select count(*)::int as n from projects where refrence_code = any(${codes}::text[])`;
    note(
      'matters created',
      matterIds.length,
      matterIds.filter((id) => !foundMatters.has(id)),
      Math.max(0, (codeCount?.n ?? 0) - codes.length),
    );

    // Edits: the stored title's sequence is at least the last acknowledged one.
    const editIds = [...acked.edits.keys()];
    const editRows = await sql<{ id: string; title: string }[]>`
      select id, title from projects where id = any(${editIds}::uuid[])`;
    const titles = new Map(editRows.map((r) => [r.id, r.title]));
    note(
      'matters edited (last edit)',
      editIds.length,
      editIds.filter((id) => {
        const seq = Number(/ v(\d+)$/.exec(titles.get(id) ?? '')?.[1] ?? -1);
        return seq < acked.edits.get(id)!;
      }),
    );

    const requestIds = [...acked.requests.keys()];
    const requestRows = await sql<{ id: string }[]>`
      select id from requests where id = any(${requestIds}::uuid[])`;
    const foundRequests = new Set(requestRows.map((r) => r.id));
    const names = [...acked.requests.values()];
    const [nameCount] = await sql<{ n: number }[]>`
      select count(*)::int as n from requests where name = any(${names}::text[])`;
    note(
      'requests sent',
      requestIds.length,
      requestIds.filter((id) => !foundRequests.has(id)),
      Math.max(0, (nameCount?.n ?? 0) - names.length),
    );

    // Mails, each attachment row, its files row and the stored bytes.
    const mailIds = [...acked.mails.keys()];
    const mailRows = await sql<
      { id: string; fileId: string | null; key: string | null; size: number | null }[]
    >`
      select m.id, a.file_id as "fileId", f.storage_key as key, f.size_bytes::int as size
      from request_mails m
      left join request_mail_attachments a on a.mail_id = m.id
      left join files f on f.id = a.file_id
      where m.id = any(${mailIds}::uuid[])`;
    const mailFiles = new Map<string, Map<string, { key: string | null; size: number | null }>>();
    for (const row of mailRows) {
      const files = mailFiles.get(row.id) ?? new Map<string, { key: string | null; size: number | null }>();
      if (row.fileId) files.set(row.fileId, { key: row.key, size: row.size });
      mailFiles.set(row.id, files);
    }
    const missingMails: string[] = [];
    const missingAttachments: string[] = [];
    let attachmentCount = 0;
    for (const [id, mail] of acked.mails) {
      const files = mailFiles.get(id);
      if (!files) missingMails.push(id);
      for (const attachment of mail.attachments) {
        attachmentCount += 1;
        const file = files?.get(attachment.id);
        if (!file?.key || file.size !== attachment.size || !(await objectExists(file.key, attachment.size)))
          missingAttachments.push(`${id}/${attachment.id}`);
      }
    }
    const subjects = [...acked.mails.values()].map((m) => m.subject);
    const [subjectCount] = await sql<{ n: number }[]>`
      select count(*)::int as n from request_mails where subject = any(${subjects}::text[])`;
    note('mails sent', mailIds.length, missingMails, Math.max(0, (subjectCount?.n ?? 0) - subjects.length));
    note('mail attachments', attachmentCount, missingAttachments);

    const deliverableIds = [...acked.deliverables.keys()];
    const deliverableRows = await sql<{ id: string; key: string; size: number }[]>`
      select d.id, f.storage_key as key, f.size_bytes::int as size
      from deliverables d join files f on f.id = d.file_id
      where d.id = any(${deliverableIds}::uuid[])`;
    const foundDeliverables = new Map(deliverableRows.map((r) => [r.id, r]));
    const missingDeliverables: string[] = [];
    for (const [id, deliverable] of acked.deliverables) {
      const row = foundDeliverables.get(id);
      if (!row || row.size !== deliverable.size || !(await objectExists(row.key, deliverable.size)))
        missingDeliverables.push(id);
    }
    const deliverableTitles = [...acked.deliverables.values()].map((d) => d.title);
    const [titleCount] = await sql<{ n: number }[]>`
      select count(*)::int as n from deliverables where title = any(${deliverableTitles}::text[])`;
    note(
      'deliverables uploaded',
      deliverableIds.length,
      missingDeliverables,
      Math.max(0, (titleCount?.n ?? 0) - deliverableTitles.length),
    );

    const acceptIds = [...acked.accepts];
    const acceptRows = await sql<{ id: string }[]>`
      select id from requests where id = any(${acceptIds}::uuid[]) and status >= 2`;
    const accepted = new Set(acceptRows.map((r) => r.id));
    note(
      'requests accepted',
      acceptIds.length,
      acceptIds.filter((id) => !accepted.has(id)),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Mails: every one the run queued is delivered once

interface MailCheck {
  /** Outbox rows written since the run began and due by the end of the wait. */
  queued: number;
  sent: number;
  /** Rows not sent (queued, sending or failed) when the wait ended: not delivered. */
  notDelivered: string[];
  /** Sent rows without exactly one .eml file of their own carrying their Message-ID. */
  badFiles: string[];
  /** Sent rows whose delivery took more than one attempt (a killed worker's job run again). */
  repeated: number;
  /** Rows due later than the wait (a delayed mail), left out. */
  deferred: number;
  waitedMs: number;
}

/** The database's clock, so that "written since" compares like with like. */
async function databaseNow(databaseUrl: string): Promise<Date> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const [row] = await sql<{ now: Date }[]>`select now() as now`;
    return row!.now;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Waits (at most BENCH_MAIL_WAIT) until every outbox row written since `since` and due by now is
 * sent, then checks each sent row's .eml file: exactly one file named after the row (the file
 * transport's `<createdAt>-<id8>_…`), holding the row's Message-ID.
 */
async function verifyMails(databaseUrl: string, dataDir: string, since: Date): Promise<MailCheck> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  const started = performance.now();
  try {
    type Row = { id: string; status: string; attempts: number; created_at: Date };
    let rows: Row[] = [];
    let deferred = 0;
    for (;;) {
      rows = await sql<Row[]>`
        select id, status, attempts, created_at from mail_outbox
        where created_at >= ${since} and send_after <= now()`;
      const [later] = await sql<{ n: number }[]>`
        select count(*)::int as n from mail_outbox where created_at >= ${since} and send_after > now()`;
      deferred = later?.n ?? 0;
      if (rows.every((row) => row.status === 'sent') || performance.now() - started > mailWaitMs) break;
      await sleep(1000);
    }
    const names = await readdir(path.join(dataDir, 'mail')).catch(() => [] as string[]);
    const check: MailCheck = {
      queued: rows.length,
      sent: 0,
      notDelivered: [],
      badFiles: [],
      repeated: 0,
      deferred,
      waitedMs: performance.now() - started,
    };
    for (const row of rows) {
      if (row.status !== 'sent') {
        check.notDelivered.push(`${row.id} ${row.status} after ${row.attempts} attempts`);
        continue;
      }
      check.sent += 1;
      if (row.attempts > 1) check.repeated += 1;
      const prefix = `${row.created_at.toISOString().replace(/[:.]/g, '-')}-${row.id.slice(0, 8)}_`;
      const files = names.filter((name) => name.startsWith(prefix));
      const eml = files.length === 1 ? await readFile(path.join(dataDir, 'mail', files[0]!), 'utf8') : '';
      if (!eml.includes(`<${row.id}@ipportal.mail>`)) check.badFiles.push(`${row.id}: ${files.length} files`);
    }
    return check;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------------------------
// The cluster's processes (scripts/cluster.sh)

type ClusterProcessName = 'api-1' | 'api-2' | 'worker';

/** A cluster process's pid and port, from the file the cluster keeps for it. */
async function clusterProcess(name: ClusterProcessName): Promise<{ pid: number; port: number }> {
  const [pid, port] = (await readFile(path.join(clusterDir, 'pids', name), 'utf8'))
    .trim()
    .split(' ')
    .map(Number);
  if (!pid || !port) throw new Error(`no pid and port in ${path.join(clusterDir, 'pids', name)}`);
  return { pid, port };
}

async function ready(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * SIGKILLs a cluster process and answers how long until the cluster's new process of that name
 * is ready (at most 5 minutes).
 */
async function killClusterProcess(name: ClusterProcessName): Promise<number> {
  const { pid, port } = await clusterProcess(name);
  const killedAt = performance.now();
  process.kill(pid, 'SIGKILL');
  while (performance.now() - killedAt < 300_000) {
    const now = await clusterProcess(name).catch(() => undefined);
    if (now && now.pid !== pid && (await ready(`http://127.0.0.1:${port}`)))
      return performance.now() - killedAt;
    await sleep(100);
  }
  throw new Error(`the cluster did not start ${name} again within 5 minutes`);
}

/** What the timed run will kill, for its opening line. */
function killPlan(mode: 'steady' | 'kill'): string {
  if (mode !== 'kill') return '';
  return clusterUrl
    ? `, api-1 killed at ${killAtMs / 1000} s and the worker at ${workerKillAtMs / 1000} s`
    : `, A killed at ${killAtMs / 1000} s`;
}

// ---------------------------------------------------------------------------------------------
// A whole run

async function runMode(mode: 'steady' | 'kill'): Promise<void> {
  const tag = `${mode}-${randomBytes(3).toString('hex')}`;
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const databaseUrl = clusterUrl
    ? clusterDatabaseUrl
    : Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const admin = clusterUrl ? undefined : postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin?.unsafe(`CREATE DATABASE ${dbName}`);
  const dataDir = clusterUrl ? clusterDir : await mkdtemp(path.join(tmpdir(), 'ipportal-load-'));
  await mkdir(path.join(dataDir, 'mail'), { recursive: true });
  const servers: Server[] = [];
  const fixedPorts = clusterUrl
    ? [(await clusterProcess('api-1')).port, (await clusterProcess('api-2')).port]
    : (process.env.BENCH_PORTS ?? '').split(',').filter(Boolean).map(Number);
  for (const [index, name] of (['A', 'B'] as const).entries())
    servers.push({
      name,
      port: fixedPorts[index] ?? (await freePort()),
      output: '',
      suspectUntil: 0,
      errorLines: [],
    });
  const env = {
    DATABASE_URL: databaseUrl,
    DB_POOL_MAX: dbPoolMax,
    // One folder for both: attachments and deliverables stored by one are read by the other.
    DATA_DIR: dataDir,
    // One issuer for both (the load balancer's origin): each accepts the other's tokens.
    PUBLIC_URL: 'http://portal.localhost',
    NODE_ENV: 'production',
    IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_IP_MAX: '10000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  };
  const signInPool = new SignInPool(signInWorkers);
  const run = new Run(mode, servers, signInPool, tag);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let downMs = 0;
  let workerDownMs = 0;
  let retriedAfterKill = 0;
  try {
    console.log(
      clusterUrl
        ? `\n[${mode}] the cluster at ${clusterUrl} (run ${tag}), ${clientCount} clients and ${officeCount} office users`
        : `\n[${mode}] database ${dbName}, ${clientCount} clients and ${officeCount} office users`,
    );
    // One after the other: A migrates the empty database and creates the signing keys.
    let t = performance.now();
    if (clusterUrl) {
      if (!(await ready(clusterUrl)))
        throw new Error(`no cluster answers at ${clusterUrl}/readyz (pnpm cluster)`);
    } else {
      await startServer(servers[0]!, env);
      console.log(`[${mode}] A started in ${Math.round(performance.now() - t)} ms`);
    }
    const mailsSince = await databaseNow(databaseUrl);
    const loadAtStart = loadavg();
    // Clients and offices interleaved (1 office after every clientCount/officeCount clients), so
    // both kinds arrive throughout and both have people on each process.
    const kinds = [
      ...Array.from({ length: clientCount }, (_, k) => ({
        kind: 'user' as const,
        at: (k + 0.5) / clientCount,
      })),
      ...Array.from({ length: officeCount }, (_, k) => ({
        kind: 'office' as const,
        at: (k + 1) / officeCount,
      })),
    ].sort((a, b) => a.at - b.at);
    const people: Person[] = [];
    for (const [i, { kind }] of kinds.entries()) {
      people.push({
        index: i,
        kind,
        email: `${kind}${i}-${tag}@load.example`,
        home: i % 2,
        token: '',
        matters: [],
        requests: [],
        counter: 0,
      });
    }
    const { testConfig, openDatabase, createIdentityUser } = await apiModules();
    const handle = await openDatabase({ driver: 'postgres', url: databaseUrl, poolMax: 4 });
    const config = testConfig({ DATABASE_URL: databaseUrl });
    try {
      await eachLimited(people, 4, async (person) => {
        await createIdentityUser(handle.db, config, {
          userType: person.kind === 'user' ? 'REGULAR' : 'PATENT',
          email: person.email,
          password,
          attributes: {
            name: `${person.kind === 'user' ? 'Client' : 'Office'} ${person.index}`,
            address: 'Tokyo',
            phone_number: '+81312345678',
            'custom:region_code': '1',
          },
        });
      });
    } finally {
      await handle.close();
    }
    if (!clusterUrl) {
      t = performance.now();
      await startServer(servers[1]!, env);
      console.log(`[${mode}] B started in ${Math.round(performance.now() - t)} ms`);
    }

    // Offices save their profiles; clients create matters and send a request to an office.
    const clients = people.filter((p) => p.kind === 'user');
    const offices = people.filter((p) => p.kind === 'office');
    const setupStarted = performance.now();
    await eachLimited(offices, 4, async (office) => {
      await run.plainSignIn(office);
      const answer = await run.call(office, 'setup firm', 'PUT', '/patent/firm', {
        json: {
          name: `Load Office ${office.index}`,
          nameEn: `Load Office ${office.index}`,
          officeType: 'patentAttorney',
          regionCode: 1,
          address: '1-1 Marunouchi, Chiyoda, Tokyo',
          phoneNumber: '+81312345678',
          email: `firm${office.index}-${tag}@load.example`,
          website: null,
          languages: ['ja', 'en'],
          caseTypes: [0, 1, 2, 3],
          technicalFields: ['semiconductors'],
          feeNotes: null,
        },
      });
      const firm =
        answer?.status === 200 ? (answer.json.item as { id: string; complete: boolean }) : undefined;
      if (!firm?.complete) throw new Error(`setup: office profile refused: ${JSON.stringify(answer)}`);
      office.firmId = firm.id;
    });
    await eachLimited(clients, 4, async (client) => {
      await run.plainSignIn(client);
      for (let m = 0; m < mattersPerClient; m++) await run.createMatter(client);
      const office = offices[client.index % offices.length]!;
      if (client.matters[0]) await run.sendRequest(client, office.firmId!, client.matters[0]);
    });
    const setupErrors = [...run.setupStats.errorKinds];
    if (setupErrors.length) throw new Error(`setup failed: ${JSON.stringify(setupErrors)}`);
    console.log(
      `[${mode}] setup: ${run.acked.matters.size} matters, ${run.acked.requests.size} requests in ${Math.round(
        (performance.now() - setupStarted) / 1000,
      )} s; timed run of ${durationMs / 1000} s${killPlan(mode)}`,
    );

    // Arrival: everyone signs in (SRP, in the workers), then the timed run starts.
    run.phase = 'arrival';
    const arrivalStarted = performance.now();
    await eachLimited(people, signInWorkers * 2, async (person) => {
      if (!(await run.signIn(person))) throw new Error(`${person.email} could not sign in`);
    });
    const arrivalMs = performance.now() - arrivalStarted;
    console.log(`[${mode}] ${people.length} people signed in (SRP) in ${Math.round(arrivalMs / 1000)} s`);

    // The timed run.
    run.phase = 'timed';
    const startedAt = Date.now();
    run.stopAt = startedAt + durationMs;
    loopDelay.enable();
    const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;
    const clusterKills = async () => {
      await sleep(killAtMs);
      const retriesBefore = [...run.stats.ops.values()].reduce((n, s) => n + s.retries, 0);
      console.log(`[${mode}] api-1 killed (SIGKILL) at ${elapsed()}`);
      const apiDown = killClusterProcess('api-1').then((ms) => {
        downMs = ms;
        console.log(`[${mode}] api-1 ready again after ${Math.round(ms)} ms`);
        retriedAfterKill = [...run.stats.ops.values()].reduce((n, s) => n + s.retries, 0) - retriesBefore;
      });
      await sleep(Math.max(0, workerKillAtMs - killAtMs));
      console.log(`[${mode}] worker killed (SIGKILL) at ${elapsed()}`);
      workerDownMs = await killClusterProcess('worker');
      console.log(`[${mode}] worker ready again after ${Math.round(workerDownMs)} ms`);
      await apiDown;
    };
    const killer =
      mode === 'kill' && clusterUrl
        ? clusterKills()
        : mode === 'kill'
          ? (async () => {
              await sleep(killAtMs);
              const a = servers[0]!;
              const retriesBefore = [...run.stats.ops.values()].reduce((n, s) => n + s.retries, 0);
              const killedAt = performance.now();
              a.child!.kill('SIGKILL');
              await a.exit;
              console.log(
                `[${mode}] A killed (SIGKILL) at ${Math.round((Date.now() - startedAt) / 1000)} s; restarting`,
              );
              await startServer(a, env);
              downMs = performance.now() - killedAt;
              console.log(`[${mode}] A serves again after ${Math.round(downMs)} ms`);
              // Requests retried from the kill until A is back, and a second beyond.
              await sleep(1000);
              retriedAfterKill =
                [...run.stats.ops.values()].reduce((n, s) => n + s.retries, 0) - retriesBefore;
            })()
          : Promise.resolve();
    await Promise.all([
      ...people.map((person, i) => run.live(person, offices, (i / people.length) * thinkMs)),
      killer,
    ]);
    loopDelay.disable();
    run.phase = 'setup';

    // Reading back, with both processes up again.
    const verification = await verify(run, databaseUrl, dataDir);
    const loadAfterRun = loadavg();
    const mails = await verifyMails(databaseUrl, dataDir, mailsSince);

    // Figures.
    const ops = [...run.stats.ops.entries()].sort(([a], [b]) => a.localeCompare(b));
    let requests = 0;
    let errors = 0;
    let retries = 0;
    let inProgressRetries = 0;
    let replayed = 0;
    const printOp = (title: string, stats: OpStats) => {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      printFigures(title, [
        { name: 'count', value: sorted.length, unit: '' },
        { name: 'errors', value: stats.errors, unit: '' },
        { name: 'retries', value: stats.retries, unit: '' },
        { name: 'p50', value: Math.round(percentile(sorted, 50)), unit: 'ms' },
        { name: 'p99', value: Math.round(percentile(sorted, 99)), unit: 'ms' },
      ]);
    };
    for (const [name, stats] of [...run.arrivalStats.ops].sort(([a], [b]) => a.localeCompare(b)))
      printOp(`\n${mode}: arrival (before the timed run, ${Math.round(arrivalMs / 1000)} s): ${name}`, stats);
    for (const [name, stats] of ops) {
      requests += stats.latencies.length;
      errors += stats.errors;
      retries += stats.retries;
      inProgressRetries += stats.inProgressRetries;
      replayed += stats.replayed;
      printOp(`\n${mode}: ${name}`, stats);
    }
    const ackedTotal = Object.values(verification.acked).reduce((n, v) => n + v, 0);
    const missingTotal = Object.values(verification.missing).reduce((n, v) => n + v, 0);
    const duplicateTotal = Object.values(verification.duplicates).reduce((n, v) => n + v, 0);
    const figures: Figure[] = [
      { name: 'requests', value: requests, unit: '' },
      { name: 'requests per second', value: requests / (durationMs / 1000), unit: 'req/s' },
      { name: 'errors', value: errors, unit: '', target: { text: '0', met: errors === 0 } },
      { name: 'retries (connection errors, sent again)', value: retries, unit: '' },
      {
        name: 'Idempotency-Key sent with every change',
        value: useKeys ? 1 : 0,
        unit: useKeys ? '(yes)' : '(no)',
      },
      {
        name: 'retries that found the first attempt still running (409, asked again)',
        value: inProgressRetries,
        unit: '',
      },
      { name: 'answers replayed for a retried key', value: replayed, unit: '' },
      {
        name: 'acknowledged writes (incl. setup)',
        value: ackedTotal,
        unit: '',
      },
      ...Object.keys(verification.acked).map((kind) => ({
        name: `  ${kind}: acknowledged / missing / duplicates`,
        value: verification.acked[kind]!,
        unit: `/ ${verification.missing[kind]} / ${verification.duplicates[kind]}`,
      })),
      { name: 'missing', value: missingTotal, unit: '', target: { text: '0', met: missingTotal === 0 } },
      {
        name: 'duplicates (rows beyond the acknowledged writes)',
        value: duplicateTotal,
        unit: '',
        target: { text: '0', met: duplicateTotal === 0 },
      },
      { name: 'bench event-loop delay p99', value: loopDelay.percentile(99) / 1e6, unit: 'ms' },
      { name: 'mails queued by the run (outbox rows due)', value: mails.queued, unit: '' },
      {
        name: 'mails not delivered',
        value: mails.notDelivered.length,
        unit: '',
        target: { text: '0', met: mails.notDelivered.length === 0 },
      },
      {
        name: 'mails without exactly one .eml of their own (Message-ID)',
        value: mails.badFiles.length,
        unit: '',
        target: { text: '0', met: mails.badFiles.length === 0 },
      },
      {
        name: 'mails delivered by a repeated attempt (same file, same Message-ID)',
        value: mails.repeated,
        unit: '',
      },
      { name: 'mails due later, left out', value: mails.deferred, unit: '' },
      { name: 'waited for the outbox to drain', value: Math.round(mails.waitedMs / 1000), unit: 's' },
      { name: 'load average at the start (1 min)', value: loadAtStart[0]!, unit: '' },
      {
        name: 'load average after the run (1/5/15 min)',
        value: loadAfterRun[0]!,
        unit: `/ ${loadAfterRun[1]!.toFixed(2)} / ${loadAfterRun[2]!.toFixed(2)}`,
      },
    ];
    if (mode === 'kill' && clusterUrl) {
      figures.push(
        { name: 'api-1 down (SIGKILL to ready again)', value: Math.round(downMs), unit: 'ms' },
        { name: 'worker down (SIGKILL to ready again)', value: Math.round(workerDownMs), unit: 'ms' },
        { name: 'requests retried from the kill until api-1 was back', value: retriedAfterKill, unit: '' },
        {
          name: 'changes sent again after a 502/504 of the proxy',
          value: run.stats.gatewayRetries,
          unit: '',
        },
      );
    } else if (mode === 'kill') {
      figures.push(
        { name: 'A down (SIGKILL to serving again)', value: Math.round(downMs), unit: 'ms' },
        { name: 'requests retried from the kill to 1 s after', value: retriedAfterKill, unit: '' },
      );
    }
    printFigures(
      `\n${mode}: ${people.length} people (${clientCount} clients, ${officeCount} offices), ${durationMs / 1000} s, think ${thinkMs} ms`,
      figures,
    );
    if (run.stats.errorKinds.size) {
      console.log(`\n${mode}: errors by operation, status and message`);
      for (const [key, n] of [...run.stats.errorKinds].sort((a, b) => b[1] - a[1]))
        console.log(`  ${n} x ${key}`);
    }
    if (mails.notDelivered.length || mails.badFiles.length) {
      console.log(`\n${mode}: mails not delivered once (first 10)`);
      for (const line of [...mails.notDelivered, ...mails.badFiles].slice(0, 10)) console.log(`  ${line}`);
    }
    if (verification.examples.length) {
      console.log(`\n${mode}: missing writes (first of each kind)`);
      for (const example of verification.examples) console.log(`  ${example}`);
    }
    for (const server of servers) {
      if (!server.errorLines.length) continue;
      console.log(`\n${mode}: process ${server.name} logged ${server.errorLines.length} errors; the first:`);
      for (const line of server.errorLines.slice(0, 5)) console.log(`  ${line.slice(0, 600)}`);
    }
  } finally {
    await signInPool.close();
    // A cluster's processes, database and files are its own: the bench leaves them as they are.
    if (!clusterUrl) {
      await Promise.all(servers.map((server) => stopServer(server)));
      await admin?.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin?.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

if (isMainThread) {
  for (const mode of modes) await runMode(mode);
} else {
  parentPort!.on('message', (job: SignInJob) => {
    void signInJob(job).then((outcome) => parentPort!.postMessage(outcome));
  });
}
