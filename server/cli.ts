import { parseArgs } from 'node:util';
import { openDatabase } from './boot.ts';
import { createLogger } from './logger.ts';
import { loadConfig } from './config.ts';
import { AccountError, createCompanyWithOwner, seedDemo } from './services/accounts/accounts.ts';

const USAGE = `Usage:
  npm run cli -- user:create --email E --password P --company C [--first-name F] [--last-name L]
  npm run cli -- seed

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
      const demo = await seedDemo(db.pool);
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
  console.error(`Unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
