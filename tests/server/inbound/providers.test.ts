import { createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { providerTagHeaders } from '../../../server/services/messaging/tokens.ts';
import { blocklist, eventsOf, sentCampaign } from './fixtures.ts';

// Provider webhooks signed as the providers document it: SendGrid with an ECDSA P-256 key pair made here, Mailgun
// with an HMAC-SHA256 signing key. Nothing is recorded for a wrong signature.
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const sendgridPublicKey = sendgrid.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const mailgunKey = `key-${randomBytes(16).toString('hex')}`;

let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  env = await createTestEnv({ sendgridWebhookPublicKey: sendgridPublicKey, mailgunWebhookSigningKey: mailgunKey });
  a = await signIn(env, 'Alpha');
  b = await signIn(env, 'Beta');
});
afterAll(() => env?.close());

/** The token the engine sends as SendGrid's unique argument and Mailgun's user variable. */
const tokenOf = (companyId: string, messageId: number, recipientId: number) =>
  JSON.parse(providerTagHeaders(env.ctx.config.secret, { companyId, messageId, recipientId })['X-Mailgun-Variables'])
    .missiva as string;

function sendgridPost(events: unknown[], options: { tamper?: boolean } = {}) {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), sendgrid.privateKey).toString('base64');
  return env.app.inject({
    method: 'POST',
    url: '/api/public/providers/sendgrid/events',
    headers: {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-signature': signature,
      'x-twilio-email-event-webhook-timestamp': timestamp,
    },
    // A tampered body keeps the signature of the original.
    payload: options.tamper ? body.replace('"bounce"', '"delivered"') : body,
  });
}

function mailgunPost(eventData: Record<string, unknown>, key = mailgunKey) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return env.app.inject({
    method: 'POST',
    url: '/api/public/providers/mailgun/events',
    payload: { signature: { timestamp, token, signature }, 'event-data': eventData },
  });
}

describe('SendGrid Event Webhook', () => {
  it('applies a signed batch: a delivery, a hard bounce, a spam report; opens are left to our own pixel', async () => {
    const sent = await sentCampaign(env, a, ['d@example.org', 'hard@example.org', 'spam@example.org']);
    const [d, hard, spam] = sent.recipients;
    const ts = Math.floor(Date.now() / 1000);
    const res = await sendgridPost([
      {
        email: d!.address,
        event: 'delivered',
        timestamp: ts,
        sg_event_id: 'e1',
        missiva: tokenOf(a.companyId, sent.messageId, d!.id),
      },
      {
        email: d!.address,
        event: 'open',
        timestamp: ts,
        sg_event_id: 'e2',
        missiva: tokenOf(a.companyId, sent.messageId, d!.id),
      },
      {
        email: hard!.address,
        event: 'bounce',
        type: 'bounce',
        status: '5.1.1',
        reason: '550 5.1.1 User unknown',
        timestamp: ts,
        sg_event_id: 'e3',
        missiva: tokenOf(a.companyId, sent.messageId, hard!.id),
      },
      {
        email: spam!.address,
        event: 'spamreport',
        timestamp: ts,
        sg_event_id: 'e4',
        missiva: tokenOf(a.companyId, sent.messageId, spam!.id),
      },
      // No token of ours: nothing to apply it to.
      { email: 'x@example.org', event: 'bounce', type: 'bounce', timestamp: ts, sg_event_id: 'e5' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: 5, applied: 3, duplicates: 0, ignored: 2 });
    const events = await eventsOf(env, sent.messageId);
    expect(events.map((e) => [e.type, e.recipientId])).toEqual([
      ['delivered', d!.id],
      ['bounced', hard!.id],
      ['blocklisted', hard!.id],
      ['complained', spam!.id],
      ['blocklisted', spam!.id],
    ]);
    expect(events[1]!.detail).toMatchObject({ hard: true, status: '5.1.1', source: 'sendgrid' });
    expect((await blocklist(env, a.companyId)).map((r) => [r.address, r.reason])).toEqual([
      ['hard@example.org', 'hard_bounce'],
      ['spam@example.org', 'complaint'],
    ]);
    // The same delivery again (SendGrid retries): applied once.
    const again = await sendgridPost([
      {
        email: d!.address,
        event: 'delivered',
        timestamp: ts,
        sg_event_id: 'e1',
        missiva: tokenOf(a.companyId, sent.messageId, d!.id),
      },
    ]);
    expect(again.json()).toEqual({ received: 1, applied: 0, duplicates: 1, ignored: 0 });
  });

  it('refuses a tampered body, a missing signature and another key with 401, recording nothing', async () => {
    const sent = await sentCampaign(env, a, ['tamper@example.org']);
    const r = sent.recipients[0]!;
    const event = {
      email: r.address,
      event: 'bounce',
      type: 'bounce',
      timestamp: 1,
      sg_event_id: 't1',
      missiva: tokenOf(a.companyId, sent.messageId, r.id),
    };
    expect((await sendgridPost([event], { tamper: true })).statusCode).toBe(401);
    const unsigned = await env.app.inject({
      method: 'POST',
      url: '/api/public/providers/sendgrid/events',
      payload: [event],
    });
    expect(unsigned.statusCode).toBe(401);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const body = JSON.stringify([event]);
    const forged = await env.app.inject({
      method: 'POST',
      url: '/api/public/providers/sendgrid/events',
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(`1${body}`), other.privateKey).toString(
          'base64',
        ),
        'x-twilio-email-event-webhook-timestamp': '1',
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'signature_invalid' });
    expect(await eventsOf(env, sent.messageId)).toEqual([]);
  });
});

