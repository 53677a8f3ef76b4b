import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { forJob } from '../../../server/services/scope.ts';
import { parseVerp, verifyTracking } from '../../../server/services/messaging/tokens.ts';
import { EMBEDDED_IMAGES_MAX_BYTES, MESSAGING_TEXTS } from '../../../shared/messaging.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { dkimRecord, seedList, seedMessage, seedSender, startSmtp } from './sendingFixtures.ts';

// The email adapter at the SMTP level: a campaign sent by the engine to a real smtp-server on loopback, each message
// parsed with mailparser and its DKIM signature checked by mailauth (an independent verifier) against the domain's
// published key, served by the resolver function mailauth takes for its DNS lookups.
let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let pools: SmtpPools;
let a: Caller;
let senderId: number;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url, publicUrl: 'https://mail.missiva.test' });
  pools = new SmtpPools(4);
  a = await signIn(env, 'Alpha');
  senderId = await seedSender(env, a.companyId);
});
afterAll(async () => {
  pools.close();
  await smtp.close();
  await env.close();
});

const deps = () => ({ transport: (url: string) => pools.get(url), window: pools.maxConnections });

async function sendCampaign(fields: Record<string, unknown> = {}, recipients = 3) {
  const listId = await seedList(env, a.companyId, `r${Math.random().toString(36).slice(2, 7)}-`, recipients);
  const id = await seedMessage(env, a.companyId, senderId, { include_lists: [listId], ...fields });
  const res = await a.call('POST', `/channels/email/messages/${id}/send`);
  return { id, res };
}

