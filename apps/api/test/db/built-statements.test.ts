import { randomUUID } from 'node:crypto';
import { OrganizationRole } from '@ipportal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BuiltStatements, shapeOf } from '../../src/db/built-statements.js';
import type { DatabaseHandle, Executor } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/index.js';
import { users } from '../../src/db/schema/index.js';
import { scopePlaceholders } from '../../src/repositories/projects/scope.js';
import { placeholderRequestScope, requestScope } from '../../src/repositories/request-access.js';
import { createTestDatabase, skipDriver, testDriver, type TestDatabase } from '../support/db.js';

/*
 * A statement Drizzle built once (ADR 0060) runs wherever its caller is: on the pool, inside the
 * caller's transaction (seeing its uncommitted rows, undone with it), and on another database of
 * the same process; a scope built with placeholders gives one shape per branch, never a caller's
 * values.
 */

const byEmail = (db: Executor) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('test_user_by_email');

const newUser = (email: string) => ({ identitySub: randomUUID(), userType: 'REGULAR' as const, email });

describe.skipIf(skipDriver)(`statements built once on ${testDriver}`, () => {
  const databases: TestDatabase[] = [];
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const database = await createTestDatabase();
      const handle = await database.open();
      await migrateDatabase(handle, database.options);
      databases.push(database);
      handles.push(handle);
    }
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const database of databases) await database.drop();
  });

  test('built once, it runs on the pool and inside a transaction, which sees its own rows and undoes them', async () => {
    const [{ db }] = handles as [DatabaseHandle];
    const statements = new BuiltStatements<ReturnType<typeof byEmail>>();
    let builds = 0;
    const build = (on: Executor) => {
      builds += 1;
      return byEmail(on);
    };
    await db.insert(users).values(newUser('pool@example.com'));
    expect(await statements.on(db, '', build).execute({ email: 'pool@example.com' })).toHaveLength(1);

    const undone = new Error('undo');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('inside@example.com'));
        const inside = await statements.on(tx, '', build).execute({ email: 'inside@example.com' });
        expect(inside).toHaveLength(1);
        // On PostgreSQL the pool's other connections do not see the uncommitted row. (PGlite has
        // one connection: a pool query would wait for this transaction, as one run on the pool
        // by mistake would.)
        if (testDriver === 'postgres') {
          const outside = await statements.on(db, '', build).execute({ email: 'inside@example.com' });
          expect(outside).toHaveLength(0);
        }
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await statements.on(db, '', build).execute({ email: 'inside@example.com' })).toHaveLength(0);
    expect(builds).toBe(1);
  });

  test('the statement built on one database runs on another with that database’s rows', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const statements = new BuiltStatements<ReturnType<typeof byEmail>>();
    await second.db.insert(users).values(newUser('second@example.com'));
    expect(await statements.on(first.db, '', byEmail).execute({ email: 'second@example.com' })).toHaveLength(
      0,
    );
    expect(await statements.on(second.db, '', byEmail).execute({ email: 'second@example.com' })).toHaveLength(
      1,
    );
  });

  test('a flat select built once maps its rows as Drizzle does: dates, nulls, mapped SQL; a nested one keeps Drizzle’s mapping', async () => {
    const [{ db }] = handles as [DatabaseHandle];
    await db.insert(users).values({ ...newUser('mapped@example.com'), regionCode: null, name: '山田 花子' });
    const flat = {
      id: users.id,
      name: users.name,
      regionCode: users.regionCode,
      updatedAt: users.updatedAt,
      emailLength: sql<number>`length(${users.email})`.mapWith(Number),
      asText: sql<string>`${users.updatedAt}::text`,
    };
    const where = eq(users.email, sql.placeholder('email'));
    const built = new BuiltStatements<{ execute(values: Record<string, unknown>): Promise<unknown> }>();
    const [once] = (await built
      .on(db, 'flat', (on) => on.select(flat).from(users).where(where).prepare('test_flat'))
      .execute({ email: 'mapped@example.com' })) as Record<string, unknown>[];
    const [drizzle] = await db.select(flat).from(users).where(eq(users.email, 'mapped@example.com'));
    expect(once).toEqual(drizzle);
    expect(once?.updatedAt).toBeInstanceOf(Date);
    expect(once?.regionCode).toBeNull();
    expect(once?.emailLength).toBe('mapped@example.com'.length);

    const [nested] = (await built
      .on(db, 'nested', (on) =>
        on
          .select({ user: users, n: sql<number>`1`.mapWith(Number) })
          .from(users)
          .where(where)
          .prepare('test_nested'),
      )
      .execute({ email: 'mapped@example.com' })) as Record<string, unknown>[];
    expect(nested).toEqual(
      (
        await db
          .select({ user: users, n: sql<number>`1`.mapWith(Number) })
          .from(users)
          .where(eq(users.email, 'mapped@example.com'))
      )[0],
    );
  });

  test('a scope with placeholders: one shape per branch, none of the caller’s values in it', () => {
    const member = (userId: string): Parameters<typeof scopePlaceholders>[0] => ({
      userId,
      userType: 'REGULAR',
      organizationId: randomUUID(),
      roleInOrganizationCode: OrganizationRole.Member,
      firmId: null,
    });
    // Built afresh, and as the hot paths take it (built once per branch): the same every time.
    const shape = (principal: Parameters<typeof scopePlaceholders>[0], coordinated = false) => {
      const caller = scopePlaceholders(principal);
      const fresh = {
        shape: shapeOf(requestScope(caller.principal, { coordinated })),
        values: caller.values,
      };
      const once = placeholderRequestScope(principal, { coordinated });
      expect({ shape: once.shape, values: once.values }).toEqual(fresh);
      expect(shapeOf(once.scope)).toBe(fresh.shape);
      return fresh;
    };
    const alice = shape(member(randomUUID()));
    const bob = shape(member(randomUUID()));
    expect(bob.shape).toBe(alice.shape);
    expect(alice.shape).not.toContain(alice.values.scopeUserId);
    expect(
      shape({ ...member(randomUUID()), roleInOrganizationCode: OrganizationRole.Administrator }).shape,
    ).not.toBe(alice.shape);
    const office = {
      ...member(randomUUID()),
      userType: 'PATENT' as const,
      organizationId: null,
      firmId: randomUUID(),
    };
    expect(shape(office, true).shape).not.toBe(shape(office, false).shape);
  });
});
