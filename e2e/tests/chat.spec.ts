import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './support/test.js';
import type { Browser, Locator, Page } from '@playwright/test';
import { demoUsers, logIn } from './support/auth';
import { chooseLanguage } from './support/language';
import { waitForMail } from './support/mail';

// The chat (ADR 0031) end to end, in two browser contexts against one real server: the demo
// client opens the chat of a request it has just sent to the demo firm; messages (one with an
// attachment) arrive live both ways; the room list and the sidebar count the unread ones; the
// client edits one message and withdraws another; the firm reads in English; and a mention the
// client leaves unread comes back as the offline digest mail (urgent: no 10-minute wait), with a
// link and no message text. Its own request, so no other spec's unread counts move.

test.use({ locale: 'ja-JP' });
test.setTimeout(300_000);

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << >> endobj\n%%EOF\n`);
/** Where screenshots of the chat go when asked for (CHAT_SHOTS_DIR), else the test's output folder. */
const shotsDir = () => process.env.CHAT_SHOTS_DIR ?? test.info().outputDir;

interface Signed {
  page: Page;
  /** Every text frame the realtime socket received. */
  frames: string[];
}

async function signedIn(browser: Browser, userType: 'REGULAR' | 'PATENT'): Promise<Signed> {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/graphql/realtime')) return;
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') frames.push(payload);
    });
  });
  await page.goto('/login');
  await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
  await expect(page).toHaveURL(/\/projects/);
  return { page, frames };
}

/** Acknowledged starts of a topic so far (subscription ids are `<topic>-<n>`). */
const acks = (signed: Signed, topic: string) =>
  signed.frames.filter((f) => f.includes('"start_ack"') && f.includes(`"${topic}-`)).length;

async function mailFiles(): Promise<Set<string>> {
  return new Set(await readdir(join(process.env.E2E_DATA_DIR ?? '', 'mail')).catch(() => [] as string[]));
}

function toast(page: Page, text: string | RegExp) {
  return page
    .getByLabel(/通知|Notifications/)
    .getByText(text)
    .first();
}

async function closeToasts(page: Page) {
  const close = page.getByLabel(/通知|Notifications/).getByRole('button', { name: /閉じる|Close/ });
  while ((await close.count()) > 0) await close.first().click();
}

/** The message bubble that contains `text`. */
const bubble = (page: Page, text: string | RegExp): Locator =>
  page
    .getByRole('list', { name: /メッセージ|Messages/ })
    .getByRole('article')
    .filter({ hasText: text });

async function send(page: Page, text: string) {
  const form = page.getByRole('form', { name: /メッセージを送信|Send a message/ });
  await form.getByRole('textbox', { name: /メッセージ|Message/ }).fill(text);
  await form.getByRole('button', { name: /^(送信|Send)$/ }).click();
  await expect(form.getByRole('textbox', { name: /メッセージ|Message/ })).toHaveValue('');
}

