// Takes a PNG of every story of the built Storybook (storybook-static/) in Japanese and English,
// using the system Chromium, for looking at wrapping, contrast and alignment by eye.
// Usage: pnpm --filter @ipportal/ui run build-storybook && pnpm --filter @ipportal/ui run screenshots [filter]
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright';

const root = path.resolve(import.meta.dirname, '..', 'storybook-static');
const out = path.resolve(import.meta.dirname, '..', 'screenshots');
const filter = process.argv[2] ?? '';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const file = path.join(root, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const index = JSON.parse(await readFile(path.join(root, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter((e) => e.type === 'story' && e.id.includes(filter));
await mkdir(out, { recursive: true });

const browser = await chromium.launch({
  ...(existsSync(executablePath) ? { executablePath } : {}),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
let count = 0;
for (const story of stories) {
  for (const locale of ['ja', 'en']) {
    await page.goto(
      `http://127.0.0.1:${port}/iframe.html?id=${story.id}&viewMode=story&globals=locale:${locale}`,
    );
    await page
      .waitForSelector('#storybook-root > *, body > [role="dialog"]', { timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(700);
    await page.screenshot({ path: path.join(out, `${story.id}--${locale}.png`), fullPage: true });
    count += 1;
  }
}
await browser.close();
server.close();
console.log(`${count} screenshots in ${out}`);
