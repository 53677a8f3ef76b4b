import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobKeys, TASKS } from '../../../shared/jobs.ts';
import { DKIM_SIGNED_HEADERS } from '../../../server/channels/email/render.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { makeTemplate } from './fixtures.ts';

// What the campaign journey in Chromium (tests/e2e/campaign.spec.ts) found, pinned at the API: a sender added while
// SMTP is configured, a subject kept when a template is chosen later, and the one-click headers under DKIM.
let env: TestEnv;
let a: Caller;
beforeAll(async () => {
  // A relay nobody listens on: no worker runs here, so the job is only queued.
  env = await createTestEnv({ smtpUrl: 'smtp://127.0.0.1:9?tls=off' });
  a = await signIn(env, 'Alpha');
});
afterAll(() => env.close());

describe('found by the campaign journey', () => {
  it('adds a sender while SMTP is configured, queuing its verification mail in the same transaction', async () => {
    const res = await a.call('POST', '/channels/email/senders', { name: 'Shop', address: 'news@journey.example' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { rows } = await env.pool.query<{ id: number; status: string }>(
      `select id, status from outbox where to_address = 'news@journey.example' and kind = 'sender_verification'`,
    );
    expect(rows).toMatchObject([{ status: 'queued' }]);
    const job = await env.pool.query<{ identifier: string; payload: unknown }>(
      `select t.identifier, j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where j.key = $1`,
      [jobKeys.mail(rows[0]!.id)],
    );
    expect(job.rows).toEqual([{ identifier: TASKS.deliverMail, payload: { id: rows[0]!.id, companyId: a.companyId } }]);
  });

  it("keeps a subject written before a template is chosen, and takes the template's when there is none", async () => {
    const templateId = await makeTemplate(env, a.companyId, { html: '<p>Spring</p>', subject: 'From the template' });
    const written = await a.call('POST', '/channels/email/message-drafts', { name: 'Written' });
    await a.call('PATCH', `/channels/email/messages/${written.body.id}`, { subject: 'Mine' });
    const chosen = await a.call('PATCH', `/channels/email/messages/${written.body.id}`, { templateId });
    expect(chosen.body).toMatchObject({ subject: 'Mine', html: '<p>Spring</p>' });

    const blank = await a.call('POST', '/channels/email/message-drafts', { name: 'Blank' });
    const filled = await a.call('PATCH', `/channels/email/messages/${blank.body.id}`, { templateId });
    expect(filled.body.subject).toBe('From the template');
  });

  it('signs both one-click unsubscribe headers (RFC 8058 section 4)', () => {
    const signed = DKIM_SIGNED_HEADERS.toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'from', 'subject']));
  });
});
