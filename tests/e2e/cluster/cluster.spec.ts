import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clusterStateFile, type ClusterState } from './port.ts';

// The SPA on a cluster (scripts/cluster/e2e-cluster.ts): 2 API nodes and 1 worker behind nginx, which names the node
// that answered in X-Upstream. The browser reaches everything through the proxy.

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const state = () => JSON.parse(readFileSync(clusterStateFile(), 'utf8')) as ClusterState;

/** A fresh owner and company, created by the CLI against the cluster's database, as an operator does. */
function createUser() {
  const id = randomUUID().slice(0, 8);
  const user = { email: `ada-${id}@example.com`, password: `secret-${id}`, company: `Engines ${id}` };
  const { databaseUrl, secretKey, dataDir } = state();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli.ts', 'user:create', '--email', user.email, '--password', user.password].concat([
      '--company',
      user.company,
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
    ]),
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    },
  );
  return user;
}

/** The node that answered, from nginx's X-Upstream (the last address it tried). */
const answeredBy = (header: string | undefined) => (header ?? '').split(', ').at(-1) ?? '';

/**
 * Follows the page's websockets through Chromium's DevTools protocol: the node each handshake reached, and every frame
 * received.
 */
async function watchSockets(page: Page) {
  const handshakes: string[] = [];
  const frames: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = Object.entries(event.response.headers);
    handshakes.push(answeredBy(headers.find(([name]) => name.toLowerCase() === 'x-upstream')?.[1]));
  });
  cdp.on('Network.webSocketFrameReceived', (event) => frames.push(event.response.payloadData));
  return { handshakes, frames };
}

async function login(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('greeting')).toBeVisible();
}

const realtime = (page: Page) => page.locator('[data-realtime]');

/** Probes the proxy until its round robin's next request goes to a node other than `avoid`. */
async function steerAwayFrom(request: APIRequestContext, avoid: string) {
  for (let i = 0; i < 4; i++) {
    const probe = await request.get('/api/health');
    if (answeredBy(probe.headers()['x-upstream']) === avoid) return;
  }
}

test('a contacts import: its live progress reaches the socket on the node that did not take the upload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = createUser();
  const sockets = await watchSockets(page);
  await login(page, user);
  await page.goto('/contacts/lists');
  await page.getByLabel('Name', { exact: true }).fill('Customers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByTestId('lists-table')).toContainText('0 contacts');

  await page.goto('/contacts/importer/import');
  await expect(realtime(page)).toHaveAttribute('data-realtime', 'connected');
  const socketNode = sockets.handshakes.at(-1)!;
  expect(socketNode).toMatch(/^127\.0\.0\.1:\d+$/);

  const rows = ['email,first name'];
  for (let i = 0; i < 40_000; i++) rows.push(`live${i}@example.com,Name${i}`);
  const file = { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) };
  // nginx alternates between the nodes: the upload goes to the other node; a request of the page in between can
  // spoil the turn, so the file is chosen again (a new upload) until the other node takes it.
  let uploadNode = socketNode;
  let importId = 0;
  for (let attempt = 0; attempt < 4 && uploadNode === socketNode; attempt++) {
    if (attempt > 0) await page.getByRole('button', { name: 'Choose another file' }).click();
    await expect(page.getByLabel('File to import')).toBeEnabled();
    await steerAwayFrom(request, socketNode);
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contact-imports',
    );
    await page.locator('input[type="file"]').setInputFiles(file);
    const response = await uploaded;
    expect(response.status()).toBe(201);
    uploadNode = answeredBy((await response.allHeaders())['x-upstream']);
    importId = ((await response.json()) as { id: number }).id;
    await expect(page.getByTestId('import-preview')).toContainText('live0@example.com');
  }
  expect(uploadNode).not.toBe(socketNode);

  await page.getByRole('combobox', { name: 'Add the contacts to these lists', exact: true }).click();
  await page.getByRole('option', { name: 'Customers', exact: true }).click();
  await page.getByRole('button', { name: 'Start import' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('Import finished', { timeout: 60_000 });
  await expect(result).toContainText('40000 created');

  // The worker's progress arrived on this page's socket, on the node that did not take the upload.
  const progress = sockets.frames
    .filter((f) => f.startsWith('42["job.progressed"'))
    .map((f) => (JSON.parse(f.slice(2)) as [string, { jobId: string; status: string; processed: number }])[1])
    .filter((p) => p.jobId === `contact-import:${importId}`);
  expect(progress.map((p) => p.status)).toContain('running');
  expect(progress.at(-1)).toMatchObject({ status: 'finished', processed: 40_000 });
  expect(sockets.handshakes.at(-1)).toBe(socketNode);
});

test('the API node holding the socket killed while a contact is typed: the socket comes back, the contact saves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = createUser();
  const sockets = await watchSockets(page);
  await login(page, user);
  await page.goto('/contacts');
  await expect(page.getByTestId('contacts-total')).toHaveText('0 contacts');
  await expect(realtime(page)).toHaveAttribute('data-realtime', 'connected');
  const socketNode = sockets.handshakes.at(-1)!;
  const before = sockets.handshakes.length;

  await page.getByRole('button', { name: 'Create contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('grace@example.com');
  await dialog.getByLabel('First name').fill('Grace');

  const victim = state().nodes.find((n) => `127.0.0.1:${n.port}` === socketNode)!;
  expect(victim.role).toBe('api');
  process.kill(victim.pid, 'SIGKILL');

  // The SPA's socket reconnects through the proxy, to the other node, and says so.
  await expect.poll(() => sockets.handshakes.length, { timeout: 20_000 }).toBeGreaterThan(before);
  expect(sockets.handshakes.at(-1)).not.toBe(socketNode);
  await expect(realtime(page)).toHaveAttribute('data-realtime', 'connected');

  // What was typed is still there, and saves on the node that is left.
  await expect(dialog.getByLabel('Email')).toHaveValue('grace@example.com');
  await expect(dialog.getByLabel('First name')).toHaveValue('Grace');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/contacts',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  expect(answeredBy((await response.allHeaders())['x-upstream'])).not.toBe(socketNode);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contacts-total')).toHaveText('1 contact');
});
