import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUnconfiguredVerifier, unavailableSecondFactors } from './auth/unconfigured-verifier.js';
import type { SecondFactors, TokenVerifier } from './auth/types.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { Mailer } from './mail/types.js';
import { OneLineRequestLog, RequestLog } from './http/request-log.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { configPlugin } from './plugins/config.js';
import { corsPlugin } from './plugins/cors.js';
import { databasePlugin } from './plugins/database.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { eventsPlugin } from './plugins/events.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { jobsPlugin } from './plugins/jobs.js';
import { mailPlugin } from './plugins/mail.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { realtimePlugin } from './plugins/realtime.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { storagePlugin } from './plugins/storage.js';
import { webAppPlugin } from './plugins/web-app.js';
import { patentNamespace } from './routes/patent/index.js';
import { systemRoutes } from './routes/system/index.js';
import { userNamespace } from './routes/user/index.js';
import type { Storage } from './storage/types.js';
import './types.js';

export type AppInstance = FastifyInstance;

/** A route plugin registered beside the namespaces (the embedded identity service registers here). */
export type ExtraRoutes = (app: FastifyInstance) => Promise<void>;

export interface BuildAppOptions {
  /**
   * Verifies ID tokens for the auth hook: an instance, or a factory called once the database
   * is open (the embedded identity service keeps its keys there). Default: refuse every token.
   */
  verifier?: TokenVerifier | ((app: FastifyInstance) => TokenVerifier | Promise<TokenVerifier>);
  /**
   * Users' second factors (the embedded identity service's `secondFactors`), called after the
   * verifier factory. Default: unavailable, as with AWS Cognito.
   */
  secondFactors?: (app: FastifyInstance) => SecondFactors;
  /** An open database (tests); by default opened from the config and closed with the app. */
  database?: DatabaseHandle;
  storage?: Storage;
  mailer?: Mailer;
  /** Extra route plugins, e.g. the identity service's `registerIdentity`. */
  routes?: ExtraRoutes[];
  /** Replace the logger options (tests may pass `false`). */
  logger?: FastifyServerOptions['logger'];
}

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * pino-pretty (a development dependency) as a synchronous stream, so start-up lines and the
 * banner print in the order they happen; undefined where it is not installed (an install
 * without development dependencies), which then logs JSON.
 */
async function prettyStream(): Promise<DestinationStream | undefined> {
  try {
    const { default: pretty } = await import('pino-pretty');
    return pretty({
      sync: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    });
  } catch {
    return undefined;
  }
}

async function loggerOptions(config: AppConfig): Promise<FastifyServerOptions['logger']> {
  const stream = config.logFormat === 'pretty' ? await prettyStream() : undefined;
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Builds the app with its plugins in a fixed order: config, security headers, CORS, compression, database,
 * rate limit, event bus, storage, mail, jobs, auth hook, then (error handler, OpenAPI) the routes, the realtime socket and the web app.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? (await loggerOptions(config)),
    logController: config.logFormat === 'pretty' ? new OneLineRequestLog() : new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Start-up plugins may wait on real work: the database plugin creates a new PGlite data folder
    // and applies migrations (an index build on a large table takes minutes). Fastify's 10 s
    // default failed a first start on a busy machine; a plugin that truly hangs is still ended.
    pluginTimeout: 300_000,
    // Honour a sane incoming X-Request-Id (from a proxy) so logs join up; otherwise make one.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: anything else answers 415 instead of reaching validation as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // Responses are written by serializers compiled from their schemas; outside production each is
  // also parsed with zod, which must agree (docs/adr/0051).
  app.setSerializerCompiler(responseSerializerCompiler({ check: !config.isProduction }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // CONNECTION_TIMEOUT_MS cuts a socket that goes quiet while its request arrives (a stalled
  // client). Once the body is in, the quiet is the handler's own work: at load a slow answer was
  // cut mid-request and the proxy answered 502. Multipart bodies still arrive in the handler.
  // (An injected request, in tests, has a stand-in socket without timeouts.)
  app.addHook('preHandler', (request, _reply, done) => {
    const socket = request.raw.socket as { setTimeout?: unknown } | undefined;
    const bodyStillArriving = request.headers['content-type']?.startsWith('multipart/') === true;
    if (!bodyStillArriving && typeof socket?.setTimeout === 'function') request.raw.socket.setTimeout(0);
    done();
  });
  // Graceful shutdown: requests in flight when close() starts still finish, but their keep-alive
  // connections must not hold the server open until KEEP_ALIVE_TIMEOUT_MS: answer them with
  // `Connection: close` so the socket ends with the response.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(configPlugin, { config });
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin);
  // Before every route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { handle: options.database });
  // Its onSend hook is global, so it stores an answer before compression (a route-level hook).
  await app.register(idempotencyPlugin);
  // After the database (the PostgreSQL store counts there), before the auth hook and the routes.
  await app.register(rateLimitPlugin);
  await app.register(eventsPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(mailPlugin, { mailer: options.mailer });
  await app.register(jobsPlugin);
  const verifier =
    typeof options.verifier === 'function'
      ? await options.verifier(app)
      : (options.verifier ?? createUnconfiguredVerifier());
  const secondFactors = options.secondFactors?.(app) ?? unavailableSecondFactors;
  await app.register(authPlugin, { verifier, secondFactors });
  await app.register(errorHandlerPlugin);
  await app.register(openapiPlugin);

  await app.register(systemRoutes);
  // A worker process (PROCESS_ROLE=worker) answers only the health checks.
  if (config.role === 'worker') return app;
  await app.register(realtimePlugin);
  await app.register(userNamespace, { prefix: '/user' });
  await app.register(patentNamespace, { prefix: '/patent' });
  for (const routes of options.routes ?? []) await app.register(routes);
  await app.register(webAppPlugin);

  return app;
}
