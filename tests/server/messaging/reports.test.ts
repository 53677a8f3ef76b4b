import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_WINDOW_HOURS } from '../../../shared/messaging.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';

// A campaign of ten recipients built row by row, so every figure of its report has an answer counted by hand.
let env: TestEnv;
let a: Caller;
let sent: number;
const SENT_AT = '2026-11-20T10:00:00Z';
const at = (hours: number) => new Date(Date.parse(SENT_AT) + hours * 3600_000).toISOString();

async function message(caller: Caller, fields: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(fields);
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into messages (company_id, ${columns.join(', ')})
     values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id::int`,
    [caller.companyId, ...Object.values(fields)],
  );
  return rows[0]!.id;
}

/** Recipient rows: [address, state, opened hours, clicked hours, flags]. */
type Row = [string, string, number | null, number | null, string?];
const ROWS: Row[] = [
  ['ann@example.com', 'sent', 1, 2],
  ['bob@example.com', 'sent', 1, null],
  ['cat@example.com', 'delivered', 30, null, 'unsubscribed'],
  ['dan@example.com', 'sent', null, null],
  ['eve@example.com', 'sent', 3, null, 'machine-only'],
  ['fay@example.com', 'not_delivered', null, null, 'bounced'],
  ['gus@example.com', 'skipped', null, null],
  ['hal@example.com', 'deferred', null, null],
  ['ivy@example.com', 'pending', null, null, 'waiting'],
  ['joe@example.com', 'sent', null, null, 'complained'],
];

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
  sent = await message(a, {
    channel: 'email',
    name: 'November news',
    subject: 'Our autumn offers',
    status: 'sending',
    recipients_total: ROWS.length,
    sent_at: SENT_AT,
    html: '<p>Hi</p>',
    include_lists: [1],
  });
  for (const [address, state, opened, clicked, flag] of ROWS) {
    const { rows } = await env.pool.query<{ id: number }>(
      `insert into message_recipients (company_id, message_id, address, state, sent_at, opened_at, clicked_at,
         unsubscribed_at, bounced_at, complained_at, next_attempt_at, provider_response)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::int`,
      [
        a.companyId,
        sent,
        address,
        state,
        ['sent', 'delivered', 'not_delivered'].includes(state) ? SENT_AT : null,
        opened === null ? null : at(opened),
        clicked === null ? null : at(clicked),
        flag === 'unsubscribed' ? at(31) : null,
        flag === 'bounced' ? at(0.1) : null,
        flag === 'complained' ? at(5) : null,
        flag === 'waiting' ? at(24 * 365 * 10) : null,
        state === 'not_delivered' ? '550 5.1.1 no such user' : '250 2.0.0 OK',
      ],
    );
    const id = rows[0]!.id;
    const event = (type: string, hours: number, machine = false, link: number | null = null) =>
      env.pool.query(
        `insert into message_events (company_id, message_id, recipient_id, channel, type, machine, link_idx, created_at)
         values ($1, $2, $3, 'email', $4, $5, $6, $7)`,
        [a.companyId, sent, id, type, machine, link, at(hours)],
      );
    if (opened !== null) {
      const machine = flag === 'machine-only';
      await event('opened', opened, machine);
      // Ann opens twice, and a privacy proxy fetched her pixel too: two human opens, still one human opener.
      if (address === 'ann@example.com') await event('opened', 26, false).then(() => event('opened', 0.5, true));
    }
    if (clicked !== null) await event('clicked', clicked, false, 0).then(() => event('clicked', clicked, false, 1));
  }
  await env.pool.query(
    `insert into message_links (company_id, message_id, idx, url) values ($1, $2, 0, 'https://a.example/'),
       ($1, $2, 1, 'https://b.example/'), ($1, $2, 2, 'https://c.example/')`,
    [a.companyId, sent],
  );
  await message(a, { channel: 'email', name: 'Welcome flow', type: 'automated', status: 'draft' });
  await message(a, { channel: 'email', name: 'Spring sale', subject: 'Flowers', status: 'scheduled' });
  await message(a, { channel: 'sms', name: 'Text promo', status: 'draft' });
});
afterAll(() => env.close());

describe('the message report', () => {
  it('counts delivery, human and machine opens, clicks, unsubscribes, bounces and what is pending', async () => {
    const res = await a.call('GET', `/channels/email/reports/${sent}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'November news',
      recipients: 10,
      delivered: 6,
      notDelivered: 1,
      blocklisted: 1,
      opened: 3,
      openedMachine: 1,
      opens: 4,
      clicked: 1,
      clicks: 2,
      unsubscribed: 1,
      bounced: 1,
      complained: 1,
      pending: { total: 2, queued: 0, deferred: 1, waiting: 1, paused: false },
    });
    expect(res.body.rates.opened).toBeCloseTo(3 / 6);
    expect(res.body.rates.delivered).toBeCloseTo(6 / 10);
  });

  it('lists clicks per link in the content order, unclicked links too', async () => {
    const res = await a.call('GET', `/channels/email/reports/${sent}/links`);
    expect(res.body).toEqual([
      { idx: 0, url: 'https://a.example/', clicks: 1, clickers: 1 },
      { idx: 1, url: 'https://b.example/', clicks: 1, clickers: 1 },
      { idx: 2, url: 'https://c.example/', clicks: 0, clickers: 0 },
    ]);
  });

  it('puts the first 24 hours hour by hour, then days', async () => {
    const res = await a.call('GET', `/channels/email/reports/${sent}/timeline`);
    const hours = res.body.filter((b: { unit: string }) => b.unit === 'hour');
    const days = res.body.filter((b: { unit: string }) => b.unit === 'day');
    expect(hours).toHaveLength(TRACKING_WINDOW_HOURS);
    expect(Date.parse(hours[1].at)).toBe(Date.parse(at(1)));
    expect(hours[0]).toMatchObject({ opens: 0, clicks: 0, machineOpens: 1 });
    expect(hours[1]).toMatchObject({ opens: 2, clicks: 0 });
    expect(hours[2]).toMatchObject({ opens: 0, clicks: 2 });
    // Day buckets: Ann's second open (hour 26) and Cat's open (hour 30) fall on 21 November.
    expect(days).toEqual([{ at: expect.any(String), unit: 'day', opens: 2, clicks: 0, machineOpens: 0 }]);
    expect(new Date(days[0].at).toISOString().slice(0, 10)).toBe('2026-11-21');
  });

  it('pages recipients by state with a search, and continues after a cursor', async () => {
    const opened = await a.call('GET', `/channels/email/reports/${sent}/recipients?filter=opened`);
    expect(opened.body.map((r: { address: string }) => r.address)).toEqual([
      'ann@example.com',
      'bob@example.com',
      'cat@example.com',
      'eve@example.com',
    ]);
    expect(opened.body.map((r: { state: string }) => r.state)).toEqual(['clicked', 'opened', 'unsubscribed', 'opened']);
    const notOpened = await a.call('GET', `/channels/email/reports/${sent}/recipients?filter=not_opened`);
    expect(notOpened.body.map((r: { address: string }) => r.address)).toEqual(['dan@example.com', 'joe@example.com']);
    const search = await a.call('GET', `/channels/email/reports/${sent}/recipients?q=FAY`);
    expect(search.body).toMatchObject([{ address: 'fay@example.com', state: 'not_delivered' }]);
    const first = await a.call('GET', `/channels/email/reports/${sent}/recipients?perPage=4`);
    const info = JSON.parse(first.headers.pagination as string);
    expect(info).toMatchObject({ total: 10, pages: 3 });
    const next = await a.call('GET', `/channels/email/reports/${sent}/recipients?perPage=4&cursor=${info.nextCursor}`);
    expect(next.body[0].address).toBe('eve@example.com');
    const bad = await a.call('GET', `/channels/email/reports/${sent}/recipients?cursor=bm90ZXM6MQ`);
    expect(bad.status).toBe(422);
  });

  it('exports the recipients of a filter as CSV', async () => {
    const res = await a.call('GET', `/channels/email/reports/${sent}/recipients.csv?filter=not_delivered`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('November-news-not_delivered.csv');
    const rows = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'address',
      'state',
      'delivery_state',
      'sent_at',
      'opened_at',
      'clicked_at',
      'provider_response',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[6]])).toEqual([
      ['fay@example.com', 'not_delivered', '550 5.1.1 no such user'],
    ]);
    const all = await a.call('GET', `/channels/email/reports/${sent}/recipients.csv`);
    expect(Papa.parse(all.body, { skipEmptyLines: true }).data).toHaveLength(11);
  });

  it('resends to non-openers as a new draft that names its parent and copies the content', async () => {
    const res = await a.call('POST', `/channels/email/reports/${sent}/resend`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'November news (non-openers)', status: 'draft', channel: 'email' });
    const { rows } = await env.pool.query(
      'select parent_id::int, resend_filter, html, subject, include_lists from messages where id = $1',
      [res.body.id],
    );
    expect(rows[0]).toEqual({
      parent_id: sent,
      resend_filter: 'not_opened',
      html: '<p>Hi</p>',
      subject: 'Our autumn offers',
      include_lists: ['1'],
    });
    const draft = await a.call('POST', `/channels/email/reports/${res.body.id}/resend`);
    expect(draft.status).toBe(409);
  });

  it('answers 404 for another channel of the same id', async () => {
    expect((await a.call('GET', `/channels/sms/reports/${sent}`)).status).toBe(404);
  });
});