describe('Mailgun webhooks', () => {
  it('applies permanent failures as hard bounces and temporary ones as soft bounces', async () => {
    const sent = await sentCampaign(env, a, ['mg-hard@example.org', 'mg-soft@example.org']);
    const [hard, soft] = sent.recipients;
    const failed = (r: typeof hard, severity: string, id: string) => ({
      id,
      event: 'failed',
      severity,
      timestamp: Date.now() / 1000,
      recipient: r!.address,
      reason: severity === 'permanent' ? 'bounce' : 'generic',
      'delivery-status': { code: severity === 'permanent' ? 550 : 452, message: 'Mailbox problem' },
      'user-variables': { missiva: tokenOf(a.companyId, sent.messageId, r!.id) },
    });
    expect((await mailgunPost(failed(hard, 'permanent', 'mg1'))).json()).toEqual({
      received: 1,
      applied: 1,
      duplicates: 0,
      ignored: 0,
    });
    expect((await mailgunPost(failed(soft, 'temporary', 'mg2'))).statusCode).toBe(200);
    const events = await eventsOf(env, sent.messageId);
    expect(events.map((e) => [e.type, e.recipientId, e.detail.hard ?? null])).toEqual([
      ['bounced', hard!.id, true],
      ['blocklisted', hard!.id, null],
      ['bounced', soft!.id, false],
    ]);
    expect(events[0]!.detail).toMatchObject({ status: '550', diagnostic: 'Mailbox problem', source: 'mailgun' });
  });

  it('refuses a signature made with another key with 401, recording nothing', async () => {
    const sent = await sentCampaign(env, a, ['mg-forged@example.org']);
    const r = sent.recipients[0]!;
    const res = await mailgunPost(
      { id: 'f1', event: 'complained', 'user-variables': { missiva: tokenOf(a.companyId, sent.messageId, r.id) } },
      'key-someone-else',
    );
    expect(res.statusCode).toBe(401);
    expect(await eventsOf(env, sent.messageId)).toEqual([]);
  });
});

describe('tenancy', () => {
  it("an event's token names its company: a token of company B changes only B's recipient", async () => {
    const ours = await sentCampaign(env, a, ['same@example.org']);
    const theirs = await sentCampaign(env, b, ['same@example.org']);
    const res = await mailgunPost({
      id: 'ten1',
      event: 'complained',
      'user-variables': { missiva: tokenOf(b.companyId, theirs.messageId, theirs.recipients[0]!.id) },
    });
    expect(res.json()).toMatchObject({ applied: 1 });
    expect(await eventsOf(env, ours.messageId)).toEqual([]);
    expect((await eventsOf(env, theirs.messageId)).map((e) => e.type)).toEqual(['complained', 'blocklisted']);
    // Company A's message id inside a token of company B's names no recipient of B: ignored.
    const crossed = await mailgunPost({
      id: 'ten2',
      event: 'complained',
      'user-variables': { missiva: tokenOf(b.companyId, ours.messageId, ours.recipients[0]!.id) },
    });
    expect(crossed.json()).toMatchObject({ applied: 0, ignored: 1 });
    expect(await eventsOf(env, ours.messageId)).toEqual([]);
    expect((await blocklist(env, a.companyId)).map((r) => r.address)).not.toContain('same@example.org');
    expect((await blocklist(env, b.companyId)).map((r) => r.address)).toEqual(['same@example.org']);
  });

  it('an installation without the keys answers 404', async () => {
    const bare = await createTestEnv();
    try {
      const sg = await bare.app.inject({ method: 'POST', url: '/api/public/providers/sendgrid/events', payload: [] });
      expect(sg.statusCode).toBe(404);
      const mg = await bare.app.inject({
        method: 'POST',
        url: '/api/public/providers/mailgun/events',
        payload: { signature: { timestamp: '1', token: 'x', signature: 'y' }, 'event-data': { event: 'delivered' } },
      });
      expect(mg.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
