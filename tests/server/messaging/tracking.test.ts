import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL } from '../../../server/routes/messaging/publicLinks.ts';
import { signTracking } from '../../../server/services/messaging/tokens.ts';
import { TRACKING_PATHS } from '../../../server/services/messaging/tokens.ts';
import type { TestEnv } from '../helpers.ts';
import { TEST_SECRET } from '../global-setup.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { eventsOf, eventually, recipientRow, sentMessage, type SentMessage } from './trackingFixtures.ts';

// The open pixel and tracked links against a real PostgreSQL: what they record, what they refuse, what is a machine.
let env: TestEnv;
let a: Caller;
let b: Caller;
let contactId: number;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  contactId = (await makeContact(a, { email: 'ada@example.com', firstName: 'Ada' })).id;
});
afterAll(() => env.close());

const get = (url: string, headers: Record<string, string> = { 'user-agent': BROWSER }, remoteAddress?: string) =>
  env.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

async function message(options: Partial<Parameters<typeof sentMessage>[2]> = {}): Promise<SentMessage> {
  return sentMessage(env, a.companyId, {
    contacts: [{ id: contactId, address: 'ada@example.com' }],
    links: ['https://example.com/spring', 'https://example.com/sale?x=1&y=2'],
    ...options,
  });
}

