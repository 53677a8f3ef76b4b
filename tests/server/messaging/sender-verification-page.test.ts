import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_TEXTS, SENDER_VERIFICATION } from '../../../shared/senders.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';

// The verification link's page: opening it (as a mail scanner does) changes nothing; its button posts the token and
// that verifies. Guessing tokens is limited per client address; form bodies reach only the operation that takes one.
let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  env = await createTestEnv();
  a = await signIn(env, 'Alpha');
});
afterAll(() => env.close());

const PATH = `/api${SENDER_VERIFICATION.path}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function newSender(address: string, name = 'News') {
  const res = await a.call('POST', '/channels/email/senders', { name, address });
  expect(res.status).toBe(201);
  const { rows } = await env.pool.query<{ text_body: string }>(
    `select text_body from outbox where to_address = $1 and kind = 'sender_verification' order by id desc limit 1`,
    [address],
  );
  const token = new URL(/https?:\/\/\S+/.exec(rows[0]!.text_body)![0]).searchParams.get('token')!;
  return { id: res.body.id as number, token };
}

const show = (token: string, language = 'en') =>
  env.app.inject({
    method: 'GET',
    url: `${PATH}?token=${encodeURIComponent(token)}`,
    headers: { 'accept-language': language },
  });
const confirm = (body: string, headers: Record<string, string> = FORM) =>
  env.app.inject({ method: 'POST', url: PATH, headers, payload: body });
const outcomeOf = (html: string) => /data-outcome="(\w+)"/.exec(html)?.[1];
const statusOf = async (id: number) => (await a.call('GET', `/channels/email/senders/${id}`)).body.status;

describe('the sender verification page', () => {
  it('shows the sender and a confirm button on GET, changing nothing however often it is opened', async () => {
    const { id, token } = await newSender('scan@alpha.example', 'Alpha <News> & Co');
    for (let i = 0; i < 3; i++) {
      const page = await show(token);
      expect(page.statusCode).toBe(200);
      expect(outcomeOf(page.body)).toBe('pending');
      expect(page.body).toContain('<h1>Confirm this sender</h1>');
      expect(page.body).toContain('Alpha &lt;News&gt; &amp; Co &lt;scan@alpha.example&gt; was added as a sender');
      expect(page.body).toContain(`<form method="post" action="${PATH}">`);
      expect(page.body).toContain('<button type="submit">Confirm this sender</button>');
      expect(page.headers['content-security-policy']).toMatch(
        /^default-src 'none'; style-src 'sha256-.+'; form-action 'self'/,
      );
      expect(page.headers['cache-control']).toBe('no-store');
    }
    expect(await statusOf(id)).toBe('pending');
    const italian = await show(token, 'it-IT,it;q=0.9');
    expect(italian.body).toContain('<button type="submit">Conferma questo mittente</button>');
    expect(italian.body).toContain('<html lang="it">');

    const done = await confirm(new URLSearchParams({ token }).toString());
    expect(done.statusCode).toBe(200);
    expect(outcomeOf(done.body)).toBe('verified');
    expect(done.body).toContain('Sender verified');
    expect(await statusOf(id)).toBe('verified');
    // Opening or posting it again says verified; the page then has no button.
    expect(outcomeOf((await show(token)).body)).toBe('verified');
    expect((await show(token)).body).not.toContain('<form');
    expect(outcomeOf((await confirm(`token=${encodeURIComponent(token)}`)).body)).toBe('verified');
  });

  it('says expired or unknown on both steps, and verifies nothing', async () => {
    const { id, token } = await newSender('late@alpha.example');
    await env.pool.query(`update senders set verification_sent_at = now() - interval '49 hours' where id = $1`, [id]);
    expect(outcomeOf((await show(token)).body)).toBe('expired');
    expect(outcomeOf((await confirm(`token=${encodeURIComponent(token)}`)).body)).toBe('expired');
    expect(await statusOf(id)).toBe('expired');
    expect(outcomeOf((await show('nope')).body)).toBe('unknown');
    expect(outcomeOf((await confirm('token=nope')).body)).toBe('unknown');
  });

  it('refuses a post without a token (422) and form bodies for any operation that takes JSON (415)', async () => {
    const missing = await confirm('other=1');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('token');
    const empty = await confirm('');
    expect(empty.statusCode).toBe(422);
    const bodyless = await env.app.inject({ method: 'POST', url: PATH });
    expect(bodyless.statusCode).toBe(422);
    expect(bodyless.json().errors).toEqual({ token: [SENDER_TEXTS.tokenRequired] });
    const json = await env.app.inject({
      method: 'POST',
      url: '/api/channels/email/senders',
      headers: { ...FORM, authorization: `Bearer ${a.token}` },
      payload: 'name=News&address=form%40alpha.example',
    });
    expect(json.statusCode).toBe(415);
    expect(
      (await a.call('GET', '/channels/email/senders')).body.map((s: { address: string }) => s.address),
    ).not.toContain('form@alpha.example');
  });

  it('limits guessing per client address: past the limit the page says to wait, even for a good token', async () => {
    const { id, token } = await newSender('guess@alpha.example');
    const limit = env.ctx.config.loginRateLimit * 5; // GUESS_POLICIES.address
    env.ctx.config.loginRateLimit = 1;
    try {
      const guess = (t: string) =>
        env.app.inject({ method: 'GET', url: `${PATH}?token=${t}`, remoteAddress: '198.51.100.7' });
      for (let i = 0; i < 5; i++) expect((await guess(`wrong${i}`)).statusCode).toBe(200);
      const locked = await guess('wrong-again');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(outcomeOf(locked.body)).toBe('wait');
      expect(locked.body).toContain('Too many attempts');
      const good = await env.app.inject({
        method: 'POST',
        url: PATH,
        remoteAddress: '198.51.100.7',
        headers: FORM,
        payload: `token=${encodeURIComponent(token)}`,
      });
      expect(good.statusCode).toBe(429);
      expect(await statusOf(id)).toBe('pending');
      // Another address is not affected.
      expect(outcomeOf((await show(token)).body)).toBe('pending');
    } finally {
      env.ctx.config.loginRateLimit = limit / 5;
    }
  });
});
