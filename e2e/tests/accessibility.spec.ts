import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.js';
import type { Page } from '@playwright/test';
import { routeTable } from '../../apps/web/src/routes/route-table.js';
import type { Access, RouteDefinition, RouteId } from '../../apps/web/src/routes/route-table.js';
import { demoUsers, logIn, signUp, uniqueEmail, verifyFromMail } from './support/auth.js';
import type { UserType } from './support/auth.js';
import { chooseLanguage } from './support/language.js';

/*
 * Every page of the route table through axe (WCAG 2.0 A and AA rules, and axe's best practices),
 * for the client and the office, in Japanese and English, at a laptop width, and the pages that
 * show a table again at a tablet width (where a table scrolls sideways): no serious or critical
 * finding anywhere, and no link in the browser's own colours. One signed-in page per user type
 * walks its pages; the pages with ids in their path are opened through links the pages before
 * them offer, as a user reaches them. Findings are gathered over the whole walk and reported
 * together, so one run lists everything to fix. It runs in every e2e run, so it is kept short:
 * each page is audited once per language at the laptop width, only the pages with tables at the
 * tablet width, and a page is audited as soon as it has settled (nothing loading or busy).
 */

// The demo users sign in on the Japanese login page (support/auth.ts), as a Japanese browser shows it.
test.use({ locale: 'ja-JP' });

const laptop = 1366;
const tablet = 820;
const languages = ['日本語', 'English'] as const;

/** Who a signed-in walk is for: the two demo users, and a client that has no organization yet. */
type Walker = UserType | 'clientWithoutOrganization';

/** Whether a protected route is open to `walker` (the others send it to /, and are not audited). */
function opensFor(access: Access, walker: Walker): boolean {
  if (access.kind !== 'protected') return false;
  return access.conditions.every((condition) => {
    switch (condition) {
      case 'patentUser':
        return walker === 'PATENT';
      case 'clientUser':
        return walker !== 'PATENT';
      // The demo client administers the demo organization.
      case 'organizationAdmin':
        return walker === 'REGULAR';
      case 'regularWithoutOrganization':
        return walker === 'clientWithoutOrganization';
    }
  });
}

/**
 * The page routes `walker` opens; a client without an organization is walked only through the
 * page for it (its other pages are the demo client's, with less in them).
 */
function routesFor(walker: Walker): RouteId[] {
  return (Object.keys(routeTable) as RouteId[]).filter((id) => {
    const route: RouteDefinition = routeTable[id];
    if (route.redirectTo || !opensFor(route.access, walker)) return false;
    if (walker !== 'clientWithoutOrganization') return true;
    return (
      route.access.kind === 'protected' && route.access.conditions.includes('regularWithoutOrganization')
    );
  });
}

function patternOf(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
}

interface Finding {
  path: string;
  width: number;
  rule: string;
  impact: string;
  targets: string[];
}

/** Nothing on the page is still loading: its main region shows, no loading text, nothing busy. */
async function settled(page: Page) {
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Every loading text of the portal (「読み込み中…」「見積書を読み込んでいます…」「招待を確認しています…」, ...).
  await expect(
    page.getByRole('status').filter({ hasText: /読み込|確認しています|Loading|Checking/ }),
  ).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** What the page scripts below read of a link (this project compiles without the DOM types). */
interface LinkElement {
  href: string;
  outerHTML: string;
}
declare function getComputedStyle(element: LinkElement): { color: string };

/** The browser's own link colours (unvisited, visited): every link has the theme's instead. */
const browserLinkColours = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];

async function audit(page: Page, path: string, width: number, findings: Finding[]) {
  const defaultColouredLinks = await page
    .locator('a[href]')
    .evaluateAll(
      (anchors: LinkElement[], colours: string[]) =>
        anchors
          .filter((a) => colours.includes(getComputedStyle(a).color))
          .map((a) => a.outerHTML.slice(0, 80)),
      browserLinkColours,
    );
  if (defaultColouredLinks.length > 0) {
    findings.push({
      path,
      width,
      rule: 'browser-default-link-colour',
      impact: 'serious',
      targets: defaultColouredLinks,
    });
  }
  // Legacy mode runs axe in the page itself: the portal has no frames, and the default mode opens
  // a second page for every audit to merge the frames' results, which doubled the walk's time.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      path,
      width,
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    });
  }
}

function report(findings: readonly Finding[]): string[] {
  return findings.map(
    ({ path, width, rule, impact, targets }) =>
      `${path} @${width}px: ${rule} (${impact}) ${targets.slice(0, 3).join(' | ')}`,
  );
}

interface Visit {
  /** Whether the page shows a table (audited again at the tablet width). */
  table: boolean;
  /** The paths the page links to. */
  links: string[];
}

/** Where the links on the page lead (path and query: a query may open a part of the page). */
async function linksOn(page: Page): Promise<string[]> {
  return page.locator('a[href]').evaluateAll((anchors: LinkElement[]) =>
    anchors.map((a) => {
      const url = new URL(a.href);
      return url.pathname + url.search;
    }),
  );
}

function pathOf(link: string): string {
  return link.replace(/\?.*$/, '');
}

/** Opens `path`, checks it is shown (not sent elsewhere) and audits it at the current width. */
async function visit(page: Page, path: string, width: number, findings: Finding[]): Promise<Visit> {
  return test.step(`${path} @${width}px`, async () => {
    await page.goto(path);
    await settled(page);
    expect(new URL(page.url()).pathname, `${path} is shown, not another page`).toBe(pathOf(path));
    const before = findings.length;
    await audit(page, path, width, findings);
    // Printed as found, so a run cut short still shows what it saw.
    for (const line of report(findings.slice(before))) console.log(line);
    return { table: (await page.locator('table').count()) > 0, links: await linksOn(page) };
  });
}

