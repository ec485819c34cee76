import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { requestMailListResponseSchema, requestMailResponseSchema } from '@ipportal/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files, history, requestMails } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { referencedMailIds, waitForEmlFiles } from '../support/mail-files.js';
import { textOfEml } from '../identity/support.js';
import { pdfBytes, type Envelope } from '../projects/support.js';
import {
  allowed,
  buildWorld,
  clientRoles,
  multipartMail,
  namespaceOf,
  officeRoles,
  setLocale,
  type DetailWorld,
  type Role,
} from './detail-support.js';

const roles: Role[] = [...clientRoles, ...officeRoles];

describe.skipIf(skipDriver)('request mails', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  const mailDir = () => path.join(ctx.dataDir, 'mail');

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com' });
    w = await buildWorld(ctx, 'mail');
  });
  afterAll(async () => ctx?.close());

  const base = (role: Role) => `${namespaceOf(role)}/requests/${w.projectId}/${w.number}/mails`;
  const send = (
    role: Role,
    fields: Record<string, string>,
    attachments: Parameters<typeof multipartMail>[1] = [],
  ) => {
    const body = multipartMail(fields, attachments);
    return ctx.app.inject({
      method: 'POST',
      url: base(role),
      headers: { ...w[role].headers, ...body.headers },
      payload: body.payload,
    });
  };
  /** The .eml files of the notices of a mail, once delivered (they are queued with the mail). */
  const noticesOf = async (mailId: string) =>
    waitForEmlFiles(mailDir(), await referencedMailIds(ctx.app.db, `requestMail:${mailId}`));

  test('signed out: every mail call answers 401', async () => {
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', ''],
      ['POST', '/read'],
    ] as const) {
      const response = await ctx.app.inject({ method, url: `${base('owner')}${suffix}` });
      expect(response.statusCode, `${method} ${suffix}`).toBe(401);
    }
  });

  test('the client writes to the office with an attachment; the office is mailed in its language with a link', async () => {
    await setLocale(ctx, w.office, 'en');
    const response = await send('owner', { subject: '見積について', body: '添付の資料をご確認ください。' }, [
      { name: '資料.pdf', content: pdfBytes('client'), contentType: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(201);
    const mail = requestMailResponseSchema.parse(response.json()).item;
    expect(mail).toMatchObject({
      direction: 'toOffice',
      subject: '見積について',
      senderName: 'Owner mail',
      readAt: null,
    });
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        name: '資料.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdfBytes('client').length,
      }),
    ]);

    const added = await noticesOf(mail.id);
    expect(added).toHaveLength(1);
    expect(added[0]!.name).toMatch(/_office-mail@firm\.example_requestMail\.eml$/);
    const text = textOfEml(added[0]!.eml);
    expect(text).toContain('You have a new message on a request.');
    expect(text).toContain('Subject: 見積について');
    expect(text).toContain(`https://portal.example.com/requests/${w.projectId}/${w.number}/mails`);
    // The message body stays in the portal.
    expect(text).not.toContain('添付の資料');
  });

  test('the office answers; every client user who may see the request is mailed in their own language', async () => {
    await setLocale(ctx, w.owner, 'ja');
    await setLocale(ctx, w.admin, 'en');
    const response = await send(
      'office',
      { subject: 'Re: 見積について', body: 'Please find our estimate attached.' },
      [
        { name: 'estimate.pdf', content: pdfBytes('office'), contentType: 'application/pdf' },
        { name: 'notes.txt', content: Buffer.from('notes'), contentType: 'text/plain' },
      ],
    );
    expect(response.statusCode).toBe(201);
    const mail = requestMailResponseSchema.parse(response.json()).item;
    expect(mail.direction).toBe('toClient');

    const added = await noticesOf(mail.id);
    const file = (email: string) => added.find((f) => f.name.includes(`_${email}_requestMail`));
    const to = (email: string) => file(email)?.name;
    expect(added).toHaveLength(2);
    const ownerText = textOfEml(file(w.owner.email)!.eml);
    expect(ownerText).toContain('依頼に新しいメッセージが届きました。');
    expect(ownerText).toContain('件名: Re: 見積について');
    const adminText = textOfEml(file(w.admin.email)!.eml);
    expect(adminText).toContain('You have a new message on a request.');
    // Neither the unassigned member, the stranger nor the other firm hears of it.
    expect(to(w.unassigned.email)).toBeUndefined();
    expect(to(w.stranger.email)).toBeUndefined();
    expect(to(w.otherOffice.email)).toBeUndefined();
  });

  test("the thread: who may read it, unread counts per side, and reading marks the other side's mails read", async () => {
    for (const role of roles) {
      const response = await ctx.app.inject({ url: base(role), headers: w[role].headers });
      expect(response.statusCode, role).toBe(allowed[role] ? 200 : 404);
      if (!allowed[role]) expect(response.json<Envelope>().message).toBe('依頼が見つかりません');
    }
    const clientView = requestMailListResponseSchema.parse(
      (await ctx.app.inject({ url: base('owner'), headers: w.owner.headers })).json(),
    );
    expect(clientView.items.map((m) => m.direction)).toEqual(['toOffice', 'toClient']);
    expect(clientView.unreadCount).toBe(1);
    const officeView = requestMailListResponseSchema.parse(
      (await ctx.app.inject({ url: base('office'), headers: w.office.headers })).json(),
    );
    expect(officeView.unreadCount).toBe(1);

    for (const role of roles) {
      if (allowed[role]) continue;
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `${base(role)}/read`,
        headers: w[role].headers,
      });
      expect(refused.statusCode, role).toBe(404);
    }
    const read = await ctx.app.inject({
      method: 'POST',
      url: `${base('admin')}/read`,
      headers: w.admin.headers,
    });
    expect(read.json<{ item: { marked: number } }>().item.marked).toBe(1);
    const after = requestMailListResponseSchema.parse(
      (await ctx.app.inject({ url: base('owner'), headers: w.owner.headers })).json(),
    );
    expect(after.unreadCount).toBe(0);
    expect(after.items[1]!.readAt).not.toBeNull();
    // The client's own mail stays unread until the office opens the thread.
    expect(after.items[0]!.readAt).toBeNull();
    await ctx.app.inject({ method: 'POST', url: `${base('office')}/read`, headers: w.office.headers });
    const officeAfter = requestMailListResponseSchema.parse(
      (await ctx.app.inject({ url: base('office'), headers: w.office.headers })).json(),
    );
    expect(officeAfter.unreadCount).toBe(0);
  });

  test('attachments download byte-identical for the two sides and 404 for everyone else', async () => {
    const thread = requestMailListResponseSchema.parse(
      (await ctx.app.inject({ url: base('owner'), headers: w.owner.headers })).json(),
    );
    const mail = thread.items[1]!;
    const attachment = mail.attachments[0]!;
    for (const role of roles) {
      const response = await ctx.app.inject({
        url: `${base(role)}/${mail.id}/attachments/${attachment.id}`,
        headers: w[role].headers,
      });
      expect(response.statusCode, role).toBe(allowed[role] ? 200 : 404);
      if (allowed[role]) {
        expect(response.rawPayload.equals(pdfBytes('office'))).toBe(true);
        expect(response.headers['content-disposition']).toContain("filename*=UTF-8''estimate.pdf");
      }
    }
    // An attachment of another mail under this mail's id is not found.
    const other = thread.items[0]!.attachments[0]!;
    const mismatch = await ctx.app.inject({
      url: `${base('owner')}/${mail.id}/attachments/${other.id}`,
      headers: w.owner.headers,
    });
    expect(mismatch.statusCode).toBe(404);
  });

  test('who may write: both sides; the others get 404 and nothing is stored', async () => {
    const count = async () => (await ctx.app.db.select().from(requestMails)).length;
    const filesBefore = (await ctx.app.db.select().from(files)).length;
    for (const role of roles.filter((r) => !allowed[r])) {
      const before = await count();
      const response = await send(role, { subject: 'probe', body: 'probe' }, [
        { name: 'x.pdf', content: pdfBytes(), contentType: 'application/pdf' },
      ]);
      expect(response.statusCode, role).toBe(404);
      expect(await count()).toBe(before);
    }
    expect((await ctx.app.db.select().from(files)).length).toBe(filesBefore);
    const admin = await send('admin', { subject: 'Admin note', body: 'From the administrator' });
    expect(admin.statusCode).toBe(201);
  });

  test('bad input answers 400 (translated) and stores nothing', async () => {
    const before = (await ctx.app.db.select().from(requestMails)).length;
    const filesBefore = (await ctx.app.db.select().from(files)).length;
    const withoutBody = multipartMail({ subject: 'no body' });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: base('owner'),
      headers: { ...w.owner.headers, ...withoutBody.headers },
      payload: withoutBody.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Envelope>().errors).toEqual([{ path: 'body', message: '必須項目です' }]);
    const noSubject = multipartMail({ body: 'no subject' }, [
      { name: 'a.pdf', content: pdfBytes(), contentType: 'application/pdf' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: base('owner'),
      headers: { ...w.owner.headers, 'accept-language': 'en', ...noSubject.headers },
      payload: noSubject.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope>().errors).toEqual([{ path: 'subject', message: 'Required' }]);

    const mismatch = await send('owner', { subject: 's', body: 'b' }, [
      { name: 'fake.pdf', content: Buffer.from('MZ not a pdf'), contentType: 'application/pdf' },
    ]);
    expect(mismatch.statusCode).toBe(400);
    const wrongType = await send('owner', { subject: 's', body: 'b' }, [
      { name: 'run.exe', content: Buffer.from('MZ'), contentType: 'application/x-msdownload' },
    ]);
    expect(wrongType.statusCode).toBe(415);
    const tooMany = await send(
      'owner',
      { subject: 's', body: 'b' },
      Array.from({ length: 11 }, (_, i) => ({
        name: `${i}.txt`,
        content: Buffer.from('x'),
        contentType: 'text/plain',
      })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<Envelope>().message).toBe('添付ファイルは 10 個までです');
    const json = await ctx.app.inject({
      method: 'POST',
      url: base('owner'),
      headers: w.owner.headers,
      payload: { subject: 's', body: 'b' },
    });
    expect(json.statusCode).toBe(415);
    expect((await ctx.app.db.select().from(requestMails)).length).toBe(before);
    expect((await ctx.app.db.select().from(files)).length).toBe(filesBefore);
    // Only the attachments of the accepted mails are stored (1 + 2); refused uploads were removed.
    const objects = await readdir(path.join(ctx.dataDir, 'storage', 'objects', 'mailAttachments'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(objects.filter((o) => o.isFile())).toHaveLength(3);
    expect((await ctx.app.db.select().from(files).where(eq(files.purpose, 'mailAttachment'))).length).toBe(3);
  });

  test('every mail is in the request history', async () => {
    const rows = await ctx.app.db
      .select({ action: history.action, actor: history.actorUserId, changes: history.changes })
      .from(history)
      .where(and(eq(history.requestId, w.requestId), eq(history.action, 'request.mail.send')))
      .orderBy(asc(history.id));
    expect(rows.map((r) => r.actor)).toEqual([w.owner.id, w.office.id, w.admin.id]);
    expect(rows[1]!.changes).toMatchObject({
      direction: 'toClient',
      attachments: ['estimate.pdf', 'notes.txt'],
    });
  });
});
