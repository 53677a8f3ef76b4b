import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import * as contractSchemas from '../../shared/contract/schemas.ts';
import { fieldLabel, ruleText } from '../../shared/fieldTexts.ts';
import type { FieldErrors } from './errors.ts';
import { deferredBuilds } from './deferred.ts';

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

export { TEXT_PATTERN } from '../../shared/fieldTexts.ts';

/**
 * How deep a JSON body may nest. The deepest the contract allows is a segment (groups five deep, two levels each);
 * a deeper body is refused before it is validated, since a recursive schema walks it frame by frame.
 */
export const MAX_BODY_DEPTH = 32;

interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const errorAt = (field: string, keyword: string, params: Record<string, unknown>): ErrorObject =>
  ({ keyword, instancePath: `/${field}`, schemaPath: '', params, message: '' }) as ErrorObject;

/** The first top-level field of a body that nests deeper than MAX_BODY_DEPTH, walked without recursion. */
function tooDeep(body: unknown): string | undefined {
  const stack: [unknown, number, string][] = [[body, 0, '']];
  while (stack.length) {
    const [value, depth, field] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return field;
    for (const [key, child] of Object.entries(value)) stack.push([child, depth + 1, depth === 0 ? key : field]);
  }
  return undefined;
}

/** Whether a parsed body nests deeper than MAX_BODY_DEPTH (what the body validation refuses before Ajv runs). */
export const nestsTooDeep = (body: unknown): boolean => tooDeep(body) !== undefined;

/**
 * Query and path values arrive as text. Ajv would take any text JavaScript reads as a number ('0x10', '1e3', ' 7'),
 * so an integer must be written in decimal digits and a number in decimal notation before Ajv coerces it.
 */
const NUMERIC_TEXT = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(\.[0-9]+)?$/ };

function numericProperties(schema: unknown): [string, keyof typeof NUMERIC_TEXT][] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties).flatMap(([name, property]): [string, keyof typeof NUMERIC_TEXT][] => {
    const types = [property.type].flat();
    if (types.includes('number')) return [[name, 'number']];
    if (types.includes('integer')) return [[name, 'integer']];
    return [];
  });
}

/** A request part's validator as the contract describes it: compiled by Ajv, with the checks Ajv leaves to us. */
function compileValidator(contractSchema: unknown, httpPart: string | undefined): Validator {
  const schema = withoutDiscriminatorMappings(contractSchema);
  const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
  // fastify-openapi-glue gives every recursive schema the same $id; each route's compiled function keeps its own copy.
  const id = (schema as { $id?: string }).$id;
  if (id && ajv.getSchema(id)) ajv.removeSchema(id);
  const validate = ajv.compile(schema as object);
  if (httpPart === 'body') {
    const checked: Validator = (data) => {
      const field = tooDeep(data);
      checked.errors = field === undefined ? null : [errorAt(field, 'maxDepth', { limit: MAX_BODY_DEPTH })];
      if (field !== undefined) return false;
      const valid = validate(data);
      checked.errors = validate.errors;
      return valid;
    };
    return checked;
  }
  const numeric = numericProperties(schema);
  if (!numeric.length) return validate;
  const checked: Validator = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const malformed = numeric.filter(([name, type]) =>
      [values[name]].flat().some((v) => typeof v === 'string' && !NUMERIC_TEXT[type].test(v)),
    );
    const valid = validate(data);
    const others = (validate.errors ?? []).filter((e) => !malformed.some(([name]) => e.instancePath === `/${name}`));
    const errors = [...malformed.map(([name, type]) => errorAt(name, 'type', { type })), ...others];
    checked.errors = errors.length ? errors : null;
    return valid && !malformed.length;
  };
  return checked;
}

/** Validators Fastify asked for, each compiled on its first request. */
const validators = deferredBuilds<Validator>();

/**
 * Compiles every validator no request has needed yet, so that a contract schema Ajv cannot compile shows up without
 * waiting for a request to its operation. Returns how many were compiled.
 */
export const compileDeferredValidators = (): number => validators.buildPending();

/**
 * Fastify's validator compiler. Compiling the contract's several hundred request schemas is most of what building
 * the app costs, and one process serves few operations in its first seconds, so each schema is compiled when its
 * operation is first requested (a few milliseconds, once), not when the app is built.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, contentType }) => {
  // A multipart body is a stream the handler reads itself (one file, size limit); there is nothing to validate here.
  if (httpPart === 'body' && contentType === 'multipart/form-data') return () => true;
  const compile = validators.defer(() => compileValidator(schema, httpPart));
  const lazy: Validator = (data) => {
    const validate = compile();
    const valid = validate(data);
    lazy.errors = validate.errors ?? null;
    return valid;
  };
  return lazy as ReturnType<FastifySchemaCompiler<unknown>>;
};

/**
 * The contract's component schemas (shared/contract/schemas.ts, generated from openapi/openapi.yaml), added once to
 * one ajv with the body rules. Services validate what reaches them by another door than an HTTP body (import rows,
 * the CLI) with these, so they hold the same rules as the request validation.
 */
const componentAjv = makeAjv(false);
componentAjv.addSchema(
  withoutDiscriminatorMappings({ components: { schemas: { ...contractSchemas } } }) as object,
  'contract',
);
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
  // A Map, so that fields named like Object's own properties ('constructor', '__proto__') are plain keys.
  const out = new Map<string, string[]>();
  for (const error of errors) {
    const p = error.params as Record<string, unknown>;
    let field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'required') field = field ? `${field}.${p.missingProperty}` : String(p.missingProperty);
    if (error.keyword === 'additionalProperties')
      field = field ? `${field}.${p.additionalProperty}` : String(p.additionalProperty);
    if (!field) field = part === 'body' ? 'body' : part;
    const message = ruleText(field, error);
    const list = out.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(field, list);
  }
  return Object.fromEntries(out);
}

type ContractDoc = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { requestBodies?: Record<string, unknown> };
};
type RequestBody = { required?: boolean; content?: Record<string, unknown>; $ref?: string };

/** The operations whose contract requires a JSON body: a request without one is refused before its handler. */
export function operationsRequiringJsonBody(contract: ContractDoc): Set<string> {
  const out = new Set<string>();
  for (const item of Object.values(contract.paths ?? {})) {
    for (const op of Object.values(item)) {
      const operation = op as { operationId?: string; requestBody?: RequestBody } | undefined;
      let body = operation?.requestBody;
      if (body?.$ref) body = contract.components?.requestBodies?.[body.$ref.split('/').pop()!] as RequestBody;
      const json = body?.required && body.content?.['application/json'];
      if (operation?.operationId && json) out.add(operation.operationId);
    }
  }
  return out;
}

/** The 422 for a request that carries no body where the contract requires one. */
export const BODY_REQUIRED: FieldErrors = { body: [`${fieldLabel('body')} is required`] };
