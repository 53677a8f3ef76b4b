import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_NAME, MESSAGE_FIELD_TEXTS } from '../../../shared/messageDrafts.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import type { TestEnv } from '../helpers.ts';
import { makeList, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { makeSender, makeTemplate, setStatus } from './fixtures.ts';

// Drafts as the wizard makes and autosaves them: create, read, partial update, delete, duplicate, 409 once sent.
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const draft = async (caller: Caller, body: Record<string, unknown> = {}) => {
  const res = await caller.call('POST', '/channels/email/message-drafts', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('drafts', () => {
  it('creates a draft on the channel of the path, with defaults', async () => {
    const message = await draft(a);
    expect(message).toMatchObject({
      channel: 'email',
      name: DEFAULT_MESSAGE_NAME,
      status: 'draft',
      type: 'regular',
      category: 'marketing',
      embedImages: false,
      mirrorLink: true,
      includeLists: [],
      schedule: { mode: 'now' },
    });
    expect((await a.call('GET', `/channels/email/messages/${message.id}`)).body).toEqual(message);
    // Another channel's path does not reach it.
    expect((await a.call('GET', `/channels/sms/messages/${message.id}`)).status).toBe(404);
  });

  it('autosaves: only the fields sent change', async () => {
    const { listId } = await makeList(a, 'Autosave');
    const senderId = await makeSender(env, a.companyId);
    const message = await draft(a, { name: 'Spring sale' });
    const first = await a.call('PATCH', `/channels/email/messages/${message.id}`, {
      subject: 'Hello {{ contact.first_name }}',
      previewText: 'Thirty-five characters of preview.',
      senderId,
      replyTo: 'reply@acme.test',
      includeLists: [listId],
      schedule: { mode: 'at', at: '2030-05-01T09:30', timeZone: 'Europe/Rome' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await a.call('PATCH', `/channels/email/messages/${message.id}`, { fromName: 'Acme' });
    expect(second.body).toMatchObject({
      name: 'Spring sale',
      subject: 'Hello {{ contact.first_name }}',
      fromName: 'Acme',
      senderId,
      replyTo: 'reply@acme.test',
      includeLists: [listId],
      schedule: { mode: 'at', at: '2030-05-01T09:30', timeZone: 'Europe/Rome' },
    });
    expect(Date.parse(second.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.updatedAt));
    const cleared = await a.call('PATCH', `/channels/email/messages/${message.id}`, { senderId: null, replyTo: null });
    expect(cleared.body).toMatchObject({ senderId: null, replyTo: null, fromName: 'Acme' });
  });

  it('copies a chosen template into the message, and keeps content sent with it', async () => {
    const templateId = await makeTemplate(env, a.companyId, { html: '<p>Spring</p>', subject: 'From the template' });
    const message = await draft(a, { templateId });
    expect(message).toMatchObject({
      templateId,
      html: '<p>Spring</p>',
      text: 'text part',
      source: '<mjml></mjml>',
      design: { pages: [] },
      subject: 'From the template',
    });
    const own = await a.call('PATCH', `/channels/email/messages/${message.id}`, { templateId, html: '<p>Mine</p>' });
    expect(own.body).toMatchObject({ templateId, html: '<p>Mine</p>' });
  });

  it('refuses what the contract cannot check, naming every field at once', async () => {
    const message = await draft(a);
    const theirSender = await makeSender(env, b.companyId);
    const smsSender = await makeSender(env, a.companyId, { channel: 'sms', address: '+390612345' });
    const res = await a.call('PATCH', `/channels/email/messages/${message.id}`, {
      name: '   ',
      senderId: theirSender,
      templateId: 999999,
      includeLists: [999999],
      excludeSegments: [999999],
      schedule: { mode: 'at', at: '2030-02-30T09:00', timeZone: 'Mars/Olympus' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: [FIELD_TEXTS.nameRequired],
      senderId: [MESSAGE_FIELD_TEXTS.senderMissing],
      templateId: [MESSAGE_FIELD_TEXTS.templateMissing],
      includeLists: [FIELD_TEXTS.listMissing],
      excludeSegments: [MESSAGE_FIELD_TEXTS.segmentMissing],
      'schedule.at': [MESSAGE_FIELD_TEXTS.dateInvalid],
      'schedule.timeZone': [FIELD_TEXTS.timeZoneInvalid],
    });
    const sms = await a.call('PATCH', `/channels/email/messages/${message.id}`, { senderId: smsSender });
    expect(sms.body.errors).toEqual({ senderId: [MESSAGE_FIELD_TEXTS.senderMissing] });
    const repeat = await a.call('PATCH', `/channels/email/messages/${message.id}`, {
      schedule: { mode: 'repeat', pattern: '99 9 * * *', timeZone: 'UTC' },
    });
    expect(repeat.body.errors).toEqual({ 'schedule.pattern': [MESSAGE_FIELD_TEXTS.patternInvalid] });
    const fine = await a.call('PATCH', `/channels/email/messages/${message.id}`, {
      schedule: { mode: 'repeat', pattern: '0 9 * * 1', timeZone: 'Europe/Rome' },
    });
    expect(fine.body.schedule).toEqual({ mode: 'repeat', pattern: '0 9 * * 1', timeZone: 'Europe/Rome' });
  });

  it('refuses bad shapes with 400 or 422 from the contract', async () => {
    const message = await draft(a);
    const url = `/channels/email/messages/${message.id}`;
    for (const body of [
      { replyTo: 'not an address' },
      { name: 'x'.repeat(201) },
      { schedule: { mode: 'at', timeZone: 'UTC' } },
      { schedule: { mode: 'later' } },
      { includeLists: [1, 1] },
      { includeLists: Array.from({ length: 101 }, (_, i) => i + 1) },
      { unknown: true },
      { type: 'transactional' },
    ]) {
      const res = await a.call('PATCH', url, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.status}`).toContain(res.status);
    }
    expect((await a.call('PATCH', '/channels/fax/messages/1', {})).status).toBeGreaterThanOrEqual(400);
    expect((await a.call('PATCH', '/channels/fax/messages/1', {})).status).toBeLessThan(500);
  });

  it('deletes a draft, and refuses to change or delete one that is not a draft (409)', async () => {
    const gone = await draft(a);
    expect((await a.call('DELETE', `/channels/email/messages/${gone.id}`)).status).toBe(204);
    expect((await a.call('GET', `/channels/email/messages/${gone.id}`)).status).toBe(404);
    expect((await a.call('DELETE', `/channels/email/messages/${gone.id}`)).status).toBe(404);

    const sent = await draft(a, { name: 'Sent one' });
    await setStatus(env, a.companyId, sent.id, 'scheduled');
    const patch = await a.call('PATCH', `/channels/email/messages/${sent.id}`, { subject: 'Changed' });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe('not_draft');
    expect((await a.call('DELETE', `/channels/email/messages/${sent.id}`)).status).toBe(409);
    expect((await a.call('GET', `/channels/email/messages/${sent.id}`)).body.subject).toBeNull();
  });

  it('duplicates any message as a new draft with its fields and content', async () => {
    const { listId } = await makeList(a, 'Duplicated');
    const source = await draft(a, {
      name: 'y'.repeat(200),
      subject: 'Sale',
      html: '<p>Hi</p>',
      includeLists: [listId],
      embedImages: true,
      schedule: { mode: 'repeat', pattern: '0 9 * * 1', timeZone: 'UTC' },
    });
    await setStatus(env, a.companyId, source.id, 'sent');
    const res = await a.call('POST', `/channels/email/messages/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(source.id);
    expect(res.body.name).toBe(`${'y'.repeat(193)} (copy)`);
    expect(res.body).toMatchObject({
      status: 'draft',
      subject: 'Sale',
      html: '<p>Hi</p>',
      includeLists: [listId],
      embedImages: true,
      schedule: { mode: 'now' },
    });
  });

  it('offers verified senders, templates, lists and segments', async () => {
    const verified = await makeSender(env, a.companyId, { address: 'ok@acme.test' });
    await makeSender(env, a.companyId, { address: 'pending@acme.test', verified: false });
    const res = await a.call('GET', '/channels/email/message-options');
    expect(res.status).toBe(200);
    expect(res.body.senders.map((s: { id: number }) => s.id)).toContain(verified);
    expect(res.body.senders.map((s: { address: string }) => s.address)).not.toContain('pending@acme.test');
    expect(res.body.templates.length).toBeGreaterThan(0);
    expect(res.body.lists.length).toBeGreaterThan(0);
    expect((await b.call('GET', '/channels/email/message-options')).body.senders).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: verified })]),
    );
  });
});

describe('tenancy', () => {
  it("answers 404 for every operation on another company's message, and changes nothing", async () => {
    const theirs = await draft(b, { name: 'Theirs', subject: 'Private' });
    const { listId } = await makeList(b, 'Their list');
    const url = `/channels/email/messages/${theirs.id}`;
    expect((await a.call('GET', url)).status).toBe(404);
    expect((await a.call('PATCH', url, { subject: 'Mine now' })).status).toBe(404);
    expect((await a.call('DELETE', url)).status).toBe(404);
    expect((await a.call('POST', `${url}/duplicate`)).status).toBe(404);
    expect((await a.call('GET', `${url}/checklist`)).status).toBe(404);
    // Their list and segment ids are unknown to A: named as missing, never counted.
    const count = await a.call('POST', '/channels/email/audience-count', { includeLists: [listId] });
    expect(count.status).toBe(422);
    expect((await a.call('POST', '/channels/email/message-drafts', { includeLists: [listId] })).status).toBe(422);
    expect((await b.call('GET', url)).body).toEqual(theirs);
  });
});
