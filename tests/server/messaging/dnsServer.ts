import dns2 from 'dns2';

const { Packet } = dns2;
/** dns2's typings omit the response codes its packet module exports. */
const NXDOMAIN = (Packet as unknown as { RCODE: { NXDOMAIN: number } }).RCODE.NXDOMAIN;

/** The records a loopback zone answers, by lower-case name. */
export interface Zone {
  txt?: Record<string, string[]>;
  mx?: Record<string, { exchange: string; priority: number }[]>;
  cname?: Record<string, string>;
}

/** TXT strings are at most 255 bytes each; a longer record (a DKIM key) travels as several, as zone files split it. */
const chunks = (value: string) => value.match(/.{1,255}/gs) ?? [''];

/**
 * A real DNS server (dns2) on 127.0.0.1, UDP, a random port, answering TXT, MX and CNAME from a zone the test can
 * change between lookups; names it does not hold answer NXDOMAIN. Point DNS_SERVERS (`config.dnsServers`) at `address`.
 */
export async function startDnsServer(zone: Zone): Promise<{ address: string; zone: Zone; close(): Promise<void> }> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const base = { name: question?.name ?? '', class: Packet.CLASS.IN, ttl: 60 };
      // dns2's typings want Resource objects; its encoder takes these plain records (as its README shows).
      const answer = (record: object) => response.answers.push(record as never);
      const known = Boolean(zone.txt?.[name] || zone.mx?.[name] || zone.cname?.[name]);
      if (zone.cname?.[name]) {
        answer({ ...base, type: Packet.TYPE.CNAME, domain: zone.cname[name] });
      } else if (question?.type === Packet.TYPE.TXT) {
        for (const value of zone.txt?.[name] ?? []) {
          answer({ ...base, type: Packet.TYPE.TXT, data: chunks(value) });
        }
      } else if (question?.type === Packet.TYPE.MX) {
        for (const mx of zone.mx?.[name] ?? []) answer({ ...base, type: Packet.TYPE.MX, ...mx });
      }
      if (!known) response.header.rcode = NXDOMAIN;
      send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.on('listening', () => resolve());
    void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  const port = (server.addresses().udp as { port: number }).port;
  return { address: `127.0.0.1:${port}`, zone, close: () => server.close() };
}
