// `npm run lint`: ESLint (typescript-eslint, React hooks), Prettier's check and dependency-cruiser's rooms, each run
// even when an earlier one fails so one pass shows every kind of problem. Caches live in .tmp/ for local reruns.
import { spawnSync } from 'node:child_process';

const node = process.execPath;
const checks = [
  ['eslint', ['node_modules/eslint/bin/eslint.js', '--cache', '--cache-location', '.tmp/eslint-cache', '.']],
  ['prettier', ['node_modules/prettier/bin/prettier.cjs', '--check', '--cache', '--log-level', 'warn', '.']],
  [
    'dependency-cruiser',
    ['node_modules/dependency-cruiser/bin/dependency-cruise.mjs', '--config', '.dependency-cruiser.cjs', '.'],
  ],
];

const failed = [];
for (const [name, args] of checks) {
  const started = Date.now();
  const result = spawnSync(node, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  if (result.status !== 0) failed.push(name);
}
process.exit(failed.length ? 1 : 0);
