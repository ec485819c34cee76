import {
  annuityForecast,
  annuityLapse,
  annuitySchedule,
  annuityTotalsByCalendarYear,
  paidThroughYear,
  type AnnuityDecision,
  type AnnuityEntry,
  type PensionEntry,
  type PensionLapse,
  type PensionMatter,
  type PensionMatterRead,
  type PensionOverview,
  type PensionPayment,
  type RightLapse,
} from '@ipportal/domain';
import { and, asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deadlineStates, pensionPayments } from '../../db/schema/index.js';
import { annuityMatterOf, type PensionMatterRow } from './matters.js';

interface Recorded {
  payments: PensionPayment[];
  decisions: (AnnuityDecision & { reason: string | null })[];
}

/**
 * The payments recorded for the given matters, and the decisions taken on their deadlines: a
 * year's decision is its deadline's state, the one /terms shows and decides too (let lapse, with
 * its reason; done counts as decided to pay; open is undecided).
 */
async function recordedFor(db: Executor, projectIds: readonly string[]): Promise<Map<string, Recorded>> {
  const byProject = new Map<string, Recorded>(projectIds.map((id) => [id, { payments: [], decisions: [] }]));
  if (projectIds.length === 0) return byProject;
  const payments = await db
    .select()
    .from(pensionPayments)
    .where(inArray(pensionPayments.projectId, [...projectIds]))
    .orderBy(asc(pensionPayments.yearFrom), asc(pensionPayments.createdAt));
  for (const p of payments) {
    byProject.get(p.projectId)?.payments.push({
      id: p.id,
      paidOn: p.paidOn,
      yearFrom: p.yearFrom,
      yearTo: p.yearTo,
      amount: Number(p.amount),
      currency: p.currency as PensionPayment['currency'],
      receiptNumber: p.receiptNumber,
      recordedAt: p.createdAt.toISOString(),
    });
  }
  const decisions = await db
    .select({
      projectId: deadlineStates.projectId,
      key: deadlineStates.key,
      state: deadlineStates.state,
      reason: deadlineStates.lapseReason,
    })
    .from(deadlineStates)
    .where(
      and(
        inArray(deadlineStates.projectId, [...projectIds]),
        inArray(deadlineStates.state, ['lapsed', 'done']),
      ),
    );
  for (const d of decisions) {
    byProject.get(d.projectId)?.decisions.push({
      key: d.key,
      decision: d.state === 'lapsed' ? 'lapse' : 'pay',
      reason: d.state === 'lapsed' ? d.reason : null,
    });
  }
  return byProject;
}

function entryOf(entry: AnnuityEntry, reasons: Recorded['decisions']): PensionEntry {
  const d = entry.deadline;
  const year = d.year ?? 1;
  return {
    key: d.key,
    ruleId: d.ruleId,
    nameKey: d.nameKey,
    year,
    throughYear: d.throughYear ?? null,
    dueDate: d.date,
    plainDate: d.plainDate,
    shift: d.shift
      ? { reason: d.shift.reason, ...(d.shift.holiday && { holiday: { ...d.shift.holiday } }) }
      : null,
    opensOn: d.opensOn ?? null,
    lateUntil: d.lateUntil ?? null,
    state: entry.state,
    fee: entry.fee
      ? {
          amount: entry.fee.amount,
          lateAmount: entry.fee.lateAmount,
          currency: entry.fee.currency,
          reduction: entry.fee.reduction ?? null,
          sources: entry.fee.sources,
        }
      : null,
    feeMissing: entry.feeMissing ?? null,
    split: entry.split ?? null,
    decision: entry.decision ?? null,
    decisionReason: reasons.find((r) => r.key === d.key)?.reason ?? null,
    // Unconfirmed when either the rule or the fee table was read from secondary texts only.
    confirmed: d.confirmed && (entry.fee?.confirmed ?? true),
    caveatKey: d.caveatKey ?? null,
    source: { ...d.source },
  };
}

function lapseOf(lapse: RightLapse | undefined): PensionLapse | null {
  if (!lapse) return null;
  const r = lapse.restoration;
  return {
    key: lapse.key,
    year: lapse.year,
    fact: lapse.fact,
    lateUntil: lapse.lateUntil,
    source: { ...lapse.source },
    restoration: {
      key: r.key,
      ruleId: r.ruleId,
      nameKey: r.nameKey,
      opensOn: r.opensOn!,
      dueDate: r.date,
      passed: r.closedBy !== undefined,
      confirmed: r.confirmed,
      caveatKey: r.caveatKey ?? null,
      source: { ...r.source },
    },
  };
}

export interface MatterSchedule {
  matter: PensionMatter;
  entries: AnnuityEntry[];
}

function scheduleOf(row: PensionMatterRow, recorded: Recorded, today: string): MatterSchedule {
  const input = annuityMatterOf(row);
  const entries = annuitySchedule(input, recorded.payments, recorded.decisions, today);
  return {
    entries,
    matter: {
      projectId: row.id,
      refrenceCode: row.refrenceCode,
      title: row.title,
      type: row.type,
      regionCode: row.regionCode,
      registDate: input.registrationDate ?? null,
      claims: input.claims ?? null,
      classes: input.classes ?? null,
      feeReduction: row.feeReduction ?? null,
      paidThroughYear: paidThroughYear(input, recorded.payments),
      entries: entries.map((e) => entryOf(e, recorded.decisions)),
      payments: recorded.payments,
      lapse: lapseOf(annuityLapse(input, recorded.payments, today)),
      forecast: annuityForecast(entries, today),
    },
  };
}

/** The schedules of the given matter rows; matters without any scheduled payment are left out. */
export async function schedulesOf(db: Executor, rows: readonly PensionMatterRow[], today: string) {
  const recorded = await recordedFor(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((row) => scheduleOf(row, recorded.get(row.id) ?? { payments: [], decisions: [] }, today))
    .filter((s) => s.entries.length > 0);
}

/**
 * One matter's schedule as a read shows it: with no scheduled payment, no entries and why (a
 * matter not registered yet is the common case; the overview leaves such matters out).
 */
export async function scheduleRead(
  db: Executor,
  row: PensionMatterRow,
  today: string,
): Promise<PensionMatterRead> {
  const recorded = (await recordedFor(db, [row.id])).get(row.id) ?? { payments: [], decisions: [] };
  const { matter, entries } = scheduleOf(row, recorded, today);
  const scheduleMissing =
    entries.length > 0 ? null : matter.registDate ? ('noAnnuities' as const) : ('notRegistered' as const);
  return { ...matter, scheduleMissing };
}

export function overviewOf(schedules: readonly MatterSchedule[], today: string): PensionOverview {
  const all = schedules.flatMap((s) => s.entries);
  return {
    today,
    matters: schedules.map((s) => s.matter),
    byCalendarYear: annuityTotalsByCalendarYear(all),
    forecast: annuityForecast(all, today),
  };
}
