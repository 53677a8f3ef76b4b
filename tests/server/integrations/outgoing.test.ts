import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDestination, type OutgoingSettings } from '../../../server/http/outgoing.ts';
import { createOutgoingAgent } from '../../../server/http/outgoingAgent.ts';
import { postWebhook } from '../../../server/services/integrations/post.ts';
import { startReceiver } from './support.ts';

const { Packet } = dns2;

/**
 * A real DNS server (dns2, UDP on loopback) answering A records from `answers`: a name maps to a list of addresses
 * handed out in turn, one per question (the last repeats), with a TTL of 0 so no resolver keeps an answer.
 */
async function startDns(answers: Record<string, string[]>) {
  const asked: Record<string, number> = {};
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const list = answers[name];
      if (list && question?.type === Packet.TYPE.A) {
        const turn = (asked[name] = (asked[name] ?? 0) + 1);
        const address = list[Math.min(turn, list.length) - 1]!;
        // dns2's typings want Resource objects; its encoder takes this plain record (as its README shows).
        const record = { name: question.name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 0, address };
        response.answers.push(record as never);
      }
      send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.on('listening', () => resolve());
    void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  const port = (server.addresses().udp as { port: number }).port;
  return { address: `127.0.0.1:${port}`, asked, close: () => server.close() };
}

let dnsServer: Awaited<ReturnType<typeof startDns>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let guarded: OutgoingSettings;

beforeAll(async () => {
  receiver = await startReceiver();
  dnsServer = await startDns({
    'loopback.shop.test': ['127.0.0.1'],
    'intranet.shop.test': ['10.0.0.5'],
    'metadata.shop.test': ['169.254.169.254'],
    'cgnat.shop.test': ['100.64.1.2'],
    // Answers a public-looking documentation address first, then loopback: a rebinding name.
    'rebind.shop.test': ['198.51.100.7', '127.0.0.1'],
    'public.shop.test': ['198.51.100.7'],
  });
  guarded = { webhookAllowPrivate: false, webhookAllowHttp: true, dnsServers: [dnsServer.address] };
});
afterAll(async () => {
  await receiver?.close();
  await dnsServer?.close();
});

const LIMITS = { timeoutMs: 3_000, responseBodyBytes: 2048 };
const urlOf = (host: string) => `http://${host}:${receiver.port}/hook`;

describe('outgoing request guard', () => {
  it('refuses names resolving to loopback, private, metadata and CGNAT addresses at validation', async () => {
    expect(await validateDestination(urlOf('loopback.shop.test'), guarded)).toBe('Refused: private address 127.0.0.1');
    expect(await validateDestination(urlOf('intranet.shop.test'), guarded)).toBe('Refused: private address 10.0.0.5');
    expect(await validateDestination(urlOf('metadata.shop.test'), guarded)).toBe(
      'Refused: cloud metadata address 169.254.169.254',
    );
    expect(await validateDestination(urlOf('cgnat.shop.test'), guarded)).toBe('Refused: private address 100.64.1.2');
    expect(await validateDestination('http://[::1]:80/', guarded)).toBe('Refused: private address ::1');
    expect(await validateDestination('http://[::ffff:10.1.2.3]/', guarded)).toBe('Refused: private address 10.1.2.3');
    expect(await validateDestination('https://[fd00:ec2::254]/', guarded)).toBe(
      'Refused: cloud metadata address fd00:ec2::254',
    );
    expect(await validateDestination(urlOf('nowhere.shop.test'), guarded)).toBe('Host not found');
    expect(await validateDestination(urlOf('public.shop.test'), guarded)).toBeNull();
  });

  it('allows plain http only when the operator says so, and never credentials in the URL', async () => {
    const httpsOnly = { ...guarded, webhookAllowHttp: false };
    expect(await validateDestination(urlOf('public.shop.test'), httpsOnly)).toBe('Only https URLs are allowed');
    expect(await validateDestination('https://public.shop.test/', httpsOnly)).toBeNull();
    expect(await validateDestination('ftp://public.shop.test/', guarded)).toBe('Only http and https URLs are allowed');
    expect(await validateDestination('https://me:pw@public.shop.test/', guarded)).toBe(
      'Credentials in the URL are not allowed',
    );
    expect(await validateDestination('not a url', guarded)).toBe('Not a valid URL');
  });

  it('refuses at connect time, on real sockets, a name that answers a private address', async () => {
    const agent = createOutgoingAgent(guarded);
    try {
      for (const host of ['loopback.shop.test', 'metadata.shop.test', '127.0.0.1']) {
        const result = await postWebhook(agent, urlOf(host), {}, '{}', LIMITS);
        expect(result.status).toBeNull();
        expect(result.error).toMatch(/^Refused: (private|cloud metadata) address /);
      }
      expect(receiver.heard).toHaveLength(0);
    } finally {
      await agent.close();
    }
  });

  it('defeats DNS rebinding: a name public when saved and loopback when connecting is refused', async () => {
    const agent = createOutgoingAgent(guarded);
    try {
      const before = dnsServer.asked['rebind.shop.test'] ?? 0;
      // Saving the endpoint: the first answer is a public-looking address, so it is accepted.
      expect(await validateDestination(urlOf('rebind.shop.test'), guarded)).toBeNull();
      // Delivering: the socket's own lookup gets the second answer (127.0.0.1, where the receiver listens).
      const result = await postWebhook(agent, urlOf('rebind.shop.test'), {}, '{}', LIMITS);
      expect(result.error).toBe('Refused: private address 127.0.0.1');
      expect(dnsServer.asked['rebind.shop.test']! - before).toBeGreaterThanOrEqual(2);
      expect(receiver.heard).toHaveLength(0);
    } finally {
      await agent.close();
    }
  });

  it('reaches private addresses when the operator allows them (an intranet install)', async () => {
    const intranet = { ...guarded, webhookAllowPrivate: true };
    expect(await validateDestination(urlOf('loopback.shop.test'), intranet)).toBeNull();
    const agent = createOutgoingAgent(intranet);
    try {
      const result = await postWebhook(agent, urlOf('loopback.shop.test'), {}, '{"ok":true}', LIMITS);
      expect(result).toMatchObject({ status: 200, body: 'ok', error: null });
      expect(receiver.heard.at(-1)).toMatchObject({ url: '/hook', body: '{"ok":true}' });
    } finally {
      await agent.close();
    }
  });
});
