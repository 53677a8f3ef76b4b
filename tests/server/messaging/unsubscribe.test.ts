import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_PATHS } from '../../../server/services/messaging/tokens.ts';
import { DEFAULT_UNSUBSCRIBE_SETTINGS } from '../../../shared/unsubscribe.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { eventsOf, recipientRow, sentMessage } from './trackingFixtures.ts';

// The public unsubscribe page, one-click unsubscribe (RFC 8058) and the settings that shape the page.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function recipient(caller: Caller, contact: Record<string, unknown>) {
  const made = await makeContact(caller, contact);
  const m = await sentMessage(env, caller.companyId, { contacts: [{ id: made.id, address: made.email }] });
  return { contact: made, m, path: TRACKING_PATHS.unsubscribe(m.token('unsubscribe')) };
}

const blocklisted = async (companyId: string, address: string) =>
  (
    await env.pool.query('select reason from channel_blocklist where company_id = $1 and address = $2', [
      companyId,
      address,
    ])
  ).rows;

describe('unsubscribe page', () => {
  it('shows the default English page with a strict policy and no external resource', async () => {
    const { path } = await recipient(a, { email: 'en@example.com' });
    const res = await env.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(DEFAULT_UNSUBSCRIBE_SETTINGS.texts.en.body);
    expect(res.body).toContain(`action="${path}"`);
    expect(res.body).not.toMatch(/<script|src=|href=/);
  });

  it("speaks Italian to an Italian contact, with the company's texts and colours, escaped", async () => {
    const texts = structuredClone(DEFAULT_UNSUBSCRIBE_SETTINGS.texts);
    texts.it.title = 'Ciao <script>alert(1)</script>';
    const saved = await a.call('PUT', '/messaging/unsubscribe-settings', {
      texts,
      colours: { ...DEFAULT_UNSUBSCRIBE_SETTINGS.colours, button: '#aa0011' },
      offerLists: false,
    });
    expect(saved.status).toBe(200);
    const { path } = await recipient(a, { email: 'it@example.com', language: 'it' });
    const res = await env.app.inject({ method: 'GET', url: path });
    expect(res.body).toContain('<html lang="it">');
    expect(res.body).toContain('Ciao &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain(DEFAULT_UNSUBSCRIBE_SETTINGS.texts.it.button);
    expect(res.body).toContain('background:#aa0011');
    expect(res.body).not.toContain('<script>');
    await a.call('PUT', '/messaging/unsubscribe-settings', DEFAULT_UNSUBSCRIBE_SETTINGS);
  });

  it('answers 404 for a tampered token or a token of another kind', async () => {
    const { m, path } = await recipient(a, { email: 'tamper@example.com' });
    const token = path.slice(3);
    const tampered = token.slice(0, 25) + (token[25] === 'A' ? 'B' : 'A') + token.slice(26);
    for (const url of [TRACKING_PATHS.unsubscribe(tampered), TRACKING_PATHS.unsubscribe(m.token('mirror'))]) {
      expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const post = await env.app.inject({ method: 'POST', url, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
      expect(post.statusCode).toBe(404);
    }
    expect(await eventsOf(env, m.messageId)).toEqual([]);
    expect(await blocklisted(a.companyId, 'tamper@example.com')).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('one-click POST (RFC 8058) unsubscribes at once: blocklist, event, recipient time, timeline', async () => {
    const { contact, m, path } = await recipient(a, { email: 'oneclick@example.com' });
    const res = await env.app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await blocklisted(a.companyId, 'oneclick@example.com')).toEqual([{ reason: 'unsubscribed' }]);
    expect(await eventsOf(env, m.messageId)).toMatchObject([{ type: 'unsubscribed', detail: { blocklisted: true } }]);
    expect((await recipientRow(env, m.recipients[0]!.id)).unsubscribed_at).toBeInstanceOf(Date);
    const timeline = await a.call('GET', `/contacts/${contact.id}/timeline`);
    expect(timeline.body.map((e: { type: string }) => e.type)).toContain('message.unsubscribed');
    // A second one-click changes nothing more.
    await env.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect(await eventsOf(env, m.messageId)).toHaveLength(1);
  });

  it('the confirm button unsubscribes and shows the done text', async () => {
    const { path } = await recipient(a, { email: 'button@example.com' });
    const res = await env.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'confirm=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(DEFAULT_UNSUBSCRIBE_SETTINGS.texts.en.done);
    expect(await blocklisted(a.companyId, 'button@example.com')).toEqual([{ reason: 'unsubscribed' }]);
  });

  it('offers the lists when asked, and leaving some lists only removes those memberships', async () => {
    const news = await makeList(a, 'News');
    const offers = await makeList(a, 'Offers');
    await a.call('PUT', '/messaging/unsubscribe-settings', { ...DEFAULT_UNSUBSCRIBE_SETTINGS, offerLists: true });
    const { contact, path } = await recipient(a, {
      email: 'lists@example.com',
      listIds: [news.listId, offers.listId],
    });
    const page = await env.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain(`name="list" value="${news.listId}"`);
    expect(page.body).toContain('Offers');
    const res = await env.app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: `confirm=1&list=${offers.listId}&list=not-a-number`,
    });
    expect(res.statusCode).toBe(200);
    expect(await blocklisted(a.companyId, 'lists@example.com')).toEqual([]);
    const members = await env.pool.query('select list_id from list_members where contact_id = $1', [contact.id]);
    expect(members.rows.map((r) => Number(r.list_id))).toEqual([news.listId]);
    await a.call('PUT', '/messaging/unsubscribe-settings', DEFAULT_UNSUBSCRIBE_SETTINGS);
  });

  it('unblocking the contact takes its address off the blocklist, so future messages reach it', async () => {
    const { contact, path } = await recipient(a, {
      email: 'back@example.com',
      phonePrefix: '39',
      phoneNumber: '3331234567',
    });
    await env.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    await env.pool.query(
      `insert into channel_blocklist (company_id, channel, address, reason)
       values ($1, 'sms', '+393331234567', 'manual')`,
      [a.companyId],
    );
    expect(await blocklisted(a.companyId, 'back@example.com')).toHaveLength(1);
    expect((await a.call('POST', `/contacts/${contact.id}/block`)).status).toBe(200);
    expect((await a.call('POST', `/contacts/${contact.id}/unblock`)).status).toBe(200);
    expect(await blocklisted(a.companyId, 'back@example.com')).toEqual([]);
    expect(await blocklisted(a.companyId, '+393331234567')).toEqual([]);
    // Unblocking a contact that was never blocked still releases an address an unsubscribe blocklisted.
    const again = await recipient(a, { email: 'again@example.com' });
    await env.app.inject({ method: 'POST', url: again.path, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect((await a.call('POST', `/contacts/${again.contact.id}/unblock`)).status).toBe(200);
    expect(await blocklisted(a.companyId, 'again@example.com')).toEqual([]);
  });

  it("another company's unblock leaves this company's blocklist alone", async () => {
    const mine = await recipient(a, { email: 'shared@example.com' });
    await env.app.inject({ method: 'POST', url: mine.path, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    const theirs = await makeContact(b, { email: 'shared@example.com' });
    expect((await b.call('POST', `/contacts/${theirs.id}/unblock`)).status).toBe(200);
    expect((await b.call('POST', `/contacts/${mine.contact.id}/unblock`)).status).toBe(404);
    expect(await blocklisted(a.companyId, 'shared@example.com')).toEqual([{ reason: 'unsubscribed' }]);
  });
});
