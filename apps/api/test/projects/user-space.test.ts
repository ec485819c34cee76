import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  deleteUserSpaceFileResponseSchema,
  userSpaceCommentListResponseSchema,
  userSpaceCommentResponseSchema,
  userSpaceFileListResponseSchema,
  userSpaceFileResponseSchema,
  projectUserSpaceEndpoints,
} from '@ipportal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { history } from '../../src/db/schema/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import {
  assign,
  createMatter,
  createOrganization,
  multipartBody,
  pdfBytes,
  signIn,
  snapshotAll,
  type Envelope,
  type TestUser,
} from './support.js';
import { call } from '../support/endpoints.js';

const uploadMax = 100_000;

describe.skipIf(skipDriver)('user space: comments and files', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let member: TestUser;
  let projectId: string;
  let objectsDir: string;

  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_MAX_BYTES: String(uploadMax) });
    admin = await signIn(ctx, 'REGULAR', 'admin@example.com', { name: '管理 花子' });
    member = await signIn(ctx, 'REGULAR', 'member@example.com', { name: 'Member Mike' });
    await createOrganization(ctx, [
      { user: admin, role: 0 },
      { user: member, role: 1 },
    ]);
    projectId = (await createMatter(ctx, admin)).id;
    await assign(ctx, projectId, member);
    objectsDir = path.join(ctx.dataDir, 'storage', 'objects');
  });
  afterAll(async () => ctx?.close());

  const objects = async () => (await readdir(objectsDir, { recursive: true }).catch(() => [])).sort();
  const upload = (user: TestUser, content: Buffer, options: Parameters<typeof multipartBody>[1] = {}) => {
    const body = multipartBody(content, options);
    return call(ctx, projectUserSpaceEndpoints.uploadUserSpaceFile, {
      as: user,
      headers: { ...body.headers },
      params: { projectId },
      payload: body.payload,
    });
  };
  const actions = async (): Promise<[string, string | null][]> =>
    (
      await ctx.app.db.select().from(history).where(eq(history.projectId, projectId)).orderBy(asc(history.id))
    ).map((e) => [e.action, e.actorUserId]);

  test('comments: members of the matter post and read them, oldest first, with the author name', async () => {
    const first = await call(ctx, projectUserSpaceEndpoints.addUserSpaceComment, {
      as: admin,
      params: { projectId },
      body: { body: '  見積を依頼しました  ' },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(userSpaceCommentResponseSchema.parse(first.json()).item).toMatchObject({
      projectId,
      authorUserId: admin.id,
      authorName: '管理 花子',
      body: '見積を依頼しました',
    });
    const second = await call(ctx, projectUserSpaceEndpoints.addUserSpaceComment, {
      as: member,
      params: { projectId },
      body: { body: 'Thanks' },
    });
    expect(second.statusCode).toBe(201);
    const list = await call(ctx, projectUserSpaceEndpoints.listUserSpaceComments, {
      as: member,
      params: { projectId },
    });
    const items = userSpaceCommentListResponseSchema.parse(list.json()).items;
    expect(items.map((c) => [c.body, c.authorName])).toEqual([
      ['見積を依頼しました', '管理 花子'],
      ['Thanks', 'Member Mike'],
    ]);
    expect((await actions()).filter(([a]) => a === 'userSpace.comment.create')).toEqual([
      ['userSpace.comment.create', admin.id],
      ['userSpace.comment.create', member.id],
    ]);
  });

  test.each([
    ['an empty comment', { body: '   ' }, 400, /body: 必須項目です/],
    ['a missing body', {}, 400, /body: 必須項目です/],
    ['a wrong type', { body: 5 }, 400, /body: /],
    ['an unknown field', { body: 'x', pinned: true }, 400, /pinned: 不明な項目です/],
    ['a comment too long', { body: 'x'.repeat(5001) }, 400, /body: 5000文字以内で入力してください/],
    ['malformed JSON', '{"body": "x"', 400, /リクエストの JSON を読み取れません/],
  ] as const)('comments: %s is refused and changes no row', async (_name, payload, status, message) => {
    const before = await snapshotAll(ctx.app.db);
    const response = await call(ctx, projectUserSpaceEndpoints.addUserSpaceComment, {
      as: admin,
      headers: { 'content-type': 'application/json' },
      params: { projectId },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json<Envelope>().message).toMatch(/^案件の更新に失敗しました\n/);
    expect(response.json<Envelope>().message).toMatch(message);
    expect(await snapshotAll(ctx.app.db)).toBe(before);
  });

  test('files: upload, list newest first, download the bytes, only the uploader deletes', async () => {
    const memo = pdfBytes('memo');
    const up1 = await upload(member, memo, { filename: '打合せメモ.pdf', contentType: 'application/pdf' });
    expect(up1.statusCode, up1.body).toBe(201);
    const file1 = userSpaceFileResponseSchema.parse(up1.json()).item;
    expect(file1).toMatchObject({
      projectId,
      name: '打合せメモ.pdf',
      contentType: 'application/pdf',
      sizeBytes: memo.length,
      createdBy: member.id,
      createdByName: 'Member Mike',
    });
    const up2 = await upload(admin, Buffer.from('a,b\n1,2\n'), {
      filename: 'C:\\Users\\x\\table.csv',
      contentType: 'text/csv',
    });
    expect(up2.statusCode, up2.body).toBe(201);
    const file2 = userSpaceFileResponseSchema.parse(up2.json()).item;
    expect(file2.name).toBe('table.csv');

    const list = await call(ctx, projectUserSpaceEndpoints.listUserSpaceFiles, {
      as: admin,
      params: { projectId },
    });
    expect(userSpaceFileListResponseSchema.parse(list.json()).items.map((f) => f.id)).toEqual([
      file2.id,
      file1.id,
    ]);

    const download = await call(ctx, projectUserSpaceEndpoints.downloadUserSpaceFile, {
      as: admin,
      params: { projectId, fileId: file1.id },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(memo)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('打合せメモ.pdf')}`,
    );
    // A stored file goes out byte for byte as stored, even as a compressible type to a client that
    // accepts compression: its Content-Length stays exact for the download's progress.
    const table = await call(ctx, projectUserSpaceEndpoints.downloadUserSpaceFile, {
      as: admin,
      headers: { 'accept-encoding': 'gzip, br' },
      params: { projectId, fileId: file2.id },
    });
    expect(table.statusCode).toBe(200);
    expect(table.headers['content-encoding']).toBeUndefined();
    expect(table.headers['content-length']).toBe('8');
    expect(table.body).toBe('a,b\n1,2\n');

    // The administrator sees the member's file but may not delete it.
    const before = await snapshotAll(ctx.app.db);
    const refused = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceFile, {
      as: admin,
      params: { projectId, fileId: file1.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      hasError: true,
      message: '案件の更新に失敗しました\nファイルを削除できるのはアップロードした本人だけです',
    });
    expect(await snapshotAll(ctx.app.db)).toBe(before);

    const objectsBefore = await objects();
    const deleted = await call(ctx, projectUserSpaceEndpoints.deleteUserSpaceFile, {
      as: member,
      params: { projectId, fileId: file1.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleteUserSpaceFileResponseSchema.parse(deleted.json()).item).toEqual({ id: file1.id });
    expect((await objects()).length).toBe(objectsBefore.length - 1);
    const after = await call(ctx, projectUserSpaceEndpoints.listUserSpaceFiles, {
      as: member,
      params: { projectId },
    });
    expect(userSpaceFileListResponseSchema.parse(after.json()).items.map((f) => f.id)).toEqual([file2.id]);
    const params = { projectId, fileId: file1.id };
    for (const definition of [
      projectUserSpaceEndpoints.downloadUserSpaceFile,
      projectUserSpaceEndpoints.deleteUserSpaceFile,
    ]) {
      const gone = await call(ctx, definition, { as: member, params });
      expect(gone.statusCode).toBe(404);
      expect(gone.json<Envelope>().message).toMatch(/ファイルが見つかりません$/);
    }
    expect((await actions()).filter(([a]) => a.startsWith('userSpace.file'))).toEqual([
      ['userSpace.file.create', member.id],
      ['userSpace.file.create', admin.id],
      ['userSpace.file.delete', member.id],
    ]);
  });

  test.each([
    [
      'a file over the limit',
      pdfBytes('x'.repeat(uploadMax)),
      'application/pdf',
      'file',
      413,
      /ファイルが大きすぎます（上限 100000 バイト）/,
    ],
    [
      'an executable',
      Buffer.from('MZ\x90\x00'),
      'application/x-msdownload',
      'file',
      415,
      /この種類のファイルはアップロードできません（application\/x-msdownload）/,
    ],
    [
      'a renamed file',
      Buffer.from('not a pdf, just text'),
      'application/pdf',
      'file',
      400,
      /ファイルの内容が種類（application\/pdf）と一致しません/,
    ],
    [
      'a part with another name',
      pdfBytes(),
      'application/pdf',
      'upload',
      400,
      /ファイルを 1 つ、項目名 file で送ってください/,
    ],
  ] as const)(
    'files: %s is refused, changes no row and stores nothing',
    async (_name, content, type, field, status, message) => {
      const before = await snapshotAll(ctx.app.db);
      const objectsBefore = await objects();
      const response = await upload(member, content, { contentType: type, filename: 'x', field });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<Envelope>().message).toMatch(/^案件の更新に失敗しました\n/);
      expect(response.json<Envelope>().message).toMatch(message);
      expect(await snapshotAll(ctx.app.db)).toBe(before);
      expect(await objects()).toEqual(objectsBefore);
    },
  );

  test('over a real connection, refused uploads leave the keep-alive connection usable', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    const outsider = await signIn(ctx, 'REGULAR', 'outsider@example.com');
    const send = async (user: TestUser, size: number) => {
      const form = new FormData();
      form.append('file', new Blob([pdfBytes('x'.repeat(size))], { type: 'application/pdf' }), 'a.pdf');
      const response = await fetch(`http://127.0.0.1:${port}/user/projects/${projectId}/files`, {
        method: 'POST',
        headers: user.headers,
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    };
    // Too large (refused while reading), not visible (refused before reading), then a good one.
    expect(await send(member, 3_000_000)).toBe(413);
    expect(await send(outsider, 3_000_000)).toBe(404);
    expect(await send(member, 100)).toBe(201);
  });

  test('files: a JSON body answers 415, an unknown file 404', async () => {
    const json = await call(ctx, projectUserSpaceEndpoints.uploadUserSpaceFile, {
      as: member,
      params: { projectId },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const unknown = await call(ctx, projectUserSpaceEndpoints.downloadUserSpaceFile, {
      as: member,
      params: { projectId, fileId: '00000000-0000-4000-8000-000000000009' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
