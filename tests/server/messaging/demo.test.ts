import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo, DEMO_EMAIL } from '../../../server/services/accounts/accounts.ts';
import { bearer, createTestEnv, login, type TestEnv } from '../helpers.ts';

// The demo account's first start: sample contacts, lists, a segment, a sender, a template and a sent campaign whose
// report has figures; a second start adds nothing.
let env: TestEnv;
let token: string;

beforeAll(async () => {
  env = await createTestEnv();
  const demo = await seedDemo(env.pool);
  expect(demo.created).toBe(true);
  ({ token } = await login(env, { email: DEMO_EMAIL, password: demo.password }));
});
afterAll(() => env.close());

const get = async (url: string) => {
  const res = await env.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

it('has a few hundred contacts in three lists and a segment that counts', async () => {
  const contacts = await get('/contacts?perPage=1');
  expect(JSON.parse(contacts.headers.pagination as string).total).toBe(300);
  const lists = await get('/contact-lists');
  expect(lists.body.map((l: { name: string; memberCount?: number }) => l.name).sort()).toEqual([
    'Customers',
    'Event guests',
    'Subscribers',
  ]);
  const segments = await get('/segments');
  expect(segments.body).toHaveLength(1);
  const count = await get(`/segments/${segments.body[0].id}/count`);
  expect(count.status).toBe(200);
  expect(count.body.count).toBeGreaterThan(0);
});

it('has a verified sender, a compiled template and a sent campaign whose report has figures', async () => {
  const { rows } = await env.pool.query(
    `select (select count(*)::int from senders where verified_at is not null) as senders,
            (select html like '%<table%' and text_body <> '' from templates limit 1) as compiled`,
  );
  expect(rows[0]).toEqual({ senders: 1, compiled: true });
  const campaigns = await get('/campaigns');
  expect(campaigns.body).toMatchObject([{ name: 'Autumn newsletter', status: 'sent', recipients: 300 }]);
  const report = await get(`/channels/email/reports/${campaigns.body[0].id}`);
  const s = report.body;
  expect(s.delivered).toBeGreaterThan(250);
  expect(s.opened).toBeGreaterThan(100);
  expect(s.openedMachine).toBeGreaterThan(0);
  expect(s.clicked).toBeGreaterThan(10);
  expect(s.bounced).toBeGreaterThan(0);
  expect(s.unsubscribed).toBeGreaterThan(0);
  expect(s.pending.total).toBe(0);
  const links = await get(`/channels/email/reports/${campaigns.body[0].id}/links`);
  expect(links.body.every((l: { clicks: number }) => l.clicks > 0)).toBe(true);
});

it('seeds only once', async () => {
  const again = await seedDemo(env.pool);
  expect(again.created).toBe(false);
  const { rows } = await env.pool.query('select count(*)::int as n from messages');
  expect(rows[0].n).toBe(1);
});
