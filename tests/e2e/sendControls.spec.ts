import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiLogin, expect, loginThroughUi, serverInfo, test } from './fixtures.ts';

/**
 * The sending panel of a campaign's report against the real server: a campaign scheduled for next year (a verified
 * sender, a list and content made through the API) shows when it will go; cancelling it asks first, and the campaign
 * is then cancelled on the server and the panel leaves the report.
 */
async function verificationLink(address: string): Promise<string> {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/missiva`,
  });
  await db.connect();
  try {
    const { rows } = await db.query<{ text_body: string }>(
      `select text_body from outbox where to_address = $1 and kind = 'sender_verification' order by id desc limit 1`,
      [address],
    );
    const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
    if (!link) throw new Error(`no verification mail for ${address}`);
    return link;
  } finally {
    await db.end();
  }
}

test('a scheduled campaign shows when it goes, and is cancelled after a question', async ({ page, request, user }) => {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'patch' | 'get', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const tag = Math.random().toString(36).slice(2, 8);
  const folder = await call('post', '/contact-folders', { name: 'Newsletters' });
  const list = await call('post', '/contact-lists', { name: 'Readers', folderId: folder.id });
  await call('post', '/contacts', { email: `ada-${tag}@example.org`, listIds: [list.id] });
  const address = `news@${tag}.example`;
  const sender = await call('post', '/channels/email/senders', { name: 'Shop', address });
  const link = new URL(await verificationLink(address), 'http://missiva.invalid');
  const verified = await request.post(link.pathname, { form: { token: link.searchParams.get('token') ?? '' } });
  expect(await verified.text()).toContain('data-outcome="verified"');

  const draft = await call('post', '/channels/email/message-drafts', { name: 'Next year' });
  const year = new Date().getFullYear() + 1;
  await call('patch', `/channels/email/messages/${draft.id}`, {
    subject: 'See you next year',
    senderId: sender.id,
    html: '<p>Hello</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
    includeLists: [list.id],
    schedule: { mode: 'at', at: `${year}-03-01T09:00`, timeZone: 'Europe/Rome' },
  });
  const sent = await request.post(`/api/channels/email/messages/${draft.id}/send`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);

  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/multichannel/email/report/${draft.id}/summary`);
  const panel = page.getByTestId('send-controls');
  await expect(panel).toContainText('Scheduled');
  await expect(panel).toContainText(`Scheduled for Mar 1, ${year}`);
  await expect(panel.getByRole('button', { name: 'Pause sending' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Cancel campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this campaign?' });
  await dialog.getByRole('button', { name: 'Keep the campaign' }).click();
  await expect(dialog).toBeHidden();
  expect((await call('get', `/channels/email/messages/${draft.id}/send-state`)).status).toBe('scheduled');

  await panel.getByRole('button', { name: 'Cancel campaign' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this campaign?' })
    .getByRole('button', { name: 'Cancel campaign' })
    .click();
  await expect(panel).toBeHidden();
  expect((await call('get', `/channels/email/messages/${draft.id}/send-state`)).status).toBe('cancelled');
});
