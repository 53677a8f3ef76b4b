import { createPublicKey, createSign, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsStatuses } from '../../../server/services/messaging/domains.ts';
import { sendingIdentity } from '../../../server/services/messaging/sendingIdentity.ts';
import { forJob } from '../../../server/services/scope.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { startDnsServer, type Zone } from './dnsServer.ts';

// Sending domains: a DKIM key made with the first sender of a domain, the records to publish, and "Check DNS" against
// a real DNS server on loopback that the test fills record by record.
let env: TestEnv;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let a: Caller;
const zone: Zone = {};

beforeAll(async () => {
  dns = await startDnsServer(zone);
  env = await createTestEnv({
    dnsServers: [dns.address],
    spfInclude: '_spf.missiva.test',
    bounceHost: 'mx.missiva.test',
  });
  a = await signIn(env, 'Alpha');
});
afterAll(async () => {
  await env.close();
  await dns.close();
});

async function addSender(address: string) {
  const res = await a.call('POST', '/channels/email/senders', { name: 'Shop', address });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; domainId: number };
}

type DnsRec = { kind: string; type: string; host: string; value: string; status: string; seen: string[] };
const byKind = (records: DnsRec[]) =>
  Object.fromEntries(records.map((r) => [r.kind, r])) as { [K in 'dkim' | 'spf' | 'dmarc' | 'returnPath']: DnsRec };

describe('sending domains', () => {
  it('makes one domain per domain name with a 2048-bit key whose published half verifies its signatures', async () => {
    const first = await addSender('news@shop.example');
    const second = await addSender('team@SHOP.example');
    expect(second.domainId).toBe(first.domainId);

    const domain = (await a.call('GET', `/sending-domains/${first.domainId}`)).body;
    expect(domain).toMatchObject({
      domain: 'shop.example',
      keySelector: 'missiva1',
      returnPathHost: 'bounces.shop.example',
    });
    const records = byKind(domain.records);
    expect(records.dkim).toMatchObject({ type: 'TXT', host: 'missiva1._domainkey.shop.example', status: 'unchecked' });
    expect(records.spf).toMatchObject({ host: 'shop.example', value: 'v=spf1 include:_spf.missiva.test ~all' });
    expect(records.dmarc).toMatchObject({ host: '_dmarc.shop.example', value: 'v=DMARC1; p=none' });
    expect(records.returnPath).toMatchObject({ type: 'MX', host: 'bounces.shop.example', value: '10 mx.missiva.test' });

    const scope = forJob(env.ctx, a.companyId);
    const identity = (await sendingIdentity(scope, first.id))!;
    const key = identity.dkim!;
    expect(key).toMatchObject({ domainName: 'shop.example', keySelector: 'missiva1' });
    expect(key.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(identity.returnPathHost).toBe('bounces.shop.example');

    // The key in the DNS value is the public half of the stored private key: what one signs, the other verifies.
    const published = /p=([A-Za-z0-9+/=]+)$/.exec(records.dkim.value)![1]!;
    const publicKey = createPublicKey({ key: Buffer.from(published, 'base64'), format: 'der', type: 'spki' });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signature = createSign('sha256').update('hello').sign(key.privateKey);
    expect(createVerify('sha256').update('hello').verify(publicKey, signature)).toBe(true);
    expect(createVerify('sha256').update('hellO').verify(publicKey, signature)).toBe(false);

    // Sealed at rest: the stored column is not the PEM.
    const stored = await env.pool.query('select dkim_private_key from sending_domains where id = $1', [first.domainId]);
    expect(stored.rows[0].dkim_private_key).not.toContain('PRIVATE KEY');
    const list = (await a.call('GET', '/sending-domains')).body as { domain: string }[];
    expect(list.map((d) => d.domain)).toEqual(['shop.example']);
  });

  it('says missing for every record when nothing is published', async () => {
    const { domainId } = await addSender('hi@empty.example');
    const checked = await a.call('POST', `/sending-domains/${domainId}/dns-check`);
    expect(checked.status).toBe(200);
    expect(checked.body.checkedAt).not.toBeNull();
    expect(checked.body.records.map((r: DnsRec) => r.status)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });

  it('says found for published records; wrong for another key, an SPF without the include, a foreign MX', async () => {
    const { domainId } = await addSender('hello@dns.example');
    const records = byKind((await a.call('GET', `/sending-domains/${domainId}`)).body.records);
    zone.txt = {
      [records.dkim.host]: [records.dkim.value],
      'dns.example': ['google-site-verification=abc', 'v=spf1 ip4:192.0.2.1 include:_spf.missiva.test -all'],
      '_dmarc.dns.example': ['v=DMARC1; p=quarantine; rua=mailto:d@dns.example'],
    };
    zone.mx = { 'bounces.dns.example': [{ exchange: 'mx.missiva.test', priority: 10 }] };
    let checked = byKind((await a.call('POST', `/sending-domains/${domainId}/dns-check`)).body.records);
    expect(Object.values(checked).map((r) => [r.kind, r.status])).toEqual([
      ['dkim', 'found'],
      ['spf', 'found'],
      ['dmarc', 'found'],
      ['returnPath', 'found'],
    ]);

    zone.txt = {
      [records.dkim.host]: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAother'],
      'dns.example': ['v=spf1 include:_spf.google.com ~all'],
      '_dmarc.dns.example': ['v=DMARC1; rua=mailto:d@dns.example'],
    };
    zone.mx = { 'bounces.dns.example': [{ exchange: 'mx.elsewhere.test', priority: 5 }] };
    checked = byKind((await a.call('POST', `/sending-domains/${domainId}/dns-check`)).body.records);
    expect(Object.values(checked).map((r) => [r.kind, r.status])).toEqual([
      ['dkim', 'wrong'],
      ['spf', 'wrong'],
      ['dmarc', 'wrong'],
      ['returnPath', 'wrong'],
    ]);
    expect(checked.spf.seen).toEqual(['v=spf1 include:_spf.google.com ~all']);
    expect(checked.returnPath.seen).toEqual(['5 mx.elsewhere.test']);

    // A CNAME from the return path to the bounce host serves as well as the MX.
    zone.mx = {};
    zone.cname = { 'bounces.dns.example': 'mx.missiva.test' };
    checked = byKind((await a.call('POST', `/sending-domains/${domainId}/dns-check`)).body.records);
    expect(checked.returnPath.status).toBe('found');
    // The verdicts are kept: reading the domain again shows the last check.
    const again = byKind((await a.call('GET', `/sending-domains/${domainId}`)).body.records);
    expect(again.returnPath.status).toBe('found');
    expect(again.dkim.status).toBe('wrong');
    expect(await dnsStatuses(forJob(env.ctx, a.companyId), domainId)).toEqual({
      dkim: 'wrong',
      spf: 'wrong',
      dmarc: 'wrong',
      returnPath: 'found',
    });
  });

  it('answers 404 for a domain that does not exist', async () => {
    expect((await a.call('POST', '/sending-domains/999999/dns-check')).status).toBe(404);
    expect((await a.call('GET', '/sending-domains/999999')).status).toBe(404);
  });
});