/** A page of one request (its tabs share the path up to the last word). */
const requestTab = /^\/requests\/[^/]+\/[^/]+\/[^/]+$/;

/**
 * The first walk (the first language at the laptop width): the routes without ids, then each
 * route with ids through the first link to it on a page already audited, until every route is
 * audited or none is left to reach. An estimate and an invoice are linked from the estimate and
 * bill tab of the request they belong to, which need not be the request audited: the tabs of the
 * other requests linked so far are looked through (not audited again) until one links to them
 * (a list of estimates links to the tab with the estimate open, `?deal=`).
 * Returns the paths audited and those with tables; a route never reached fails the test, so the
 * demo data keeps a way to every page.
 */
async function discover(page: Page, routes: readonly RouteId[], findings: Finding[]) {
  const audited = new Map<RouteId, string>();
  const withTables: string[] = [];
  const seen: string[] = [];
  const record = (id: RouteId, path: string, { table, links }: Visit) => {
    audited.set(id, path);
    if (table) withTables.push(path);
    seen.push(...links);
  };
  const auditReachable = async () => {
    for (let reached = true; reached;) {
      reached = false;
      for (const id of routes) {
        if (audited.has(id)) continue;
        const pattern = patternOf(routeTable[id].path);
        const path = seen.find((link) => pattern.test(pathOf(link)));
        if (!path) continue;
        record(id, path, await visit(page, path, laptop, findings));
        reached = true;
      }
    }
  };
  const unreached = () => routes.filter((id) => !audited.has(id));

  for (const id of routes) {
    const path = routeTable[id].path;
    if (path.includes(':')) continue;
    record(id, path, await visit(page, path, laptop, findings));
  }
  await auditReachable();
  const lookedThrough = new Set(audited.values());
  while (unreached().length > 0) {
    const billTabs = seen
      .filter((link) => requestTab.test(pathOf(link)))
      .map((link) =>
        link.includes('/estimate-bill') ? link : pathOf(link).replace(/[^/]+$/, 'estimate-bill'),
      );
    const path = billTabs.find((tab) => !lookedThrough.has(tab));
    if (!path) break;
    lookedThrough.add(path);
    await test.step(`looking through ${path} for links`, async () => {
      await page.goto(path);
      await settled(page);
      seen.push(...(await linksOn(page)));
    });
    await auditReachable();
  }
  expect(unreached(), 'routes no audited page links to').toEqual([]);
  return { paths: [...audited.values()], withTables };
}

/** The not-found page, for every visitor. */
const notFound = '/no/such/page';

/**
 * Picks the language in the header of the profile page: the walk may stand on a printable
 * document, whose blank layout has no header.
 */
async function switchTo(page: Page, language: (typeof languages)[number]) {
  await page.goto('/profile');
  await settled(page);
  await chooseLanguage(page, language);
}

/**
 * The walk of a signed-in user in one language: every page at the laptop width, the pages with
 * tables at the tablet width too.
 */
async function walkSignedIn(page: Page, walker: Walker, language: (typeof languages)[number]) {
  const findings: Finding[] = [];
  try {
    await page.setViewportSize({ width: laptop, height: 900 });
    await switchTo(page, language);
    const discovered = await discover(page, routesFor(walker), findings);
    if (walker !== 'clientWithoutOrganization') await visit(page, notFound, laptop, findings);
    await page.setViewportSize({ width: tablet, height: 900 });
    for (const path of discovered.withTables) await visit(page, path, tablet, findings);
  } finally {
    // The demo users are shared by every spec (support/language.ts).
    if (language !== '日本語') await switchTo(page, '日本語');
  }
  expect(report(findings)).toEqual([]);
}

// One test per user type and language, so each stays well inside its timeout on a loaded machine.
for (const userType of ['REGULAR', 'PATENT'] as const satisfies readonly UserType[]) {
  for (const language of languages) {
    test(`no serious or critical axe finding on any page: ${userType}, ${language}`, async ({ page }) => {
      // A walk took 1.9 to 2.5 minutes on two cores at a load average of 3 to 4, and 4.9 minutes in
      // CI while the API suite still ran beside it; the headroom is for such a machine.
      test.setTimeout(480_000);
      await page.goto('/login');
      await logIn(page, userType, demoUsers[userType].email, demoUsers[userType].password);
      await expect(page).not.toHaveURL(/\/login/);
      await walkSignedIn(page, userType, language);
    });
  }
}

test('no serious or critical axe finding on the pages of a client without an organization', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('e2e-axe');
  const password = 'Axe-Pass1';
  await signUp(page, 'REGULAR', email, password);
  await verifyFromMail(page, email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  for (const language of languages) await walkSignedIn(page, 'clientWithoutOrganization', language);
});

test('no serious or critical axe finding on the signed-out pages', async ({ page }) => {
  test.setTimeout(120_000);
  const paths = Object.values(routeTable)
    .filter((route) => route.access.kind === 'public')
    .map((route) => route.path);
  const findings: Finding[] = [];
  for (const language of languages) {
    await page.goto('/login');
    await page.getByRole('banner').getByRole('button', { name: language }).click();
    for (const path of paths) await visit(page, path, laptop, findings);
  }
  expect(report(findings)).toEqual([]);
});