describe('the console', () => {
  it('lists campaigns with their figures, filtered by channel, status, type, search and date', async () => {
    const names = async (query: string) =>
      (await a.call('GET', `/campaigns?${query}`)).body.map((c: { name: string }) => c.name);
    const email = await a.call('GET', '/campaigns?channel=email');
    expect(JSON.parse(email.headers.pagination as string)).toMatchObject({ total: 4 });
    const news = email.body.find((c: { id: number }) => c.id === sent);
    expect(news).toMatchObject({ recipients: 10, opened: 4, clicked: 1 });
    expect(news.openRate).toBeCloseTo(4 / 6);
    expect(await names('status=scheduled')).toEqual(['Spring sale']);
    expect(await names('type=automated')).toEqual(['Welcome flow']);
    expect(await names('q=flowers')).toEqual(['Spring sale']);
    expect(await names('channel=sms')).toEqual(['Text promo']);
    expect(await names('to=2000-01-01')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await names(`from=${today}&to=${today}&channel=email`)).length).toBe(4);
    const page2 = await a.call('GET', '/campaigns?perPage=2&page=2&channel=email');
    expect(page2.body).toHaveLength(2);
    const past = await a.call('GET', '/campaigns?perPage=2&page=9&channel=email');
    expect(JSON.parse(past.headers.pagination as string)).toMatchObject({ total: 4, page: 9 });
  });
});

