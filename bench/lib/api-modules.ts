/**
 * The API's own modules the realtime benches load at run time (the database opener and the test
 * world of apps/api/test/support/realtime-world.ts), by URL so bench/ keeps no build dependency on
 * apps/api; typed here by what the benches call.
 */

/** A client user, their matter and request, as seedRealtimeWorld returns them. */
export interface World {
  token: string;
  projectId: string;
  number: number;
}

export interface ApiModules {
  openDatabase(options: {
    driver: 'postgres';
    url: string;
    poolMax: number;
  }): Promise<{ close(): Promise<void> }>;
  seedRealtimeWorld(database: unknown, databaseUrl: string, serverUrl: string): Promise<World>;
  postRequestMail(serverUrl: string, world: World, subject?: string): Promise<string>;
}

export async function apiModules(): Promise<ApiModules> {
  const base = new URL('../../apps/api/', import.meta.url).href;
  const [db, world] = await Promise.all([
    import(`${base}src/db/index.js`) as Promise<Pick<ApiModules, 'openDatabase'>>,
    import(`${base}test/support/realtime-world.js`) as Promise<Omit<ApiModules, 'openDatabase'>>,
  ]);
  return { ...db, ...world };
}
