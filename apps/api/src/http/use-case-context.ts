import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../use-cases/context.js';

/** The app's database and storage, and the request's log, for a use case called by a route. */
export function useCaseContext(app: FastifyInstance, request: FastifyRequest): UseCaseContext {
  return { db: app.db, storage: app.storage, log: request.log };
}
