import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { runtimeConfigSchema } from './runtime-config.js';

/** What a probe of a running process gets. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** GET /readyz with status 503: the database does not answer. */
export const notReadySchema = z.object({ status: z.literal('unavailable') });
export type NotReady = z.infer<typeof notReadySchema>;

/**
 * The server's own calls, outside the user and patent APIs: no namespace, no token, no envelope
 * (probes and the web app's first request read plain JSON). Rate limits skip the probes.
 */
export const systemEndpoints = {
  liveness: endpoint({
    method: 'GET',
    path: '/healthz',
    namespaces: [],
    summary: 'Liveness',
    description: 'The process is up.',
    response: healthSchema,
    refusals: [],
  }),
  readiness: endpoint({
    method: 'GET',
    path: '/readyz',
    namespaces: [],
    summary: 'Readiness (database reachable)',
    description: 'Answers 503 `{ "status": "unavailable" }` while the database does not answer.',
    response: healthSchema,
    refusals: [],
  }),
  runtimeConfig: endpoint({
    method: 'GET',
    path: '/config.json',
    namespaces: [],
    summary: 'Runtime settings of the web app',
    response: runtimeConfigSchema,
    refusals: [],
  }),
};