describe('open pixel', () => {
  it('answers a transparent GIF, uncached, and records the first open once', async () => {
    const m = await message();
    const res = await get(TRACKING_PATHS.open(m.token('open')));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(PIXEL)).toBe(true);
    const events = await eventually(
      async () => (await eventsOf(env, m.messageId)).length > 0 && eventsOf(env, m.messageId),
    );
    expect(events).toMatchObject([{ type: 'opened', machine: false }]);
    const first = (await recipientRow(env, m.recipients[0]!.id)).opened_at;
    expect(first).toBeInstanceOf(Date);

    await get(TRACKING_PATHS.open(m.token('open')));
    await eventually(async () => (await eventsOf(env, m.messageId)).length === 2);
    expect((await recipientRow(env, m.recipients[0]!.id)).opened_at).toEqual(first);
    const timeline = await env.pool.query(
      `select type, payload from contact_events where contact_id = $1 and type like 'message.%'`,
      [contactId],
    );
    expect(timeline.rows.filter((r) => r.payload.messageId === m.messageId)).toEqual([
      { type: 'message.opened', payload: { messageId: m.messageId } },
    ]);
    expect(env.emitted).toContainEqual({
      room: `company:${a.companyId}`,
      event: 'contact.timeline',
      payload: { contactId },
    });
    const update = await eventually(async () =>
      env.emitted.find((e) => e.event === 'message.updated' && (e.payload as any).messageId === m.messageId),
    );
    expect(update?.payload).toMatchObject({ status: 'sent', channel: 'email', counts: { opened: 1, clicked: 0 } });
  });

  it('answers 404 and records nothing for a tampered token, another kind, or another installation', async () => {
    const m = await message();
    const token = m.token('open');
    const tampered = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    const foreign = signTracking('another-installation-secret-of-32-characters', {
      kind: 'open',
      companyId: a.companyId,
      messageId: m.messageId,
      recipientId: m.recipients[0]!.id,
      linkIdx: 0,
    });
    for (const url of [
      TRACKING_PATHS.open(tampered),
      TRACKING_PATHS.open(m.token('click')),
      TRACKING_PATHS.open(foreign),
      TRACKING_PATHS.open(token.slice(0, -3)),
      `/t/o/${token}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(env, m.messageId)).toEqual([]);
  });

  it("records nothing for a token naming another company's message", async () => {
    const theirs = await sentMessage(env, b.companyId, { contacts: [{ id: null, address: 'x@example.com' }] });
    // Signed with this installation's key but naming company A: B's recipient is not A's, so nothing is found.
    const crossed = signTracking(TEST_SECRET, {
      kind: 'open',
      companyId: a.companyId,
      messageId: theirs.messageId,
      recipientId: theirs.recipients[0]!.id,
      linkIdx: 0,
    });
    expect((await get(TRACKING_PATHS.open(crossed))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(env, theirs.messageId)).toEqual([]);
  });

  it('marks Apple Mail Privacy Protection fetches and scanners as machine opens that do not count', async () => {
    const m = await message();
    await get(TRACKING_PATHS.open(m.token('open')), { 'user-agent': 'Mozilla/5.0' });
    await get(TRACKING_PATHS.open(m.token('open')), { 'user-agent': BROWSER }, '17.58.100.2');
    await get(TRACKING_PATHS.open(m.token('open')), { 'user-agent': 'Barracuda Sentinel (EE)' });
    const events = await eventually(async () => {
      const rows = await eventsOf(env, m.messageId);
      return rows.length === 3 && rows;
    });
    expect(events && events.every((e) => e.machine)).toBe(true);
    expect((await recipientRow(env, m.recipients[0]!.id)).opened_at).toBeNull();
  });
});

describe('tracked link', () => {
  it('redirects with 302, records the click and the open it implies', async () => {
    const m = await message();
    const res = await get(TRACKING_PATHS.click(m.token('click', undefined, 1)));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/sale?x=1&y=2');
    const events = await eventually(async () => {
      const rows = await eventsOf(env, m.messageId);
      return rows.length === 2 && rows;
    });
    expect(events).toMatchObject([
      { type: 'clicked', machine: false, link_idx: 1 },
      { type: 'opened', machine: false, detail: { fromClick: true } },
    ]);
    const row = await recipientRow(env, m.recipients[0]!.id);
    expect(row.clicked_at).toBeInstanceOf(Date);
    expect(row.opened_at).toBeInstanceOf(Date);
  });

  it('still redirects outside the tracking window, recording the click as late and not counting it', async () => {
    const m = await message({ sentAgoMs: 25 * 3_600_000 });
    const res = await get(TRACKING_PATHS.click(m.token('click')));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/spring');
    const events = await eventually(async () => {
      const rows = await eventsOf(env, m.messageId);
      return rows.length > 0 && rows;
    });
    expect(events).toMatchObject([{ type: 'clicked', machine: false, detail: { late: true } }]);
    expect(await recipientRow(env, m.recipients[0]!.id)).toMatchObject({ clicked_at: null, opened_at: null });
  });

  it('marks clicks seconds after the send, and by a scanner user agent, as machine clicks', async () => {
    const fresh = await message({ sentAgoMs: 1_000 });
    expect((await get(TRACKING_PATHS.click(fresh.token('click')))).statusCode).toBe(302);
    const scanned = await message();
    const res = await get(TRACKING_PATHS.click(scanned.token('click')), { 'user-agent': 'Mimecast URL Protect' });
    expect(res.statusCode).toBe(302);
    for (const m of [fresh, scanned]) {
      const events = await eventually(async () => {
        const rows = await eventsOf(env, m.messageId);
        return rows.length > 0 && rows;
      });
      expect(events).toMatchObject([{ type: 'clicked', machine: true }]);
      expect((await recipientRow(env, m.recipients[0]!.id)).clicked_at).toBeNull();
    }
  });

  it('marks every link clicked within seconds as a scanner, including the clicks already recorded', async () => {
    const m = await message({ links: ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'] });
    await get(TRACKING_PATHS.click(m.token('click', undefined, 0)));
    await eventually(async () => (await recipientRow(env, m.recipients[0]!.id)).clicked_at);
    await get(TRACKING_PATHS.click(m.token('click', undefined, 1)));
    await get(TRACKING_PATHS.click(m.token('click', undefined, 2)));
    const events = await eventually(async () => {
      const rows = await eventsOf(env, m.messageId, 'clicked');
      return rows.length === 3 && rows.every((r) => r.machine) && rows;
    });
    expect(events).toHaveLength(3);
    expect(await recipientRow(env, m.recipients[0]!.id)).toMatchObject({ clicked_at: null, opened_at: null });
  });

  it('answers 404 for a tampered click token, a link that does not exist, or an open token', async () => {
    const m = await message();
    const token = m.token('click');
    const tampered = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    for (const url of [
      TRACKING_PATHS.click(tampered),
      TRACKING_PATHS.click(m.token('click', undefined, 7)),
      TRACKING_PATHS.click(m.token('open')),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(env, m.messageId)).toEqual([]);
  });
});

describe('over real HTTP (the fast path ahead of Fastify)', () => {
  it('answers the pixel and the redirect, refuses a bad token, and records like the routes', async () => {
    const address = await env.app.listen({ port: 0, host: '127.0.0.1' });
    const m = await message();
    const pixel = await fetch(`${address}${TRACKING_PATHS.open(m.token('open'))}`, {
      headers: { 'user-agent': BROWSER },
    });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(pixel.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await pixel.arrayBuffer()).equals(PIXEL)).toBe(true);
    const link = await fetch(`${address}${TRACKING_PATHS.click(m.token('click', undefined, 1))}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER },
    });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('https://example.com/sale?x=1&y=2');
    const bad = await fetch(`${address}${TRACKING_PATHS.click(m.token('open'))}`, { redirect: 'manual' });
    expect(bad.status).toBe(404);
    expect(bad.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await fetch(`${address}${TRACKING_PATHS.open(m.token('click'))}`)).status).toBe(404);
    // Other paths still reach Fastify.
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    const events = await eventually(async () => {
      const rows = await eventsOf(env, m.messageId);
      return rows.length === 2 && rows;
    });
    // The pixel's open came first, so the click implies no second one.
    expect(events && events.map((e) => e.type).sort()).toEqual(['clicked', 'opened']);
  });
});
