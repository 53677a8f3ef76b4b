import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_PATHS, verifyTracking } from '../../../server/services/messaging/tokens.ts';
import type { TestEnv } from '../helpers.ts';
import { TEST_SECRET } from '../global-setup.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { sentMessage } from './trackingFixtures.ts';

// The web version (mirror): the message as its recipient got it, or the campaign without one.
let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

const HTML =
  '<p>Hi {{ contact.first_name | default: "there" }} ({{ contact.tier }})</p>' +
  '<a href="https://example.com/offer">Offer</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a> {{ message.subject }}';

describe('web version', () => {
  it("renders the message with the recipient's fields and its own unsubscribe link, links untracked", async () => {
    const tier = (await a.call('POST', '/contact-attributes', { name: 'tier', type: 'text' })).body.id;
    const contact = await makeContact(a, { email: 'm@example.com', firstName: 'Mia', attributes: { [tier]: 'gold' } });
    const m = await sentMessage(env, a.companyId, {
      contacts: [{ id: contact.id, address: contact.email }],
      html: HTML,
    });
    const res = await env.app.inject({ method: 'GET', url: TRACKING_PATHS.mirror(m.token('mirror')) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(String(res.headers['content-security-policy'])).not.toContain('script-src');
    expect(res.body).toContain('<p>Hi Mia (gold)</p>');
    expect(res.body).toContain('href="https://example.com/offer"');
    expect(res.body).toContain('Hello');
    const unsubscribe = /href="[^"]*\/u\/([A-Za-z0-9_-]+)"/.exec(res.body)![1]!;
    expect(verifyTracking(TEST_SECRET, unsubscribe, 'unsubscribe')).toMatchObject({
      companyId: a.companyId,
      messageId: m.messageId,
      recipientId: m.recipients[0]!.id,
    });
  });

  it('renders the campaign without a recipient for recipient 0', async () => {
    const m = await sentMessage(env, a.companyId, { contacts: [{ id: null, address: 'n@example.com' }], html: HTML });
    const res = await env.app.inject({ method: 'GET', url: TRACKING_PATHS.mirror(m.token('mirror', 0)) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Hi there ()</p>');
  });

  it('answers 404 for a tampered token, another kind, a recipient or message that does not exist', async () => {
    const m = await sentMessage(env, a.companyId, { contacts: [{ id: null, address: 'o@example.com' }], html: HTML });
    const token = m.token('mirror');
    const tampered = token.slice(0, 40) + (token[40] === 'A' ? 'B' : 'A') + token.slice(41);
    for (const url of [
      TRACKING_PATHS.mirror(tampered),
      TRACKING_PATHS.mirror(m.token('unsubscribe')),
      TRACKING_PATHS.mirror(m.token('mirror', 999_999)),
    ]) {
      const res = await env.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Hi ');
    }
  });
});
