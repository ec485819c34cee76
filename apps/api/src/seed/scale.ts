import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { firms, organizationMembers, organizations, users } from '../db/schema/index.js';
import { demoPassword } from './demo-data.js';
import type { DemoIdentityUser } from './demo.js';

/**
 * A large company's portfolio for benchmarks and for seeing the list at scale (100,000 matters in bench/api-list.ts):
 * one organization with `matters` matters, `members` members (the administrator included),
 * every other matter assigned to one member, an applicant on every third matter and a request
 * on every fourth. Rows are generated inside the database (INSERT ... SELECT generate_series),
 * so 100,000 matters take seconds on PGlite too instead of 100,000 round trips.
 *
 * Data is deterministic (a function of the row number) so runs are comparable:
 * - type cycles patent, patent, patent, trademark, trademark, utility model, design;
 * - status is (i / 5) mod 3, so it does not follow the other cycles; every 50th matter is
 *   deleted; every 25th has a family (400 families, ten matters each at 100,000);
 * - every 9th title contains 電池, every 3rd matter has an applicant (some with 電池 in the name);
 * - updated_at is one minute apart, newest last.
 */
/** Rows of a raw query on either driver (postgres-js answers an array, PGlite an object with rows). */
async function rows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await tx.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The applicant of row i, or NULL: every third matter has one, some with 電池 in the name. */
function applicantOf(i: SQL): SQL {
  return sql`case when ${i} % 3 = 0 then (array['東亜電池工業株式会社', 'Acme Holdings Inc.', '株式会社サンプル電機', 'ＡＢＣ化学株式会社'])[${i} % 4 + 1] end`;
}

/** Every matter whose row number is a multiple of this has one request. */
const requestEvery = 4;

export interface ScaleSeedInput {
  /** The organization's administrator (an existing REGULAR user without an organization). */
  administratorUserId: string;
  matters: number;
  /** Members including the administrator; the others are created as app users. */
  members?: number;
  organizationName?: string;
}

export interface ScaleSeedResult {
  organizationId: string;
  firmId: string;
  memberUserIds: string[];
  matters: number;
  requests: number;
  assignments: number;
}

