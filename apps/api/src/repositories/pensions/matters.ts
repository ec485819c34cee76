import { RegionCode, type AnnuityMatter } from '@ipportal/domain';
import { and, inArray, isNull, or, sql, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/types.js';
import type { Executor } from '../../db/client.js';
import { projectPriorityClaims, projects } from '../../db/schema/index.js';
import { projectScope } from '../projects/scope.js';
import { deadlineInputColumns, deadlineInputOfRow } from '../deadlines/deadline-input.js';

/*
 * The matters that can have an annuity schedule, as the caller may see them (the matters' own
 * scope query), and what the rules read from each.
 */

const earliestPriority = sql<
  string | null
>`(select min(pc.base_application_date)::text from ${projectPriorityClaims} as pc where pc.project_id = ${projects}.id)`;

const pensionColumns = {
  id: projects.id,
  refrenceCode: projects.refrenceCode,
  title: projects.title,
  ...deadlineInputColumns,
  examRequestDate: projects.examRequestDate,
  claimsCount: projects.claimsCount,
  niceClasses: projects.niceClasses,
  feeReduction: projects.feeReduction,
  deletedAt: projects.deletedAt,
  earliestPriorityDate: earliestPriority,
};

export type PensionMatterRow = Awaited<ReturnType<typeof selectPensionMatters>>[number];

/** Registered (or granted) rights, and pending European applications, which pay renewal fees from year 3. */
const mayHaveSchedule: SQL = or(
  isNotNull(projects.registDate),
  isNotNull(projects.issueDate),
  and(eq(projects.regionCode, RegionCode.Europe), isNotNull(projects.applicationDate)),
) as SQL;

export function selectPensionMatters(db: Executor, principal: Principal, ids?: readonly string[]) {
  return db
    .select(pensionColumns)
    .from(projects)
    .where(
      and(
        projectScope(principal),
        isNull(projects.deletedAt),
        mayHaveSchedule,
        ids ? inArray(projects.id, [...ids]) : undefined,
      ),
    )
    .orderBy(projects.refrenceCode, projects.id);
}

/** One visible matter, deleted or not (a deleted one is read-only). */
export async function selectPensionMatter(db: Executor, principal: Principal, id: string, lock = false) {
  const query = db
    .select(pensionColumns)
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** What the annuity rules and fee tables read from a matter row. */
export function annuityMatterOf(row: PensionMatterRow): AnnuityMatter {
  // The same dates the deadline rules read (/terms and /pension agree); the paid years come from
  // the recorded payments, which the schedule takes separately.
  const { paidThroughYear: _paid, ...dates } = deadlineInputOfRow(row, row.earliestPriorityDate);
  return {
    ...dates,
    examRequestDate: row.examRequestDate,
    claims: row.claimsCount,
    classes: row.niceClasses?.length ? row.niceClasses.length : null,
    feeReduction: row.feeReduction,
  };
}
