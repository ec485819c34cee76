import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signedInCaller, type SignedInCaller } from '../auth/authenticate.js';
import { twoFactorSetUpMissing } from '../auth/two-factor-requirement.js';
import { AuthError } from '../auth/errors.js';
import type { Pool } from '../auth/types.js';
import { RealtimeConnection } from '../realtime/connection.js';
import { RealtimeHub } from '../realtime/hub.js';
import {
  closeCodes,
  connectHeader,
  graphqlWsProtocol,
  offeredProtocols,
  tokenOf,
} from '../realtime/protocol.js';
import { authorizeTopic } from '../realtime/topics.js';
import { realtimePath } from '../http/runtime-config.js';

/** Which origins may open the socket: the public URL's, the CORS origins, else the server's own host. */
function originAllowed(app: FastifyInstance, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin; a client without one is not a page another site could drive.
  if (origin === undefined) return true;
  const { publicUrl, corsOrigins } = app.config;
  const allowed = new Set(corsOrigins);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  else {
    const host = request.headers.host;
    if (host) {
      allowed.add(`http://${host}`);
      allowed.add(`https://${host}`);
    }
  }
  return allowed.has(origin);
}

/**
 * The token's pool is not in the socket's header: try the client pool, then the office pool
 * when the first says the token is of another pool. An ID token is verified and cached exactly
 * as REST does; an access token is taken too (AppSync takes both from a user pool, and
 * Amplify's `authMode: 'userPool'` sends the access token), for a user the portal knows.
 */
async function signInAnyPool(
  app: FastifyInstance,
  token: string,
  log: FastifyRequest['log'],
): Promise<SignedInCaller> {
  const pools: Pool[] = ['REGULAR', 'PATENT'];
  let last: unknown;
  for (const pool of pools) {
    try {
      const caller = await signedInCaller(app, token, pool, log, 'idOrAccessToken');
      // As on REST: a member who must first set up two-factor sign-in gets no live data.
      if (await twoFactorSetUpMissing(app, caller.principal))
        throw new AuthError('notLoggedIn', 'two-factor set-up required by the organization');
      return caller;
    } catch (error) {
      if (!(error instanceof AuthError) || error.reason !== 'invalidUserPool') throw error;
      last = error;
    }
  }
  throw last;
}

/**
 * GET /graphql/realtime: the AppSync real-time protocol over `ws` (through @fastify/websocket, so
 * the upgrade passes the IP budget and the route's hooks). The Origin and the `graphql-ws`
 * subprotocol are checked before the upgrade; the token after it, so that a refusal is the
 * protocol's connection_error (401) that Amplify does not retry. The route logs only warnings:
 * its URL may carry the token in `?header=`, and Sec-WebSocket-Protocol is never logged.
 */
export const realtimePlugin = fp(
  async (app) => {
    const { realtime } = app.config;
    const hub = new RealtimeHub(app.db, app.bus, realtime, app.log);
    app.decorate('realtime', hub);
    // Before @fastify/websocket's own preClose (which closes every socket at once): the sockets
    // close gradually first, so their clients come back spread out.
    app.addHook('preClose', async () => hub.close());

    await app.register(websocket, {
      options: {
        maxPayload: realtime.maxFrameBytes,
        // Only graphql-ws is ever selected: echoing `header-…` would send the token back.
        handleProtocols: (protocols) => (protocols.has(graphqlWsProtocol) ? graphqlWsProtocol : false),
      },
    });

    app.route({
      method: 'GET',
      url: realtimePath,
      logLevel: 'warn',
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!originAllowed(app, request)) return reply.code(403).send({ message: 'Origin not allowed' });
        if (!offeredProtocols(request.headers['sec-websocket-protocol']).includes(graphqlWsProtocol))
          return reply.code(400).send({ message: 'The graphql-ws subprotocol is required' });
        if (hub.draining) return reply.code(503).send({ message: 'Shutting down' });
      },
      handler: async (_request, reply) => reply.code(426).send({ message: 'Upgrade to a websocket' }),
      wsHandler: (socket, request) => {
        const query = new URLSearchParams(request.url.split('?')[1] ?? '');
        const token = tokenOf(
          connectHeader(offeredProtocols(request.headers['sec-websocket-protocol']), query),
        );
        const signedIn = token
          ? signInAnyPool(app, token, request.log).catch((error: unknown) =>
              error instanceof AuthError ? error : new AuthError('notLoggedIn', 'verification failed'),
            )
          : Promise.resolve(new AuthError('notLoggedIn', 'no token'));
        const connection = new RealtimeConnection(
          socket,
          {
            limits: realtime,
            signIn: (startToken) => signInAnyPool(app, startToken, request.log),
            authorize: (caller, topic, variables) =>
              authorizeTopic(app.db, caller.principal, topic, variables),
            add: (subscriber) => hub.add(subscriber),
            remove: (subscriber) => hub.remove(subscriber),
            closed: (closed) => hub.connections.delete(closed),
            log: request.log,
            stream: request.raw.socket,
          },
          signedIn,
        );
        hub.connections.add(connection);
        if (hub.draining) connection.close(closeCodes.goingAway, 'server shutting down');
      },
    });
  },
  { name: 'realtime', dependencies: ['config', 'database', 'events', 'auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}
