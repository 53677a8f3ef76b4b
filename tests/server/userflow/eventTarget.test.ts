import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERFLOW_ERRORS } from '../../../shared/userflow.ts';
import { forJob } from '../../../server/services/scope.ts';
import { trackerRuntime } from '../../../server/services/tracker/runtime.ts';
import { seeded } from '../../../server/services/userflow/training/random.ts';
import { runTraining } from '../../../server/services/userflow/versions.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

/**
 * A probability model whose outcome is a website event (issue 24 item 1 step-2): the tracker's recorded event names
 * offered per site, the event target saved only with the company's own site, labels read from the tracker events of
 * the matched contacts (by email or by an external id), and training on generated data with a known signal.
 */

let env: TestEnv;
let a: Caller;
let b: Caller;
let site: { id: number; siteKey: string };
let theirs: { id: number; siteKey: string };
/** Which of the 300 contacts did «purchase»: the rule that generated the data is known. */
const bought = new Set<number>();

const ORIGIN = 'https://shop.example.org';
const visitsOf = (i: number) => (i * 7) % 20;

async function track(siteKey: string, visitorId: string, events: object[]) {
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/public/track/${siteKey}`,
    headers: { origin: ORIGIN, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
    payload: { visitorId, consent: true, events },
  });
  expect(res.statusCode).toBe(204);
}

/** 400 rows (email, visits, plan, external id); the first 300 are contacts of company a. */
function customers(): string {
  const lines = ['email,visits,plan,customer_id'];
  for (let i = 0; i < 400; i++) lines.push(`c${i}@example.org,${visitsOf(i)},${['free', 'gold'][i % 2]},K${i}`);
  return lines.join('\n');
}

async function fileModel(name: string): Promise<number> {
  const id = (await a.call('POST', '/userflow/models', { name, predictionType: 'probability' })).body.id;
  const body = multipart('customers.csv', customers());
  const uploaded = await env.app.inject({
    method: 'POST',
    url: `/api/userflow/models/${id}/source/file`,
    headers: { ...bearer(a.token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  site = (await a.call('POST', '/userflow/tracker/sites', { name: 'Shop', allowedDomains: ['shop.example.org'] })).body;
  await a.call('PATCH', `/userflow/tracker/sites/${site.id}`, { consentMode: 'none' });
  theirs = (await b.call('POST', '/userflow/tracker/sites', { name: 'Theirs', allowedDomains: ['shop.example.org'] }))
    .body;
  const scope = forJob(env.ctx, a.companyId);
  const attribute = await scope.db.query<{ id: number }>(
    `insert into contact_attributes (company_id, name, type) values ($1, 'Customer id', 'text') returning id::int`,
    [a.companyId],
  );
  await scope.db.query(
    `insert into contacts (company_id, email, attributes)
     select $1, 'c' || g || '@example.org', jsonb_build_object($2::text, 'K' || g) from generate_series(0, 299) g`,
    [a.companyId, String(attribute.rows[0]!.id)],
  );
  // The known signal: the more visits, the likelier «purchase»; everyone identifies and browses.
  const random = seeded(11);
  for (let i = 0; i < 300; i++) {
    const p = 1 / (1 + Math.exp(-(visitsOf(i) - 10) * 0.6));
    const buys = random() < p;
    if (buys) bought.add(i);
    await track(site.siteKey, `v${i}`, [
      { type: 'identify', email: `c${i}@example.org` },
      { type: 'event', name: 'browse' },
      ...(buys ? [{ type: 'event', name: 'purchase' }] : []),
      ...(i % 3 === 0 ? [{ type: 'event', name: 'browse' }] : []),
    ]);
  }
  // Another company's site records its own event: it is never offered to a, nor labels a's contacts.
  await track(theirs.siteKey, 'vb', [{ type: 'event', name: 'refund' }]);
  await trackerRuntime(env.ctx).recorder.flush();
}, 120_000);
afterAll(() => env.close());

describe('event names a site offers', () => {
  it('lists the recorded custom event names, most frequent first, with their counts', async () => {
    const res = await a.call('GET', `/userflow/tracker/sites/${site.id}/event-names`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'browse', count: 400 },
      { name: 'purchase', count: bought.size },
    ]);
    expect((await b.call('GET', `/userflow/tracker/sites/${theirs.id}/event-names`)).body).toEqual([
      { name: 'refund', count: 1 },
    ]);
  });

  it("answers 404 for another company's site and for a site that does not exist", async () => {
    expect((await a.call('GET', `/userflow/tracker/sites/${theirs.id}/event-names`)).status).toBe(404);
    expect((await b.call('GET', `/userflow/tracker/sites/${site.id}/event-names`)).status).toBe(404);
    expect((await a.call('GET', '/userflow/tracker/sites/999999/event-names')).status).toBe(404);
  });
});

describe('a model whose outcome is a website event', () => {
  it("refuses an event target on another company's site with the field named, keeps its own", async () => {
    const id = (await a.call('POST', '/userflow/models', { name: 'Refused', predictionType: 'probability' })).body.id;
    const target = { kind: 'event', siteId: theirs.id, eventName: 'refund', days: 30 };
    const refused = await a.call('PATCH', `/userflow/models/${id}`, { target });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'target.siteId': [USERFLOW_ERRORS.site_missing] });
    for (const bad of [
      { ...target, days: 0 },
      { ...target, days: 366 },
      { ...target, eventName: '' },
    ]) {
      expect((await a.call('PATCH', `/userflow/models/${id}`, { target: bad })).status, JSON.stringify(bad)).toBe(422);
    }
    const own = await a.call('PATCH', `/userflow/models/${id}`, { target: { ...target, siteId: site.id } });
    expect(own.status).toBe(200);
    expect(own.body.target).toEqual({ ...target, siteId: site.id });
  });

  it('trains on the contacts that did «purchase» within the days: only matched rows are labelled', async () => {
    const id = await fileModel('Buyers');
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'event', siteId: site.id, eventName: 'purchase', days: 30 },
      features: [
        { name: 'visits', type: 'numeric', used: true },
        { name: 'plan', type: 'categorical', used: true },
        { name: 'customer_id', type: 'categorical', used: false },
      ],
    });
    expect((await a.call('POST', `/userflow/models/${id}/train`)).status).toBe(202);
    await runTraining(forJob(env.ctx, a.companyId), id);
    const model = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(model).toMatchObject({ status: 'ready', version: 1, error: null });
    // 300 of the 400 rows match a contact; the other 100 have no outcome and are not examples.
    expect(model.metrics.trainRows + model.metrics.validationRows).toBe(300);
    expect(model.metrics.auc).toBeGreaterThan(0.8);
    // Training scores the contacts once: scoring reads the features only, whatever defines the outcome.
    expect(model.lastRun).toMatchObject({ trigger: 'training', status: 'finished', rows: 400, matched: 300 });
    expect(model.metrics.baseline.precision).toBeCloseTo(bought.size / 300, 1);
    expect(model.metrics.importances).toEqual(expect.arrayContaining([expect.objectContaining({ feature: 'visits' })]));
  });

  it('joins by an external id as well, and any page view or an event never recorded label accordingly', async () => {
    const id = await fileModel('Visitors');
    const attributeId = (
      await forJob(env.ctx, a.companyId).db.query<{ id: number }>(
        `select id::int from contact_attributes where company_id = $1 and name = 'Customer id'`,
        [a.companyId],
      )
    ).rows[0]!.id;
    const features = [{ name: 'visits', type: 'numeric', used: true }];
    await a.call('PATCH', `/userflow/models/${id}`, {
      identity: { column: 'customer_id', matchKind: 'attribute', attributeId },
      target: { kind: 'event', siteId: site.id, eventName: 'purchase', days: 30 },
      features,
    });
    await a.call('POST', `/userflow/models/${id}/train`);
    await runTraining(forJob(env.ctx, a.companyId), id);
    const byId = (await a.call('GET', `/userflow/models/${id}`)).body;
    expect(byId.status).toBe('ready');
    expect(byId.metrics.trainRows + byId.metrics.validationRows).toBe(300);

    // Nobody viewed a page (the snippet sent no page view): every row is "no", one class only.
    await a.call('PATCH', `/userflow/models/${id}`, {
      target: { kind: 'event', siteId: site.id, eventName: 'page_view', days: 7 },
    });
    await a.call('POST', `/userflow/models/${id}/train`);
    await runTraining(forJob(env.ctx, a.companyId), id);
    expect((await a.call('GET', `/userflow/models/${id}`)).body).toMatchObject({
      status: 'failed',
      error: { code: 'single_class' },
    });
  });

  it('a value model does not train on an event target', async () => {
    const id = await fileModel('Value');
    await a.call('PATCH', `/userflow/models/${id}`, {
      predictionType: 'value',
      identity: { column: 'email', matchKind: 'email', attributeId: null },
      target: { kind: 'event', siteId: site.id, eventName: 'purchase', days: 30 },
      features: [{ name: 'visits', type: 'numeric', used: true }],
    });
    const refused = await a.call('POST', `/userflow/models/${id}/train`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ target: [USERFLOW_ERRORS.target_missing] });
  });

  it("an event older than the days does not count: the window is the target's days", async () => {
    for (let i = 0; i < 300; i += 2) await track(site.siteKey, `v${i}`, [{ type: 'event', name: 'newsletter' }]);
    await trackerRuntime(env.ctx).recorder.flush();
    const scope = forJob(env.ctx, a.companyId);
    // Every «newsletter» happened 40 days ago (its month's partition made first, as retention keeps old months).
    await env.pool.query(`select missiva_tracker_partition(now() - interval '40 days')`);
    const moved = await scope.db.query(
      `update tracker_events set received_at = now() - interval '40 days'
        where company_id = $1 and site_id = $2 and name = 'newsletter'`,
      [a.companyId, site.id],
    );
    expect(moved.rowCount).toBe(150);
    const id = await fileModel('Readers');
    const train = async (days: number) => {
      await a.call('PATCH', `/userflow/models/${id}`, {
        identity: { column: 'email', matchKind: 'email', attributeId: null },
        target: { kind: 'event', siteId: site.id, eventName: 'newsletter', days },
        features: [{ name: 'visits', type: 'numeric', used: true }],
      });
      expect((await a.call('POST', `/userflow/models/${id}/train`)).status).toBe(202);
      await runTraining(scope, id);
      return (await a.call('GET', `/userflow/models/${id}`)).body;
    };
    expect(await train(30)).toMatchObject({ status: 'failed', error: { code: 'single_class' } });
    const within60 = await train(60);
    expect(within60).toMatchObject({ status: 'ready', error: null });
    expect(within60.metrics.baseline.precision).toBeGreaterThan(0.3);
    expect(within60.metrics.baseline.precision).toBeLessThan(0.7);
  });
});
