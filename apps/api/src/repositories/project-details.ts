import {
  CaseType,
  type Applicant,
  type Locale,
  type PriorityClaim,
  type Project,
  type ProjectDetail,
  type UpdateProjectBody,
  type UpdateProjectDetailBody,
  refuse,
  type Refusal,
  type Refused,
} from '@ipportal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import {
  files,
  projectAssignees,
  projectParties,
  projectPriorityClaims,
  projects,
} from '../db/schema/index.js';
import type { ServerMessage } from '../http/messages.js';
import { recordHistory } from './history.js';
import { assignCreator, getProject, listColumnsFor, projectScope, toProject } from './projects.js';
import type { ActorContext } from './users.js';

type ProjectRow = typeof projects.$inferSelect;
type Column = keyof ProjectRow;

/** List-level body fields (PATCH /projects/{id}) and the columns they write. */
const listFieldColumns = {
  type: 'type',
  refrenceCode: 'refrenceCode',
  regionCode: 'regionCode',
  title: 'title',
  status: 'status',
  name: 'name',
  applicationCode: 'applicationCode',
  applicationDate: 'applicationDate',
  publicationCode: 'publicationCode',
  registCode: 'registCode',
  registDate: 'registDate',
  family: 'family',
} as const satisfies Record<keyof UpdateProjectBody, Column>;

type ObjectGroup =
  'trademark' | 'application' | 'registration' | 'maintenance' | 'international' | 'settings';

/** Detail groups stored as columns of `projects`: contract field -> column. */
const groupColumns = {
  trademark: {
    imageFileId: 'trademarkImageFileId',
    searchText: 'trademarkSearchText',
    designatedGoodsAndServices: 'designatedGoodsServices',
    classes: 'niceClasses',
    designatedGoodsClass: 'designatedGoodsClass',
    designatedServices: 'designatedServices',
  },
  application: {
    applicationCode: 'applicationCode',
    applicationDate: 'applicationDate',
    publicationCode: 'publicationCode',
    publicationDate: 'publicationDate',
    priorityPeriod: 'priorityPeriod',
    examRequestPeriod: 'examRequestPeriod',
    accessCode: 'accessCode',
  },
  registration: {
    registCode: 'registCode',
    issueDate: 'issueDate',
    officialPublicationDate: 'officialPublicationDate',
    registDate: 'registDate',
    claimsCount: 'claimsCount',
    durationExpiry: 'durationExpiry',
    rightsStatus: 'rightsStatus',
  },
  maintenance: {
    registrationFeePaymentDate: 'registrationFeePaymentDate',
    yearFrom: 'maintenanceYearFrom',
    yearTo: 'maintenanceYearTo',
    nextPaymentDate: 'nextPaymentDate',
    dueDate: 'maintenanceDueDate',
    paymentYear: 'paymentYear',
    paymentDate: 'paymentDate',
  },
  international: {
    applicationNumber: 'intlApplicationNumber',
    applicationDate: 'intlApplicationDate',
    publicationNumber: 'intlPublicationNumber',
    publicationDate: 'intlPublicationDate',
    nationalTransitionDeadline: 'nationalTransitionDeadline',
    article19AmendmentDeadline: 'article19AmendmentDeadline',
    preliminaryExamDeadline: 'preliminaryExamDeadline',
    searchReportTransmittalDate: 'searchReportTransmittalDate',
  },
  settings: { allowRequestedOfficeEdit: 'allowRequestedOfficeEdit' },
} as const satisfies { [G in ObjectGroup]: Record<keyof ProjectDetail[G], Column> };

const objectGroups = Object.keys(groupColumns) as ObjectGroup[];

type PartyRow = typeof projectParties.$inferSelect;
type ClaimRow = typeof projectPriorityClaims.$inferSelect;

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

function toApplicant(row: PartyRow): Applicant {
  return {
    role: row.role,
    identificationNumber: row.identificationNumber,
    name: row.name,
    address: row.address,
    shareRatio: toNumber(row.shareRatio),
    contribution: toNumber(row.contribution),
  };
}

