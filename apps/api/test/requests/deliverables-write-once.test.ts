import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  deliverableListResponseSchema,
  deliverableResponseSchema,
  requestDeliverableListResponseSchema,
  deliverableEndpoints,
} from '@ipportal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverables, files, history } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { multipartBody, pdfBytes, type Envelope } from '../projects/support.js';
import {
  allowed,
  buildWorld,
  clientRoles,
  insertRequest,
  namespaceOf,
  officeRoles,
  type DetailWorld,
  type Role,
} from './detail-support.js';
import { call } from '../support/endpoints.js';

const roles: Role[] = [...clientRoles, ...officeRoles];
const deliverableMax = 4096;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(skipDriver)('deliverables', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  const v1 = pdfBytes('report version 1');
  const v2 = pdfBytes('report version 2, longer');

  beforeAll(async () => {
    ctx = await createTestContext({ DELIVERABLE_MAX_BYTES: String(deliverableMax) });
    w = await buildWorld(ctx, 'deliv');
  });
  afterAll(async () => ctx?.close());

  const base = (role: Role) => `${namespaceOf(role)}/requests/${w.projectId}/${w.number}/deliverables`;
  const upload = (
    role: Role,
    content: Buffer,
    filename = '調査報告書.pdf',
    contentType = 'application/pdf',
  ) => {
    const body = multipartBody(content, { filename, contentType });
    return ctx.app.inject({
      method: 'POST',
      url: base(role),
      headers: { ...w[role].headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = async (role: Role) =>
    requestDeliverableListResponseSchema.parse(
      (await ctx.app.inject({ url: base(role), headers: w[role].headers })).json(),
    );
  const download = (role: Role, id: string) =>
    ctx.app.inject({ url: `${base(role)}/${id}/file`, headers: w[role].headers });

  test('signed out: 401', async () => {
    expect((await ctx.app.inject({ url: base('owner') })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: base('office') })).statusCode).toBe(401);
    expect((await call(ctx, deliverableEndpoints.listDeliverables, { namespace: 'user' })).statusCode).toBe(
      401,
    );
  });

  test('the addressed office uploads; the same title again is version 2 beside version 1', async () => {
    const first = await upload('office', v1);
    expect(first.statusCode).toBe(201);
    const d1 = deliverableResponseSchema.parse(first.json()).item;
    expect(d1).toMatchObject({
      title: '調査報告書.pdf',
      version: 1,
      sizeBytes: v1.length,
      sha256: sha256(v1),
      uploadedBy: { id: w.office.id },
      requestNumber: w.number,
      firm: { id: w.firmId },
    });
    const second = await upload('office', v2);
    const d2 = deliverableResponseSchema.parse(second.json()).item;
    expect(d2.version).toBe(2);
    const other = deliverableResponseSchema.parse((await upload('office', v1, 'summary.pdf')).json()).item;
    expect(other.version).toBe(1);

    const listed = await list('owner');
    expect(listed.items.map((d) => [d.title, d.version])).toEqual([
      ['summary.pdf', 1],
      ['調査報告書.pdf', 2],
      ['調査報告書.pdf', 1],
    ]);
    expect(listed.maxUploadBytes).toBe(deliverableMax);
    const [file] = await ctx.app.db
      .select()
      .from(files)
      .innerJoin(deliverables, eq(deliverables.fileId, files.id))
      .where(eq(deliverables.id, d1.id));
    expect(file?.files).toMatchObject({ writeOnce: true, purpose: 'deliverable', sha256: sha256(v1) });
    const actions = await ctx.app.db
      .select({ action: history.action, actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId), eq(history.action, 'request.deliverable.create')))
      .orderBy(asc(history.id));
    expect(actions[1]).toEqual({
      action: 'request.deliverable.create',
      actor: w.office.id,
      changes: { title: '調査報告書.pdf', version: 2, sizeBytes: v2.length, sha256: sha256(v2) },
    });
  });

  test('reading and downloading: both sides byte-identical; everyone else 404', async () => {
    const [latest, , oldest] = (await list('office')).items;
    for (const role of roles) {
      const listed = await ctx.app.inject({ url: base(role), headers: w[role].headers });
      expect(listed.statusCode, role).toBe(allowed[role] ? 200 : 404);
      const got = await download(role, oldest!.id);
      expect(got.statusCode, role).toBe(allowed[role] ? 200 : 404);
      if (allowed[role]) {
        expect(sha256(got.rawPayload)).toBe(sha256(v1));
        expect(got.headers['content-disposition']).toContain(
          `filename*=UTF-8''${encodeURIComponent('調査報告書.pdf')}`,
        );
      }
    }
    expect(latest!.title).toBe('summary.pdf');
    // A deliverable of another request is not found under this one.
    const otherRequest = await insertRequest(ctx, w.projectId, w.firmId, w.owner.id);
    const body = multipartBody(v1, { filename: 'x.pdf', contentType: 'application/pdf' });
    const elsewhere = await call(ctx, deliverableEndpoints.uploadDeliverable, {
      as: w.office,
      headers: { ...body.headers },
      params: { projectId: w.projectId, requestId: otherRequest.number },
      payload: body.payload,
    });
    const foreign = deliverableResponseSchema.parse(elsewhere.json()).item;
    expect((await download('owner', foreign.id)).statusCode).toBe(404);
  });

  test('only the addressed office uploads: the client has no such call, another firm gets 404; nothing is stored', async () => {
    const count = async () => (await ctx.app.db.select().from(deliverables)).length;
    const before = await count();
    const filesBefore = (await ctx.app.db.select().from(files)).length;
    for (const role of [...clientRoles, 'otherOffice'] as const) {
      expect((await upload(role, v1)).statusCode, role).toBe(404);
    }
    expect(await count()).toBe(before);
    expect((await ctx.app.db.select().from(files)).length).toBe(filesBefore);
  });

  test('limits and bad input: 413 above DELIVERABLE_MAX_BYTES, 415 for refused types, 400 for a mismatch', async () => {
    const before = (await ctx.app.db.select().from(deliverables)).length;
    const tooBig = multipartBody(pdfBytes('x'.repeat(deliverableMax)), {
      filename: 'big.pdf',
      contentType: 'application/pdf',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: base('office'),
      headers: { ...w.office.headers, 'accept-language': 'en', ...tooBig.headers },
      payload: tooBig.payload,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json<Envelope>().message).toBe(`The file is too large (at most ${deliverableMax} bytes)`);
    expect(
      (await upload('office', Buffer.from('MZ'), 'run.exe', 'application/x-msdownload')).statusCode,
    ).toBe(415);
    expect((await upload('office', Buffer.from('not a pdf'), 'fake.pdf')).statusCode).toBe(400);
    expect((await ctx.app.db.select().from(deliverables)).length).toBe(before);
  });

  test('write-once: no call overwrites or deletes, the database refuses, the storage refuses, the bytes stay identical', async () => {
    const items = (await list('office')).items;
    const target = items.find((d) => d.title === '調査報告書.pdf' && d.version === 1)!;
    const digest = async () => sha256((await download('owner', target.id)).rawPayload);
    expect(await digest()).toBe(sha256(v1));

    const replacement = multipartBody(pdfBytes('forged'), {
      filename: '調査報告書.pdf',
      contentType: 'application/pdf',
    });
    for (const role of ['office', 'owner'] as const) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of [`${base(role)}/${target.id}`, `${base(role)}/${target.id}/file`]) {
          const response = await ctx.app.inject({
            method,
            url,
            headers: { ...w[role].headers, ...(method === 'DELETE' ? {} : replacement.headers) },
            ...(method === 'DELETE' ? {} : { payload: replacement.payload }),
          });
          expect(response.statusCode, `${role} ${method} ${url}`).toBe(404);
        }
      }
    }
    await expect(
      ctx.app.db.update(deliverables).set({ title: 'renamed' }).where(eq(deliverables.id, target.id)),
    ).rejects.toThrow();
    await expect(ctx.app.db.delete(deliverables).where(eq(deliverables.id, target.id))).rejects.toThrow();
    // Nor can the file row be pointed at other bytes or removed, nor any of these tables truncated.
    const [fileRow] = await ctx.app.db
      .select({ id: files.id })
      .from(files)
      .innerJoin(deliverables, eq(deliverables.fileId, files.id))
      .where(eq(deliverables.id, target.id));
    await expect(
      ctx.app.db.update(files).set({ storageKey: 'elsewhere', sha256: '0' }).where(eq(files.id, fileRow!.id)),
    ).rejects.toThrow();
    await expect(ctx.app.db.delete(files).where(eq(files.id, fileRow!.id))).rejects.toThrow();
    for (const table of ['deliverables', 'history', 'files']) {
      await expect(ctx.app.db.execute(sql.raw(`truncate table ${table} cascade`))).rejects.toThrow();
    }
    expect((await ctx.app.db.select().from(deliverables)).length).toBeGreaterThan(0);

    const [row] = await ctx.app.db
      .select({ key: files.storageKey })
      .from(files)
      .innerJoin(deliverables, eq(deliverables.fileId, files.id))
      .where(eq(deliverables.id, target.id));
    await expect(ctx.app.storage.delete(row!.key)).rejects.toMatchObject({ code: 'writeOnce' });
    await expect(
      ctx.app.storage.put(row!.key, Readable.from([pdfBytes('forged')]), { contentType: 'application/pdf' }),
    ).rejects.toMatchObject({ code: 'writeOnce' });
    expect(await digest()).toBe(sha256(v1));
    expect((await list('owner')).items.find((d) => d.id === target.id)?.sha256).toBe(sha256(v1));
  });

  test('GET /deliverables: what each may see, filters by matter, request and office, paging, facets', async () => {
    const visible: Record<Role, number> = {
      owner: 4,
      admin: 4,
      unassigned: 0,
      stranger: 0,
      office: 4,
      otherOffice: 0,
    };
    for (const role of roles) {
      const response = await ctx.app.inject({
        url: `${namespaceOf(role)}/deliverables`,
        headers: w[role].headers,
      });
      expect(response.statusCode, role).toBe(200);
      const page = deliverableListResponseSchema.parse(response.json());
      expect(page.total, role).toBe(visible[role]);
      if (visible[role] === 0) expect(page.facets).toEqual({ projects: [], requests: [], firms: [] });
    }
    const all = deliverableListResponseSchema.parse(
      (await call(ctx, deliverableEndpoints.listDeliverables, { as: w.owner, namespace: 'user' })).json(),
    );
    expect(all.facets.projects).toEqual([
      { id: w.projectId, title: w.projectTitle, refrenceCode: 'P-2026-001' },
    ]);
    expect(all.facets.requests.map((r) => r.number)).toHaveLength(2);
    expect(all.facets.firms.map((f) => f.id)).toEqual([w.firmId]);

    const byRequest = await call(ctx, deliverableEndpoints.listDeliverables, {
      as: w.owner,
      namespace: 'user',
      query: { projectId: w.projectId, requestNumber: w.number },
    });
    expect(deliverableListResponseSchema.parse(byRequest.json()).total).toBe(3);
    const byOtherFirm = await call(ctx, deliverableEndpoints.listDeliverables, {
      as: w.office,
      namespace: 'patent',
      query: { firmId: w.otherFirmId },
    });
    expect(deliverableListResponseSchema.parse(byOtherFirm.json()).total).toBe(0);
    const paged = deliverableListResponseSchema.parse(
      (
        await call(ctx, deliverableEndpoints.listDeliverables, {
          as: w.admin,
          namespace: 'user',
          query: { limit: 2, offset: 2 },
        })
      ).json(),
    );
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBe(4);
    // requestNumber needs projectId; limits are checked.
    expect(
      (
        await call(ctx, deliverableEndpoints.listDeliverables, {
          as: w.owner,
          namespace: 'user',
          query: { requestNumber: 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(ctx, deliverableEndpoints.listDeliverables, {
          as: w.owner,
          namespace: 'user',
          query: { limit: 1000 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(ctx, deliverableEndpoints.listDeliverables, {
          as: w.owner,
          namespace: 'user',
          query: { projectId: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
