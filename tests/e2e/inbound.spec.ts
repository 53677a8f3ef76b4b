import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { replyAddress } from '../../server/services/messaging/tokens.ts';
import { apiLogin, expect, loginThroughUi, serverInfo, test } from './fixtures.ts';

// A reply sent over SMTP to the server's inbound listener appears on the open contact page's timeline, live.
test('a reply arrives over SMTP and appears on the contact timeline without a reload', async ({
  page,
  request,
  user,
}) => {
  const token = await apiLogin(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const email = `giulia-${Date.now()}@example.org`;
  const contact = await (await request.post('/api/contacts', { headers, data: { email, firstName: 'Giulia' } })).json();
  const companyId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as string;

  await loginThroughUi(page, user);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await page.goto(`/contacts/show/${contact.id}`);
  const timeline = page.getByTestId('contact-timeline');
  await expect(timeline).toContainText('Contact created');
  await expect(timeline).not.toContainText('Reply:');

  // The company's reply address, signed with the server's key (kept in its data directory); the reply is linked to
  // the contact by its From address.
  const server = serverInfo() as ReturnType<typeof serverInfo> & { inboundSmtpPort: number };
  const secret = readFileSync(path.join(server.dataDir, 'secret-key'), 'utf8').trim();
  const to = replyAddress(secret, { companyId, messageId: 0, recipientId: 0 }, 'bounces.acme.example');
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.inboundSmtpPort, ignoreTLS: true });
  await transport.sendMail({
    from: `Giulia <${email}>`,
    to,
    subject: 'Re: Spring offers',
    text: 'Do you ship to Sicily?\n\nI would like the blue one.\nThanks, Giulia',
  });
  transport.close();

  await expect(timeline).toContainText('Reply: Re: Spring offers');
  const reply = page.getByTestId('timeline-reply');
  await expect(reply).toContainText('Do you ship to Sicily?');
  await page.getByRole('button', { name: 'Show the whole reply' }).click();
  await expect(page.getByRole('button', { name: 'Hide' })).toBeVisible();
  await expect(reply).toContainText('Thanks, Giulia');
});
