import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../server/db/embedded.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPool } from '../../server/db/pool.ts';
import { ensureAppRole } from '../../server/db/tenant.ts';
import { migrateJobs } from '../../server/jobs/worker.ts';

export const TEMPLATE_DB = 'missiva_template';
/** The server key of the test apps; the application role's password derives from it. */
export const TEST_SECRET = 'test-secret-key-with-at-least-32-characters';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}

/**
 * One real PostgreSQL for the server suite (TEST_DATABASE_URL, or an embedded one in a temp dir), with a migrated
 * template database that each test file clones in a few milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'missiva-test-pg-'));
    chmodSync(dir, 0o755);
    // No TCP port: the server listens on a Unix socket in its own folder, so parallel runs never collide.
    const db = await startEmbeddedDatabase({ dataDir: dir });
    adminUrl = db.url.replace(/\/missiva$/, '/postgres');
    stop = db.stop;
  }
  const admin = createPool(adminUrl, 2);
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const template = createPool(adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DB}`), 2);
  await migrate(template);
  await migrateJobs(template);
  await ensureAppRole(template, TEST_SECRET);
  await template.end();
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', TEMPLATE_DB);
  return async () => {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
