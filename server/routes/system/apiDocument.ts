import { API_KEY_PREFIX } from '../../../shared/integrations.ts';

/**
 * The contract as the API reference (/api/docs) and API clients read it: openapi/openapi.yaml with the server's
 * absolute URL, how to authenticate, and a curl and a TypeScript example on every operation (`x-codeSamples`, which
 * the reference shows beside each operation). The examples are made from the contract itself, so they cannot name a
 * path or a field it does not have.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
type Parameter = { $ref?: string; name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> };
  'x-codeSamples'?: Array<{ lang: string; label: string; source: string }>;
};
type Doc = {
  info: { description?: string };
  servers?: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    securitySchemes?: Record<string, { description?: string }>;
  };
};

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** How to authenticate, added to the contract's description (the reference's introduction). */
export const AUTHENTICATION_TEXT = `
## Authentication

Every operation outside the \`public\` tag needs a token in the \`Authorization\` header:

- **An API key** (created under Integrations → Api Keys; it starts with \`${API_KEY_PREFIX}\`):
  \`Authorization: Bearer ${API_KEY_PREFIX}…\`, or the same key in an \`api-key: ${API_KEY_PREFIX}…\` header. A key
  acts for its company within its scope (read-only or full, optionally limited to contacts, messages or webhooks);
  an operation outside that scope answers 403.
- **A session token**, as the web app uses: \`POST /api/users/login\` with \`email\` and \`password\` (and \`totp\`
  when two-factor authentication is on) answers \`{ "token": … }\`; send it as \`Authorization: Bearer <token>\`. It
  lasts minutes and is renewed with \`POST /api/users/refresh\`: use an API key for scripts and integrations.

A missing or expired token answers 401, too many requests 429 with \`Retry-After\`. Each operation below shows a
curl call and a typed TypeScript call with [openapi-fetch](https://openapi-ts.dev/openapi-fetch/); generate the
types with \`npx openapi-typescript <server>/api/openapi.json -o schema.d.ts\`.
`;

const refName = (ref: string) => ref.split('/').pop()!;

function resolveSchema(doc: Doc, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components.schemas?.[refName(s.$ref)];
  return s;
}

/** A small valid-looking value for a schema: required properties only, the first enum value, the minimum. */
export function exampleOf(doc: Doc, schema: Schema | undefined, depth = 0): unknown {
  const s = resolveSchema(doc, schema);
  if (!s || depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((part) => exampleOf(doc, part, depth + 1) as object));
  }
  const variant = s.oneOf?.[0] ?? s.anyOf?.[0];
  if (variant) return exampleOf(doc, variant, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      // Required properties, and those with a default (the generated types make those required too).
      const keys = Object.keys(s.properties ?? {}).filter(
        (key) => s.required?.includes(key) || resolveSchema(doc, s.properties![key])?.default !== undefined,
      );
      return Object.fromEntries(keys.map((key) => [key, exampleOf(doc, s.properties?.[key], depth + 1)]));
    }
    case 'array':
      // Nested lists (a segment's condition tree) stop at one level.
      return depth < 3 ? [exampleOf(doc, s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'giulia@example.org';
      if (s.format === 'date-time') return '2026-01-01T09:00:00Z';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'uri') return 'https://example.org';
      return 'text'.padEnd(s.minLength ?? 0, 'x');
    default:
      return null;
  }
}

function parametersOf(doc: Doc, item: Record<string, Operation | Parameter[]>, operation: Operation): Parameter[] {
  const all = [...((item.parameters as Parameter[] | undefined) ?? []), ...(operation.parameters ?? [])];
  return all.map((p) => (p.$ref ? doc.components.parameters![refName(p.$ref)]! : p));
}

/** The example body of an operation: JSON, a web form's fields, or a file upload (multipart) naming its file field. */
function bodyOf(
  doc: Doc,
  operation: Operation,
): { json: unknown } | { form: Record<string, string> } | { file: string } | undefined {
  const body = operation.requestBody?.$ref
    ? doc.components.requestBodies?.[refName(operation.requestBody.$ref)]
    : operation.requestBody;
  const json = body?.content?.['application/json']?.schema;
  if (json) return { json: exampleOf(doc, json) };
  const urlencoded = body?.content?.['application/x-www-form-urlencoded']?.schema;
  if (urlencoded) return { form: exampleOf(doc, urlencoded) as Record<string, string> };
  const form = resolveSchema(doc, body?.content?.['multipart/form-data']?.schema);
  const file = Object.entries(form?.properties ?? {}).find(([, p]) => p.format === 'binary')?.[0];
  return file ? { file } : undefined;
}

