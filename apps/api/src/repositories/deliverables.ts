import {
  isRefused,
  refuse,
  type Deliverable,
  type DeliverableFacets,
  type DeliverableListResponse,
  type deliverableListQuerySchema,
  type Refused,
} from '@ipportal/domain';
import { and, asc, count, desc, eq, max, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../auth/types.js';
import type { Executor } from '../db/client.js';
import { deliverables, files, firms, projects, requests, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import type { StoredFile } from '../storage/types.js';
import {
  findVisibleRequest,
  relockWritableRequest,
  requestScope,
  type RequestContext,
} from './request-access.js';
import type { ActorContext } from './users.js';

/*
 * Deliverables: write-once files an office hands over on a request. Rows are only ever inserted
 * (a trigger rejects UPDATE and DELETE); the bytes are stored write-once. A file uploaded under a
 * title the request already has becomes the next version beside the earlier ones.
 */

export type DeliverableListQuery = z.output<typeof deliverableListQuerySchema>;

/** A stored write-once upload: the storage's retention comes with it. */
export type StoredDeliverableFile = StoredFile & { writeOnce: boolean; retainUntil: Date | null };

const columns = {
  id: deliverables.id,
  projectId: deliverables.projectId,
  projectTitle: projects.title,
  projectRefrenceCode: projects.refrenceCode,
  requestNumber: requests.number,
  requestName: requests.name,
  firmId: firms.id,
  firmName: firms.name,
  firmNameEn: firms.nameEn,
  title: deliverables.title,
  version: deliverables.version,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
  uploaderId: users.id,
  uploaderName: users.name,
  createdAt: deliverables.createdAt,
  storageKey: files.storageKey,
};

type Row = {
  id: string;
  projectId: string;
  projectTitle: string;
  projectRefrenceCode: string;
  requestNumber: number;
  requestName: string;
  firmId: string;
  firmName: string;
  firmNameEn: string | null;
  title: string;
  version: number;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploaderId: string | null;
  uploaderName: string | null;
  createdAt: Date;
  storageKey: string;
};

function toDeliverable(row: Row): Deliverable {
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    projectRefrenceCode: row.projectRefrenceCode,
    requestNumber: row.requestNumber,
    requestName: row.requestName,
    firm: { id: row.firmId, name: row.firmName, nameEn: row.firmNameEn },
    title: row.title,
    version: row.version,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedBy: row.uploaderId ? { id: row.uploaderId, name: row.uploaderName ?? '' } : null,
    createDate: row.createdAt.toISOString(),
  };
}

function selectRows(db: Executor) {
  return db
    .select(columns)
    .from(deliverables)
    .innerJoin(requests, eq(requests.id, deliverables.requestId))
    .innerJoin(projects, eq(projects.id, deliverables.projectId))
    .innerJoin(firms, eq(firms.id, requests.firmId))
    .innerJoin(files, eq(files.id, deliverables.fileId))
    .leftJoin(users, eq(users.id, deliverables.createdBy));
}

/** A request's deliverables, newest first (the latest version of a title above the older ones). */
export async function listRequestDeliverables(
  db: Executor,
  principal: Principal,
  projectId: string,
  requestId: number,
): Promise<Deliverable[] | Refused> {
  const request = await findVisibleRequest(db, principal, projectId, requestId);
  if (!request) return refuse('requestNotFound');
  const rows = await selectRows(db)
    .where(eq(deliverables.requestId, request.id))
    .orderBy(desc(deliverables.createdAt), desc(deliverables.version), desc(deliverables.id));
  return rows.map(toDeliverable);
}

/** One deliverable of a request the caller may see, with the key of its bytes. */
export async function findDeliverable(
  db: Executor,
  principal: Principal,
  params: { projectId: string; requestId: number; deliverableId: string },
): Promise<{ deliverable: Deliverable; storageKey: string } | Refused> {
  const request = await findVisibleRequest(db, principal, params.projectId, params.requestId);
  if (!request) return refuse('requestNotFound');
  const [row] = await selectRows(db)
    .where(and(eq(deliverables.requestId, request.id), eq(deliverables.id, params.deliverableId)))
    .limit(1);
  return row
    ? { deliverable: toDeliverable(row), storageKey: row.storageKey }
    : refuse('deliverableNotFound');
}

/**
 * Records a stored upload as the next version of its title, on a request found writable (and the
 * caller its office) before the bytes arrived.
 */
export async function addDeliverable(
  db: Executor,
  found: RequestContext,
  stored: StoredDeliverableFile,
  actor: ActorContext,
): Promise<Deliverable | Refused> {
  return db.transaction(async (tx): Promise<Deliverable | Refused> => {
    // The request row lock serialises uploads to one request, so two uploads of one title get
    // consecutive versions (the unique index would refuse a duplicate anyway).
    const context = await relockWritableRequest(tx, found);
    if (isRefused(context)) return context;
    const title = stored.originalName;
    const [latest] = await tx
      .select({ version: max(deliverables.version) })
      .from(deliverables)
      .where(and(eq(deliverables.requestId, context.request.id), eq(deliverables.title, title)));
    const version = (latest?.version ?? 0) + 1;
    const [file] = await tx
      .insert(files)
      .values({ ...stored, purpose: 'deliverable', createdBy: actor.userId })
      .returning({ id: files.id });
    if (!file) throw new Error('insert returned no row');
    const [created] = await tx
      .insert(deliverables)
      .values({
        projectId: context.request.projectId,
        requestId: context.request.id,
        fileId: file.id,
        firmId: context.request.firmId,
        title,
        version,
        createdBy: actor.userId,
      })
      .returning({ id: deliverables.id });
    if (!created) throw new Error('insert returned no row');
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'request.deliverable.create',
      entityType: 'deliverable',
      entityId: created.id,
      projectId: context.request.projectId,
      requestId: context.request.id,
      changes: { title, version, sizeBytes: stored.sizeBytes, sha256: stored.sha256 },
      traceId: actor.traceId,
      ip: actor.ip,
    });
    const [row] = await selectRows(tx).where(eq(deliverables.id, created.id)).limit(1);
    if (!row) throw new Error('created deliverable not readable');
    return toDeliverable(row);
  });
}

