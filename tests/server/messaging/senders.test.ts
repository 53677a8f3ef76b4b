import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingIdentity } from '../../../server/services/messaging/sendingIdentity.ts';
import { forJob } from '../../../server/services/scope.ts';
import { SENDER_TEXTS, SENDER_VERIFICATION } from '../../../shared/senders.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';

// Senders over the API: create, verify by the emailed link, expire, resend, edit, delete; and what the engine reads.
let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
});
afterAll(() => env.close());

/** The verification link of the newest mail the outbox holds for `address`. */
async function linkFor(address: string): Promise<string> {
  const { rows } = await env.pool.query<{ text_body: string; kind: string }>(
    'select text_body, kind from outbox where to_address = $1 order by id desc limit 1',
    [address],
  );
  expect(rows[0]?.kind).toBe('sender_verification');
  const link = /https?:\/\/\S+/.exec(rows[0]!.text_body)?.[0];
  expect(link).toContain(`/api${SENDER_VERIFICATION.path}?token=`);
  return link!;
}

/** Answers a page of the verification link: its outcome (data-outcome) and HTML. */
function pageOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { outcome: /data-outcome="(\w+)"/.exec(res.body)?.[1], body: res.body };
}

/**
 * Opens a link as a browser would (the path under the app) and, when the page asks to confirm the sender, presses its
 * button (the form posts the token back); answers the outcome the last page names.
 */
async function open(link: string, language = 'en') {
  const url = new URL(link);
  const headers = { 'accept-language': language };
  const shown = pageOf(await env.app.inject({ method: 'GET', url: url.pathname + url.search, headers }));
  if (shown.outcome !== 'pending') return shown;
  const action = /<form method="post" action="([^"]+)">/.exec(shown.body)![1]!;
  const token = /name="token" value="([^"]+)"/.exec(shown.body)![1]!;
  return pageOf(
    await env.app.inject({
      method: 'POST',
      url: action,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    }),
  );
}

