import { requestEndpoints, type CreateRequestBody } from '@ipportal/domain';
import { call } from '../support/endpoints.js';
import { asc, count } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/index.js';
import { firms, history, requests, users } from '../../src/db/schema/index.js';
import type { TestContext } from '../support/app.js';
import { signInOffice, type TestUser } from '../projects/support.js';

/** A profile that passes isFirmProfileComplete (PUT /patent/firm accepts it as is). */
export const completeProfile = {
  name: '山田特許事務所',
  nameEn: 'Yamada Patent Office',
  officeType: 'patentAttorney',
  regionCode: 1,
  address: '東京都千代田区丸の内1-1-1',
  phoneNumber: '+81312345678',
  email: 'office@yamada.example',
  website: 'https://yamada.example',
  languages: ['ja', 'en'],
  caseTypes: [0, 2],
  technicalFields: ['半導体'],
  feeNotes: '見積無料',
} as const;

/** Inserts an office with a complete profile (or, with `complete: false`, one without address and email). */
export async function insertFirm(
  ctx: TestContext,
  name: string,
  options: {
    regionCode?: number;
    officeType?: (typeof firms.$inferInsert)['officeType'];
    complete?: boolean;
  } = {},
): Promise<string> {
  const complete = options.complete ?? true;
  const [firm] = await ctx.app.db
    .insert(firms)
    .values({
      name,
      nameEn: `${name} (en)`,
      officeType: options.officeType ?? 'patentAttorney',
      regionCode: options.regionCode ?? 1,
      address: complete ? 'Tokyo' : null,
      phoneNumber: '+81300000000',
      email: complete ? `${name.replace(/\W/g, '').toLowerCase()}@firm.example` : null,
      languages: ['ja'],
      caseTypes: [0],
    })
    .returning({ id: firms.id });
  return firm!.id;
}

export async function officeUser(ctx: TestContext, email: string, firmId: string): Promise<TestUser> {
  return signInOffice(ctx, email, firmId);
}

export function requestBody(firmId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: '見積依頼（米国出願）',
    type: 'estimate',
    content: '米国出願の費用見積をお願いします。',
    officeRegionCode: 1,
    officeType: 'patentAttorney',
    officeId: firmId,
    ...overrides,
  };
}

export async function sendRequest(
  ctx: TestContext,
  user: TestUser,
  projectId: string,
  firmId: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; requestId: number }> {
  const response = await call(ctx, requestEndpoints.createRequest, {
    params: { projectId },
    headers: user.headers,
    body: requestBody(firmId, overrides) as CreateRequestBody,
  });
  if (response.statusCode !== 201) throw new Error(`request failed: ${response.statusCode} ${response.body}`);
  return response.json<{ item: { id: string; requestId: number } }>().item;
}

/** Requests, offices, users (firm links) and the history length, digested: a refused call changes none. */
export async function snapshotRequests(db: Database): Promise<string> {
  const [r, f, u, h] = await Promise.all([
    db.select().from(requests).orderBy(asc(requests.id)),
    db.select().from(firms).orderBy(asc(firms.id)),
    db.select({ id: users.id, firmId: users.firmId }).from(users).orderBy(asc(users.id)),
    db.select({ n: count() }).from(history),
  ]);
  const digest = createHash('sha256').update(JSON.stringify({ r, f, u })).digest('hex').slice(0, 16);
  return `requests=${r.length} firms=${f.length} history=${h[0]?.n} content=${digest}`;
}
