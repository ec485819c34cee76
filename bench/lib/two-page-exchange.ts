/// <reference lib="dom" />
/**
 * The exchange web-chat-requests.ts and web-mail-requests.ts measure on two pages: items sent in
 * turn through the real composer, each awaited until the receiver shows it and the sender shows it
 * 既読, then the requests each page made per sent and per received item and the send -> shown and
 * send -> 既読 times, printed as figures.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { loadAverages } from './load-average.js';
import { printFigures } from './report.js';
import type { Role, Screen, TwoPages } from './two-pages.js';

export interface Exchange {
  /** What is exchanged, singular and plural, as the figures name it: "message", "messages". */
  item: string;
  items: string;
  count: number;
  /** Fills the sender's composer with `text`; returns the button that sends it. */
  compose(page: Page, text: string): Promise<Locator>;
  /** The exchanged item with `text` as a page shows it. */
  shown(page: Page, text: string): Locator;
  /** The requests that fetch the whole list again (target 0 during the exchange), and their name. */
  refetch: { kind: RegExp; name: string };
  /** The first words of the figures' title, e.g. "web chat requests". */
  title: string;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/** Sends `exchange.count` items in turn, client first, and prints what each page requested. */
export async function measureExchange({ client, office }: TwoPages, exchange: Exchange) {
  const { count } = exchange;
  const toShown: number[] = [];
  const toRead: number[] = [];
  const loads: string[] = [];
  for (let i = 0; i < count; i++) {
    const [sender, receiver] = i % 2 === 0 ? [client, office] : [office, client];
    sender.role = 'sending';
    receiver.role = 'receiving';
    const text = `bench ${i} ${randomBytes(4).toString('hex')}`;
    const send = await exchange.compose(sender.page, text);
    const started = performance.now();
    await send.click();
    await exchange.shown(receiver.page, text).waitFor({ timeout: 30_000 });
    toShown.push(performance.now() - started);
    await exchange.shown(sender.page, text).getByText('既読', { exact: true }).waitFor({ timeout: 30_000 });
    toRead.push(performance.now() - started);
    if (i % 20 === 19) loads.push(loadAverages());
  }
  // What either page still sends after the last item (a late read mark, a refetch) counts too.
  await Promise.all([client, office].map((s) => s.page.waitForLoadState('networkidle')));
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const per = (screen: Screen, role: Role) => screen.counted.filter((c) => c.role === role).length;
  const sentBy = (screen: Screen) => Math.ceil(screen === client ? count / 2 : count / 2 - (count % 2));
  for (const screen of [client, office]) {
    const byKind = new Map<string, number>();
    for (const { role, kind } of screen.counted) {
      const key = `${role}: ${kind}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    console.log(`\n${screen.name} page, requests by kind:`);
    for (const [key, n] of [...byKind].sort()) console.log(`  ${key.padEnd(60)} ${n}`);
  }
  const refetches = [client, office]
    .flatMap((s) => s.counted)
    .filter((c) => exchange.refetch.kind.test(c.kind)).length;
  const receivedPer = Math.max(
    per(client, 'receiving') / (count - sentBy(client)),
    per(office, 'receiving') / (count - sentBy(office)),
  );
  const sentPer = Math.max(per(client, 'sending') / sentBy(client), per(office, 'sending') / sentBy(office));
  console.log('');
  printFigures(
    `${exchange.title}, ${count} ${exchange.items} between two pages (load ${loadAverages()}; during: ${loads.join(' | ')})`,
    [
      {
        name: `requests per received ${exchange.item} (worse page)`,
        value: receivedPer,
        unit: 'req',
        target: { text: '<= 1', met: receivedPer <= 1 },
      },
      {
        name: `requests per sent ${exchange.item} (worse page)`,
        value: sentPer,
        unit: 'req',
        target: { text: '<= 2', met: sentPer <= 2 },
      },
      {
        name: exchange.refetch.name,
        value: refetches,
        unit: 'req',
        target: { text: '0', met: refetches === 0 },
      },
      { name: 'floor: per received (one read mark)', value: 1, unit: 'req' },
      { name: 'floor: per sent (the POST)', value: 1, unit: 'req' },
      { name: 'send -> shown on the other page, p50', value: quantile(toShown, 0.5), unit: 'ms' },
      { name: 'send -> shown on the other page, p95', value: quantile(toShown, 0.95), unit: 'ms' },
      { name: 'send -> 既読 on the sender, p50', value: quantile(toRead, 0.5), unit: 'ms' },
      { name: 'send -> 既読 on the sender, p95', value: quantile(toRead, 0.95), unit: 'ms' },
    ],
  );
}
