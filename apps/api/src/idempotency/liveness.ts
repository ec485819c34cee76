import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { DatabaseHandle } from '../db/client.js';

/**
 * Whether the process that claimed a key still runs. A claim whose process was killed (kill -9,
 * a crash) would otherwise answer 409 to every retry until it expires.
 *
 * - PostgreSQL: each process keeps one connection open under the name `ipportal-idem <id>`; the
 *   database drops it the moment the process dies, so `pg_stat_activity` tells the living.
 * - PGlite: the database lives inside one process, so the living owners are the apps open on the
 *   same PGlite instance in this process (tests run several apps on one).
 */
export interface OwnerLiveness {
  /** This process's owner id, written into its claims. */
  readonly id: string;
  isAlive(owner: string): Promise<boolean>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const pgliteOwners = new WeakMap<object, Set<string>>();
const beaconPrefix = 'ipportal-idem ';
/** A keep-alive query re-opens the beacon after a dropped connection. */
const beaconPingMs = 15_000;

export function ownerLiveness(handle: DatabaseHandle): OwnerLiveness {
  const id = randomUUID();
  const { connection } = handle;
  if (connection.driver === 'pglite') {
    const owners = pgliteOwners.get(connection.client) ?? new Set<string>();
    pgliteOwners.set(connection.client, owners);
    return {
      id,
      isAlive: (owner) => Promise.resolve(owners.has(owner)),
      start() {
        owners.add(id);
        return Promise.resolve();
      },
      stop() {
        owners.delete(id);
        return Promise.resolve();
      },
    };
  }
  let beacon: postgres.Sql | undefined;
  let ping: NodeJS.Timeout | undefined;
  return {
    id,
    async isAlive(owner) {
      if (owner === id) return true;
      const result: unknown = await handle.db.execute(
        sql`select exists (select 1 from pg_stat_activity where application_name = ${beaconPrefix + owner}) as alive`,
      );
      // postgres-js answers the rows themselves.
      const [row] = result as { alive: boolean }[];
      return row?.alive === true;
    },
    async start() {
      beacon = postgres(connection.url, {
        max: 1,
        idle_timeout: 0,
        max_lifetime: 0,
        onnotice: () => undefined,
        connection: { application_name: beaconPrefix + id },
      });
      await beacon`select 1`;
      const open = beacon;
      ping = setInterval(() => void open`select 1`.catch(() => undefined), beaconPingMs);
      ping.unref();
    },
    async stop() {
      if (ping) clearInterval(ping);
      await beacon?.end({ timeout: 5 });
      beacon = undefined;
    },
  };
}
