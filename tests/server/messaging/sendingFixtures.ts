import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { encrypt } from '../../../server/services/security/crypto.ts';
import type { TestEnv } from '../helpers.ts';

/** What the loopback SMTP server received: one entry per accepted message. */
export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  messageId: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that records what it accepts. `reply` decides per recipient: null
 * accepts, a code and text refuses (451: try later, 550: never).
 */
export async function startSmtp(
  reply: (address: string, attempt: number) => { code: number; text: string } | null = () => null,
  onMessage?: (message: Received) => unknown,
) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      const answer = reply(address.address, n);
      if (!answer) return callback();
      callback(Object.assign(new Error(answer.text), { responseCode: answer.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('latin1'))?.[1] ?? '';
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId,
        };
        received.push(message);
        // The reply waits for the hook: a test can act while the sender still waits for this message's answer.
        void Promise.resolve(onMessage?.(message)).then(() => callback());
      });
    },
  });
  // A sender killed mid-conversation (the crash tests SIGKILL the worker) resets its connections: a relay logs that and
  // carries on, and so does this one (smtp-server reports it as a server 'error', which unheard would crash the run).
  const resets: Error[] = [];
  server.on('error', (error) => resets.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received,
    resets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const dkimKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
/** The TXT record a domain publishes for the key above. */
export const dkimRecord = `v=DKIM1; k=rsa; p=${dkimKeys.publicKey.toString('base64')}`;

/** A sending domain with its DKIM key and a verified sender on it, as the senders area stores them. */
export async function seedSender(
  env: TestEnv,
  companyId: string,
  options: { ratePerMinute?: number; warmupInitial?: number; verified?: boolean } = {},
): Promise<number> {
  const secret = env.ctx.config.secret;
  const domain = await env.pool.query<{ id: number }>(
    `insert into sending_domains (company_id, domain, dkim_selector, dkim_private_key, dkim_public_key,
                                  return_path_host)
     values ($1, 'shop.example', 'mx1', $2, $3, 'bounce.shop.example')
     on conflict (company_id, domain) do update set dkim_selector = excluded.dkim_selector returning id::int`,
    [companyId, encrypt(secret, dkimKeys.privateKey), dkimKeys.publicKey.toString('base64')],
  );
  const sender = await env.pool.query<{ id: number }>(
    `insert into senders (company_id, channel, name, address, domain_id, verified_at, rate_per_minute,
                          warmup_enabled, warmup_initial, warmup_increase_pct)
     values ($1, 'email', 'Shop', $2, $3, case when $4 then now() end, $5, $6, coalesce($7, 3000), 15)
     returning id::int`,
    [
      companyId,
      `news${Math.random().toString(36).slice(2, 8)}@shop.example`,
      domain.rows[0]!.id,
      options.verified ?? true,
      options.ratePerMinute ?? null,
      options.warmupInitial !== undefined,
      options.warmupInitial ?? null,
    ],
  );
  return sender.rows[0]!.id;
}

/** `count` contacts in a new list (address `prefix<i>@example.com`, first name `Name<i>`); answers the list id. */
export async function seedList(env: TestEnv, companyId: string, prefix: string, count: number): Promise<number> {
  const folder = await env.pool.query<{ id: number }>(
    `insert into folders (company_id, name) values ($1, $2) returning id::int`,
    [companyId, `${prefix} folder`],
  );
  const list = await env.pool.query<{ id: number }>(
    `insert into lists (company_id, folder_id, name) values ($1, $2, $3) returning id::int`,
    [companyId, folder.rows[0]!.id, prefix],
  );
  await env.pool.query(
    `with c as (
       insert into contacts (company_id, email, first_name)
       select $1, $2 || i || '@example.com', 'Name' || i from generate_series(1, $3) i
       on conflict (company_id, email) do update set first_name = excluded.first_name
       returning id)
     insert into list_members (company_id, list_id, contact_id) select $1, $4, id from c`,
    [companyId, prefix, count, list.rows[0]!.id],
  );
  return list.rows[0]!.id;
}

export const CAMPAIGN_HTML = `<!doctype html><html><body>
<h1>Hello {{ contact.first_name | default: "there" }}</h1>
<p>Our <a href="https://shop.example/sale?utm=1&amp;x=2">sale</a> and <a href="https://shop.example/new">news</a>,
again the <a href="https://shop.example/sale?utm=1&amp;x=2">sale</a>.</p>
<p><a href="{{ unsubscribe_url }}">Unsubscribe</a> · <a href="{{ mirror_url }}">Web version</a></p>
</body></html>`;

/** A draft campaign to the given lists, with the content above unless given. */
export async function seedMessage(
  env: TestEnv,
  companyId: string,
  senderId: number,
  fields: Record<string, unknown> & { include_lists: number[] },
): Promise<number> {
  const values = {
    channel: 'email',
    name: 'Autumn news',
    subject: 'Hi {{ contact.first_name }}, autumn is here',
    preview_text: 'Everything new this autumn',
    sender_id: senderId,
    html: CAMPAIGN_HTML,
    ...fields,
  };
  const columns = Object.keys(values);
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into messages (company_id, ${columns.join(', ')})
     values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}) returning id::int`,
    [
      companyId,
      ...columns.map((c) => {
        const v = (values as Record<string, unknown>)[c];
        return typeof v === 'object' && v !== null && !Array.isArray(v) ? JSON.stringify(v) : v;
      }),
    ],
  );
  return rows[0]!.id;
}
