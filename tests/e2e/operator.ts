import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { serverInfo, type TestUser } from './fixtures.ts';
import { database } from './mail.ts';

/** What the installation's operator does to a company of the e2e server, through the CLI as a provider would. */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

export async function companyOf(user: TestUser): Promise<string> {
  const db = database();
  await db.connect();
  try {
    const { rows } = await db.query<{ company_id: string }>('select company_id from users where email = $1', [
      user.email,
    ]);
    if (!rows[0]) throw new Error(`no user ${user.email}`);
    return rows[0].company_id;
  } finally {
    await db.end();
  }
}

/** `npm run cli -- …` against the e2e server's database. */
function cli(args: string[]): void {
  const { dataDir, pgPort } = serverInfo();
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED: 'false', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

/** `credits:grant`: credits on a channel, with the reason the ledger shows. */
export function grantCredits(companyId: string, channel: string, amount: number, reason: string): void {
  cli(['credits:grant', companyId, channel, String(amount), reason]);
}

/** `plan:set`: the company's plan and its limits (a limit left out is unlimited). */
export function setPlan(companyId: string, plan: string, limits: { contacts?: number } = {}): void {
  cli(['plan:set', companyId, plan, ...(limits.contacts === undefined ? [] : ['--contacts', String(limits.contacts)])]);
}
