import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The backup procedure of docs/operations.md, run as its script: dump, wipe, restore, and the data is back.
describe('backup and restore', () => {
  it('restores every table of a dump, and a node runs on the restored database', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/cluster/backup-restore.ts'], {
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.stdout).toContain('the owner signs in on the restored database: yes');
    expect(run.stdout).toContain('backup and restore: everything is back');
    expect(run.status).toBe(0);
  }, 300_000);
});
