// Fails when shared/contract/schema.d.ts or shared/contract/schemas.ts is stale against openapi/openapi.yaml, when
// the contract does not lint clean, or when an operation lacks a known x-permission (shared/permissions.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { parse as parseYaml } from 'yaml';
import { OUTPUT as SCHEMAS, render as renderSchemas } from './contract-schemas.mjs';

const bin = (name) => path.join('node_modules', '.bin', name);
const out = path.join(mkdtempSync(path.join(tmpdir(), 'missiva-api-')), 'schema.d.ts');
execFileSync(bin('openapi-typescript'), ['openapi/openapi.yaml', '-o', out], { stdio: 'ignore' });
if (readFileSync(out, 'utf8') !== readFileSync('shared/contract/schema.d.ts', 'utf8')) {
  console.error('shared/contract/schema.d.ts is stale: run `npm run api:gen` and commit the result.');
  process.exit(1);
}
if (readFileSync(SCHEMAS, 'utf8') !== (await renderSchemas())) {
  console.error('shared/contract/schemas.ts is stale: run `npm run api:gen` and commit the result.');
  process.exit(1);
}
try {
  const report = execFileSync(
    bin('redocly'),
    ['lint', 'openapi/openapi.yaml', '--format=stylish', '--max-problems=50'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (/warning|error/.test(report.replace(/Deprecation warning[\s\S]*?╝/, ''))) {
    console.error(report);
    console.error('The contract has lint warnings.');
    process.exit(1);
  }
} catch (error) {
  console.error(error.stdout ?? error.message);
  console.error('The contract does not lint clean.');
  process.exit(1);
}
// The server refuses to start on these too (server/http/permissions.ts); here they are caught before a build.
const { permissionProblems } = await tsImport('../server/http/permissions.ts', import.meta.url);
const problems = permissionProblems(parseYaml(readFileSync('openapi/openapi.yaml', 'utf8')));
if (problems.length) {
  console.error(problems.join('\n'));
  console.error('Every operation declares the permission it needs: add `x-permission: <one of PERMISSIONS>`.');
  process.exit(1);
}
console.log(
  'api:check: contract lints clean and shared/contract/schema.d.ts and schemas.ts are up to date, every operation declares its permission',
);
