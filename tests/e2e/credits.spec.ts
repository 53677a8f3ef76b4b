import { apiLogin, createUser, expect, loginThroughUi, test } from './fixtures.ts';
import { verificationLink } from './mail.ts';
import { companyOf, grantCredits } from './operator.ts';

/**
 * Credits and a campaign against the real server (issue 21 §4): the wizard's last step shows what the send costs
 * against the email balance; short of credits it refuses to send now (and the server answers 402 the same); after the
 * operator grants credits the campaign goes, and the Channels page shows the balance lower by exactly its cost.
 */
test('a campaign the balance cannot pay for is refused in the wizard, then sent after a grant', async ({
  page,
  request,
}) => {
  const user = await createUser({ startingCredits: 0 });
  const companyId = await companyOf(user);
  grantCredits(companyId, 'email', 1, 'Trial');
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'patch', url: string, data?: unknown) => {
    const res = await request[method](`/api${url}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  const tag = Math.random().toString(36).slice(2, 8);
  const folder = await call('post', '/contact-folders', { name: 'Customers' });
  const list = await call('post', '/contact-lists', { name: 'Buyers', folderId: folder.id });
  for (const name of ['ada', 'grace', 'alan'])
    await call('post', '/contacts', { email: `${name}-${tag}@example.org`, listIds: [list.id] });
  const address = `shop@${tag}.example`;
  const sender = await call('post', '/channels/email/senders', { name: 'Shop', address });
  const link = new URL(await verificationLink(address), 'http://missiva.invalid');
  await request.post(link.pathname, { form: { token: link.searchParams.get('token') ?? '' } });
  const draft = await call('post', '/channels/email/message-drafts', { name: 'Winter sale' });
  await call('patch', `/channels/email/messages/${draft.id}`, {
    subject: 'Winter sale',
    senderId: sender.id,
    html: '<p>Hello</p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
    includeLists: [list.id],
  });

  await loginThroughUi(page, user);
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.goto(`/multichannel/email/${draft.id}/step-3`);
  await expect(page.getByTestId('send-cost')).toHaveText('Cost: 3 credits (balance: 1 credits)');
  await expect(page.getByTestId('send-cost-short')).toContainText(
    'Not enough credits on this channel for this send: 3 needed, 1 available.',
  );
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  // The server refuses it the same way, and nothing is sent.
  const refused = await request.post(`/api/channels/email/messages/${draft.id}/send`, { headers });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toMatchObject({ code: 'insufficient_credits' });

  grantCredits(companyId, 'email', 9, 'Top-up');
  await page.reload();
  await expect(page.getByTestId('send-cost')).toHaveText('Cost: 3 credits (balance: 10 credits)');
  await expect(page.getByTestId('send-cost-short')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page).toHaveURL(/\/multichannel\/email$/);

  await page.goto('/billing/channels');
  await expect(page.locator('[data-channel="email"]').getByTestId('billing-balance')).toHaveText('7 credits');
  const ledger = page.getByRole('table', { name: 'Ledger' });
  const debit = ledger.getByRole('row').filter({ hasText: 'Campaign send' });
  // Date, channel, kind, amount, balance after, what for.
  await expect(debit.getByRole('cell').nth(3)).toHaveText('-3');
  await expect(debit.getByRole('cell').nth(4)).toHaveText('7');
});
