import './spaDefines.ts';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Request } from '@playwright/test';
import type { Params, RouteObject } from 'react-router';
import { sessionCookie, type StoredSession } from '../../src/app/sessionStorage.ts';
import { routes, type RouteHandle } from '../../src/routes.tsx';
import { apiLogin, createUser, expect, serverInfo, test, type TestUser } from './fixtures.ts';
import { WCAG_21_AA } from './axe.ts';

/** WCAG 2.1 A and AA: the rules the product promises. */

/** A value for each route parameter; a route with a parameter missing here fails until it gets one. */
const SAMPLE_PARAMS: Record<string, string> = { id: '1', channel: 'email', '*': 'list' };

interface Screen {
  /** The route's path pattern. */
  pattern: string;
  /** Whether the route needs login (`handle.auth` of its gate); undefined for routes outside both gates (404). */
  auth: boolean | undefined;
}

/**
 * Every page the route table renders, with sample parameters: leaves that load a screen or carry a title or name
 * (the 404 page renders its error element). Redirect-only routes (a loader and nothing to render) are skipped.
 */
function screens(children: RouteObject[], parent = '', auth?: boolean): Screen[] {
  return children.flatMap((route) => {
    const handle = (route.handle ?? {}) as RouteHandle;
    const gate = handle.auth ?? auth;
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
    if (route.children?.length) return screens(route.children, path, gate);
    const renders = route.lazy || route.Component || route.element || handle.title || handle.name;
    return renders ? [{ pattern: path || '/', auth: gate }] : [];
  });
}

/** The pattern with the account's own records where it has them (`records`), sample values elsewhere. */
function withSamples(path: string, records: Params = {}): string {
  return path.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    const value = records[name ?? '*'] ?? SAMPLE_PARAMS[name ?? '*'];
    if (value === undefined)
      throw new Error(`No sample value for the parameter ${match} of ${path}: add one to SAMPLE_PARAMS`);
    return value;
  });
}

/** Logs in through the API and stores the session cookie as the login screen does. */
async function logIn(page: Page, user: TestUser, baseURL: string): Promise<void> {
  const response = await page.request.post('/api/users/login', {
    data: { email: user.email, password: user.password, remember: false },
  });
  expect(response.status()).toBe(200);
  const session = { ...((await response.json()) as Omit<StoredSession, 'remember'>), remember: false };
  const url = new URL(baseURL);
  const [, name = '', value = ''] = /^([^=]+)=([^;]*)/.exec(sessionCookie(session, url)) ?? [];
  await page.context().addCookies([{ name, value, url: url.origin }]);
}

/** A page that keeps its context across the worker's tests, and the HTTP requests it has started and not finished. */
interface SweepPage {
  page: Page;
  pending: Set<Request>;
}

async function openSweepPage(browser: Browser, baseURL: string): Promise<SweepPage> {
  const page = await browser.newPage({ baseURL });
  // Every HTTP request: the document, the screen's chunks, its API calls (realtime is a WebSocket, not one of them).
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return { page, pending };
}

/** The requests in flight; when there are none, counted again after two animation frames have rendered. */
async function inFlight({ page, pending }: SweepPage): Promise<number> {
  if (pending.size > 0) return pending.size;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return pending.size;
}

/**
 * Loads the path and runs axe on the settled page, failing with each violated rule, its impact and the nodes it found.
 * Settled: the page's heading is shown and no request is in flight across two animation frames, so the data the
 * screen asked for has arrived and rendered (a render that asks for more starts it within those frames).
 */
async function expectNoViolations({ page, pending }: SweepPage, path: string) {
  // The last page's requests end with its document; a page that failed its check may have left some unanswered.
  pending.clear();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => inFlight({ page, pending }), { intervals: [25, 50, 100] }).toBe(0);
  // Legacy mode: the default mode injects axe into every frame and hangs on the sandboxed preview frames (email and
  // unsubscribe previews run no script, by design); legacy mode checks the page and skips frames it cannot enter.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true).analyze();
  const report = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
  }));
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
}

const all = screens(routes);
interface Account {
  user: TestUser;
  /** Parameters naming the account's own records, by route pattern. */
  records: Record<string, Params>;
}

/**
 * One user per worker (the pages only read, and creating a user takes a process), with contacts in both states the
 * contacts table and the contact page show: active and blocked. Each worker keeps one signed-in page and one signed-out
 * page for its tests: every check still loads its path as a whole document, without a new context and login each time.
 */
const pages = test.extend<object, { account: Account; signedIn: SweepPage; signedOut: SweepPage }>({
  account: [
    async ({ playwright }, use) => {
      const user = await createUser();
      const request = await playwright.request.newContext({ baseURL: serverInfo().baseURL });
      const headers = { Authorization: `Bearer ${await apiLogin(request, user)}` };
      const createContact = async (data: object) => {
        const response = await request.post('/api/contacts', { headers, data });
        expect(response.status()).toBe(201);
        return (await response.json()) as { id: number };
      };
      const active = await createContact({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
      await createContact({ email: 'blocked@example.com', firstName: 'Blocked', blocked: true });
      await request.dispose();
      await use({ user, records: { '/contacts/show/:id': { id: String(active.id) } } });
    },
    { scope: 'worker' },
  ],
  signedIn: [
    async ({ browser, account }, use) => {
      const baseURL = serverInfo().baseURL;
      const sweep = await openSweepPage(browser, baseURL);
      await logIn(sweep.page, account.user, baseURL);
      await use(sweep);
      await sweep.page.context().close();
    },
    { scope: 'worker' },
  ],
  signedOut: [
    async ({ browser }, use) => {
      const sweep = await openSweepPage(browser, serverInfo().baseURL);
      await use(sweep);
      await sweep.page.context().close();
    },
    { scope: 'worker' },
  ],
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the route table yields the pages to check', () => {
    expect(all.filter((s) => s.auth === false).length).toBeGreaterThan(0);
    expect(all.filter((s) => s.auth === true).length).toBeGreaterThan(10);
  });

  for (const screen of all.filter((s) => s.auth !== true)) {
    pages(`logged out: ${screen.pattern}`, async ({ signedOut }) => {
      await expectNoViolations(signedOut, withSamples(screen.pattern));
    });
  }

  for (const screen of all.filter((s) => s.auth !== false)) {
    pages(`logged in: ${screen.pattern}`, async ({ signedIn, account }) => {
      await expectNoViolations(signedIn, withSamples(screen.pattern, account.records[screen.pattern]));
    });
  }
});
