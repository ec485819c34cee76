import { RegionCode, type DeadlineItem } from '@ipportal/domain';
import { and, inArray, isNull, max } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.js';
import { pensionPayments, projects } from '../../src/db/schema/index.js';

/*
 * What a docketing manager checks by hand against a matter's file, written apart from the rule
 * table: an overdue deadline the matter's own recorded facts show was met (or made moot) is a
 * false alarm. The rules' own `closedBy` is not consulted here.
 */

interface Facts {
  type: number;
  regionCode: number;
  registration: string | null;
  grantDecision: string | null;
  examRequest: string | null;
  paidThrough: number;
  /** For a PCT matter: the offices its national and regional phases were filed at. */
  phases: number[];
}

const fold = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** The facts of every live matter among `projectIds`, by id. */
export async function factsOf(db: Executor, projectIds: readonly string[]): Promise<Map<string, Facts>> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(inArray(projects.id, [...projectIds]), isNull(projects.deletedAt)));
  const paid = await db
    .select({ projectId: pensionPayments.projectId, through: max(pensionPayments.yearTo) })
    .from(pensionPayments)
    .where(inArray(pensionPayments.projectId, [...projectIds]))
    .groupBy(pensionPayments.projectId);
  const paidThrough = new Map(paid.map((row) => [row.projectId, row.through ?? 0]));
  const phases = rows.filter((row) => row.regionCode !== RegionCode.Pct && row.intlApplicationNumber);
  const facts = new Map<string, Facts>();
  for (const row of rows) {
    const number = row.regionCode === RegionCode.Pct && row.intlApplicationNumber;
    facts.set(row.id, {
      type: row.type,
      regionCode: row.regionCode,
      registration:
        row.regionCode === RegionCode.UnitedStates ? (row.issueDate ?? row.registDate) : row.registDate,
      grantDecision: row.grantDecisionDate,
      examRequest: row.examRequestDate,
      paidThrough: paidThrough.get(row.id) ?? 0,
      phases: number
        ? phases
            .filter(
              (phase) =>
                phase.applicationDate &&
                phase.organizationId === row.organizationId &&
                fold(phase.intlApplicationNumber!) === fold(number),
            )
            .map((phase) => phase.regionCode)
        : [],
    });
  }
  return facts;
}

/**
 * Why the matter's facts contradict `item` being open and overdue, or undefined when they leave it
 * open. `today` is the calendar date the list is read on.
 */
export function contradiction(
  item: DeadlineItem,
  facts: Facts | undefined,
  today: string,
): string | undefined {
  if (!facts || item.state !== 'open' || item.date >= today || item.origin !== 'rule') return undefined;
  const rule = item.ruleId ?? '';
  if (
    rule === 'jp.patent.examinationRequest' &&
    (facts.examRequest || facts.grantDecision || facts.registration)
  )
    return 'examination was requested (recorded, or the patent was granted)';
  if (rule === 'jp.patent.firstAnnuities' && facts.registration) return 'registered, so years 1-3 were paid';
  if (item.kind === 'procedure' && facts.registration && item.date < facts.registration)
    return 'a procedural deadline before the registration';
  if (item.year !== null && item.kind === 'payment' && item.year <= facts.paidThrough)
    return `year ${item.year} is recorded as paid`;
  if (rule === 'ep.patent.renewalFee' && facts.registration && item.date < facts.registration)
    return 'an EP renewal that fell due before the grant (the application would have been withdrawn)';
  if (rule === 'pct.nationalPhaseEntry' && facts.phases.some((code) => code !== RegionCode.Europe))
    return 'a national phase was recorded';
  if (rule === 'pct.nationalPhaseEntryEp' && facts.phases.includes(RegionCode.Europe))
    return 'the European phase was recorded';
  if ((rule === 'pct.article19Amendment' || rule === 'pct.chapterIIDemand') && facts.phases.length > 0)
    return 'the international phase ended with a national phase';
  return undefined;
}
