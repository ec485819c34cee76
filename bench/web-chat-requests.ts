/// <reference lib="dom" />
/**
 * HTTP requests per chat message between two open screens (benchmark). Starts the API from source
 * on a free port (never 3000) with the demo data on a fresh PGlite folder, serving a built web app,
 * and opens two Chromium pages in separate contexts: the client (demo@example.com) and the office
 * (firm@example.com), both on the demo request's chat room. They exchange BENCH_MESSAGES messages
 * (default 100), alternating, through the real composer; after each one the bench waits until the
 * receiver shows it and the sender shows it 既読 (the receiver marked it read and the sender heard
 * it), then the next one is sent. Every request each page makes to the API during the exchange is
 * counted (the socket's frames are not requests) and attributed to the page's role in that
 * message: sending or receiving.
 * Figures: requests per received message on the receiving page (target <= 1), per sent message
 * on the sending page (target <= 2), message pages fetched during the exchange (target 0), the
 * requests by kind, and the time from the click on 送信 to the message shown on the other page
 * and to 既読 on the sender, with the load average. The floor in the same run: one POST per sent
 * message and one read mark per received message (1 and 1).
 *
 * Build the web first (into its own folder, so others' builds do not interfere):
 *   (cd apps/web && npx vite build --outDir /tmp/web-dist)
 * Run: pnpm --filter @ipportal/bench exec tsx --conditions=@ipportal/source web-chat-requests.ts
 * Env: BENCH_WEB_DIST (default apps/web/dist), BENCH_MESSAGES (default 100), CHROMIUM_PATH.
 */
import { measureExchange } from './lib/two-page-exchange.js';
import { signIn, withTwoPages } from './lib/two-pages.js';

const messages = Number(process.env.BENCH_MESSAGES ?? 100);

await withTwoPages('bench-chat-', async (pages) => {
  const { base, client, office } = pages;
  // The demo request with a chat: the first room of the client's list.
  await signIn(client, base, 'demo@example.com', '企業ユーザー', '/chat');
  await client.page.getByRole('list', { name: 'チャットルーム' }).waitFor({ timeout: 60_000 });
  await client.page.getByRole('list', { name: 'チャットルーム' }).getByRole('link').first().click();
  await client.page.getByRole('list', { name: 'メッセージ' }).waitFor({ timeout: 60_000 });
  const room = new URL(client.page.url()).pathname;
  await signIn(office, base, 'firm@example.com', '特許事務所ユーザー', room);
  await office.page.getByRole('list', { name: 'チャットルーム' }).waitFor({ timeout: 60_000 });
  await office.page.getByRole('list', { name: 'メッセージ' }).waitFor({ timeout: 60_000 });
  // Both settled: the rooms and the sockets' starts fetched what they show.
  await Promise.all([client, office].map((s) => s.page.waitForLoadState('networkidle')));

  await measureExchange(pages, {
    title: 'web chat requests',
    item: 'message',
    items: 'messages',
    count: messages,
    compose: async (page, text) => {
      const form = page.getByRole('form', { name: 'メッセージを送信' });
      await form.getByRole('textbox', { name: 'メッセージ' }).fill(text);
      return form.getByRole('button', { name: '送信', exact: true });
    },
    shown: (page, text) => page.getByRole('article').filter({ hasText: text }),
    refetch: {
      kind: /^GET \/chat\/rooms\/:id\/:n\/messages/,
      name: 'message pages fetched during the exchange',
    },
  });
});
