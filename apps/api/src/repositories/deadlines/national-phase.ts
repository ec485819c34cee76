import { RegionCode, type DeadlineInput } from '@ipportal/domain';
import { and, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';

/*
 * A PCT application's national and regional phases are matters of their own: each names the
 * PCT application in its international group (`intl_application_number`) and keeps the date it
 * was filed at that office. They are the facts that close the PCT matter's entry deadlines, so a
 * PCT matter's deadlines are refreshed with those matters' (refresh.ts).
 */

/** A PCT number as offices and users write it, without spaces and in capitals (PCT/JP2025/001234). */
const folded = (column: SQL | typeof projects.intlApplicationNumber) =>
  sql<string>`upper(regexp_replace(${column}, '\\s', '', 'g'))`;
const fold = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** Whose matters can be phases of one another: the same organization, else the same owner. */
type Owner = { organizationId: string | null; ownerUserId: string };
const ownerKey = (matter: Owner) => matter.organizationId ?? `user:${matter.ownerUserId}`;
const sameOwner = (matters: readonly Owner[]): SQL =>
  or(
    inArray(projects.organizationId, [
      ...new Set(matters.flatMap((m) => (m.organizationId ? [m.organizationId] : []))),
      '00000000-0000-0000-0000-000000000000',
    ]),
    and(
      isNull(projects.organizationId),
      inArray(projects.ownerUserId, [...new Set(matters.map((m) => m.ownerUserId))]),
    ),
  ) as SQL;

interface PctMatter extends Owner {
  id: string;
  regionCode: number;
  intlApplicationNumber: string | null;
}

/** The national and regional phases recorded for each PCT matter among `matters`, by its id. */
export async function nationalPhaseEntriesOf(
  db: Executor,
  matters: readonly PctMatter[],
): Promise<Map<string, NonNullable<DeadlineInput['nationalPhaseEntries']>>> {
  const pct = matters.filter((m) => m.regionCode === RegionCode.Pct && m.intlApplicationNumber);
  const entries = new Map<string, NonNullable<DeadlineInput['nationalPhaseEntries']>>();
  if (pct.length === 0) return entries;
  const phases = await db
    .select({
      organizationId: projects.organizationId,
      ownerUserId: projects.ownerUserId,
      regionCode: projects.regionCode,
      applicationDate: projects.applicationDate,
      number: folded(projects.intlApplicationNumber),
    })
    .from(projects)
    .where(
      and(
        isNull(projects.deletedAt),
        ne(projects.regionCode, RegionCode.Pct),
        isNotNull(projects.applicationDate),
        sql`${folded(projects.intlApplicationNumber)} in ${[...new Set(pct.map((m) => fold(m.intlApplicationNumber!)))]}`,
        sameOwner(pct),
      ),
    );
  for (const matter of pct) {
    const number = fold(matter.intlApplicationNumber!);
    entries.set(
      matter.id,
      phases
        .filter((phase) => phase.number === number && ownerKey(phase) === ownerKey(matter))
        .map((phase) => ({ regionCode: phase.regionCode, date: phase.applicationDate! })),
    );
  }
  return entries;
}

/**
 * Matters looked up per statement: a start-up refresh names every matter, and a statement may
 * carry at most 65,535 parameters (the wire protocol counts them in 16 bits).
 */
const lookupBatch = 5_000;

/**
 * `projectIds` and the PCT matters any of them entered from: a national phase's new filing date
 * (or a new international number) changes what closes the PCT matter's deadlines.
 */
export async function withPctApplications(db: Executor, projectIds: readonly string[]): Promise<string[]> {
  const all = new Set(projectIds);
  for (let start = 0; start < projectIds.length; start += lookupBatch) {
    for (const id of await pctApplicationsOf(db, projectIds.slice(start, start + lookupBatch))) all.add(id);
  }
  return [...all];
}

/** The PCT matters the national and regional phases among `projectIds` entered from. */
async function pctApplicationsOf(db: Executor, projectIds: readonly string[]): Promise<string[]> {
  const phases = await db
    .select({
      organizationId: projects.organizationId,
      ownerUserId: projects.ownerUserId,
      number: folded(projects.intlApplicationNumber),
    })
    .from(projects)
    .where(
      and(
        inArray(projects.id, [...projectIds]),
        ne(projects.regionCode, RegionCode.Pct),
        isNotNull(projects.intlApplicationNumber),
      ),
    );
  if (phases.length === 0) return [];
  const applications = await db
    .select({ id: projects.id, organizationId: projects.organizationId, ownerUserId: projects.ownerUserId })
    .from(projects)
    .where(
      and(
        isNull(projects.deletedAt),
        sql`${projects.regionCode} = ${RegionCode.Pct}`,
        sql`${folded(projects.intlApplicationNumber)} in ${[...new Set(phases.map((p) => p.number))]}`,
        sameOwner(phases),
      ),
    );
  const owners = new Set(phases.map(ownerKey));
  return applications.filter((a) => owners.has(ownerKey(a))).map((a) => a.id);
}