export async function seedLargeOrganization(db: Executor, input: ScaleSeedInput): Promise<ScaleSeedResult> {
  const memberCount = Math.max(1, input.members ?? 20);
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.organizationName ?? '大規模株式会社', representativeName: '代表 太郎' })
      .returning({ id: organizations.id });
    const organizationId = org!.id;
    await tx
      .insert(organizationMembers)
      .values({ organizationId, userId: input.administratorUserId, roleCode: 0 });
    const memberRows = await tx
      .insert(users)
      .values(
        Array.from({ length: memberCount - 1 }, (_, i) => ({
          userType: 'REGULAR' as const,
          identitySub: crypto.randomUUID(),
          email: `member${i + 1}@${organizationId.slice(0, 8)}.scale.example`,
          name: `メンバー ${i + 1}`,
        })),
      )
      .returning({ id: users.id });
    const memberUserIds = memberRows.map((r) => r.id);
    if (memberUserIds.length > 0)
      await tx
        .insert(organizationMembers)
        .values(memberUserIds.map((userId) => ({ organizationId, userId, roleCode: 1 })));
    const [firm] = await tx
      .insert(firms)
      .values({ name: '大規模特許事務所', officeType: 'patentAttorney', regionCode: 1 })
      .returning({ id: firms.id });
    const firmId = firm!.id;

    // search_text is written here with the triggers' own function (ipportal.bulk_load makes them
    // leave it alone): one pass per matter instead of another for each applicant inserted.
    await tx.execute(sql`select set_config('ipportal.bulk_load', 'on', true)`);
    // Adding 100,000 rows to an index one row at a time costs several times more than building
    // it afresh (sorted, in bulk): the GIN search index above all, but also the dozen btree
    // indexes of the list's orders. Drop the projects' indexes for the load and create them
    // again from their own stored definitions, so this never drifts from the migrations. The
    // primary key stays (the children's foreign keys check against it). Start-up and bench
    // only: the table is locked meanwhile.
    const rebuilt = await rows<{ name: string; definition: string }>(
      tx,
      sql`select i.indexname as name, i.indexdef as definition
            from pg_indexes i
           where i.schemaname = current_schema() and i.tablename = 'projects'
             and not exists (select 1 from pg_constraint c
                              where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of rebuilt) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    // Row number i lives in refrence_code, so the children find their matter without a join table.
    await tx.execute(sql`
      insert into projects (owner_user_id, organization_id, type, status, refrence_code, region_code,
        title, name, family, application_code, application_date, publication_code, regist_code,
        created_at, updated_at, deleted_at, request_count, search_text)
      select owner_user_id, organization_id, type, status, refrence_code, region_code, title, name,
        family, application_code, application_date, publication_code, regist_code, created_at,
        updated_at, deleted_at, request_count,
        ipportal_search_text_of(refrence_code, title, name, family, application_code,
          publication_code, regist_code, ${applicantOf(sql.raw('i'))})
      from (select ${input.administratorUserId}::uuid as owner_user_id,
        ${organizationId}::uuid as organization_id,
        (array[0,0,0,2,2,1,3])[i % 7 + 1] as type, (i / 5) % 3 as status,
        'S-' || lpad(i::text, 6, '0') as refrence_code,
        (array[1,2,201,202,3])[i % 5 + 1] as region_code,
        case when i % 9 = 0 then 'リチウムイオン電池の電極 ' || i
             when i % 9 = 1 then '半導体装置及びその製造方法 ' || i
             else 'Matter title number ' || i end as title,
        case when i % 2 = 0 then '発明の名称 ' || i end as name,
        case when i % 25 = 3 then 'Family ' || ((i / 25) % 400) end as family,
        case when i % 3 <> 0 then '特願2024-' || lpad(i::text, 6, '0') end as application_code,
        case when i % 3 <> 0 then date '2024-01-01' + (i % 365) end as application_date,
        case when i % 6 = 1 then '特開2025-' || lpad(i::text, 6, '0') end as publication_code,
        case when i % 12 = 1 then '特許第' || (7000000 + i) || '号' end as regist_code,
        timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute' as created_at,
        timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute' as updated_at,
        case when i % 50 = 49 then timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute' end as deleted_at,
        case when i % ${requestEvery} = 0 then 1 else 0 end as request_count,
        i
      from generate_series(0, ${input.matters - 1}) as i) as g`);
    const rowNumber = sql.raw(`substr(p.refrence_code, 3)::int`);
    await tx.execute(sql`
      insert into project_parties (project_id, role, name, position)
      select p.id, 'applicant', ${applicantOf(rowNumber)}, 0
      from projects p where p.organization_id = ${organizationId} and ${rowNumber} % 3 = 0`);
    // The matters' request_count was written above for these (the triggers on requests leave it
    // alone under bulk_load instead of updating 25,000 matters one by one).
    await tx.execute(sql`
      insert into requests (project_id, number, name, type, content, office_region_code, office_type, firm_id)
      select p.id, 1, '拒絶理由通知への対応', 'other', '対応をお願いします。', 1, 'patentAttorney', ${firmId}
      from projects p where p.organization_id = ${organizationId} and ${rowNumber} % ${requestEvery} = 0`);
    await tx.execute(sql`select set_config('ipportal.bulk_load', 'off', true)`);
    await tx.execute(sql`select set_config('maintenance_work_mem', '256MB', true)`);
    for (const index of rebuilt) await tx.execute(sql.raw(index.definition));
    let assignments = 0;
    if (memberUserIds.length > 0) {
      await tx.execute(sql`
        insert into project_assignees (project_id, user_id)
        select p.id, (${sql.raw(`array[${memberUserIds.map((id) => `'${id}'::uuid`).join(',')}]`)})[(${rowNumber} / 2) % ${memberUserIds.length} + 1]
        from projects p where p.organization_id = ${organizationId} and ${rowNumber} % 2 = 0`);
      assignments = Math.ceil(input.matters / 2);
    }
    return {
      organizationId,
      firmId,
      memberUserIds,
      matters: input.matters,
      requests: Math.ceil(input.matters / requestEvery),
      assignments,
    };
  });
}

/** The login of the large demo organization's administrator (password: the demo password). */
export const scaleDemoEmail = 'large@example.com';

export interface ScaleDemoHooks {
  /** Creates (or finds) the identity-service user and answers its `sub`. */
  ensureIdentityUser: (user: DemoIdentityUser) => Promise<string>;
}

/**
 * SEED_SCALE at start (`pnpm start` with SEED_SCALE=100000): large@example.com administers an
 * organization of that many matters, so anyone can see the list at scale. Idempotent: once the
 * user belongs to an organization, a later start changes nothing (whatever SEED_SCALE says).
 */
export async function seedScaleDemo(
  db: Database,
  matters: number,
  hooks: ScaleDemoHooks,
): Promise<{ created: boolean; email: string; password: string; seconds: number }> {
  const started = performance.now();
  const sub = await hooks.ensureIdentityUser({
    userType: 'REGULAR',
    email: scaleDemoEmail,
    password: demoPassword,
    attributes: {
      name: '大規模 管理者',
      address: '東京都港区1-1-1',
      phone_number: '+81312340000',
      'custom:region_code': '1',
    },
    locale: 'ja',
  });
  const login = { email: scaleDemoEmail, password: demoPassword };
  const [existing] = await db
    .select({
      id: users.id,
      identitySub: users.identitySub,
      organizationId: organizationMembers.organizationId,
    })
    .from(users)
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .where(and(eq(users.userType, 'REGULAR'), eq(users.email, scaleDemoEmail)))
    .limit(1);
  if (existing?.organizationId) {
    if (existing.identitySub !== sub)
      await db
        .update(users)
        .set({ identitySub: sub, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
    return { created: false, ...login, seconds: (performance.now() - started) / 1000 };
  }
  const userId =
    existing?.id ??
    (
      await db
        .insert(users)
        .values({ userType: 'REGULAR', identitySub: sub, email: scaleDemoEmail, name: '大規模 管理者' })
        .returning({ id: users.id })
    )[0]!.id;
  await seedLargeOrganization(db, { administratorUserId: userId, matters, members: 20 });
  // Statistics for the planner: without them the first pages plan as if the tables were empty.
  await db.execute(sql`analyze projects`);
  await db.execute(sql`analyze project_assignees`);
  await db.execute(sql`analyze project_parties`);
  await db.execute(sql`analyze requests`);
  return { created: true, ...login, seconds: (performance.now() - started) / 1000 };
}