function toPriorityClaim(row: ClaimRow): PriorityClaim {
  return {
    regionCode: row.regionCode,
    baseApplicationNumber: row.baseApplicationNumber,
    baseApplicationDate: row.baseApplicationDate,
    accessCode: row.accessCode,
  };
}

/** Percentages as the numeric(7,4) columns keep them. */
const fourDecimals = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

/** Same key order and precision whatever the source, so before/after compare as JSON. */
function normalizeApplicant(a: Applicant): Applicant {
  return {
    role: a.role,
    identificationNumber: a.identificationNumber,
    name: a.name,
    address: a.address,
    shareRatio: fourDecimals(a.shareRatio),
    contribution: fourDecimals(a.contribution),
  };
}

function normalizeClaim(c: PriorityClaim): PriorityClaim {
  return {
    regionCode: c.regionCode,
    baseApplicationNumber: c.baseApplicationNumber,
    baseApplicationDate: c.baseApplicationDate,
    accessCode: c.accessCode,
  };
}

function group<G extends ObjectGroup>(row: ProjectRow, name: G): ProjectDetail[G] {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(groupColumns[name])) out[field] = row[column as Column];
  return out as ProjectDetail[G];
}

export function toProjectDetail(
  row: ProjectRow,
  project: Project,
  parties: PartyRow[],
  claims: ClaimRow[],
): ProjectDetail {
  const trademark = group(row, 'trademark');
  return {
    ...project,
    trademark: { ...trademark, classes: trademark.classes ?? [] },
    application: group(row, 'application'),
    registration: group(row, 'registration'),
    maintenance: group(row, 'maintenance'),
    applicants: parties.map(toApplicant),
    international: group(row, 'international'),
    priorityClaims: claims.map(toPriorityClaim),
    settings: group(row, 'settings'),
  };
}

async function childRows(db: Executor, id: string): Promise<[PartyRow[], ClaimRow[]]> {
  return Promise.all([
    db
      .select()
      .from(projectParties)
      .where(eq(projectParties.projectId, id))
      .orderBy(asc(projectParties.position), asc(projectParties.id)),
    db
      .select()
      .from(projectPriorityClaims)
      .where(eq(projectPriorityClaims.projectId, id))
      .orderBy(asc(projectPriorityClaims.position), asc(projectPriorityClaims.id)),
  ]);
}

/** The detail of a matter the caller may see (deleted ones too for REGULAR users), else undefined. */
export async function getProjectDetail(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<ProjectDetail | undefined> {
  const [found] = await db
    .select({ row: projects, requestCount: listColumnsFor(principal).requestCount })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  if (!found) return undefined;
  const [parties, claims] = await childRows(db, id);
  const project = toProject({ ...found.row, requestCount: found.requestCount });
  return toProjectDetail(found.row, project, parties, claims);
}

/** Who is editing: the matter's own side (REGULAR) or a requested office (PATENT). */
export type Editor = 'client' | 'office';

export const editorOf = (principal: Principal): Editor =>
  principal.userType === 'PATENT' ? 'office' : 'client';

export type WriteRefusal =
  { kind: 'notFound' } | { kind: 'deleted' } | { kind: 'forbidden'; reason: ServerMessage };

/** The refusal of the shared table a write refusal answers. */
export function refusedOf(refusal: WriteRefusal): Refused {
  switch (refusal.kind) {
    case 'notFound':
      return refuse('projectNotFound');
    case 'deleted':
      return refuse('projectDeleted');
    case 'forbidden':
      return refuse(refusal.reason as Refusal);
  }
}

/**
 * Locks the matter row for a write and says whether the caller may write to it: not visible
 * -> notFound; deleted -> deleted (read-only); an office without the matter's permission ->
 * forbidden. Run inside the transaction that makes the change.
 */
export async function lockForWrite(
  tx: Executor,
  principal: Principal,
  id: string,
): Promise<{ row: ProjectRow } | WriteRefusal> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1)
    .for('update');
  if (!row) return { kind: 'notFound' };
  if (row.deletedAt) return { kind: 'deleted' };
  if (editorOf(principal) === 'office' && !row.allowRequestedOfficeEdit) {
    return { kind: 'forbidden', reason: 'officeEditNotAllowed' };
  }
  return { row };
}

