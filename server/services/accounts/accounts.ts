import { randomBytes } from 'node:crypto';
import type { Pool } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { contractIssues, contractValidator } from '../../http/validation.ts';
import { hashPassword } from '../security/crypto.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { seedDemoMessaging } from '../messaging/reports/demo.ts';
import { credit } from '../billing/ledger.ts';
import { BILLING_CHANNELS, BILLING_TEXTS } from '../../../shared/billing.ts';
import type { Config } from '../../config.ts';

export interface NewOwner {
  company: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: string;
  /** Credits granted on each channel in the company's ledger (0: none; see `startingCredits`). */
  startingCredits?: number;
}

/** What a new company starts with on each channel: none when billing is off. */
export const startingCredits = (config: Pick<Config, 'billing' | 'billingStartingCredits'>) =>
  config.billing ? config.billingStartingCredits : 0;

export class AccountError extends Error {}

/** Creates a company with its first user, the owner, and an email channel. */
export async function createCompanyWithOwner(
  pool: Pool,
  input: NewOwner,
): Promise<{ companyId: string; userId: string }> {
  if (!input.company.trim()) throw new AccountError(FIELD_TEXTS.nameRequired);
  // The contract's Email and NewPassword rules: the same the API applies to addresses and new passwords.
  if (!contractValidator('Email')(input.email)) throw new AccountError('Email must be a valid address');
  const password = contractIssues(contractValidator('NewPassword'), input.password, 'password');
  if (password.length) throw new AccountError(password[0]);
  const hash = await hashPassword(input.password);
  return withTransaction(pool, async (db) => {
    const taken = await db.query('select 1 from users where email = $1', [input.email]);
    if (taken.rowCount) throw new AccountError(FIELD_TEXTS.emailTaken);
    const company = await db.query<{ id: string }>('insert into companies (name) values ($1) returning id', [
      input.company.trim(),
    ]);
    const companyId = company.rows[0]!.id;
    const user = await db.query<{ id: string }>(
      `insert into users (company_id, email, password_hash, first_name, last_name, language, role) values ($1, $2, $3, $4, $5, $6, 'owner') returning id`,
      [companyId, input.email, hash, input.firstName ?? '', input.lastName ?? '', input.language ?? 'en'],
    );
    await db.query(`insert into channels (company_id, type, name, status) values ($1, 'email', 'Email', 'active')`, [
      companyId,
    ]);
    if (input.startingCredits)
      for (const channel of BILLING_CHANNELS)
        await credit(db, companyId, {
          channel,
          kind: 'grant',
          amount: input.startingCredits,
          reason: BILLING_TEXTS.startingCreditsReason,
        });
    return { companyId, userId: user.rows[0]!.id };
  });
}

export const DEMO_EMAIL = 'demo@missiva.local';

/** The demo account: a company with email, WhatsApp and SMS channels, and a fresh random password. */
export async function seedDemo(
  pool: Pool,
  credits = 0,
): Promise<{ email: string; password: string; created: boolean }> {
  const existing = await pool.query('select 1 from users where email = $1', [DEMO_EMAIL]);
  if (existing.rowCount) return { email: DEMO_EMAIL, password: '', created: false };
  const password = randomBytes(9).toString('base64url');
  const { companyId, userId } = await createCompanyWithOwner(pool, {
    company: 'Demo Company',
    email: DEMO_EMAIL,
    password,
    firstName: 'Demo',
    lastName: 'User',
    startingCredits: credits,
  });
  await pool.query(
    `insert into channels (company_id, type, name, status) values ($1, 'whatsapp', 'WhatsApp', 'active'), ($1, 'sms', 'SMS', 'pending')`,
    [companyId],
  );
  // Sample contacts, lists, a segment, a sender, a template and a sent campaign with its report.
  await seedDemoMessaging(pool, companyId, userId);
  return { email: DEMO_EMAIL, password, created: true };
}

export async function hasUsers(pool: Pool): Promise<boolean> {
  return Boolean((await pool.query('select 1 from users limit 1')).rowCount);
}
