// Writes shared/contract/schemas.ts: the contract's component schemas as plain objects, one named export per schema,
// so the SPA and the server read field rules (lengths, patterns, required, enums) from the contract itself.
// `npm run api:gen` writes it; `npm run api:check` fails when the committed file is stale.
//
// A generated module rather than a YAML import: the server runs under Node and tsx without Vite's loaders, and one
// named export per schema lets the SPA bundle keep only the schemas it imports. Each `$ref` is inlined (except where
// a schema refers back to itself, such as SegmentGroup), so every export stands alone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT = path.join(ROOT, 'openapi', 'openapi.yaml');
export const OUTPUT = path.join(ROOT, 'shared', 'contract', 'schemas.ts');
const PREFIX = '#/components/schemas/';

function inline(schema, schemas, stack) {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, schemas, stack));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema;
  if (typeof $ref === 'string' && $ref.startsWith(PREFIX)) {
    const name = $ref.slice(PREFIX.length);
    if (!(name in schemas)) throw new Error(`${$ref} names no component schema`);
    if (stack.includes(name)) return schema;
    const target = inline(schemas[name], schemas, [...stack, name]);
    const siblings = Object.keys(rest).filter((key) => key !== 'description');
    if (siblings.length === 0) return { ...target, ...rest };
    return { ...inline(rest, schemas, stack), allOf: [target] };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, schemas, stack)]));
}

/** The module's text, formatted by Prettier with the project's settings, so a formatting pass leaves it as it is. */
export async function render() {
  const schemas = parse(readFileSync(CONTRACT, 'utf8')).components.schemas;
  const lines = [
    '// Generated from openapi/openapi.yaml by scripts/contract-schemas.mjs (`npm run api:gen`); do not edit.',
    '// `npm run api:check` fails when this file is stale.',
    '/* eslint-disable */',
  ];
  for (const [name, schema] of Object.entries(schemas)) {
    lines.push('', `export const ${name} = ${JSON.stringify(inline(schema, schemas, [name]), null, 2)} as const;`);
  }
  const options = (await resolveConfig(OUTPUT)) ?? {};
  return format(`${lines.join('\n')}\n`, { ...options, filepath: OUTPUT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== (await render())) {
      console.error('shared/contract/schemas.ts is stale: run `npm run api:gen` and commit the result.');
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, await render());
  }
}