/** The same checks without a lock or transaction, to refuse an upload before reading it. */
export async function checkWritable(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<{ row: ProjectRow } | WriteRefusal> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  if (!row) return { kind: 'notFound' };
  if (row.deletedAt) return { kind: 'deleted' };
  if (editorOf(principal) === 'office' && !row.allowRequestedOfficeEdit) {
    return { kind: 'forbidden', reason: 'officeEditNotAllowed' };
  }
  return { row };
}

export interface FieldProblem {
  path: string;
  reason: ServerMessage;
}

export type DetailUpdateOutcome =
  { kind: 'updated'; detail: ProjectDetail } | WriteRefusal | { kind: 'invalid'; problems: FieldProblem[] };

export type UpdateDetailBody = UpdateProjectBody & UpdateProjectDetailBody;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const percentTolerance = 1e-9;

/**
 * PATCH of a matter: list-level fields and/or detail groups (arrays replaced whole), in one
 * transaction with one history entry `{ "<group>.<field>" | field: [before, after] }`.
 * A field given twice (e.g. `applicationCode` and `application.applicationCode`) must agree.
 * Offices (PATENT) may edit only when the matter allows it, and never the settings or family.
 */
export async function updateProjectDetail(
  db: Executor,
  principal: Principal,
  id: string,
  body: UpdateDetailBody,
  actor: ActorContext,
): Promise<DetailUpdateOutcome> {
  const editor = editorOf(principal);
  return db.transaction(async (tx): Promise<DetailUpdateOutcome> => {
    const locked = await lockForWrite(tx, principal, id);
    if (!('row' in locked)) return locked;
    const before = locked.row;
    if (editor === 'office' && (body.settings !== undefined || body.family !== undefined)) {
      return { kind: 'forbidden', reason: 'officeCannotChange' };
    }

    const set: Partial<Record<Column, unknown>> = {};
    const pathOf: Partial<Record<Column, string>> = {};
    const problems: FieldProblem[] = [];
    const put = (column: Column, value: unknown, path: string) => {
      if (value === undefined) return;
      if (column in set && !sameValue(set[column], value))
        problems.push({ path, reason: 'conflictingValue' });
      set[column] = value;
      pathOf[column] ??= path;
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

    // The image is set by uploading it (PUT .../trademark-image); PATCH may only clear it.
    if (
      set.trademarkImageFileId !== undefined &&
      set.trademarkImageFileId !== null &&
      set.trademarkImageFileId !== before.trademarkImageFileId
    ) {
      problems.push({ path: 'trademark.imageFileId', reason: 'useTrademarkImageUpload' });
    }
    if (Array.isArray(set.niceClasses)) {
      set.niceClasses = [...new Set(set.niceClasses as number[])].sort((a, b) => a - b);
    }
    const merged = <C extends Column>(column: C): ProjectRow[C] =>
      (column in set ? set[column] : before[column]) as ProjectRow[C];
    const yearFrom = merged('maintenanceYearFrom');
    const yearTo = merged('maintenanceYearTo');
    if (yearFrom !== null && yearTo !== null && yearFrom > yearTo) {
      problems.push({ path: 'maintenance.yearTo', reason: 'yearRange' });
    }
    if (body.applicants) {
      const total = (role: Applicant['role'], key: 'shareRatio' | 'contribution') =>
        body.applicants!.filter((a) => a.role === role).reduce((sum, a) => sum + (a[key] ?? 0), 0);
      if (total('applicant', 'shareRatio') > 100 + percentTolerance) {
        problems.push({ path: 'applicants', reason: 'shareTotal' });
      }
      if (total('inventor', 'contribution') > 100 + percentTolerance) {
        problems.push({ path: 'applicants', reason: 'contributionTotal' });
      }
    }
    if (problems.length > 0) return { kind: 'invalid', problems };

    const changes: Record<string, [unknown, unknown]> = {};
    for (const [column, value] of Object.entries(set) as [Column, unknown][]) {
      if (!sameValue(before[column], value)) changes[pathOf[column]!] = [before[column] ?? null, value];
    }
    const [parties, claims] = await childRows(tx, id);
    if (body.applicants) {
      const previous = parties.map(toApplicant).map(normalizeApplicant);
      const next = body.applicants.map(normalizeApplicant);
      if (!sameValue(previous, next)) {
        changes.applicants = [previous, next];
        await replaceApplicants(tx, id, next, actor.userId);
      }
    }
    if (body.priorityClaims) {
      const previous = claims.map(toPriorityClaim).map(normalizeClaim);
      const next = body.priorityClaims.map(normalizeClaim);
      if (!sameValue(previous, next)) {
        changes.priorityClaims = [previous, next];
        await replacePriorityClaims(tx, id, next, actor.userId);
      }
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .update(projects)
        .set({ ...(set as Partial<ProjectRow>), updatedAt: new Date(), updatedBy: actor.userId })
        .where(eq(projects.id, id));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'project.update',
        entityType: 'project',
        entityId: id,
        projectId: id,
        changes,
        traceId: actor.traceId,
        ip: actor.ip,
      });
    }
    const detail = await getProjectDetail(tx, principal, id);
    if (!detail) throw new Error('updated project not readable');
    return { kind: 'updated', detail };
  });
}

