/// <reference lib="dom" />
/**
 * HTTP requests per request mail between two open screens (benchmark). Starts the API from source
 * on a free port (never 3000) with the demo data on a fresh PGlite folder, serving a built web app,
 * and opens two Chromium pages in separate contexts: the client (demo@example.com) and the office
 * (firm@example.com), both on the mail thread of the demo request that has a chat room. They
 * exchange BENCH_MAILS mails (default 100), alternating, through the real composer; after each
 * one the bench waits until the receiver shows it and the sender shows it 既読 (the receiver
 * marked it read and the sender heard it), then the next one is sent. Every request each page
 * makes to the API during the exchange is counted (the socket's frames are not requests) and
 * attributed to the page's role in that mail: sending or receiving.
 * Figures: requests per received mail on the receiving page (target <= 1), per sent mail on the
 * sending page (target <= 2), threads fetched during the exchange (target 0), the requests by
 * kind, and the time from the click on 送信 to the mail shown on the other page and to 既読 on the
 * sender, with the load average. The floor in the same run: one POST per sent mail and one read
 * mark per received mail (1 and 1).
 *
 * Build the web first (into its own folder, so others' builds do not interfere):
 *   (cd apps/web && npx vite build --outDir /tmp/web-dist)
 * Run: pnpm --filter @ipportal/bench exec tsx --conditions=@ipportal/source web-mail-requests.ts
 * Env: BENCH_WEB_DIST (default apps/web/dist), BENCH_MAILS (default 100), CHROMIUM_PATH.
 */
import type { Page } from 'playwright-core';
import { measureExchange } from './lib/two-page-exchange.js';
import { signIn, withTwoPages } from './lib/two-pages.js';

const mails = Number(process.env.BENCH_MAILS ?? 100);

/** The thread's list shows once it holds a mail; before that its empty state does. */
async function threadShown(page: Page) {
  await page.getByRole('heading', { level: 2, name: 'メッセージ' }).waitFor({ timeout: 60_000 });
}

await withTwoPages('bench-mail-', async (pages) => {
  const { base, client, office } = pages;
  // The demo request both sides share: the one of the client's first chat room (/chat/:p/:n).
  await signIn(client, base, 'demo@example.com', '企業ユーザー', '/chat');
  await client.page.getByRole('list', { name: 'チャットルーム' }).getByRole('link').first().click();
  await client.page.getByRole('list', { name: 'メッセージ' }).waitFor({ timeout: 60_000 });
  const thread = `${new URL(client.page.url()).pathname.replace(/^\/chat\//, '/requests/')}/mails`;
  await client.page.goto(`${base}${thread}`);
  await threadShown(client.page);
  await signIn(office, base, 'firm@example.com', '特許事務所ユーザー', thread);
  await threadShown(office.page);
  // Both settled: the threads and the sockets' starts fetched what they show.
  await Promise.all([client, office].map((s) => s.page.waitForLoadState('networkidle')));

  await measureExchange(pages, {
    title: 'web mail requests',
    item: 'mail',
    items: 'mails',
    count: mails,
    compose: async (page, text) => {
      await page.getByRole('textbox', { name: /件名/ }).fill(text);
      await page.getByRole('textbox', { name: /本文/ }).fill(`${text} の本文`);
      return page.getByRole('button', { name: '送信', exact: true });
    },
    shown: (page, text) => page.getByRole('listitem', { name: text, exact: true }),
    refetch: { kind: /^GET \/requests\/:id\/:n\/mails/, name: 'threads fetched during the exchange' },
  });
});
