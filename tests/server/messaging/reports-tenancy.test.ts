import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import type { TestEnv } from '../helpers.ts';

// Company A calls every console, log and report operation with company B's campaign: it reads nothing of B's, and
// nothing of B's changes.
let env: TestEnv;
let a: Caller;
let b: Caller;
let theirs: number;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into messages (company_id, channel, name, status, sent_at, recipients_total)
     values ($1, 'email', 'Their secret campaign', 'sent', now(), 1) returning id::int`,
    [b.companyId],
  );
  theirs = rows[0]!.id;
  const recipient = await env.pool.query<{ id: number }>(
    `insert into message_recipients (company_id, message_id, address, state, opened_at, sent_at)
     values ($1, $2, 'secret@example.com', 'sent', now(), now()) returning id::int`,
    [b.companyId, theirs],
  );
  await env.pool.query(
    `insert into message_events (company_id, message_id, recipient_id, channel, type) values ($1, $2, $3, 'email', 'opened');
     insert into message_links (company_id, message_id, idx, url) values ($1, $2, 0, 'https://secret.example/')`
      .replaceAll('$1', `'${b.companyId}'`)
      .replaceAll('$2', String(theirs))
      .replaceAll('$3', String(recipient.rows[0]!.id)),
  );
});
afterAll(() => env.close());

const PROBES: Record<string, (id: number) => Promise<{ status: number; body?: any }>> = {
  getMessageReport: (id) => a.call('GET', `/channels/email/reports/${id}`),
  listReportLinks: (id) => a.call('GET', `/channels/email/reports/${id}/links`),
  getReportTimeline: (id) => a.call('GET', `/channels/email/reports/${id}/timeline`),
  listReportRecipients: (id) => a.call('GET', `/channels/email/reports/${id}/recipients`),
  exportReportRecipients: (id) => a.call('GET', `/channels/email/reports/${id}/recipients.csv`),
  resendToNonOpeners: (id) => a.call('POST', `/channels/email/reports/${id}/resend`),
};

for (const [operation, probe] of Object.entries(PROBES)) {
  it(`${operation} answers 404 for another company's campaign`, async () => {
    const res = await probe(theirs);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });
}

it('lists none of their campaigns or messages, and their draft count stays the same', async () => {
  const campaigns = await a.call('GET', '/campaigns');
  expect(campaigns.body).toEqual([]);
  const log = await a.call('GET', '/message-log?q=secret');
  expect(log.body).toEqual([]);
  expect((await a.call('GET', '/message-log')).body).toEqual([]);
  await a.call('POST', '/channels/email/message-drafts', {});
  expect((await b.call('GET', '/campaigns')).body.map((c: { name: string }) => c.name)).toEqual([
    'Their secret campaign',
  ]);
  // Their owner still sees everything (the probes above answered 404 for the right reason, not a broken route).
  expect((await b.call('GET', `/channels/email/reports/${theirs}`)).body).toMatchObject({ opened: 1 });
  expect((await b.call('GET', '/message-log')).body).toHaveLength(1);
});
