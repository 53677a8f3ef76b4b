import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldErrors } from './errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
    discriminator: true,
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are checked strictly (a number is not a string); query, path and header values arrive as text and are coerced.
const bodyAjv = makeAjv(false);
const paramAjv = makeAjv(true);

/** Ajv's discriminator takes no OpenAPI `mapping`; the contract's mappings repeat the `kind` enums, so they can go. */
function withoutDiscriminatorMappings(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDiscriminatorMappings);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'discriminator' && value && typeof value === 'object') {
      const { mapping: _mapping, ...rest } = value as Record<string, unknown>;
      out[key] = rest;
    } else {
      out[key] = withoutDiscriminatorMappings(value);
    }
  }
  return out;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema: contractSchema, httpPart, contentType }) => {
  // A multipart body is a stream the handler reads itself (one file, size limit); there is nothing to validate here.
  if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
  const schema = withoutDiscriminatorMappings(contractSchema);
  const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
  // fastify-openapi-glue gives every recursive schema the same $id; each route's compiled function keeps its own copy.
  const id = (schema as { $id?: string }).$id;
  if (id && ajv.getSchema(id)) ajv.removeSchema(id);
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** "firstName" → "First name", "contact.phonePrefix" → "Phone prefix". */
export function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function messageFor(error: ErrorObject, field: string): string {
  const label = fieldLabel(field);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${label} is required` : `${label} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${label} must be at most ${p.limit} characters`;
    case 'format':
      return p.format === 'email' ? `${label} must be a valid address` : `${label} must be a valid ${p.format}`;
    case 'type':
      return `${label} must be ${Array.isArray(p.type) ? p.type.map(article).join(' or ') : article(String(p.type))}`;
    case 'enum':
      return `${label} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `${label} must be at least ${p.limit}`;
    case 'maximum':
      return `${label} must be at most ${p.limit}`;
    case 'pattern':
      return /0-9/.test(String(p.pattern)) ? `${label} must contain only numbers` : `${label} is not valid`;
    case 'additionalProperties':
      return `${fieldLabel(String(p.additionalProperty))} is not allowed`;
    case 'minItems':
      return `${label} needs at least ${p.limit} item(s)`;
    case 'maxItems':
      return `${label} takes at most ${p.limit} item(s)`;
    case 'minProperties':
      return 'Nothing to change';
    default:
      return `${label} is not valid`;
  }
}

/** Turns Ajv errors of one request part into `{ field: [messages] }` with dotted field paths. */
export function toFieldErrors(errors: ErrorObject[], part: string): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const p = error.params as Record<string, unknown>;
    let field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'required') field = field ? `${field}.${p.missingProperty}` : String(p.missingProperty);
    if (error.keyword === 'additionalProperties') field = field ? `${field}.${p.additionalProperty}` : String(p.additionalProperty);
    if (!field) field = part === 'body' ? 'body' : part;
    const message = messageFor(error, field);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

function article(type: string): string {
  if (type === 'null') return 'empty';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
