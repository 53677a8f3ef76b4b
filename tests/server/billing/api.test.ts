import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debit } from '../../../server/services/billing/ledger.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

// The billing page's API and the operator API over HTTP, with two companies to prove each sees only its own.
const KEY = 'operator-key-for-tests-0123456789';
let env: TestEnv;
let noKey: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  [env, noKey] = await Promise.all([
    createTestEnv({ operatorKey: KEY, billingStartingCredits: 0 }),
    createTestEnv({ billing: false }),
  ]);
  [a, b] = await Promise.all([signIn(env, 'Alpha'), signIn(env, 'Beta')]);
});
afterAll(() => Promise.all([env.close(), noKey.close()]));

const operator = (e: TestEnv, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key = KEY) =>
  e.app.inject({ method, url: `/api/operator${url}`, headers: { 'x-operator-key': key }, payload });

describe('operator API', () => {
  it('answers 404 when no operator key is configured, 401 for a wrong key', async () => {
    const c = await signIn(noKey, 'Gamma');
    expect((await operator(noKey, 'GET', `/companies/${c.companyId}/balances`)).statusCode).toBe(404);
    expect((await operator(env, 'GET', `/companies/${a.companyId}/balances`, undefined, 'wrong')).statusCode).toBe(401);
    const none = await env.app.inject({ method: 'GET', url: `/api/operator/companies/${a.companyId}/balances` });
    expect(none.statusCode).toBe(401);
  });

  it('grants credits and sets the plan, with ledger and audit entries', async () => {
    const granted = await operator(env, 'POST', `/companies/${a.companyId}/credits`, {
      channel: 'email',
      amount: 120,
      reason: 'Welcome credits',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().channels.find((c: { channel: string }) => c.channel === 'email').balance).toBe(120);
    const plan = await operator(env, 'PUT', `/companies/${a.companyId}/plan`, { name: 'Growth', contacts: 5000 });
    expect(plan.json().plan).toEqual({ name: 'Growth', limits: { contacts: 5000, seats: null, sends: null } });
    const { rows } = await env.pool.query(
      `select event from audit_log where company_id = $1 and event in ('credits.granted', 'plan.changed') order by id`,
      [a.companyId],
    );
    expect(rows.map((r) => r.event)).toEqual(['credits.granted', 'plan.changed']);
  });

  it('refuses bad input with field errors and an unknown company with 404', async () => {
    const bad = await operator(env, 'POST', `/companies/${a.companyId}/credits`, { channel: 'email', amount: -5 });
    expect(bad.statusCode).toBe(422);
    const fax = await operator(env, 'POST', `/companies/${a.companyId}/credits`, { channel: 'fax', amount: 5 });
    expect(fax.statusCode).toBe(422);
    const missing = await operator(env, 'GET', '/companies/00000000-0000-4000-8000-000000000000/balances');
    expect(missing.statusCode).toBe(404);
  });
});

describe('billing page API', () => {
  it("shows the company's balances, plan, usage and ledger, newest first", async () => {
    await debit(env.ctx.tenants.bind(a.companyId), a.companyId, { channel: 'email', kind: 'test_send', quantity: 2 });
    const overview = await a.call('GET', '/billing/overview');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ enabled: true, plan: { name: 'Growth' }, usage: { seats: 1 } });
    expect(overview.body.channels.map((c: { channel: string; balance: number }) => [c.channel, c.balance])).toEqual([
      ['email', 118],
      ['whatsapp', 0],
      ['sms', 0],
    ]);
    const ledger = await a.call('GET', '/billing/ledger?channel=email');
    expect(ledger.status).toBe(200);
    expect(JSON.parse(ledger.headers.pagination as string)).toMatchObject({ total: 2 });
    expect(ledger.body.map((e: { kind: string; amount: number; balanceAfter: number }) => e)).toMatchObject([
      { kind: 'test_send', amount: -2, balanceAfter: 118, quantity: 2 },
      { kind: 'grant', amount: 120, balanceAfter: 120, reason: 'Welcome credits' },
    ]);
  });

  it("never shows another company's ledger or balance", async () => {
    const overview = await b.call('GET', '/billing/overview');
    expect(overview.body.channels.every((c: { balance: number }) => c.balance === 0)).toBe(true);
    expect(overview.body.plan.name).toBe('standard');
    const ledger = await b.call('GET', '/billing/ledger');
    expect(ledger.body).toEqual([]);
  });

  it('sets the low-balance threshold, refusing a bad value or channel', async () => {
    const ok = await a.call('PUT', '/billing/channels/email/threshold', { threshold: 50 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ channel: 'email', balance: 118, lowBalanceThreshold: 50 });
    expect((await a.call('PUT', '/billing/channels/email/threshold', { threshold: -1 })).status).toBe(422);
    expect((await a.call('PUT', '/billing/channels/fax/threshold', { threshold: 1 })).status).toBe(404);
    const other = await b.call('GET', '/billing/overview');
    expect(other.body.channels[0].lowBalanceThreshold).toBe(0);
  });

  it("estimates a send's cost against the channel's balance", async () => {
    const fits = await a.call('GET', '/billing/channels/email/estimate?recipients=100');
    expect(fits.body).toEqual({ enabled: true, cost: 100, balance: 118, enough: true });
    const short = await a.call('GET', '/billing/channels/email/estimate?recipients=119');
    expect(short.body).toMatchObject({ cost: 119, enough: false });
    expect((await b.call('GET', '/billing/channels/email/estimate?recipients=1')).body).toMatchObject({
      balance: 0,
      enough: false,
    });
    expect((await a.call('GET', '/billing/channels/email/estimate?recipients=-1')).status).toBe(422);
  });

  it('says billing is off with BILLING=off: no balances', async () => {
    const c = await signIn(noKey, 'Delta');
    const overview = await c.call('GET', '/billing/overview');
    expect(overview.body).toMatchObject({ enabled: false, channels: [] });
  });
});