test('client and office chat on a request: live both ways, a file, unread counts, edit, withdraw, English, the digest mail', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  const requestName = `E2E チャット ${tag}`;
  const attachment = pdf(`chat attachment ${tag}`);

  // The client sends a request to the demo firm (no acceptance needed: the office sees it).
  const client = await signedIn(browser, 'REGULAR');
  const c = client.page;
  await c.goto('/requests');
  await c.getByRole('button', { name: '新規依頼' }).click();
  const form = c.getByRole('dialog', { name: '依頼の登録' });
  await form.getByRole('combobox', { name: /案件/ }).click();
  await form.getByRole('option').first().click();
  await form.getByRole('textbox', { name: /依頼名/ }).fill(requestName);
  await form.getByRole('radio', { name: '見積依頼' }).check();
  await form.getByRole('textbox', { name: /依頼内容/ }).fill('チャットで相談しながら進めたい依頼です。');
  await form.getByRole('combobox', { name: /依頼先の国・地域/ }).fill('日本');
  await form.getByRole('option', { name: '日本' }).click();
  await form.getByRole('combobox', { name: /事務所種別/ }).selectOption({ label: '特許事務所' });
  await form.getByLabel('依頼先', { exact: true }).selectOption({ label: 'さくら国際特許事務所' });
  await form.getByRole('button', { name: '依頼する' }).click();
  await expect(toast(c, /依頼.*登録/)).toBeVisible();
  await closeToasts(c);

  // From the request's detail, its sidebar leads to the request's chat.
  await c.getByRole('row').filter({ hasText: requestName }).getByRole('link', { name: requestName }).click();
  await expect(c).toHaveURL(/\/requests\/[0-9a-f-]{36}\/\d+\/mails$/);
  const roomAcksBefore = acks(client, 'onChatRoom');
  await c.getByRole('navigation', { name: '依頼メニュー' }).getByRole('link', { name: 'チャット' }).click();
  await expect(c).toHaveURL(/\/chat\/[0-9a-f-]{36}\/\d+$/);
  const roomPath = new URL(c.url()).pathname;
  await expect(c.getByRole('heading', { level: 2, name: requestName })).toBeVisible();
  await expect(c.getByText('メッセージはまだありません')).toBeVisible();
  await expect(c.getByRole('link', { name: '依頼の詳細' })).toHaveAttribute(
    'href',
    `${roomPath.replace('/chat/', '/requests/')}/mails`,
  );
  await expect.poll(() => acks(client, 'onChatRoom')).toBeGreaterThan(roomAcksBefore);

  // The firm waits on /chat: the room has no message yet, so it is not listed.
  const firm = await signedIn(browser, 'PATENT');
  const f = firm.page;
  await f.goto('/chat');
  await expect(f.getByRole('heading', { level: 2, name: 'チャットルーム' })).toBeVisible();
  await expect(f.getByRole('link', { name: new RegExp(requestName) })).toHaveCount(0);
  await expect.poll(() => acks(firm, 'onChatUnread')).toBeGreaterThan(0);

  // The client writes with a file.
  const first = `はじめまして。資料を添付します ${tag}`;
  const composer = c.getByRole('form', { name: 'メッセージを送信' });
  await c.getByTestId('chat-file-input').setInputFiles({
    name: 'memo.pdf',
    mimeType: 'application/pdf',
    buffer: attachment,
  });
  await expect(composer.getByRole('list', { name: '添付するファイル' })).toContainText('memo.pdf');
  await send(c, first);
  await expect(bubble(c, first)).toBeVisible();
  await expect(bubble(c, first).getByText('既読', { exact: true })).toHaveCount(0);

  // The firm's room list and sidebar count it, live.
  const entry = f.getByRole('link', { name: new RegExp(requestName) });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('img', { name: '未読 1 件' })).toBeVisible();
  await expect(entry).toContainText(first);
  await expect(
    f.getByRole('navigation', { name: 'メインメニュー' }).getByRole('img', { name: /チャットの未読 1 件/ }),
  ).toBeVisible();

  // The firm opens the room: the message and its file (byte-identical); the client sees 既読.
  await entry.click();
  await expect(f).toHaveURL(new RegExp(`${roomPath}$`));
  await expect(bubble(f, first)).toContainText('山田 太郎');
  const downloading = f.waitForEvent('download');
  await bubble(f, first).getByRole('button', { name: 'memo.pdf をダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('memo.pdf');
  expect(Buffer.compare(await readFile(await download.path()), attachment)).toBe(0);
  await expect(bubble(c, first).getByText('既読', { exact: true })).toBeVisible();
  await expect(
    f.getByRole('navigation', { name: 'メインメニュー' }).getByRole('img', { name: /チャットの未読/ }),
  ).toHaveCount(0);

  // The firm replies; the client's open room shows it without a reload.
  const navigations: string[] = [];
  c.on('framenavigated', (frame) => {
    if (frame === c.mainFrame()) navigations.push(frame.url());
  });
  const reply = `承知しました。確認してご連絡します ${tag}`;
  await send(f, reply);
  await expect(bubble(c, reply)).toContainText('佐藤 花子');
  await expect(bubble(f, reply).getByText('既読', { exact: true })).toBeVisible();
  expect(navigations).toEqual([]);

  // The client edits its first message (within 15 minutes): the firm sees the new text, marked
  // edited, with the earlier one kept.
  const edited = `はじめまして。資料を添付します（修正版） ${tag}`;
  await bubble(c, first).getByRole('button', { name: '編集' }).click();
  const editField = c.getByRole('textbox', { name: 'メッセージを編集' });
  await editField.fill(edited);
  await c.getByRole('button', { name: '保存' }).click();
  await expect(bubble(c, edited)).toBeVisible();
  const editedOnFirm = bubble(f, edited);
  await expect(editedOnFirm).toBeVisible();
  await editedOnFirm.getByText('編集済み', { exact: true }).click();
  await expect(editedOnFirm.getByRole('list', { name: '編集前のメッセージ' })).toContainText(first);

  // The client withdraws a message (within 2 minutes): both see it withdrawn, without its text.
  const slip = `間違えて送りました ${tag}`;
  await send(c, slip);
  await expect(bubble(f, slip)).toBeVisible();
  await bubble(c, slip).getByRole('button', { name: '取り消し' }).click();
  await c
    .getByRole('alertdialog', { name: 'メッセージを取り消しますか？' })
    .getByRole('button', { name: '取り消す' })
    .click();
  const thread = (page: Page) => page.getByRole('list', { name: 'メッセージ' });
  await expect(thread(c).getByText(slip)).toHaveCount(0);
  await expect(thread(f).getByText(slip)).toHaveCount(0);
  await expect(thread(f).getByText('このメッセージは取り消されました')).toBeVisible();
  // Nor in the firm's room list (its excerpt) or the live region, a little later.
  await expect(f.getByText(slip)).toHaveCount(0, { timeout: 15_000 });

  mkdirSync(shotsDir(), { recursive: true });
  await c.screenshot({ path: join(shotsDir(), 'chat-room-client-ja.png') });
  await f.screenshot({ path: join(shotsDir(), 'chat-room-office-ja.png') });

  // In English: the same room reads in English on both sides (switched back in the end: the demo
  // users are shared by every spec).
  try {
    await chooseLanguage(f, 'English');
    await chooseLanguage(c, 'English');
    await expect(f.getByRole('heading', { level: 2, name: 'Chat rooms' })).toBeVisible();
    await expect(f.getByText('This message was withdrawn')).toBeVisible();
    await expect(bubble(f, edited).getByText('Edited', { exact: true })).toBeVisible();
    await expect(bubble(f, reply).getByText('Read', { exact: true })).toBeVisible();
    await expect(bubble(c, edited).getByText('Read', { exact: true })).toBeVisible();
    await expect(c.getByRole('form', { name: 'Send a message' })).toBeVisible();
    const english = `Thank you, noted ${tag}`;
    await send(f, english);
    await expect(bubble(c, english)).toBeVisible();
    // The client has it open: read at once, so the sidebar counts nothing.
    await expect(
      c.getByRole('navigation', { name: 'Main menu' }).getByRole('img', { name: /unread chat/ }),
    ).toHaveCount(0);
    await c.screenshot({ path: join(shotsDir(), 'chat-room-client-en.png') });
    await f.screenshot({ path: join(shotsDir(), 'chat-room-office-en.png') });
    await c.goto('/chat');
    await expect(c.getByRole('heading', { level: 2, name: 'Chat rooms' })).toBeVisible();
    await c.screenshot({ path: join(shotsDir(), 'chat-list-client-en.png') });
  } finally {
    await chooseLanguage(f, '日本語');
    await chooseLanguage(c, '日本語');
  }

  // Offline: the client leaves; the firm mentions them. The client's sidebar and room list count
  // it (with the mention mark), and the digest job mails them at its next run: urgent, the room's
  // link, never the text.
  await c.goto('/projects');
  await expect(c.getByRole('heading', { level: 1, name: '案件管理' })).toBeVisible();
  const mailsBefore = await mailFiles();
  const mentionText = `至急ご確認ください ${tag}`;
  const firmComposer = f.getByRole('form', { name: 'メッセージを送信' });
  const field = firmComposer.getByRole('textbox', { name: 'メッセージ' });
  await field.fill('');
  await field.pressSequentially('@山田');
  await firmComposer
    .getByRole('listbox', { name: 'メンションする参加者' })
    .getByRole('option', { name: /山田 太郎/ })
    .click();
  await field.pressSequentially(mentionText);
  await expect(field).toHaveValue(`@山田 太郎 ${mentionText}`);
  await firmComposer.getByRole('button', { name: '送信' }).click();
  await expect(bubble(f, mentionText).getByText('@山田 太郎')).toBeVisible();

  await expect(
    c
      .getByRole('navigation', { name: 'メインメニュー' })
      .getByRole('img', { name: /チャットの未読 1 件.*メンション 1 件/ }),
  ).toBeVisible();
  await c.goto('/chat');
  const clientEntry = c.getByRole('link', { name: new RegExp(requestName) });
  await expect(clientEntry.getByRole('img', { name: '未読 1 件' })).toBeVisible();
  await expect(clientEntry.getByRole('img', { name: 'あなたへのメンション 1 件' })).toBeVisible();
  await c.screenshot({ path: join(shotsDir(), 'chat-list-client-ja.png') });
  await f.goto('/chat');
  await expect(f.getByRole('link', { name: new RegExp(requestName) })).toBeVisible();
  await f.screenshot({ path: join(shotsDir(), 'chat-list-office-ja.png') });

  const digest = await waitForMail(demoUsers.REGULAR.email, 'chatDigest', {
    seen: mailsBefore,
    timeoutMs: 150_000,
  });
  expect(digest.text).toContain('【至急・あなた宛てのメンションあり】');
  expect(digest.text).toContain(`依頼: ${requestName}`);
  expect(digest.text).toContain(roomPath);
  expect(digest.text).not.toContain(mentionText);

  // The mail's link opens the room, which then counts as read.
  await c.goto(roomPath);
  await expect(bubble(c, mentionText).getByText('@山田 太郎')).toBeVisible();
  await expect(
    c.getByRole('navigation', { name: 'メインメニュー' }).getByRole('img', { name: /チャットの未読/ }),
  ).toHaveCount(0);
});
