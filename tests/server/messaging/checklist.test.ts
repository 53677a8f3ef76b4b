import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_KEYS, isValidLink } from '../../../server/services/messaging/checklist.ts';
import { EMBEDDED_IMAGES_MAX_BYTES, MESSAGING_TEXTS } from '../../../shared/messaging.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { makeAsset, makeDomain, makeSender } from './fixtures.ts';

// Every checklist item fails on a message that lacks it and passes on one that has it.
let env: TestEnv;
let a: Caller;
let good: Record<string, unknown>;

const GOOD_HTML = `<p>Hi {{ contact.first_name | default: "there" }} ({{ contact.Plan }})</p>
  <img src="https://cdn.acme.test/logo.png" alt="Acme logo">
  <a href="https://acme.test/sale?x={{ contact.email }}">Sale</a> <a href="mailto:help@acme.test">Help</a>
  <a href="{{ unsubscribe_url }}">Unsubscribe</a> <a href="{{ mirror_url }}">Web version</a>`;

beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
  await a.call('POST', '/contact-attributes', { name: 'Plan', type: 'text' });
  const { listId } = await makeList(a, 'Readers');
  await makeContact(a, { email: 'reader@example.com', listIds: [listId] });
  const domainId = await makeDomain(env, a.companyId, 'acme.test', {
    dkim: { status: 'found' },
    spf: { status: 'found' },
  });
  const senderId = await makeSender(env, a.companyId, { address: 'news@acme.test', domainId });
  good = {
    subject: 'Spring for {{ contact.first_name }}',
    previewText: 'Everything is on sale this week',
    senderId,
    html: GOOD_HTML,
    text: 'Hi',
    includeLists: [listId],
  };
});
afterAll(() => env.close());

async function checklist(patch: Record<string, unknown>) {
  const created = await a.call('POST', '/channels/email/message-drafts', { ...good, ...patch });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await a.call('GET', `/channels/email/messages/${created.body.id}/checklist`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.map((item: { key: string }) => [item.key, item])) as Record<string, any>;
}

describe('pre-send checklist', () => {
  it('passes every item for a complete message, in the fixed order', async () => {
    const created = await a.call('POST', '/channels/email/message-drafts', good);
    const res = await a.call('GET', `/channels/email/messages/${created.body.id}/checklist`);
    expect(res.body.map((i: { key: string }) => i.key)).toEqual([...CHECKLIST_KEYS]);
    expect(res.body.filter((i: { ok: boolean }) => !i.ok)).toEqual([]);
  });

  it.each([
    ['content', { html: null }, true, ['unsubscribeLink']],
    ['content', { html: '   ' }, true, ['unsubscribeLink']],
    ['recipients', { includeLists: [] }, true, []],
    // Without a sender there is no domain to read DKIM and SPF from either.
    ['senderVerified', { senderId: null }, true, ['dkimFound', 'spfFound']],
    ['unsubscribeLink', { html: '<p>No way out</p>' }, false, []],
    ['previewText', { previewText: ' ' }, false, []],
    ['imageAlt', { html: `${GOOD_HTML}<img src="https://x.test/a.png"><img src="b.png" alt=" ">` }, false, []],
    ['linksValid', { html: `${GOOD_HTML}<a href="javascript:alert(1)">x</a>` }, true, []],
    ['linksValid', { html: `${GOOD_HTML}<a href="/relative">x</a>` }, true, []],
    ['mergeTags', { html: `${GOOD_HTML}\n{{ contact.frist_name }}` }, true, []],
    ['mergeTags', { subject: 'Hi {% if %}' }, true, []],
  ])('%s fails on %j (blocking: %s), and only it', async (key, patch, blocking, alsoFailing) => {
    const items = await checklist(patch);
    expect(items[key]).toMatchObject({ ok: false, blocking });
    const failing = Object.values(items)
      .filter((item) => !item.ok)
      .map((item) => item.key);
    expect(failing.sort()).toEqual([key, ...alsoFailing].sort());
  });

  it('names the unknown merge tag with its line, and the bad link', async () => {
    const items = await checklist({ html: `${GOOD_HTML}\n<p>{{ contact.frist_name }}</p><a href="ftp://x">f</a>` });
    expect(items.mergeTags.detail).toMatch(/contact\.frist_name.*line 5/);
    expect(items.linksValid.detail).toContain('ftp://x');
  });

  it('needs a verified sender', async () => {
    const unverified = await makeSender(env, a.companyId, { address: 'new@acme.test', verified: false });
    expect((await checklist({ senderId: unverified })).senderVerified.ok).toBe(false);
  });

  it('reads DKIM and SPF from the sender domain records', async () => {
    const domainId = await makeDomain(env, a.companyId, 'half.test', {
      dkim: { status: 'wrong' },
      spf: { status: 'found' },
    });
    const senderId = await makeSender(env, a.companyId, { address: 'x@half.test', domainId });
    const half = await checklist({ senderId });
    expect(half.dkimFound).toMatchObject({ ok: false, blocking: false });
    expect(half.spfFound.ok).toBe(true);
    // A sender without a domain row of its own is matched by its address's domain; none at all is not found.
    const bare = await makeSender(env, a.companyId, { address: 'x@nowhere.test' });
    const none = await checklist({ senderId: bare });
    expect([none.dkimFound.ok, none.spfFound.ok]).toEqual([false, false]);
    const byAddress = await makeSender(env, a.companyId, { address: 'y@half.test' });
    expect((await checklist({ senderId: byAddress })).spfFound.ok).toBe(true);
  });

  it('weighs embedded images against 5MB', async () => {
    await makeAsset(env, a.companyId, 'tok-small', 1000);
    await makeAsset(env, a.companyId, 'tok-big', Math.ceil((EMBEDDED_IMAGES_MAX_BYTES * 3) / 4));
    const small = `${GOOD_HTML}<img alt="a" src="https://app.test/a/tok-small">`;
    const big = `${GOOD_HTML}<img alt="b" src="https://app.test/a/tok-big">`;
    expect((await checklist({ embedImages: true, html: small })).size.ok).toBe(true);
    expect(await checklist({ embedImages: true, html: big })).toMatchObject({
      size: { ok: false, blocking: true, detail: MESSAGING_TEXTS.embeddedTooLarge },
    });
    // Without embedding the images stay links: no limit.
    expect((await checklist({ embedImages: false, html: big })).size.ok).toBe(true);
  });
});

describe('links', () => {
  it('accepts http(s) URLs, merge-tag URLs, mailto and tel; refuses the rest', () => {
    for (const ok of [
      'https://a.test',
      'http://a.test/x?y=1',
      '{{ unsubscribe_url }}',
      'https://a.test/{{ contact.email }}',
      'mailto:a@b.test',
      'tel:+39 06 1234',
    ]) {
      expect(isValidLink(ok), ok).toBe(true);
    }
    for (const bad of ['', '#top', '/path', 'javascript:alert(1)', 'ftp://a.test', 'https://', '{{ contact.email }}']) {
      expect(isValidLink(bad), bad).toBe(false);
    }
  });
});
