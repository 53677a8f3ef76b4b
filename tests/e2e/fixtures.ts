import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_PORT } from './port.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface ServerInfo {
  dataDir: string;
  pgPort: number;
  buildId: string;
  /** UPLOAD_MAX_BYTES of the server. */
  uploadMaxBytes: number;
  baseURL: string;
  /** The capturing SMTP server: its port, the folder of the .eml files it keeps, the domain whose recipients it refuses. */
  smtpCapturePort: number;
  mailDir: string;
  refusedDomain: string;
  /** The e2e server's user service (createUser). */
  usersPort: number;
}

/** The e2e server of this run, found by its port (scripts/e2e-server.mjs names what it writes by the port). */
export function serverInfo(): ServerInfo {
  return JSON.parse(readFileSync(path.join(ROOT, '.tmp', 'e2e', `server-${E2E_PORT}.json`), 'utf8')) as ServerInfo;
}

export interface TestUser {
  email: string;
  password: string;
  company: string;
  firstName: string;
  lastName: string;
}

/**
 * A fresh owner and company, created as the CLI's user:create creates them, by the e2e server's user service against
 * its database (scripts/e2e-server.mjs), with the installation's starting credits on each channel
 * (BILLING_STARTING_CREDITS, 1,000 by default) unless told otherwise.
 */
export async function createUser(options: { startingCredits?: number } = {}): Promise<TestUser> {
  const id = randomUUID().slice(0, 8);
  const user: TestUser = {
    email: `ada-${id}@example.com`,
    password: `secret-${id}`,
    company: `Engines ${id}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
  const response = await fetch(`http://127.0.0.1:${serverInfo().usersPort}/`, {
    method: 'POST',
    body: JSON.stringify({ ...user, startingCredits: options.startingCredits }),
  });
  if (response.status !== 201) throw new Error(`user:create ${response.status}: ${await response.text()}`);
  return user;
}

export async function apiLogin(request: APIRequestContext, user: TestUser, totp?: string): Promise<string> {
  const response = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password, remember: false, ...(totp ? { totp } : {}) },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string | null };
  if (!body.token) throw new Error('login answered without a token');
  return body.token;
}

/** A TOTP code for the secret, `steps` periods from now (a code is accepted once per period). */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Turns 2FA on through the API; answers the secret. */
export async function enableTwoFactor(request: APIRequestContext, user: TestUser): Promise<string> {
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/api/users/2fa/setup', { headers });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await request.post('/api/users/2fa/enable', { headers, data: { code: totpCode(secret) } });
  expect(enable.status()).toBe(200);
  return secret;
}

export async function loginThroughUi(
  page: Page,
  user: TestUser,
  options: { remember?: boolean; path?: string } = {},
): Promise<void> {
  await page.goto(options.path ?? '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  if (options.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const test = base.extend<{ user: TestUser }>({
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    await use(await createUser());
  },
});

export { expect };
