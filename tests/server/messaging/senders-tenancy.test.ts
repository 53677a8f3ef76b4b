import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingIdentity } from '../../../server/services/messaging/sendingIdentity.ts';
import { forJob } from '../../../server/services/scope.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import type { TestEnv } from '../helpers.ts';

// Company A walks every sender and sending-domain operation with company B's ids: 404 each time, B's rows unchanged.
let env: TestEnv;
let a: Caller;
let b: Caller;
let theirs: { senderId: number; domainId: number };

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  const created = await b.call('POST', '/channels/email/senders', { name: 'Beta', address: 'news@beta.example' });
  expect(created.status).toBe(201);
  theirs = { senderId: created.body.id, domainId: created.body.domainId };
  // A sender of A's own at the same domain: A gets a domain row of its own, never B's.
  expect((await a.call('POST', '/channels/email/senders', { name: 'A', address: 'a@beta.example' })).status).toBe(201);
});
afterAll(() => env.close());

const snapshot = async () => ({
  senders: (await b.call('GET', '/channels/email/senders')).body,
  domains: (await b.call('GET', '/sending-domains')).body,
});

describe("another company's senders and domains answer 404", () => {
  const probes: Record<string, () => Promise<{ status: number }>> = {
    getSender: () => a.call('GET', `/channels/email/senders/${theirs.senderId}`),
    updateSender: () => a.call('PATCH', `/channels/email/senders/${theirs.senderId}`, { name: 'Taken' }),
    deleteSender: () => a.call('DELETE', `/channels/email/senders/${theirs.senderId}`),
    resendSenderVerification: () => a.call('POST', `/channels/email/senders/${theirs.senderId}/verification`),
    getSendingDomain: () => a.call('GET', `/sending-domains/${theirs.domainId}`),
    checkSendingDomain: () => a.call('POST', `/sending-domains/${theirs.domainId}/dns-check`),
  };
  for (const [operation, probe] of Object.entries(probes)) {
    it(operation, async () => {
      const before = await snapshot();
      expect((await probe()).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('lists only the caller’s own', async () => {
    const senders = (await a.call('GET', '/channels/email/senders')).body as { id: number }[];
    const domains = (await a.call('GET', '/sending-domains')).body as { id: number; domain: string }[];
    expect(senders.map((s) => s.id)).not.toContain(theirs.senderId);
    expect(domains.map((d) => d.id)).not.toContain(theirs.domainId);
    expect(domains.map((d) => d.domain)).toEqual(['beta.example']);
  });

  it('gives the engine nothing of another company', async () => {
    const scope = forJob(env.ctx, a.companyId);
    // The one reader of a sender for sending (with its domain's DKIM key and return-path host) finds nothing.
    expect(await sendingIdentity(scope, theirs.senderId)).toBeNull();
  });
});
