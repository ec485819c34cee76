import {
  realtimeChangeDocuments,
  requestEndpoints,
  requestMailEndpoints,
  type RequestListItem,
  type RequestMail,
  type RequestUnreadSummary,
} from '@ipportal/domain';
/**
 * The request mails' frames that carry the change itself (ADR 0055): a subscription whose document
 * selects the change fields gets the new mail, the mails a read marked and the thread's size and
 * unread count, and with the unread counts the request's row, exactly as that user reads them
 * over REST; the client side, the addressed office and the coordinating concierge each get their
 * own counts; another office's mails never reach anyone outside that request, nor this request's
 * mails that office; the topics' plain documents still get exactly what they got before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  dataFor,
  realtimeOrigin,
  realtimeSockets,
  subscribe,
  tokenOf,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import { call } from '../support/endpoints.js';
import { pdfBytes } from '../projects/support.js';
import { buildChatWorld, type ChatRole, type ChatWorld } from '../chat/chat-support.js';
import { insertRequest, multipartMail } from './detail-support.js';

const namespaceOf = (role: ChatRole) =>
  role === 'office' || role === 'otherOffice' || role === 'concierge' ? 'patent' : 'user';

describe.skipIf(skipDriver)('request mail frames carry the change, per side', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  /** A second request of the same matter, addressed to the other office. */
  let other: { projectId: string; requestId: number };
  const realtime = realtimeSockets();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: realtimeOrigin });
    w = await buildChatWorld(ctx, 'mailframes');
    const inserted = await insertRequest(ctx, w.projectId, w.otherFirmId, w.owner.id);
    other = { projectId: w.projectId, requestId: inserted.number };
    await realtime.listen(ctx.app);
  });
  afterAll(async () => {
    await realtime.closeAll();
    await ctx?.close();
  });

  const thread = () => ({ projectId: w.projectId, requestId: w.number });

  /** Connects `role` with the change documents: a request's thread (when given) and the unread counts. */
  const listen = async (role: ChatRole, variables: { projectId: string; requestId: number } | null) => {
    const user = w[role];
    const client = await realtime.connect(user);
    if (variables) {
      const mails = await subscribe(
        client,
        'mails',
        'onRequestMail',
        variables,
        tokenOf(user),
        realtimeChangeDocuments.onRequestMail,
      );
      expect(mails.type).toBe('start_ack');
    }
    const unread = await subscribe(
      client,
      'unread',
      'onUnreadCounts',
      {},
      tokenOf(user),
      realtimeChangeDocuments.onUnreadCounts,
    );
    expect(unread.type).toBe('start_ack');
    return client;
  };

  const sendMail = async (role: ChatRole, key: { projectId: string; requestId: number }, subject: string) => {
    const form = multipartMail({ subject, body: `${subject}の本文` }, [
      { name: 'estimate.pdf', content: pdfBytes(subject), contentType: 'application/pdf' },
    ]);
    const response = await call(ctx, requestMailEndpoints.sendRequestMail, {
      as: w[role],
      namespace: namespaceOf(role),
      params: key,
      headers: form.headers,
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ item: RequestMail }>().item;
  };

  /** What `role` reads over REST: the thread, the unread summary and the request's row in its list. */
  const restView = async (role: ChatRole, key = thread()) => {
    const as = w[role];
    const namespace = namespaceOf(role);
    const mails = await call(ctx, requestMailEndpoints.listRequestMails, { as, namespace, params: key });
    const summary = await call(ctx, requestEndpoints.getRequestUnreadSummary, { as, namespace });
    const list = await call(ctx, requestEndpoints.listRequests, {
      as,
      namespace,
      query: { projectId: key.projectId },
    });
    expect(mails.statusCode, mails.body).toBe(200);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json<{ items: RequestListItem[] }>().items.find((r) => r.requestId === key.requestId);
    return {
      mails: mails.json<{ items: RequestMail[]; unreadCount: number }>(),
      summary: summary.json<{ item: RequestUnreadSummary }>().item,
      request: row && { ...key, unreadMailCount: row.unreadMailCount },
    };
  };

  const mailFrame = async (client: RealtimeTestClient) =>
    (await client.next(dataFor('mails'))).payload?.data?.onRequestMail as Record<string, unknown>;
  const unreadFrame = async (client: RealtimeTestClient) =>
    (await client.next(dataFor('unread'))).payload?.data?.onUnreadCounts as Record<string, unknown>;

  test('each side reads a mail, a read and its counts as over REST; plain documents as before; no other office hears', async () => {
    const owner = await listen('owner', thread());
    const assigned = await listen('assigned', thread());
    const office = await listen('office', thread());
    const concierge = await listen('concierge', thread());
    // The plain documents on the same thread and counts: what they always got.
    expect((await subscribe(office, 'plain', 'onRequestMail', thread(), tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    expect((await subscribe(office, 'plainUnread', 'onUnreadCounts', {}, tokenOf(w.office))).type).toBe(
      'start_ack',
    );
    // The other office listens to its own request's thread and its counts; the unassigned member to its counts.
    const otherOffice = await listen('otherOffice', other);
    const unassigned = await listen('unassigned', null);
    const parties = { owner, assigned, office, concierge };

    // The office writes to the client side.
    const toClient = await sendMail('office', thread(), '見積書の送付');
    expect((await office.next(dataFor('plain'))).payload?.data?.onRequestMail).toEqual({
      mailId: toClient.id,
      ...thread(),
    });
    expect((await office.next(dataFor('plainUnread'))).payload?.data?.onUnreadCounts).toEqual(
      (await restView('office')).summary,
    );
    for (const [role, client] of Object.entries(parties) as [ChatRole, RealtimeTestClient][]) {
      const view = await restView(role);
      expect(await mailFrame(client), role).toEqual({
        mailId: toClient.id,
        ...thread(),
        kind: 'sent',
        mail: view.mails.items.find((mail) => mail.id === toClient.id),
        reads: [],
        mailCount: view.mails.items.length,
        unreadCount: view.mails.unreadCount,
      });
      expect(await unreadFrame(client), role).toEqual({ ...view.summary, request: view.request });
    }
    // The mail itself (subject, body, sender, the file's name and size), and each side's own counts.
    expect(toClient).toMatchObject({
      subject: '見積書の送付',
      senderUserId: w.office.id,
      attachments: [{ name: 'estimate.pdf', sizeBytes: pdfBytes('見積書の送付').length }],
    });
    expect((await restView('owner')).mails.unreadCount).toBe(1);
    expect((await restView('concierge')).mails.unreadCount).toBe(0);

    // The owner opens the thread: everyone watching it sees the mail read (the office its 既読 mark).
    const read = await call(ctx, requestMailEndpoints.markRequestMailsRead, {
      as: w.owner,
      namespace: 'user',
      params: thread(),
    });
    expect(read.statusCode, read.body).toBe(200);
    for (const [role, client] of Object.entries(parties) as [ChatRole, RealtimeTestClient][]) {
      const view = await restView(role);
      const readAt = view.mails.items.find((mail) => mail.id === toClient.id)?.readAt;
      expect(readAt).toEqual(expect.any(String));
      expect(await mailFrame(client), role).toEqual({
        mailId: toClient.id,
        ...thread(),
        kind: 'read',
        mail: null,
        reads: [{ id: toClient.id, readAt }],
        mailCount: 1,
        unreadCount: view.mails.unreadCount,
      });
      expect(await unreadFrame(client), role).toEqual({ ...view.summary, request: view.request });
    }
    // The plain counts move too (as before); the plain thread heard nothing of the read.
    expect((await office.next(dataFor('plainUnread'))).payload?.data?.onUnreadCounts).toEqual(
      (await restView('office')).summary,
    );

    // The assigned member writes to the office side: the office and the concierge count it, the client side not.
    const toOffice = await sendMail('assigned', thread(), '追加資料');
    for (const [role, client] of Object.entries(parties) as [ChatRole, RealtimeTestClient][]) {
      const view = await restView(role);
      const frame = await mailFrame(client);
      expect(frame, role).toMatchObject({ kind: 'sent', mailId: toOffice.id, mailCount: 2 });
      expect(frame.unreadCount, role).toBe(view.mails.unreadCount);
      expect(await unreadFrame(client), role).toEqual({ ...view.summary, request: view.request });
    }
    expect((await restView('concierge')).request?.unreadMailCount).toBe(1);
    expect((await restView('owner')).request?.unreadMailCount).toBe(0);

    // The other office writes on its own request: the client side hears of it, this request's office and concierge do not.
    const theirs = await sendMail('otherOffice', other, '他事務所の連絡');
    expect(await mailFrame(otherOffice)).toMatchObject({ kind: 'sent', mailId: theirs.id, ...other });
    const ownerView = await restView('owner', other);
    expect(await unreadFrame(owner)).toEqual({ ...ownerView.summary, request: ownerView.request });
    expect(ownerView.request).toEqual({ ...other, unreadMailCount: 1 });
    // A last mail on this thread: the next frame the office and the concierge get is this one.
    const last = await sendMail('office', thread(), '最後の連絡');
    for (const client of [office, concierge]) {
      expect(await mailFrame(client)).toMatchObject({ kind: 'sent', mailId: last.id });
      expect(await unreadFrame(client)).toMatchObject({ request: thread() });
    }

    // Nothing of one request's thread reached a party of the other, nor anyone outside both.
    const dataOf = (client: RealtimeTestClient) =>
      client.frames.filter((frame) => frame.type === 'data').map((frame) => JSON.stringify(frame.payload));
    for (const text of dataOf(otherOffice)) {
      expect(text).not.toContain(toClient.id);
      expect(text).not.toContain(toOffice.id);
      expect(text).not.toContain('見積書の送付');
      expect(text).not.toContain(`"requestId":${w.number}`);
    }
    for (const client of [office, concierge]) {
      for (const text of dataOf(client)) {
        expect(text).not.toContain(theirs.id);
        expect(text).not.toContain(`"requestId":${other.requestId}`);
      }
    }
    expect(dataOf(unassigned)).toHaveLength(0);
    // The plain thread got the ids of the office's two mails and the member's one: nothing more.
    expect(office.frames.filter(dataFor('plain'))).toHaveLength(3);
  });
});
