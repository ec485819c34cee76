/**
 * A request arriving at an office: when a client sends it, and when the client turns the
 * concierge on for it (the concierge is then a new party). The office's users are mailed in their
 * own languages through the outbox, and their open sockets hear of it (a notification, and the
 * sidebar's counts with the requests waiting for an answer); no other office hears anything.
 */
import path from 'node:path';
import { conciergeEndpoints } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema/index.js';
import { textOfEml } from '../identity/support.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { insertConcierge } from '../support/billing-fixtures.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { waitForEmlFiles } from '../support/mail-files.js';
import { realtimeOrigin, realtimeSockets } from '../support/realtime-client.js';
import { createMatter, signIn, type TestUser } from '../projects/support.js';
import { countsOf, notificationOf, notifiedSocket } from './notification-sockets.js';
import { insertFirm, officeUser, sendRequest } from './requests-fixtures.js';

describe.skipIf(skipDriver)('a request arrives at an office', () => {
  let ctx: TestContext;
  let client: TestUser;
  let firmId: string;
  let otherFirmId: string;
  let staffJa: TestUser;
  let staffEn: TestUser;
  let otherStaff: TestUser;
  let concierge: { firmId: string; user: TestUser };
  let projectId: string;
  const realtime = realtimeSockets();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    client = await signIn(ctx, 'REGULAR', 'client@arrival.example');
    firmId = await insertFirm(ctx, 'Arrival IP');
    otherFirmId = await insertFirm(ctx, 'Elsewhere IP');
    staffJa = await officeUser(ctx, 'ja@arrival-ip.example', firmId);
    staffEn = await signIn(ctx, 'PATENT', 'en@arrival-ip.example', { locale: 'en' });
    // The second office user reads English; joined to the office as signInOffice does.
    await ctx.app.db.update(users).set({ firmId }).where(eq(users.id, staffEn.id));
    ctx.app.invalidatePrincipal(staffEn.id);
    otherStaff = await officeUser(ctx, 'staff@elsewhere-ip.example', otherFirmId);
    concierge = await insertConcierge(ctx);
    projectId = (await createMatter(ctx, client, { title: '新型電池の出願' })).id;
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  const connect = (user: TestUser) => notifiedSocket(realtime, user);

  /** The outbox's `requestReceived` mails about a request, by address. */
  const arrivalMails = async (requestRowId: string) =>
    ctx.app.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'requestReceived'),
          eq(mailOutbox.reference, `requestReceived:${requestRowId}`),
        ),
      );

  test('a sent request: every user of the addressed office is mailed in their own language; no one else', async () => {
    const sent = await sendRequest(ctx, client, projectId, firmId, { name: '米国出願の見積' });
    const mails = await arrivalMails(sent.id);
    expect(mails.map((m) => m.to).sort()).toEqual([staffEn.email, staffJa.email].sort());
    const files = await waitForEmlFiles(
      path.join(ctx.dataDir, 'mail'),
      mails.map((m) => m.id),
    );
    const textTo = (email: string) => {
      const file = files.find((f) => f.name.includes(`_${email}_requestReceived`));
      expect(file, email).toBeDefined();
      return { eml: file!.eml, text: textOfEml(file!.eml) };
    };
    const ja = textTo(staffJa.email);
    expect(ja.text).toContain('次の依頼が届きました。');
    expect(ja.text).toContain('依頼: 米国出願の見積');
    expect(ja.text).toContain(`${realtimeOrigin}/requests/${projectId}/${sent.requestId}/mails`);
    const en = textTo(staffEn.email);
    expect(en.text).toContain('You have received a new request.');
    expect(en.text).toContain('Request: 米国出願の見積');
  });

  test('a sent request: the office’s sockets hear of it with their counts; another office’s do not', async () => {
    const office = await connect(staffJa);
    const other = await connect(otherStaff);
    const sent = await sendRequest(ctx, client, projectId, firmId, { name: '意匠の調査' });
    expect(await notificationOf(office)).toMatchObject({
      kind: 'requestReceived',
      reason: 'created',
      projectId,
      requestId: sent.requestId,
      requestName: '意匠の調査',
    });
    // Both requests of this file wait for the office's answer: the sidebar counts them.
    expect(await countsOf(office)).toEqual({
      unreadMailCount: 0,
      requestsWithUnread: 0,
      awaitingRequestCount: 2,
    });
    // The other office's first frames are about its own request, sent afterwards.
    const own = await sendRequest(ctx, client, projectId, otherFirmId, { name: '他所への依頼' });
    expect(await notificationOf(other)).toMatchObject({ kind: 'requestReceived', requestId: own.requestId });
    expect(await countsOf(other)).toMatchObject({ awaitingRequestCount: 1 });
    // And the first office did not hear of that one: its next frame is a later request of its own.
    const later = await sendRequest(ctx, client, projectId, firmId, { name: '商標の出願' });
    expect(await notificationOf(office)).toMatchObject({ requestId: later.requestId });
  });

  test('the concierge turned on: the concierge office is mailed and told; the addressed office hears nothing new', async () => {
    const conciergeSocket = await connect(concierge.user);
    const office = await connect(staffJa);
    const sent = await sendRequest(ctx, client, projectId, firmId, { name: 'コンシェルジュ付きの依頼' });
    expect(await notificationOf(office)).toMatchObject({ requestId: sent.requestId, reason: 'created' });
    const started = await call(ctx, conciergeEndpoints.startConcierge, {
      headers: client.headers,
      params: { projectId, requestId: sent.requestId },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await notificationOf(conciergeSocket)).toMatchObject({
      kind: 'requestReceived',
      reason: 'concierge',
      projectId,
      requestId: sent.requestId,
      requestName: 'コンシェルジュ付きの依頼',
    });
    expect(await countsOf(conciergeSocket)).toMatchObject({ awaitingRequestCount: 1 });
    const mails = await arrivalMails(sent.id);
    // The office was mailed once, when the request was sent; the concierge now.
    expect(mails.map((m) => m.to).sort()).toEqual(
      [concierge.user.email, staffEn.email, staffJa.email].sort(),
    );
    const later = await sendRequest(ctx, client, projectId, firmId, { name: '次の依頼' });
    expect(await notificationOf(office)).toMatchObject({ requestId: later.requestId });
  });
});