async function replaceApplicants(
  tx: Executor,
  projectId: string,
  applicants: Applicant[],
  userId: string | null,
): Promise<void> {
  await tx.delete(projectParties).where(eq(projectParties.projectId, projectId));
  if (applicants.length === 0) return;
  await tx.insert(projectParties).values(
    applicants.map((a, position) => ({
      projectId,
      role: a.role,
      position,
      identificationNumber: a.identificationNumber,
      name: a.name,
      address: a.address,
      shareRatio: a.shareRatio === null ? null : String(a.shareRatio),
      contribution: a.contribution === null ? null : String(a.contribution),
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

async function replacePriorityClaims(
  tx: Executor,
  projectId: string,
  claims: PriorityClaim[],
  userId: string | null,
): Promise<void> {
  await tx.delete(projectPriorityClaims).where(eq(projectPriorityClaims.projectId, projectId));
  if (claims.length === 0) return;
  await tx.insert(projectPriorityClaims).values(
    claims.map((c, position) => ({
      projectId,
      position,
      regionCode: c.regionCode,
      baseApplicationNumber: c.baseApplicationNumber,
      baseApplicationDate: c.baseApplicationDate,
      accessCode: c.accessCode,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

const titleMax = 200;
const copyMarks: Record<Locale, string> = { ja: '（コピー）', en: ' (copy)' };

/** "<title>（コピー）" / "<title> (copy)", cut (by characters) to stay within the title limit. */
export function copyTitle(title: string, locale: Locale): string {
  const mark = copyMarks[locale];
  const chars = Array.from(title);
  while (chars.join('').length + mark.length > titleMax) chars.pop();
  return `${chars.join('').trimEnd()}${mark}`;
}

export type DuplicateOutcome = { kind: 'created'; project: Project } | WriteRefusal;

/**
 * A new matter with the source's data: every matter field, applicants and priority claims, the
 * trademark image (the same immutable file), the family and the setting. Not copied: requests,
 * the concierge state, the user space, the deletion. The title is marked as a copy in the
 * caller's saved language. The new matter's assignees are the source's plus a member caller.
 */
export async function duplicateProject(
  db: Executor,
  principal: Principal,
  id: string,
  actor: ActorContext,
): Promise<DuplicateOutcome> {
  return db.transaction(async (tx): Promise<DuplicateOutcome> => {
    const [source] = await tx
      .select()
      .from(projects)
      .where(and(projectScope(principal), eq(projects.id, id)))
      .limit(1)
      .for('share');
    if (!source) return { kind: 'notFound' };
    if (source.deletedAt) return { kind: 'deleted' };
    const {
      id: _id,
      ownerUserId: _owner,
      organizationId: _organization,
      concierge: _concierge,
      sourceProjectId: _source,
      createdAt: _createdAt,
      createdBy: _createdBy,
      updatedAt: _updatedAt,
      updatedBy: _updatedBy,
      deletedAt: _deletedAt,
      deletedBy: _deletedBy,
      ...data
    } = source;
    const now = new Date();
    const [created] = await tx
      .insert(projects)
      .values({
        ...data,
        title: copyTitle(source.title, principal.locale),
        ownerUserId: principal.userId,
        organizationId: principal.organizationId,
        sourceProjectId: source.id,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: projects.id });
    if (!created) throw new Error('insert returned no row');
    const [parties, claims] = await childRows(tx, id);
    await replaceApplicants(tx, created.id, parties.map(toApplicant), actor.userId);
    await replacePriorityClaims(tx, created.id, claims.map(toPriorityClaim), actor.userId);
    if (principal.organizationId) {
      await tx.execute(
        sql`insert into ${projectAssignees} (project_id, user_id, created_by)
            select ${created.id}, pa.user_id, ${actor.userId} from ${projectAssignees} as pa
            where pa.project_id = ${id}`,
      );
      await assignCreator(tx, principal, created.id);
    }
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.duplicate',
      entityType: 'project',
      entityId: created.id,
      projectId: created.id,
      changes: { sourceProjectId: id, title: copyTitle(source.title, principal.locale) },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const project = await getProject(tx, principal, created.id);
    if (!project) throw new Error('duplicated project not readable');
    return { kind: 'created', project };
  });
}

/** What a stored upload left behind, to record in `files`. */
export interface StoredFile {
  storageKey: string;
  storageDriver: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

export type TrademarkImageOutcome =
  { kind: 'updated'; detail: ProjectDetail } | WriteRefusal | { kind: 'notTrademark' };

/** Only trademark matters have an image sample. */
export const trademarkCaseType = CaseType.Trademark;

/** Records an uploaded trademark image sample and points the matter at it. */
export async function setTrademarkImage(
  db: Executor,
  principal: Principal,
  id: string,
  stored: StoredFile,
  actor: ActorContext,
): Promise<TrademarkImageOutcome> {
  return db.transaction(async (tx): Promise<TrademarkImageOutcome> => {
    const locked = await lockForWrite(tx, principal, id);
    if (!('row' in locked)) return locked;
    if (locked.row.type !== trademarkCaseType) return { kind: 'notTrademark' };
    const [file] = await tx
      .insert(files)
      .values({ ...stored, purpose: 'trademarkImage', createdBy: actor.userId })
      .returning({ id: files.id });
    if (!file) throw new Error('insert returned no row');
    await tx
      .update(projects)
      .set({ trademarkImageFileId: file.id, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(projects.id, id));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'project.trademarkImage.set',
      entityType: 'project',
      entityId: id,
      projectId: id,
      changes: {
        'trademark.imageFileId': [locked.row.trademarkImageFileId, file.id],
        file: { name: stored.originalName, contentType: stored.contentType, sizeBytes: stored.sizeBytes },
      },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const detail = await getProjectDetail(tx, principal, id);
    if (!detail) throw new Error('updated project not readable');
    return { kind: 'updated', detail };
  });
}

/** The stored trademark image of a matter the caller may see. */
export async function getTrademarkImage(
  db: Executor,
  principal: Principal,
  id: string,
): Promise<{ kind: 'found'; file: typeof files.$inferSelect } | { kind: 'notFound' } | { kind: 'noImage' }> {
  const [found] = await db
    .select({ imageId: projects.trademarkImageFileId })
    .from(projects)
    .where(and(projectScope(principal), eq(projects.id, id)))
    .limit(1);
  if (!found) return { kind: 'notFound' };
  if (!found.imageId) return { kind: 'noImage' };
  const [file] = await db.select().from(files).where(eq(files.id, found.imageId)).limit(1);
  return file ? { kind: 'found', file } : { kind: 'noImage' };
}
