// `npm test`: every suite in order — lint (ESLint, Prettier, dependency rules), contract check, type check, unit and
// machine tests, server tests on real PostgreSQL, browser tests in Chromium — then one closing line with the totals.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

mkdirSync('reports', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test with the first line of its error: the closing lines name them, since a CI log is read from its tail. */
const failedTests = [];
/** Browser tests that failed once and passed on their retry (playwright.config.ts): named, so none goes unseen. */
const flakyTests = [];
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

function run(name, command, args, env = {}) {
  console.log(`\n── ${name} ─────────────────────────────────────────`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `── ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

/**
 * A suite fails on its failed tests as read from its report, not only on its exit status: vitest under Node 24 has
 * been seen to exit 0 after a failed test.
 */
function failedBy(name, failed) {
  if (failed > 0 && !failures.includes(name)) {
    console.log(`── ${name}: FAILED (${failed} failed in its report)`);
    failures.push(name);
  }
}

function countVitest(name, file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  failedBy(name, (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0));
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    if (file.status === 'failed' && (file.assertionResults ?? []).every((a) => a.status !== 'failed')) {
      failedTests.push(`${name} › ${where}: ${firstLine(file.message)}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed')
        failedTests.push(`${name} › ${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
}

function countPlaywright(name, file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  failedBy(name, stats.unexpected ?? 0);
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') {
          const error = test.results?.find((r) => r.status !== 'passed')?.error?.message;
          flakyTests.push(
            `${name} › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
          );
        }
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failedTests.push(
          `${name} › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
}

const node = process.execPath;
const only = process.argv.slice(2);
const want = (suite) => only.length === 0 || only.includes(suite);

/**
 * The static checks at once: each is one single-threaded process (ESLint, tsc), so on two cores they take about the
 * time of the longest instead of their sum. Each one's output is printed whole when it ends.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => resolve({ name, status, output, seconds: (Date.now() - started) / 1000 }));
        }),
    ),
  );
  for (const { name, status, output, seconds } of results) {
    console.log(`\n── ${name} ─────────────────────────────────────────`);
    process.stdout.write(output);
    console.log(`── ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    if (status !== 0) failures.push(name);
  }
}

await runTogether(
  [
    ['lint', node, ['scripts/lint.mjs']],
    ['contract', node, ['scripts/api-check.mjs']],
    ['types', node, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ].filter(([name]) => want(name)),
);
// The cluster project runs one file at a time: its nodes and proxy use fixed ports (vitest.config.ts).
for (const project of ['unit', 'server', 'cluster']) {
  if (!want(project)) continue;
  const out = `reports/vitest-${project}.json`;
  rmSync(out, { force: true });
  run(project, node, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    ...(project === 'cluster' ? ['--maxWorkers=1'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  countVitest(project, out);
}
/**
 * The server suite runs on the embedded PostgreSQL 18 above; this step runs the part of it that leans on the database
 * hardest on Debian's PostgreSQL 15, the oldest version we support (docs/operations.md): migrations, row-level
 * security, segment SQL, search, imports, jobs, guessing limits. The cluster tests (tests/server/cluster) already ran on
 * PostgreSQL 15 above. A subset keeps CI within its budget; the whole suite passes there too when run by hand with
 * `tsx scripts/cluster/with-postgres.ts -- npx vitest run --project server`.
 */
const PG15_SUBSET = [
  'tests/server/rowLevelSecurity.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/guessing.test.ts',
  'tests/server/session.test.ts',
  'tests/server/contacts/integrity.test.ts',
  'tests/server/contacts/segments.test.ts',
  'tests/server/contacts/search.test.ts',
  'tests/server/contacts/imports-run.test.ts',
  'tests/server/contacts/tenancy.test.ts',
];
if (want('server') && existsSync('/usr/lib/postgresql/15/bin/postgres')) {
  const out = 'reports/vitest-server-pg15.json';
  rmSync(out, { force: true });
  run('server (PostgreSQL 15)', node, [
    '--import',
    'tsx',
    'scripts/cluster/with-postgres.ts',
    '--',
    node,
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...PG15_SUBSET,
  ]);
  countVitest('server (PostgreSQL 15)', out);
}
/**
 * CI also runs the server files that lean hardest on Node's own APIs under Node 24 (NODE24_BIN), the other Node line
 * we support: crypto and JWT (sessions, 2FA, keys, signing), streams and worker threads (imports), child processes
 * (crash recovery), sockets (SMTP in and out, realtime, the outgoing request guard over undici), HTTP (the app,
 * tracking, the public ingest). The rest is plain SQL and logic on the same Fastify and pg. The whole suite passes on
 * Node 24 too when run by hand: `$NODE24_BIN node_modules/vitest/vitest.mjs run --project server`. A subset keeps
 * CI within its 25-minute budget.
 */
const NODE24_SUBSET = [
  'tests/server/session.test.ts',
  'tests/server/refresh.test.ts',
  'tests/server/twoFactor.test.ts',
  'tests/server/realtime.test.ts',
  'tests/server/outbox.test.ts',
  'tests/server/bad-input.test.ts',
  'tests/server/contacts/imports-run.test.ts',
  'tests/server/messaging/crash-recovery.test.ts',
  'tests/server/messaging/email-adapter.test.ts',
  'tests/server/messaging/tracking.test.ts',
  'tests/server/inbound/smtp.test.ts',
  'tests/server/integrations/apiKeys.test.ts',
  'tests/server/integrations/delivery.test.ts',
  'tests/server/integrations/outgoing.test.ts',
  'tests/server/tracker',
];
if (want('server') && process.env.NODE24_BIN) {
  const out = 'reports/vitest-server-node24.json';
  rmSync(out, { force: true });
  run('server (Node 24)', process.env.NODE24_BIN, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...NODE24_SUBSET,
  ]);
  countVitest('server (Node 24)', out);
}
const hasE2e = existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.spec.ts'));
if (want('e2e') && hasE2e) {
  if (!existsSync('/usr/bin/chromium')) {
    console.error('Browser tests need /usr/bin/chromium (apt-get install -y chromium).');
    failures.push('e2e (no chromium)');
  } else {
    const out = 'reports/playwright.json';
    run('e2e', node, ['node_modules/@playwright/test/cli.js', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    countPlaywright('e2e', out);
    // The SPA on a cluster (2 API nodes and 1 worker over PostgreSQL 15 behind nginx, tests/e2e/cluster): a step of
    // its own, since it needs its own server; it reuses the SPA the step above built. About 40 s.
    if (existsSync('/usr/lib/postgresql/15/bin/postgres') && existsSync('/usr/sbin/nginx')) {
      const clusterOut = 'reports/playwright-cluster.json';
      rmSync(clusterOut, { force: true });
      run('e2e (cluster)', node, ['node_modules/@playwright/test/cli.js', 'test'], {
        E2E_CLUSTER: '1',
        E2E_CLUSTER_DIST: `.tmp/e2e/dist-${process.env.E2E_PORT ?? 3100}`,
      });
      countPlaywright('e2e (cluster)', clusterOut);
    }
  }
}

if (flakyTests.length)
  console.log(`\nFlaky (failed, then passed on retry):\n${flakyTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`);
console.log(`\nSuites failed: ${failures.length ? failures.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