/** GET /deliverables: every deliverable the caller may see, filtered, newest first, with the filter options. */
export async function listDeliverables(
  db: Executor,
  principal: Principal,
  query: DeliverableListQuery,
): Promise<Omit<DeliverableListResponse, 'hasError' | 'message'>> {
  const visible = requestScope(principal);
  const filters: SQL[] = [visible];
  if (query.projectId) filters.push(eq(deliverables.projectId, query.projectId));
  if (query.requestNumber !== undefined) filters.push(eq(requests.number, query.requestNumber));
  if (query.firmId) filters.push(eq(requests.firmId, query.firmId));
  const where = and(...filters);
  const [rows, [total], facets] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(deliverables.createdAt), desc(deliverables.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: count() })
      .from(deliverables)
      .innerJoin(requests, eq(requests.id, deliverables.requestId))
      .where(where),
    facetsOf(db, visible),
  ]);
  return { items: rows.map(toDeliverable), total: total?.n ?? 0, facets };
}

async function facetsOf(db: Executor, visible: SQL): Promise<DeliverableFacets> {
  const rows = await db
    .select({
      projectId: projects.id,
      projectTitle: projects.title,
      refrenceCode: projects.refrenceCode,
      number: requests.number,
      requestName: requests.name,
      firmId: firms.id,
      firmName: firms.name,
      firmNameEn: firms.nameEn,
    })
    .from(deliverables)
    .innerJoin(requests, eq(requests.id, deliverables.requestId))
    .innerJoin(projects, eq(projects.id, deliverables.projectId))
    .innerJoin(firms, eq(firms.id, requests.firmId))
    .where(visible)
    .groupBy(projects.id, requests.id, firms.id)
    .orderBy(asc(projects.title), asc(requests.number));
  const projectMap = new Map<string, DeliverableFacets['projects'][number]>();
  const firmMap = new Map<string, DeliverableFacets['firms'][number]>();
  const requestList: DeliverableFacets['requests'] = [];
  for (const row of rows) {
    projectMap.set(row.projectId, {
      id: row.projectId,
      title: row.projectTitle,
      refrenceCode: row.refrenceCode,
    });
    firmMap.set(row.firmId, { id: row.firmId, name: row.firmName, nameEn: row.firmNameEn });
    if (!requestList.some((r) => r.projectId === row.projectId && r.number === row.number)) {
      requestList.push({ projectId: row.projectId, number: row.number, name: row.requestName });
    }
  }
  return {
    projects: [...projectMap.values()],
    requests: requestList,
    firms: [...firmMap.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