async function create(address: string, extra: Record<string, unknown> = {}) {
  const res = await a.call('POST', '/channels/email/senders', { name: 'News', address, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('senders', () => {
  it('creates an unverified sender and emails a link that verifies it, the page in the reader’s language', async () => {
    const sender = await create('news@alpha.example', { replyTo: 'help@alpha.example' });
    expect(sender).toMatchObject({
      name: 'News',
      address: 'news@alpha.example',
      replyTo: 'help@alpha.example',
      status: 'pending',
      verifiedAt: null,
      relayConfigured: false,
      warmup: { enabled: false, initial: 3000, increasePct: 15, startedOn: null },
    });
    expect(sender.domainId).toBeGreaterThan(0);
    // The engine's one reader of a sender says it is not verified (the checklist blocks it, the engine pauses).
    expect(await sendingIdentity(forJob(env.ctx, a.companyId), sender.id)).toMatchObject({ verified: false });

    const link = await linkFor('news@alpha.example');
    const first = await open(link, 'it-IT,it;q=0.9');
    expect(first.outcome).toBe('verified');
    expect(first.body).toContain('Mittente verificato');
    expect((await open(link)).outcome).toBe('verified'); // opening it again still says verified
    const after = (await a.call('GET', `/channels/email/senders/${sender.id}`)).body;
    expect(after.status).toBe('verified');
    expect(after.verifiedAt).not.toBeNull();

    const sendable = await sendingIdentity(forJob(env.ctx, a.companyId), sender.id);
    expect(sendable).toEqual({
      id: sender.id,
      name: 'News',
      address: 'news@alpha.example',
      replyTo: 'help@alpha.example',
      verified: true,
      relayUrl: null,
      ratePerMinute: null,
      warmup: { enabled: false, startedOn: null, initial: 3000, increasePct: 15 },
      dkim: { domainName: 'alpha.example', keySelector: expect.any(String), privateKey: expect.any(String) },
      returnPathHost: 'bounces.alpha.example',
    });
  });

  it('says expired for a link older than 48 hours, and a resend replaces it', async () => {
    const sender = await create('old@alpha.example');
    const stale = await linkFor('old@alpha.example');
    await env.pool.query(
      `update senders set verification_sent_at = now() - make_interval(hours => $2) - interval '1 minute'
        where id = $1`,
      [sender.id, SENDER_VERIFICATION.validHours],
    );
    expect((await a.call('GET', `/channels/email/senders/${sender.id}`)).body.status).toBe('expired');
    expect((await open(stale)).outcome).toBe('expired');

    const resent = await a.call('POST', `/channels/email/senders/${sender.id}/verification`);
    expect(resent.status).toBe(202);
    expect(resent.body.status).toBe('pending');
    const fresh = await linkFor('old@alpha.example');
    expect(fresh).not.toBe(stale);
    expect((await open(stale)).outcome).toBe('unknown');
    expect((await open(fresh)).outcome).toBe('verified');
  });

  it('limits resends to one a minute and refuses them for a verified sender', async () => {
    const sender = await create('twice@alpha.example');
    const again = await a.call('POST', `/channels/email/senders/${sender.id}/verification`);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(SENDER_VERIFICATION.resendAfterSeconds);
    await open(await linkFor('twice@alpha.example'));
    const verified = await a.call('POST', `/channels/email/senders/${sender.id}/verification`);
    expect(verified.status).toBe(409);
    expect(verified.body.code).toBe('sender_verified');
  });

  it('answers an unknown token with the page that says so', async () => {
    expect((await open('http://x/api/public/sender-verification?token=nope')).outcome).toBe('unknown');
  });

  it('refuses a second sender with the same address, and field errors from the contract', async () => {
    await create('dup@alpha.example');
    const dup = await a.call('POST', '/channels/email/senders', { name: 'Again', address: 'DUP@alpha.example' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ address: [SENDER_TEXTS.addressTaken] });
    const bad = await a.call('POST', '/channels/email/senders', { name: ' ', address: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('address');
    const blank = await a.call('POST', '/channels/email/senders', { name: '   ', address: 'ok@alpha.example' });
    expect(blank.body.errors).toEqual({ name: ['Please provide a name'] });
    const day = await a.call('POST', '/channels/email/senders', {
      name: 'x',
      address: 'day@alpha.example',
      warmup: { enabled: true, startedOn: '2026-02-30', initial: 10, increasePct: 0 },
    });
    expect(day.body.errors).toEqual({ 'warmup.startedOn': ['Started on must be a valid date'] });
    const sms = await a.call('POST', '/channels/sms/senders', { name: 'x', address: 'sms@alpha.example' });
    expect(sms.status).toBe(422);
  });

  it('edits settings without losing the verification; a new address is verified again', async () => {
    const sender = await create('edit@alpha.example');
    await open(await linkFor('edit@alpha.example'));
    const warmup = { enabled: true, startedOn: '2026-12-01', initial: 5000, increasePct: 0 };
    const edited = await a.call('PATCH', `/channels/email/senders/${sender.id}`, {
      name: 'Edited',
      ratePerMinute: 120,
      relayUrl: 'smtp://user:pass@relay.example:587',
      warmup,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Edited', ratePerMinute: 120, relayConfigured: true, warmup });
    expect(edited.body.status).toBe('verified');
    const sendable = (await sendingIdentity(forJob(env.ctx, a.companyId), sender.id))!;
    expect(sendable.relayUrl).toBe('smtp://user:pass@relay.example:587');
    expect(sendable.warmup).toEqual(warmup);
    const stored = await env.pool.query('select relay_url from senders where id = $1', [sender.id]);
    expect(stored.rows[0].relay_url).not.toContain('pass'); // sealed at rest

    const moved = await a.call('PATCH', `/channels/email/senders/${sender.id}`, { address: 'edit@other.example' });
    expect(moved.body.status).toBe('pending');
    expect(moved.body.domainId).not.toBe(sender.domainId);
    expect(await linkFor('edit@other.example')).toContain('token=');
  });

  it('refuses to delete a sender an unfinished campaign uses, and deletes it once the campaign is sent', async () => {
    const sender = await create('used@alpha.example');
    const { rows } = await env.pool.query<{ id: number }>(
      `insert into messages (company_id, channel, name, status, sender_id) values ($1, 'email', 'Launch', 'draft', $2)
       returning id`,
      [a.companyId, sender.id],
    );
    for (const status of ['draft', 'scheduled', 'sending', 'paused']) {
      await env.pool.query('update messages set status = $2 where id = $1', [rows[0]!.id, status]);
      const refused = await a.call('DELETE', `/channels/email/senders/${sender.id}`);
      expect(refused.status, status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'sender_in_use', message: SENDER_TEXTS.inUse });
    }
    await env.pool.query(`update messages set status = 'sent' where id = $1`, [rows[0]!.id]);
    expect((await a.call('DELETE', `/channels/email/senders/${sender.id}`)).status).toBe(204);
    expect((await a.call('GET', `/channels/email/senders/${sender.id}`)).status).toBe(404);
    expect((await a.call('DELETE', `/channels/email/senders/${sender.id}`)).status).toBe(404);
  });

  it('lists senders per channel by address', async () => {
    const email = (await a.call('GET', '/channels/email/senders')).body as { address: string }[];
    const addresses = email.map((s) => s.address);
    expect(addresses).toEqual([...addresses].sort());
    expect(addresses).toContain('news@alpha.example');
    expect((await a.call('GET', '/channels/whatsapp/senders')).body).toEqual([]);
  });
});
