import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, loginThroughUi, test } from './fixtures.ts';

/** A webhook receiver on loopback: answers 500 while `failing`, else 204, and keeps what it was sent. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const state = { failing: true };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(state.failing ? 500 : 204).end(state.failing ? 'receiver down' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/missiva`, received, state, close: () => server.close() };
}

test('creates a webhook, sends a test event that fails, retries it after the receiver is fixed', async ({
  page,
  user,
}) => {
  const receiver = await startReceiver();
  try {
    await loginThroughUi(page, user);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/integrations/webhooks');
    await expect(page).toHaveTitle(/Webhooks/);
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    // A blank URL is refused with the spec's text; then the endpoint is created.
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'New endpoint' });
    await dialog.getByRole('checkbox', { name: 'contact.created' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please provide an url')).toBeVisible();
    await dialog.getByLabel('Destination URL').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('CRM');
    await dialog.getByLabel('Destination URL').press('Enter');
    await expect(dialog).toBeHidden();
    const row = page.locator(`tr[data-endpoint="${receiver.url}"]`);
    await expect(row.getByText('Enabled')).toBeVisible();

    // The secret is shown on demand.
    await page.getByRole('button', { name: 'Show secret' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);

    // A test event: in the log at once, then answered 500 by the failing receiver.
    await expect(page.getByText('No deliveries match.')).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();
    const delivery = page.locator('tr[data-delivery="webhook.test"]');
    await expect(delivery).toHaveCount(1);
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery.getByRole('cell', { name: '500' })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(receiver.received[0]!.headers['webhook-id']).toMatch(/^evt_/);
    await delivery.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByTestId('delivery-attempts').getByText('receiver down')).toBeVisible();

    // The receiver is fixed; a manual retry succeeds.
    receiver.state.failing = false;
    await delivery.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('The delivery is queued again.')).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(delivery).toHaveAttribute('data-status', 'succeeded', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivery.getByText('Succeeded')).toBeVisible();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  } finally {
    receiver.close();
  }
});
