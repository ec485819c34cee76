import type { ApiNamespace } from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { requests, users } from '../../src/db/schema/index.js';
import type { TestContext } from '../support/app.js';
import {
  createFirm,
  createMatter,
  createOrganization,
  signIn,
  signInOffice,
  type TestUser,
} from '../projects/support.js';

/*
 * The people of the request detail authorization matrix: an organization matter created
 * by a member (so assigned to them) with a request to one firm.
 */

export interface DetailWorld {
  /** The member who created the matter (assigned to it): "the owner". */
  owner: TestUser;
  /** Administrator of the owner's organization. */
  admin: TestUser;
  /** Member of the same organization, not assigned to the matter. */
  unassigned: TestUser;
  /** A REGULAR user outside the organization. */
  stranger: TestUser;
  /** A user of the addressed firm. */
  office: TestUser;
  /** A user of another firm. */
  otherOffice: TestUser;
  firmId: string;
  otherFirmId: string;
  projectId: string;
  projectTitle: string;
  requestId: string;
  number: number;
}

export type Role = Exclude<
  keyof DetailWorld,
  'firmId' | 'otherFirmId' | 'projectId' | 'projectTitle' | 'requestId' | 'number'
>;

export const clientRoles = ['owner', 'admin', 'unassigned', 'stranger'] as const satisfies readonly Role[];
export const officeRoles = ['office', 'otherOffice'] as const satisfies readonly Role[];
/** Who sees the request: the client side per the matter's visibility, and the addressed firm. */
export const allowed: Record<Role, boolean> = {
  owner: true,
  admin: true,
  unassigned: false,
  stranger: false,
  office: true,
  otherOffice: false,
};

export const namespaceOf = (role: Role): '/user' | '/patent' =>
  (officeRoles as readonly string[]).includes(role) ? '/patent' : '/user';
/** The namespace a role's calls go to, as the endpoint definitions name it. */
export const apiNamespaceOf = (role: Role): ApiNamespace =>
  (officeRoles as readonly string[]).includes(role) ? 'patent' : 'user';

let counter = 0;

/** Inserts a request the way the request form does (the form's own route has its own tests). */
export async function insertRequest(
  ctx: TestContext,
  projectId: string,
  firmId: string,
  createdBy: string,
  overrides: Partial<typeof requests.$inferInsert> = {},
): Promise<{ id: string; number: number }> {
  counter += 1;
  const [row] = await ctx.app.db
    .insert(requests)
    .values({
      projectId,
      number: counter,
      name: `見積依頼 ${counter}`,
      type: 'estimate',
      content: '費用の見積をお願いします。',
      officeRegionCode: 1,
      officeType: 'patentAttorney',
      firmId,
      assigneeUserId: createdBy,
      createdBy,
      updatedBy: createdBy,
      ...overrides,
    })
    .returning({ id: requests.id, number: requests.number });
  return row!;
}

export async function buildWorld(ctx: TestContext, tag: string): Promise<DetailWorld> {
  const owner = await signIn(ctx, 'REGULAR', `owner-${tag}@example.com`, { name: `Owner ${tag}` });
  const admin = await signIn(ctx, 'REGULAR', `admin-${tag}@example.com`, { name: `管理者 ${tag}` });
  const unassigned = await signIn(ctx, 'REGULAR', `unassigned-${tag}@example.com`);
  const stranger = await signIn(ctx, 'REGULAR', `stranger-${tag}@example.com`);
  await createOrganization(ctx, [
    { user: admin, role: 0 },
    { user: owner, role: 1 },
    { user: unassigned, role: 1 },
  ]);
  const firmId = await createFirm(ctx, `Firm ${tag}`);
  const otherFirmId = await createFirm(ctx, `Other ${tag}`);
  const office = await signInOffice(ctx, `office-${tag}@firm.example`, firmId);
  const otherOffice = await signInOffice(ctx, `other-${tag}@firm.example`, otherFirmId);
  const matter = await createMatter(ctx, owner, { title: `案件 ${tag}` });
  const request = await insertRequest(ctx, matter.id, firmId, owner.id);
  return {
    owner,
    admin,
    unassigned,
    stranger,
    office,
    otherOffice,
    firmId,
    otherFirmId,
    projectId: matter.id,
    projectTitle: matter.title,
    requestId: request.id,
    number: request.number,
  };
}

export async function setLocale(ctx: TestContext, user: TestUser, locale: 'ja' | 'en'): Promise<void> {
  await ctx.app.db.update(users).set({ locale }).where(eq(users.id, user.id));
  ctx.app.invalidatePrincipal(user.id);
}

/** A multipart body with text fields first, then file parts. */
export function multipartMail(
  fields: Record<string, string>,
  files: { name: string; content: Buffer; contentType: string; field?: string }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ipportalmail${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
