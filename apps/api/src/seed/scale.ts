import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { firms, organizationMembers, organizations, users } from '../db/schema/index.js';

/**
 * A large company's portfolio for benchmarks and for seeing the list at scale (issue 20):
 * one organization with `matters` matters, `members` members (the administrator included),
 * every other matter assigned to one member, an applicant on every third matter and a request
 * on every fourth. Rows are generated inside the database (INSERT ... SELECT generate_series),
 * so 100,000 matters take seconds on PGlite too instead of 100,000 round trips.
 *
 * Data is deterministic (a function of the row number) so runs are comparable:
 * - type cycles patent, patent, patent, trademark, trademark, utility model, design;
 * - status is i mod 3; every 50th matter is deleted; every 25th has a family (400 families);
 * - every 9th title contains 電池, every 3rd matter has an applicant (some with 電池 in the name);
 * - updated_at is one minute apart, newest last.
 */
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

    // Row number i lives in refrence_code, so the children find their matter without a join table.
    await tx.execute(sql`
      insert into projects (owner_user_id, organization_id, type, status, refrence_code, region_code,
        title, name, family, application_code, application_date, publication_code, regist_code,
        created_at, updated_at, deleted_at)
      select ${input.administratorUserId}, ${organizationId},
        (array[0,0,0,2,2,1,3])[i % 7 + 1], i % 3,
        'S-' || lpad(i::text, 6, '0'),
        (array[1,2,201,202,3])[i % 5 + 1],
        case when i % 9 = 0 then 'リチウムイオン電池の電極 ' || i
             when i % 9 = 1 then '半導体装置及びその製造方法 ' || i
             else 'Matter title number ' || i end,
        case when i % 2 = 0 then '発明の名称 ' || i end,
        case when i % 25 = 0 then 'Family ' || (i % 400) end,
        case when i % 3 <> 0 then '特願2024-' || lpad(i::text, 6, '0') end,
        case when i % 3 <> 0 then date '2024-01-01' + (i % 365) end,
        case when i % 6 = 1 then '特開2025-' || lpad(i::text, 6, '0') end,
        case when i % 12 = 1 then '特許第' || (7000000 + i) || '号' end,
        timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute',
        timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute',
        case when i % 50 = 0 then timestamptz '2020-01-01T00:00:00Z' + i * interval '1 minute' end
      from generate_series(0, ${input.matters - 1}) as i`);
    const rowNumber = sql.raw(`substr(p.refrence_code, 3)::int`);
    await tx.execute(sql`
      insert into project_parties (project_id, role, name, position)
      select p.id, 'applicant',
        (array['東亜電池工業株式会社', 'Acme Holdings Inc.', '株式会社サンプル電機', 'ＡＢＣ化学株式会社'])[${rowNumber} % 4 + 1], 0
      from projects p where p.organization_id = ${organizationId} and ${rowNumber} % 3 = 0`);
    let assignments = 0;
    if (memberUserIds.length > 0) {
      await tx.execute(sql`
        insert into project_assignees (project_id, user_id)
        select p.id, (${sql.raw(`array[${memberUserIds.map((id) => `'${id}'::uuid`).join(',')}]`)})[(${rowNumber} / 2) % ${memberUserIds.length} + 1]
        from projects p where p.organization_id = ${organizationId} and ${rowNumber} % 2 = 0`);
      assignments = Math.ceil(input.matters / 2);
    }
    await tx.execute(sql`
      insert into requests (project_id, number, name, type, content, office_region_code, office_type, firm_id)
      select p.id, 1, '拒絶理由通知への対応', 'other', '対応をお願いします。', 1, 'patentAttorney', ${firmId}
      from projects p where p.organization_id = ${organizationId} and ${rowNumber} % 4 = 0`);
    return {
      organizationId,
      firmId,
      memberUserIds,
      matters: input.matters,
      requests: Math.ceil(input.matters / 4),
      assignments,
    };
  });
}
