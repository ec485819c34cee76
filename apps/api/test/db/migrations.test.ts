import { readdirSync } from 'node:fs';
import { eq, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrateDatabase, migrationsFolder, type DatabaseHandle } from '../../src/db/index.js';
import * as schema from '../../src/db/schema/index.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';

const schemaTables = Object.values(schema)
  .flatMap((value) => (is(value, PgTable) ? [getTableConfig(value).name] : []))
  .sort();

describe.skipIf(skipDriver)(`migrations from an empty ${testDriver} database`, () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    handle = await testDb.open();
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  // PGlite answers { rows }, postgres-js an array.
  const rows = async <T>(query: SQL): Promise<T[]> => {
    const result: unknown = await handle.db.execute(query);
    return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
  };

  test('the checked-in migrations create every table of the schema, and a second run changes nothing', async () => {
    expect(readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length).toBeGreaterThanOrEqual(2);
    const before = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(before).toEqual([]);
    await migrateDatabase(handle, testDb.options);
    const tables = (
      await rows<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      )
    ).map((r) => r.table_name);
    expect(tables).toEqual(schemaTables);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'projects',
        'identity_users',
        'identity_signing_keys',
        'history',
        'mail_outbox',
        'deliverables',
        'pensions',
      ]),
    );
    await migrateDatabase(handle, testDb.options);
    const applied = await rows<{ n: number | string }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0]?.n)).toBe(
      readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length,
    );
  });

  test('the history is append-only and deliverables are write-once, enforced by the database', async () => {
    const db = handle.db;
    const [entry] = await db
      .insert(schema.history)
      .values({ actorKind: 'system', action: 'test', entityType: 'test' })
      .returning();
    await expect(
      db.update(schema.history).set({ action: 'changed' }).where(eq(schema.history.id, entry!.id)),
    ).rejects.toThrow();
    await expect(db.delete(schema.history).where(eq(schema.history.id, entry!.id))).rejects.toThrow();

    const [user] = await db
      .insert(schema.users)
      .values({ userType: 'REGULAR', identitySub: crypto.randomUUID(), email: 'w@example.com' })
      .returning();
    const [project] = await db
      .insert(schema.projects)
      .values({ ownerUserId: user!.id, type: 0, refrenceCode: 'R', regionCode: 1, title: 'T' })
      .returning();
    const [file] = await db
      .insert(schema.files)
      .values({
        storageKey: 'deliverables/a.pdf',
        storageDriver: 'local',
        originalName: 'a.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'x',
        purpose: 'deliverable',
        writeOnce: true,
      })
      .returning();
    const [deliverable] = await db
      .insert(schema.deliverables)
      .values({ projectId: project!.id, fileId: file!.id, title: '意見書' })
      .returning();
    await expect(
      db
        .update(schema.deliverables)
        .set({ title: 'changed' })
        .where(eq(schema.deliverables.id, deliverable!.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(schema.deliverables).where(eq(schema.deliverables.id, deliverable!.id)),
    ).rejects.toThrow();
    const [still] = await db
      .select()
      .from(schema.deliverables)
      .where(eq(schema.deliverables.id, deliverable!.id));
    expect(still?.title).toBe('意見書');
  });

  test('check constraints keep codes valid', async () => {
    const [user] = await handle.db
      .insert(schema.users)
      .values({ userType: 'REGULAR', identitySub: crypto.randomUUID(), email: 'c@example.com' })
      .returning();
    await expect(
      handle.db
        .insert(schema.projects)
        .values({ ownerUserId: user!.id, type: 9, refrenceCode: 'R', regionCode: 1, title: 'T' }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(schema.projects)
        .values({ ownerUserId: user!.id, type: 0, status: 7, refrenceCode: 'R', regionCode: 1, title: 'T' }),
    ).rejects.toThrow();
  });
});
