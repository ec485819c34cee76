import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chatEndpoints,
  chatMessageListResponseSchema,
  chatMessageResponseSchema,
  chatRoomResponseSchema,
  chatSettingsResponseSchema,
  chatUnreadSummaryResponseSchema,
  type ChatMessage,
} from '@ipportal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, files, projects } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { call } from '../support/endpoints.js';
import { pdfBytes, type Envelope } from '../projects/support.js';
import {
  backdate,
  buildChatWorld,
  chatRoles,
  member,
  postChat,
  roomUrl,
  type ChatRole,
  type ChatWorld,
} from './chat-support.js';

/*
 * A request's chat room through REST (ADR 0031): who is a member, sending with attachments, the
 * server's rules (empty, mentions, edit and withdraw windows, sender only, never deleted), unread
 * counts and read pointers, 既読 by the organization's setting, the transcript, and a deleted
 * matter's frozen room.
 */

describe.skipIf(skipDriver)('chat messages', () => {
  let ctx: TestContext;
  let w: ChatWorld;
  const url = (role: ChatRole) => roomUrl(role, w.projectId, w.number);
  const get = (role: ChatRole, suffix = '', headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `${url(role)}${suffix}`, headers: { ...w[role].headers, ...headers } });
  const send = async (role: ChatRole, body: string, mentions: string[] = []) => {
    const response = await postChat(ctx, w[role], url(role), { body, mentions });
    expect(response.statusCode, response.body).toBe(201);
    return chatMessageResponseSchema.parse(response.json()).item;
  };
  const room = async (role: ChatRole) => chatRoomResponseSchema.parse((await get(role)).json()).item;
  const unread = async (role: ChatRole) =>
    chatUnreadSummaryResponseSchema.parse(
      (
        await ctx.app.inject({
          url: `${roomUrl(role, w.projectId, w.number).split('/chat/')[0]}/chat/unread-summary`,
          headers: w[role].headers,
        })
      ).json(),
    ).item;
  const markRead = (role: ChatRole, throughSeq: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `${url(role)}/read`,
      headers: w[role].headers,
      payload: { throughSeq },
    });
  const edit = (role: ChatRole, id: string, body: string, mentions: string[] = []) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `${url(role)}/messages/${id}`,
      headers: w[role].headers,
      payload: { body, mentions },
    });
  const withdraw = (role: ChatRole, id: string) =>
    ctx.app.inject({ method: 'POST', url: `${url(role)}/messages/${id}/withdraw`, headers: w[role].headers });

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildChatWorld(ctx, 'chat');
  });
  afterAll(async () => ctx?.close());

  let first: ChatMessage;
  const attachment = pdfBytes('chat attachment');

  test('signed out: 401', async () => {
    expect((await ctx.app.inject({ url: url('owner') })).statusCode).toBe(401);
  });

  test("the room: the request's viewers are members (owner, administrator, assigned member, the office, the coordinating concierge); everyone else gets 404", async () => {
    for (const role of chatRoles) {
      const response = await get(role);
      expect(response.statusCode, role).toBe(member[role] ? 200 : 404);
      if (!member[role]) {
        expect(response.json<Envelope>().message).toBe('依頼が見つかりません');
        expect((await get(role, '/messages')).statusCode, role).toBe(404);
        expect((await postChat(ctx, w[role], url(role), { body: 'probe' })).statusCode, role).toBe(404);
      }
    }
    const ownerView = await room('owner');
    expect(ownerView).toMatchObject({ mySide: 'client', lastSeq: 0, writable: true, myLastReadSeq: 0 });
    expect(ownerView.members.map((m) => [m.userId, m.side]).sort()).toEqual(
      [
        [w.owner.id, 'client'],
        [w.admin.id, 'client'],
        [w.assigned.id, 'client'],
        [w.office.id, 'office'],
        [w.concierge.id, 'office'],
      ].sort(),
    );
    expect(ownerView.members.find((m) => m.userId === w.office.id)?.affiliation).toBe('Firm chat');
    expect((await room('concierge')).mySide).toBe('office');
    // No messages yet: the room answers, empty.
    const page = chatMessageListResponseSchema.parse((await get('office', '/messages')).json());
    expect(page).toMatchObject({ items: [], hasOlder: false, hasNewer: false });
  });

  test('the client sends with an attachment; both sides read and download it; nobody else can', async () => {
    const response = await postChat(ctx, w.owner, url('owner'), { body: '資料を添付します。' }, [
      { name: '明細書.pdf', content: attachment, contentType: 'application/pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    first = chatMessageResponseSchema.parse(response.json()).item;
    expect(first).toMatchObject({
      seq: 1,
      side: 'client',
      senderUserId: w.owner.id,
      senderName: 'Owner chat',
      body: '資料を添付します。',
      editedAt: null,
      withdrawnAt: null,
    });
    expect(first.attachments).toEqual([
      expect.objectContaining({
        name: '明細書.pdf',
        contentType: 'application/pdf',
        sizeBytes: attachment.length,
      }),
    ]);
    const [stored] = await ctx.app.db.select().from(files).where(eq(files.id, first.attachments[0]!.id));
    expect(stored).toMatchObject({
      purpose: 'chat',
      sha256: createHash('sha256').update(attachment).digest('hex'),
    });
    for (const role of chatRoles) {
      const download = await get(role, `/messages/${first.id}/attachments/${first.attachments[0]!.id}`);
      expect(download.statusCode, role).toBe(member[role] ? 200 : 404);
      if (member[role]) {
        expect(download.rawPayload.equals(attachment), role).toBe(true);
        expect(download.headers['content-disposition']).toContain('attachment;');
      }
    }
    const officePage = chatMessageListResponseSchema.parse((await get('office', '/messages')).json());
    expect(officePage.items.map((m) => m.id)).toEqual([first.id]);
  });

  test('an empty message and a mention of a non-member are refused; neither stores anything', async () => {
    const filesBefore = (await ctx.app.db.select().from(files)).length;
    const messagesBefore = (await ctx.app.db.select().from(chatMessages)).length;
    const empty = await postChat(ctx, w.owner, url('owner'), { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Envelope>().message).toBe('メッセージを入力するか、ファイルを添付してください');
    const stranger = await postChat(
      ctx,
      w.owner,
      url('owner'),
      { body: 'こんにちは', mentions: [w.unassigned.id] },
      [{ name: 'a.pdf', content: pdfBytes('refused'), contentType: 'application/pdf' }],
      { 'accept-language': 'en' },
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json<Envelope>().message).toBe('You can mention only members of this chat');
    expect((await ctx.app.db.select().from(files)).length).toBe(filesBefore);
    expect((await ctx.app.db.select().from(chatMessages)).length).toBe(messagesBefore);
    const objects = await readdir(path.join(ctx.dataDir, 'storage', 'objects', 'chatAttachments'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(objects.filter((o) => o.isFile())).toHaveLength(1);
    // A file alone is a message.
    const onlyFile = await postChat(ctx, w.office, url('office'), {}, [
      { name: 'memo.txt', content: Buffer.from('memo'), contentType: 'text/plain' },
    ]);
    expect(onlyFile.statusCode, onlyFile.body).toBe(201);
    expect(chatMessageResponseSchema.parse(onlyFile.json()).item).toMatchObject({
      seq: 2,
      side: 'office',
      body: '',
    });
  });

  test('mentions name members; the office edits within 15 minutes (the earlier text kept), not after, and only its own', async () => {
    const message = await send('office', 'ご確認ください @Owner', [w.owner.id]);
    expect(message.mentions).toEqual([{ userId: w.owner.id, name: 'Owner chat' }]);
    const edited = await edit('office', message.id, 'ご確認ください（修正）', [w.owner.id, w.admin.id]);
    expect(edited.statusCode, edited.body).toBe(200);
    const item = chatMessageResponseSchema.parse(edited.json()).item;
    expect(item.body).toBe('ご確認ください（修正）');
    expect(item.editedAt).not.toBeNull();
    expect(item.revisions.map((r) => r.body)).toEqual(['ご確認ください @Owner']);
    expect(item.mentions.map((m) => m.userId)).toEqual([w.owner.id, w.admin.id]);

    expect((await edit('owner', message.id, '乗っ取り')).statusCode).toBe(403);
    expect((await edit('concierge', message.id, '乗っ取り')).json<Envelope>().message).toBe(
      '自分が送信したメッセージだけ編集・取り消しできます',
    );
    expect((await edit('office', message.id, 'x', [w.stranger.id])).statusCode).toBe(400);
    expect((await edit('otherOffice', message.id, 'x')).statusCode).toBe(404);

    await backdate(ctx, message.id, 14);
    expect((await edit('office', message.id, '二回目の修正', [w.owner.id, w.admin.id])).statusCode).toBe(200);
    await backdate(ctx, message.id, 16);
    const late = await edit('office', message.id, '遅すぎる修正');
    expect(late.statusCode).toBe(409);
    expect(late.json<Envelope>().message).toBe('メッセージを編集できるのは送信から 15 分以内です');
    const [row] = await ctx.app.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row!.body).toBe('二回目の修正');
  });

  test('the sender withdraws within 2 minutes (the row stays, shown without text or files), not after', async () => {
    const message = await postChat(ctx, w.admin, url('admin'), { body: '誤送信' }, [
      { name: 'wrong.pdf', content: pdfBytes('wrong'), contentType: 'application/pdf' },
    ]);
    const sent = chatMessageResponseSchema.parse(message.json()).item;
    expect((await withdraw('owner', sent.id)).statusCode).toBe(403);
    const withdrawn = await withdraw('admin', sent.id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(chatMessageResponseSchema.parse(withdrawn.json()).item).toMatchObject({
      body: '',
      attachments: [],
      revisions: [],
    });
    expect((await withdraw('admin', sent.id)).statusCode).toBe(409);
    expect((await edit('admin', sent.id, '直し')).json<Envelope>().message).toBe(
      '取り消されたメッセージは変更できません',
    );
    const download = await get('office', `/messages/${sent.id}/attachments/${sent.attachments[0]!.id}`);
    expect(download.statusCode).toBe(404);
    const [row] = await ctx.app.db.select().from(chatMessages).where(eq(chatMessages.id, sent.id));
    expect(row).toMatchObject({ body: '誤送信' });
    expect(row!.withdrawnAt).not.toBeNull();

    const late = await send('admin', '取り消しが遅い');
    await backdate(ctx, late.id, 3);
    const refused = await withdraw('admin', late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Envelope>().message).toBe('メッセージを取り消せるのは送信から 2 分以内です');
    expect((await withdraw('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  test('the database refuses to delete a message', async () => {
    await expect(ctx.app.db.delete(chatMessages).where(eq(chatMessages.id, first.id))).rejects.toThrow();
    expect(await ctx.app.db.select().from(chatMessages).where(eq(chatMessages.id, first.id))).toHaveLength(1);
  });

  test('unread counts: messages of the other side, not withdrawn, above the read pointer; the pointer never moves back', async () => {
    // Messages so far: 1 owner, 2 office (file), 3 office (mentions owner), 4 admin (withdrawn), 5 admin.
    expect(await unread('owner')).toEqual({
      unreadMessageCount: 2,
      roomsWithUnread: 1,
      unreadMentionCount: 1,
    });
    expect(await unread('office')).toEqual({
      unreadMessageCount: 2,
      roomsWithUnread: 1,
      unreadMentionCount: 0,
    });
    expect(await unread('concierge')).toEqual({
      unreadMessageCount: 2,
      roomsWithUnread: 1,
      unreadMentionCount: 0,
    });
    expect(await unread('admin')).toMatchObject({ unreadMessageCount: 2, unreadMentionCount: 1 });
    const read = await markRead('owner', 99);
    expect(read.json<{ item: { lastReadSeq: number } }>().item.lastReadSeq).toBe(5);
    expect((await markRead('owner', 2)).json<{ item: { lastReadSeq: number } }>().item.lastReadSeq).toBe(5);
    expect(await unread('owner')).toEqual({
      unreadMessageCount: 0,
      roomsWithUnread: 0,
      unreadMentionCount: 0,
    });
    expect((await room('owner')).myLastReadSeq).toBe(5);
    // Reading is per user: the administrator still has theirs.
    expect((await unread('admin')).unreadMessageCount).toBe(2);
    expect((await markRead('stranger', 5)).statusCode).toBe(404);
    await markRead('office', 3);
    expect((await unread('office')).unreadMessageCount).toBe(1);
  });

  test("既読: the office sees the client's reads unless the organization turns sharing off; the client always sees the office's", async () => {
    expect(await room('owner')).toMatchObject({ otherSideReadSeq: 3, otherSideSharesReadReceipts: true });
    expect(await room('office')).toMatchObject({ otherSideReadSeq: 5, otherSideSharesReadReceipts: true });
    const settings = { params: { organizationId: w.organizationId } };
    const asOwner = await call(ctx, chatEndpoints.getChatSettings, { ...settings, as: w.owner });
    expect(chatSettingsResponseSchema.parse(asOwner.json()).item).toEqual({ shareReadReceipts: true });
    const refused = await call(ctx, chatEndpoints.updateChatSettings, {
      ...settings,
      as: w.owner,
      body: { shareReadReceipts: false },
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(ctx, chatEndpoints.getChatSettings, { ...settings, as: w.stranger })).statusCode).toBe(
      404,
    );
    const changed = await call(ctx, chatEndpoints.updateChatSettings, {
      ...settings,
      as: w.admin,
      body: { shareReadReceipts: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await room('office')).toMatchObject({
      otherSideReadSeq: null,
      otherSideSharesReadReceipts: false,
    });
    expect(await room('owner')).toMatchObject({ otherSideReadSeq: 3, otherSideSharesReadReceipts: true });
    await call(ctx, chatEndpoints.updateChatSettings, {
      ...settings,
      as: w.admin,
      body: { shareReadReceipts: true },
    });
    expect((await room('office')).otherSideReadSeq).toBe(5);
  });

  test('pages: newest first page, before and after a seq', async () => {
    const newest = chatMessageListResponseSchema.parse((await get('owner', '/messages')).json());
    expect(newest.items.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    const withdrawn = newest.items[3]!;
    expect(withdrawn).toMatchObject({ body: '', attachments: [] });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    const before = chatMessageListResponseSchema.parse((await get('owner', '/messages?before=3')).json());
    expect(before.items.map((m) => m.seq)).toEqual([1, 2]);
    const after = chatMessageListResponseSchema.parse((await get('owner', '/messages?after=3')).json());
    expect(after).toMatchObject({ hasOlder: true, hasNewer: false });
    expect(after.items.map((m) => m.seq)).toEqual([4, 5]);
  });

  test('the transcript, in ja and en: every message with sender, side and JST time, earlier texts, withdrawn without text, attachments with size and SHA-256', async () => {
    const ja = await get('owner', '/transcript');
    expect(ja.statusCode).toBe(200);
    expect(ja.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ja.headers['content-disposition']).toMatch(/^attachment; filename="chat-P-2026-001-.*\.txt"/);
    expect(ja.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const text = ja.rawPayload.toString('utf8').slice(1);
    const sha = createHash('sha256').update(attachment).digest('hex');
    expect(text).toContain('チャット記録');
    expect(text).toContain('案件: 案件 chat');
    expect(text).toMatch(
      /#1 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d JST Owner chat \(依頼者側\)\r\n資料を添付します。/,
    );
    expect(text).toContain(`添付: 明細書.pdf（${attachment.length} バイト、SHA-256: ${sha}）`);
    expect(text).toContain('編集前の本文 1（');
    expect(text).toContain('ご確認ください @Owner');
    expect(text).toContain('ご確認ください（修正）');
    expect(text).toMatch(/#3 .* \(事務所側\)/);
    expect(text).toMatch(/#4 .*\r\n（このメッセージは .* JST に取り消されました）/);
    expect(text).not.toContain('誤送信');
    expect(text).not.toContain('wrong.pdf');

    const en = await get('office', '/transcript', { 'accept-language': 'en' });
    const english = en.rawPayload.toString('utf8');
    expect(english).toContain('Chat transcript');
    expect(english).toContain(`Attachment: 明細書.pdf (${attachment.length} bytes, SHA-256: ${sha})`);
    expect(english).toMatch(/#1 .* Owner chat \(client\)/);
    expect(english).toContain('Earlier text 1 (until');
    expect(english).toContain('(this message was withdrawn at');
    expect((await get('otherOffice', '/transcript')).statusCode).toBe(404);
  });

  test("a deleted matter's room: the client reads it, frozen (409); the office no longer sees it", async () => {
    await ctx.app.db.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, w.projectId));
    const view = await room('owner');
    expect(view.writable).toBe(false);
    expect((await get('owner', '/messages')).statusCode).toBe(200);
    const refused = await postChat(ctx, w.owner, url('owner'), { body: '削除後' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Envelope>().message).toBe('削除済みの案件は変更できません');
    expect((await edit('owner', first.id, '削除後の編集')).statusCode).toBe(409);
    expect((await get('office')).statusCode).toBe(404);
    await ctx.app.db.update(projects).set({ deletedAt: null }).where(eq(projects.id, w.projectId));
  });
});
