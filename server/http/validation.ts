import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import * as contractSchemas from '../../shared/contract/schemas.ts';
import { ruleText } from '../../shared/fieldTexts.ts';
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

/**
 * The contract's component schemas (shared/contract/schemas.ts, generated from openapi/openapi.yaml), added once to
 * one ajv with the body rules. Services validate what reaches them by another door than an HTTP body (import rows,
 * the CLI) with these, so they hold the same rules as the request validation.
 */
const componentAjv = makeAjv(false);
componentAjv.addSchema(withoutDiscriminatorMappings({ components: { schemas: { ...contractSchemas } } }) as object, 'contract');
const compiled = new Map<string, ValidateFunction>();

export type SchemaName = keyof typeof contractSchemas;

/** The compiled validator of a component schema, or of one of its properties; compiled on first use, then kept. */
export function contractValidator(name: SchemaName, property?: string): ValidateFunction {
  const ref = `contract#/components/schemas/${name}${property === undefined ? '' : `/properties/${property}`}`;
  let validate = compiled.get(ref);
  if (!validate) compiled.set(ref, (validate = componentAjv.compile({ $ref: ref })));
  return validate;
}

/** A value's failures against one contract schema as the request validation words them (empty when it passes). */
export function contractIssues(validate: ValidateFunction, value: unknown, field: string): string[] {
  if (validate(value)) return [];
  return [...new Set((validate.errors ?? []).map((error) => ruleText(field, error)))];
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
    const message = ruleText(field, error);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}
