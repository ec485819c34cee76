import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, Executor } from './client.js';
import { preparedStatements } from './prepared-statements.js';
import * as schema from './schema/index.js';

/**
 * Where a single-statement write of a hot row runs: every write of one key (a chat room) from
 * this process on one connection of its own, pipelined, one after the other (ADR 0061).
 *
 * A room's messages all take its row's lock for their seq. Sent through the pool, a process's
 * sends of one room ran on up to ten connections at once, so PostgreSQL had twenty backends
 * queueing for one row, and a backend just woken there can lose the row to one newly arrived: a
 * few messages waited many turns (p99 three to five times the mean). On one connection per
 * process the backend runs the process's sends of the room in the order they came, without a
 * round trip between them (each is its own implicit transaction: postgres.js ends every query
 * with a Sync), and the row has at most one waiter per process.
 */
export interface WriteLanes {
  /** The executor for writes of `key`; not for transactions (a lane is one connection). */
  for(key: string): Executor;
  close(): Promise<void>;
}

/** Lanes per process: a write waiting for another lock holds up only the writes hashed to its lane. */
const laneCount = 4;

/** A lane unused this long lets its connection go; the next write opens it again. */
const idleSeconds = 60;

/** PGlite has one connection: every write already runs one after the other on it. */
export function sameConnectionLanes(db: Database): WriteLanes {
  return { for: () => db, close: () => Promise.resolve() };
}

/** Lanes over PostgreSQL, each a postgres.js client of one connection opened when first used. */
export function postgresLanes(url: string, connection: Record<string, string>): WriteLanes {
  const lanes: { client: postgres.Sql; db: Database }[] = [];
  const lane = (index: number) => {
    let opened = lanes[index];
    if (!opened) {
      const client = preparedStatements(
        postgres(url, { max: 1, idle_timeout: idleSeconds, onnotice: () => undefined, connection }),
      );
      opened = { client, db: drizzle({ client, schema }) as unknown as Database };
      lanes[index] = opened;
    }
    return opened.db;
  };
  return {
    for: (key) => lane(laneOf(key)),
    async close() {
      await Promise.all(lanes.map(({ client }) => client.end({ timeout: 5 })));
    },
  };
}

/** A stable spread of keys over the lanes (FNV-1a of the key). */
function laneOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % laneCount;
}