describe('the message log', () => {
  it('lists every recipient newest first, by state and by address, and continues after a cursor', async () => {
    const all = await a.call('GET', '/message-log?perPage=3');
    expect(all.body.map((r: { address: string }) => r.address)).toEqual([
      'joe@example.com',
      'ivy@example.com',
      'hal@example.com',
    ]);
    expect(all.body[0]).toMatchObject({
      campaign: 'November news',
      channel: 'email',
      providerResponse: '250 2.0.0 OK',
    });
    const info = JSON.parse(all.headers.pagination as string);
    expect(info.total).toBe(10);
    const next = await a.call('GET', `/message-log?perPage=3&cursor=${info.nextCursor}`);
    expect(next.body[0].address).toBe('gus@example.com');
    const failed = await a.call('GET', '/message-log?state=not_delivered');
    expect(failed.body).toMatchObject([{ address: 'fay@example.com', providerResponse: '550 5.1.1 no such user' }]);
    expect((await a.call('GET', '/message-log?q=ann%40')).body).toHaveLength(1);
    expect((await a.call('GET', '/message-log?q=%25')).body).toHaveLength(0);
    expect((await a.call('GET', '/message-log?channel=sms')).body).toHaveLength(0);
    expect((await a.call('GET', '/message-log?cursor=not-ours')).status).toBe(422);
  });
});
