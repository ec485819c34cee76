import {
  refuse,
  type Applicant,
  type FieldProblem,
  type PatchProjectBody,
  type Refused,
  type UpdateProjectBody,
} from '@ipportal/domain';
import { groupColumns, listFieldColumns, objectGroups, type Column, type ProjectRow } from './columns.js';
import type { Editor } from './write-access.js';

/*
 * The rules of a matter's PATCH that the body schema cannot check alone, because they look at
 * several fields or at the stored matter. Pure: the caller passes what is stored.
 */

/** The columns a PATCH writes. */
export interface DetailUpdatePlan {
  /** Column -> new value, for every field the body gives. */
  set: Partial<Record<Column, unknown>>;
  /** Column -> the body path that gives it (the key of the history entry). */
  paths: Partial<Record<Column, string>>;
}

/** What the rules read of the stored matter. */
export type StoredValues = Pick<
  ProjectRow,
  'trademarkImageFileId' | 'maintenanceYearFrom' | 'maintenanceYearTo'
>;

/** Two values are the same when they serialize the same (null and absent alike). */
export const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Sums of percentages may exceed 100 by float noise only. */
const percentTolerance = 1e-9;

/**
 * The columns a PATCH writes, or why it is refused:
 * - an office (PATENT) never changes the settings or the family (officeCannotChange);
 * - a field given twice (`applicationCode` and `application.applicationCode`) must have one
 *   value (conflictingValue, on the second path);
 * - the trademark image is set by uploading it; a PATCH may only keep or clear it
 *   (useTrademarkImageUpload);
 * - the maintenance years run forwards, the stored year counting where the body gives none
 *   (yearRange, on `maintenance.yearTo`);
 * - the applicants' shares and the inventors' contributions each total at most 100%
 *   (shareTotal, contributionTotal, on `applicants`).
 * Every field problem is reported at once. Nice classes are stored once each, in order.
 */
export function planDetailUpdate(
  before: StoredValues,
  body: PatchProjectBody,
  editor: Editor,
): DetailUpdatePlan | Refused {
  if (editor === 'office' && (body.settings !== undefined || body.family !== undefined)) {
    return refuse('officeCannotChange');
  }
  const { plan, problems } = columnsOf(body);
  const { set } = plan;
  if (
    set.trademarkImageFileId !== undefined &&
    set.trademarkImageFileId !== null &&
    set.trademarkImageFileId !== before.trademarkImageFileId
  ) {
    problems.push({ path: 'trademark.imageFileId', refusal: 'useTrademarkImageUpload' });
  }
  if (Array.isArray(set.niceClasses)) {
    set.niceClasses = [...new Set(set.niceClasses as number[])].sort((a, b) => a - b);
  }
  const yearFrom = 'maintenanceYearFrom' in set ? set.maintenanceYearFrom : before.maintenanceYearFrom;
  const yearTo = 'maintenanceYearTo' in set ? set.maintenanceYearTo : before.maintenanceYearTo;
  if (typeof yearFrom === 'number' && typeof yearTo === 'number' && yearFrom > yearTo) {
    problems.push({ path: 'maintenance.yearTo', refusal: 'yearRange' });
  }
  if (body.applicants) problems.push(...totalProblems(body.applicants));
  const [first] = problems;
  return first ? refuse(first.refusal, { problems }) : plan;
}

/** Every column the body gives, with a problem for each field given twice with two values. */
function columnsOf(body: PatchProjectBody): { plan: DetailUpdatePlan; problems: FieldProblem[] } {
  const plan: DetailUpdatePlan = { set: {}, paths: {} };
  const problems: FieldProblem[] = [];
  const put = (column: Column, value: unknown, path: string) => {
    if (value === undefined) return;
    if (column in plan.set && !sameValue(plan.set[column], value)) {
      problems.push({ path, refusal: 'conflictingValue' });
    }
    plan.set[column] = value;
    plan.paths[column] ??= path;
  };
  for (const [field, column] of Object.entries(listFieldColumns)) {
    put(column, body[field as keyof UpdateProjectBody], field);
  }
  for (const name of objectGroups) {
    const values = body[name] as Record<string, unknown> | undefined;
    if (!values) continue;
    const columns = groupColumns[name] as Record<string, Column>;
    for (const [field, value] of Object.entries(values)) {
      const column = columns[field];
      if (column) put(column, value, `${name}.${field}`);
    }
  }
  return { plan, problems };
}

function totalProblems(applicants: Applicant[]): FieldProblem[] {
  const total = (role: Applicant['role'], key: 'shareRatio' | 'contribution') =>
    applicants.filter((a) => a.role === role).reduce((sum, a) => sum + (a[key] ?? 0), 0);
  const problems: FieldProblem[] = [];
  if (total('applicant', 'shareRatio') > 100 + percentTolerance) {
    problems.push({ path: 'applicants', refusal: 'shareTotal' });
  }
  if (total('inventor', 'contribution') > 100 + percentTolerance) {
    problems.push({ path: 'applicants', refusal: 'contributionTotal' });
  }
  return problems;
}
