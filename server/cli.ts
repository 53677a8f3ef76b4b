import { parseArgs } from 'node:util';
import { openDatabase } from './boot.ts';
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { AccountError, createCompanyWithOwner, seedDemo, startingCredits } from './services/accounts/accounts.ts';
import { grantCredits, OperatorInputError, setPlan } from './services/billing/operator.ts';

const USAGE = `Usage:
  npm run cli -- user:create --email E --password P --company C [--first-name F] [--last-name L]
  npm run cli -- seed
  npm run cli -- credits:grant <companyId> <email|sms|whatsapp> <amount> [reason]
  npm run cli -- plan:set <companyId> <plan> [--contacts N] [--seats N] [--sends N]   (a limit left out: unlimited)

Works with the server stopped or running: it uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const log = createLogger({ ...config, logLevel: 'warn' });
  if (command === 'user:create') {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        company: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    });
    const missing = ['email', 'password', 'company'].filter((k) => !values[k as keyof typeof values]);
    if (missing.length) {
      console.error(`Missing --${missing.join(', --')}\n\n${USAGE}`);
      return 2;
    }
    const db = await openDatabase(config, log);
    try {
      const created = await createCompanyWithOwner(db.pool, {
        company: values.company!,
        email: values.email!,
        password: values.password!,
        firstName: values['first-name'],
        lastName: values['last-name'],
        startingCredits: startingCredits(config),
      });
      console.log(JSON.stringify({ email: values.email, ...created }));
      return 0;
    } catch (error) {
      if (error instanceof AccountError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      await db.close();
    }
  }
  if (command === 'seed') {
    const db = await openDatabase(config, log);
    try {
      const demo = await seedDemo(db.pool, startingCredits(config));
      console.log(
        demo.created
          ? `Demo account created — email: ${demo.email}  password: ${demo.password}`
          : `Demo account ${demo.email} already exists`,
      );
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === 'credits:grant' || command === 'plan:set') return operatorCommand(command, rest, config, log);
  console.error(`Unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `credits:grant` and `plan:set`: the operator's changes to a company, with their ledger and audit entries. */
async function operatorCommand(
  command: 'credits:grant' | 'plan:set',
  args: string[],
  config: ReturnType<typeof loadConfig>,
  log: ReturnType<typeof createLogger>,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { contacts: { type: 'string' }, seats: { type: 'string' }, sends: { type: 'string' } },
    });
  } catch (error) {
    // An unknown option, or a negative amount read as one.
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [companyId, first, second, ...restWords] = positionals;
  if (!companyId || !UUID.test(companyId) || !first || (command === 'credits:grant' && !second)) {
    console.error(`Missing or invalid arguments\n\n${USAGE}`);
    return 2;
  }
  const limit = (value: string | undefined) => (value === undefined ? null : Number(value));
  const db = await openDatabase(config, log);
  try {
    const { rows } = await db.pool.query('select 1 from companies where id = $1', [companyId]);
    if (!rows.length) {
      console.error(`No company ${companyId}`);
      return 1;
    }
    const tenant = db.tenants.bind(companyId);
    if (command === 'credits:grant') {
      const reason = restWords.join(' ').trim() || null;
      const balance = await grantCredits(tenant, { channel: first, amount: Number(second), reason });
      console.log(JSON.stringify({ companyId, channel: first, granted: Number(second), balance }));
    } else {
      const plan = await setPlan(tenant, {
        name: [first, second, ...restWords].filter(Boolean).join(' '),
        limits: { contacts: limit(values.contacts), seats: limit(values.seats), sends: limit(values.sends) },
      });
      console.log(JSON.stringify({ companyId, plan }));
    }
    return 0;
  } catch (error) {
    if (error instanceof OperatorInputError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