describe('a campaign email as it arrives', () => {
  it('is multipart/alternative with merge tags, tracked links, pixel, preheader and RFC 8058 headers', async () => {
    const before = smtp.received.length;
    const { id, res } = await sendCampaign();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'sending', recipientsTotal: 3, pending: 3 });
    await runBatch(forJob(env.ctx, a.companyId), deps(), id, 0);
    const got = smtp.received.slice(before);
    expect(got).toHaveLength(3);
    const secret = env.ctx.config.secret;
    for (const message of got) {
      const mail = await simpleParser(message.raw);
      expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
      const n = /-(\d+)@example\.com$/.exec(message.to[0]!)![1];
      expect(mail.subject).toBe(`Hi Name${n}, autumn is here`);
      expect(mail.html).toContain(`<h1>Hello Name${n}</h1>`);
      expect(mail.text).toContain(`Hello Name${n}`);
      // The preview text as a hidden preheader right after <body>.
      expect(mail.html).toMatch(/<body>\s*<div style="display:none[^"]*">Everything new this autumn/);
      // Every http(s) link goes through a signed click token; the same URL has the same index.
      const clicks = [...(mail.html as string).matchAll(/href="https:\/\/mail\.missiva\.test\/t\/c\/([\w-]+)"/g)];
      expect(clicks.map((c) => verifyTracking(secret, c[1]!, 'click')!.linkIdx)).toEqual([1, 2, 1]);
      expect(mail.html).not.toContain('https://shop.example/');
      const pixel = /<img src="https:\/\/mail\.missiva\.test\/t\/o\/([\w-]+)\.gif"/.exec(mail.html as string);
      const opened = verifyTracking(secret, pixel![1]!, 'open')!;
      expect(opened).toMatchObject({ companyId: a.companyId, messageId: id });
      // Unsubscribe and web-version links are the recipient's own signed URLs.
      const unsubscribe = /href="(https:\/\/mail\.missiva\.test\/u\/[\w-]+)"/.exec(mail.html as string)![1]!;
      expect(mail.html).toMatch(/href="https:\/\/mail\.missiva\.test\/m\/[\w-]+"/);
      // RFC 8058: a mailto and the https one-click URL, and the one-click POST header.
      const head = message.raw
        .toString()
        .split(/\r?\n\r?\n/)[0]!
        .replace(/\r?\n[ \t]+/g, ' ');
      expect(head).toMatch(
        /^List-Unsubscribe: <mailto:u-[\w-]+@bounce\.shop\.example\?subject=unsubscribe>, <https:\/\/[^>]+>$/m,
      );
      expect(head).toContain(`, <${unsubscribe}>`);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      // The text part's links are tracked too.
      expect(mail.text).toMatch(/sale \[https:\/\/mail\.missiva\.test\/t\/c\/[\w-]+\]/);
      // VERP: the envelope sender names this recipient.
      const verp = parseVerp(secret, message.from)!;
      expect(message.from).toMatch(/@bounce\.shop\.example$/);
      expect(verp).toMatchObject({ companyId: a.companyId, messageId: id, recipientId: opened.recipientId });
      expect(message.messageId).toMatch(new RegExp(`^<${id}\\.${opened.recipientId}\\.[\\w-]{16}@shop\\.example>$`));
      // DKIM, verified independently with the published key.
      const result = await authenticate(message.raw, {
        ip: '127.0.0.1',
        helo: 'localhost',
        sender: message.from,
        resolver: async (name: string, rr: string) => {
          if (rr === 'TXT' && name === 'mx1._domainkey.shop.example') return [[dkimRecord]];
          throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        },
      });
      expect(result.dkim.results[0]).toMatchObject({ signingDomain: 'shop.example', status: { result: 'pass' } });
    }
    const links = await env.pool.query('select idx, url from message_links where message_id = $1 order by idx', [id]);
    expect(links.rows).toEqual([
      { idx: 1, url: 'https://shop.example/sale?utm=1&x=2' },
      { idx: 2, url: 'https://shop.example/new' },
    ]);
    expect((await a.call('GET', `/channels/email/messages/${id}/send-state`)).body).toMatchObject({
      status: 'sent',
      sent: 3,
      pending: 0,
    });
  });

  it('inlines asset images as CID attachments, and refuses a campaign over 5MB with the spec message', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await env.pool.query(
      `insert into assets (company_id, token, filename, content_type, size, data) values
         ($1, 'AssetTokenSmall0000000000', 'logo.png', 'image/png', $2, $3),
         ($1, 'AssetTokenHuge00000000000', 'huge.png', 'image/png', $4, $5)`,
      [a.companyId, png.length, png, EMBEDDED_IMAGES_MAX_BYTES, Buffer.alloc(EMBEDDED_IMAGES_MAX_BYTES)],
    );
    const before = smtp.received.length;
    const html = `<html><body><img src="https://mail.missiva.test/a/AssetTokenSmall0000000000.png" alt="Logo">
      <p>Hi {{ contact.first_name }}</p></body></html>`;
    const { id, res } = await sendCampaign({ html, embed_images: true }, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runBatch(forJob(env.ctx, a.companyId), deps(), id, 0);
    const mail = await simpleParser(smtp.received[before]!.raw, { keepCidLinks: true });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ contentType: 'image/png', cid: 'img1@missiva' });
    expect(mail.attachments[0]!.content.equals(png)).toBe(true);
    expect(mail.html).toContain('src="cid:img1@missiva"');

    const huge = `<html><body><img src="https://mail.missiva.test/a/AssetTokenHuge00000000000.png" alt="x"></body></html>`;
    const refused = await sendCampaign({ html: huge, embed_images: true }, 1);
    expect(refused.res.status).toBe(422);
    // The pre-send checklist's size item refuses it first (errors.size); the adapter's own check is the backstop.
    expect(Object.values(refused.res.body.errors).flat()).toContain(MESSAGING_TEXTS.embeddedTooLarge);
  });

  it('never fetches an embedded image from a private address', async () => {
    const html = `<html><body><img src="http://127.0.0.1:9/secret.png" alt="x"></body></html>`;
    const { res } = await sendCampaign({ html, embed_images: true }, 1);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['embedImages']);
  });
});
