import { createHash, randomBytes } from 'node:crypto';
import { projectEndpoints, userEndpoints } from '@ipportal/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/index.js';
import {
  files,
  firms,
  history,
  organizationMembers,
  organizations,
  projectAssignees,
  projectFiles,
  projectParties,
  projectPriorityClaims,
  projects,
  requests,
  userSpaceComments,
  users,
} from '../../src/db/schema/index.js';
import type { TestContext } from '../support/app.js';
import { call } from '../support/endpoints.js';

export type Headers = { authorization: string };

/** A signed-in user: the bearer header and the portal user id (the row is created on first call). */
export interface TestUser {
  headers: Headers;
  id: string;
  email: string;
}

export async function signIn(
  ctx: TestContext,
  pool: 'REGULAR' | 'PATENT',
  email: string,
  claims: Record<string, string> = {},
): Promise<TestUser> {
  const headers = {
    authorization: `Bearer ${ctx.identity.token(pool, { email, name: email.split('@')[0], ...claims })}`,
  };
  const namespace = pool === 'REGULAR' ? 'user' : 'patent';
  const me = await call(ctx, userEndpoints.getUser, { headers, namespace });
  if (me.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${me.statusCode} ${me.body}`);
  return { headers, id: me.json<{ item: { id: string } }>().item.id, email };
}

export async function createOrganization(
  ctx: TestContext,
  members: { user: TestUser; role: 0 | 1 }[],
): Promise<string> {
  const [org] = await ctx.app.db
    .insert(organizations)
    .values({ name: `Org ${randomBytes(3).toString('hex')}`, representativeName: 'Rep' })
    .returning({ id: organizations.id });
  for (const { user, role } of members) {
    await ctx.app.db
      .insert(organizationMembers)
      .values({ organizationId: org!.id, userId: user.id, roleCode: role });
    ctx.app.invalidatePrincipal(user.id);
  }
  return org!.id;
}

export async function assign(ctx: TestContext, projectId: string, user: TestUser): Promise<void> {
  await ctx.app.db.insert(projectAssignees).values({ projectId, userId: user.id });
}

export async function createFirm(ctx: TestContext, name: string): Promise<string> {
  const [firm] = await ctx.app.db
    .insert(firms)
    .values({ name, officeType: 'patentAttorney', regionCode: 1 })
    .returning({ id: firms.id });
  return firm!.id;
}

/** A PATENT user working at `firmId` (the firm link is the portal's, set on the user row). */
export async function signInOffice(ctx: TestContext, email: string, firmId: string): Promise<TestUser> {
  const user = await signIn(ctx, 'PATENT', email);
  await ctx.app.db.update(users).set({ firmId }).where(eq(users.id, user.id));
  ctx.app.invalidatePrincipal(user.id);
  return user;
}

let requestNumber = 1;
export async function addRequest(
  ctx: TestContext,
  projectId: string,
  firmId: string,
  options: { deleted?: boolean } = {},
): Promise<void> {
  await ctx.app.db.insert(requests).values({
    projectId,
    number: requestNumber++,
    name: 'Estimate',
    type: 'estimate',
    content: 'Please estimate',
    officeRegionCode: 1,
    officeType: 'patentAttorney',
    firmId,
    deletedAt: options.deleted ? new Date() : null,
  });
}

export const validMatter = {
  type: 0,
  refrenceCode: 'P-2026-001',
  regionCode: 1,
  title: '燃料電池用セパレータ',
};

export async function createMatter(
  ctx: TestContext,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<{ id: string; title: string; updateDate: string }> {
  const response = await call(ctx, projectEndpoints.createProject, {
    as: user,
    payload: { ...validMatter, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ item: { id: string; title: string; updateDate: string } }>().item;
}

/** Every table a matter write touches, digested, to prove a refused request changed nothing. */
export async function snapshotAll(db: Database): Promise<string> {
  const [p, parties, claims, comments, links, fileRows, assignees, historyRows] = await Promise.all([
    db.select().from(projects).orderBy(asc(projects.id)),
    db.select().from(projectParties).orderBy(asc(projectParties.id)),
    db.select().from(projectPriorityClaims).orderBy(asc(projectPriorityClaims.id)),
    db.select().from(userSpaceComments).orderBy(asc(userSpaceComments.id)),
    db.select().from(projectFiles).orderBy(asc(projectFiles.fileId)),
    db.select().from(files).orderBy(asc(files.id)),
    db.select().from(projectAssignees).orderBy(asc(projectAssignees.projectId), asc(projectAssignees.userId)),
    db.select({ n: count() }).from(history),
  ]);
  const digest = createHash('sha256')
    .update(JSON.stringify({ p, parties, claims, comments, links, fileRows, assignees }))
    .digest('hex')
    .slice(0, 16);
  return `projects=${p.length} files=${fileRows.length} history=${historyRows[0]?.n} content=${digest}`;
}

/** A multipart/form-data body with one file part (name `file` unless told). */
export function multipartBody(
  content: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ipportal${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'file.bin'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const pngBytes = (size = 64): Buffer => {
  const signature = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
  return Buffer.concat([signature, Buffer.alloc(Math.max(0, size - signature.length), 7)]);
};

export const pdfBytes = (text = 'hello'): Buffer => Buffer.from(`%PDF-1.7\n${text}\n%%EOF`);

export type Envelope = {
  hasError: boolean;
  message: string;
  errors?: { path: string; message: string }[];
  item?: Record<string, unknown>;
  items?: Record<string, unknown>[];
};