/** The curl and TypeScript samples of one operation. */
export function codeSamples(doc: Doc, base: string, path: string, method: string, operation: Operation) {
  const item = doc.paths[path]!;
  const params = parametersOf(doc, item, operation);
  const pathValues: Record<string, unknown> = {};
  for (const p of params.filter((p) => p.in === 'path')) pathValues[p.name] = exampleOf(doc, p.schema);
  const queryValues: Record<string, unknown> = {};
  for (const p of params.filter((p) => p.in === 'query' && p.required)) queryValues[p.name] = exampleOf(doc, p.schema);
  const search = new URLSearchParams(Object.entries(queryValues).map(([k, v]) => [k, String(v)])).toString();
  const concrete =
    path.replace(/\{(\w+)\}/g, (_, name: string) => String(pathValues[name])) + (search ? `?${search}` : '');
  const body = bodyOf(doc, operation);
  const secured = operation.security === undefined || operation.security.length > 0;
  const curl = [
    `curl -sS -X ${method.toUpperCase()} '${base}${concrete}'`,
    ...(secured ? ['-H "Authorization: Bearer $MISSIVA_API_KEY"'] : []),
    ...(body && 'json' in body
      ? ["-H 'Content-Type: application/json'", `-d '${JSON.stringify(body.json).replaceAll("'", "'\\''")}'`]
      : []),
    ...(body && 'file' in body ? [`-F '${body.file}=@path/to/file'`] : []),
    ...(body && 'form' in body
      ? Object.entries(body.form).map(([k, v]) => `--data-urlencode '${k}=${String(v).replaceAll("'", "'\\''")}'`)
      : []),
  ].join(' \\\n  ');
  const given = Object.entries({ path: pathValues, query: queryValues }).filter(([, v]) => Object.keys(v).length);
  const options: string[] = [];
  if (given.length) options.push(`params: { ${given.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`);
  if (body && 'json' in body) options.push(`body: ${JSON.stringify(body.json)}`);
  if (body && 'form' in body) {
    options.push(`body: ${JSON.stringify(body.form)}`);
    options.push('bodySerializer: (fields) => new URLSearchParams(fields)');
    options.push("headers: { 'Content-Type': 'application/x-www-form-urlencoded' }");
  }
  if (body && 'file' in body) {
    // openapi-fetch sends FormData through a body serializer; the body names the file for the types.
    options.push(`body: { ${body.file}: 'file' }`);
    options.push(
      `bodySerializer: () => { const form = new FormData(); form.append('${body.file}', file); return form; }`,
    );
  }
  const typescript = [
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './schema'; // npx openapi-typescript " + `${base}/openapi.json -o schema.d.ts`,
    '',
    'const api = createClient<paths>({',
    `  baseUrl: '${base}',`,
    ...(secured ? ['  headers: { Authorization: `Bearer ${process.env.MISSIVA_API_KEY}` },'] : []),
    '});',
    ...(body && 'file' in body
      ? ["const file = new Blob(['…']); // the file's content, e.g. from fs.openAsBlob()"]
      : []),
    `const { data, error } = await api.${method.toUpperCase()}('${path}'${options.length ? `, { ${options.join(', ')} }` : ''});`,
  ].join('\n');
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript (openapi-fetch)', source: typescript },
  ];
}

/** The contract as served at /api/openapi.json: absolute server URL, authentication text, samples per operation. */
export function referenceDocument(contract: Record<string, unknown>, publicUrl: string): Record<string, unknown> {
  const doc = structuredClone(contract) as unknown as Doc;
  const base = `${publicUrl}/api`;
  doc.servers = [{ url: base, description: 'This Missiva server' }];
  doc.info.description = `${doc.info.description ?? ''}${AUTHENTICATION_TEXT}`;
  const bearer = doc.components.securitySchemes?.bearerAuth;
  if (bearer) bearer.description ??= `An API key (\`${API_KEY_PREFIX}…\`) or a session token from POST /users/login.`;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation && !operation['x-codeSamples']) {
        operation['x-codeSamples'] = codeSamples(doc, base, path, method, operation);
      }
    }
  }
  return doc as unknown as Record<string, unknown>;
}
