import type { DeadlineInput } from './deadline-input.js';
import { lapseFacts } from './lapse-facts.js';
import type { RuleResult } from './deadline-types.js';

/**
 * The recorded facts of a matter that can close one of its deadlines: the action the deadline is
 * for (examination requested), or a later state of the matter that could not exist had the
 * deadline been missed (a decision to grant, a registration, a national or regional phase).
 */
export const closingFacts = [
  'examinationRequest',
  'grantDecision',
  'registration',
  'nationalEntry',
  ...lapseFacts,
] as const;
export type ClosingFact = (typeof closingFacts)[number];

/**
 * How a fact closes a deadline: `done` the action itself was recorded on that date; `implied` a
 * later state proves it was done (a JP patent is only registered after examination was
 * requested and years 1-3 were paid); `notApplicable` a later state made it moot (an optional
 * step of the international phase once the national phase has begun); `lapsed` the payment was not
 * made by the end of its late period, so the right lapsed (or the application was deemed
 * withdrawn) with it, or a restoration period passed unused (deadlines/lapse.ts).
 */
export const closureKinds = ['done', 'implied', 'notApplicable', 'lapsed'] as const;
export type ClosureKind = (typeof closureKinds)[number];

/**
 * A deadline closed by the matter's own facts, with the fact and its date (distinct from a
 * person's 完了). The date is null where the record does not say when: a national phase's filing
 * date is the international filing date (PCT Art. 11(3)), not the day it was entered.
 */
export interface DeadlineClosure {
  how: ClosureKind;
  fact: ClosingFact;
  date: string | null;
}

/** What a rule declares: which recorded facts close the deadline it computed, and how. */
export type ClosedBy = (input: DeadlineInput, result: RuleResult) => DeadlineClosure | undefined;

/**
 * For rules no recorded fact of the matter closes: term ends (the end of a right is a date, not
 * an act), and yearly payments, which close by their recorded payment (`paid`).
 */
export const noClosingFact: ClosedBy = () => undefined;

/** The first fact in `candidates` the matter has recorded, as a closure of the given kind. */
export function firstRecorded(
  candidates: readonly { how: ClosureKind; fact: ClosingFact; date: string | null | undefined }[],
): DeadlineClosure | undefined {
  const found = candidates.find((candidate) => candidate.date);
  return found ? { how: found.how, fact: found.fact, date: found.date! } : undefined;
}

/**
 * The earliest national or regional phase begun from a PCT application, among those the
 * predicate accepts (the EPO's 31 months are closed only by entry into the European phase).
 */
export function earliestEntry(
  input: DeadlineInput,
  accept: (regionCode: number) => boolean,
): { date: string | null } | undefined {
  const entries = (input.nationalPhaseEntries ?? []).filter((entry) => accept(entry.regionCode));
  if (entries.length === 0) return undefined;
  // A filing date after the international one is the day the phase began; one equal to it (as
  // national offices record a national phase) says only that it began.
  const filed = input.applicationDate ?? '';
  const dated = entries.map((entry) => entry.date).filter((date) => date > filed);
  return { date: dated.length === entries.length ? dated.sort()[0]! : null };
}
