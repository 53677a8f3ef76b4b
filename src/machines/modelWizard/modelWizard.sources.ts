// The settings each data source asks for in step-1, one entry per field of the contract's config (and secrets) of
// that kind (openapi UserflowSourceInput; shared/userflow.ts SOURCE_SECRETS names the write-only ones). The draft
// keeps every value as the text typed; `sourceInputFrom` turns a complete form into the contract's source.
import type { components } from '../../../shared/contract/schema';
import {
  PROVIDER_BASE_URLS,
  REST_AUTH_TYPES,
  REST_PAGINATION_TYPES,
  SOURCE_SECRETS,
} from '../../../shared/userflow.ts';
import type { SourceKind } from './modelWizard.types.ts';

type SourceInput = components['schemas']['UserflowSourceInput'];

/** `column`: one of the source's own columns, picked once the connection test has listed them. */
export type SourceFieldInput = 'text' | 'multiline' | 'integer' | 'list' | 'boolean' | 'select' | 'column';

export interface SourceField {
  /** The config key (dotted for nested objects, `pagination.type`) or the secret's name. */
  name: string;
  input: SourceFieldInput;
  /** Write-only: sent once, stored encrypted, never shown again (a blank input keeps the stored one). */
  secret?: boolean;
  required?: boolean;
  options?: readonly string[];
  /** The value a new source starts with. */
  initial?: string;
  placeholder?: string;
  /** Shown only when the other settings call for it (the REST source's auth and paging details). */
  when?: (config: Record<string, string>) => boolean;
}

const auth =
  (...types: string[]) =>
  (c: Record<string, string>) =>
    types.includes(c.authType ?? 'none');
const paging = (type: string) => (c: Record<string, string>) => c['pagination.type'] === type;
const secret = (name: string, extra: Partial<SourceField> = {}): SourceField => ({
  name,
  input: 'text',
  secret: true,
  ...extra,
});
const sql = (port: string): SourceField[] => [
  { name: 'host', input: 'text', required: true, placeholder: 'db.example.org' },
  { name: 'port', input: 'integer', required: true, initial: port },
  { name: 'database', input: 'text', required: true },
  { name: 'user', input: 'text', required: true },
  secret('password'),
  { name: 'ssl', input: 'boolean', initial: 'false' },
  { name: 'table', input: 'text', placeholder: 'public.customers' },
  { name: 'query', input: 'multiline', placeholder: 'select email, visits, bought from customers' },
  { name: 'changesColumn', input: 'column' },
];

/** The form of each source kind, in the order it is shown. */
export const SOURCE_FIELDS: Record<SourceKind, SourceField[]> = {
  api: [
    { name: 'url', input: 'text', required: true, placeholder: 'https://api.example.org/customers' },
    { name: 'authType', input: 'select', options: REST_AUTH_TYPES, initial: 'none', required: true },
    { name: 'authHeaderName', input: 'text', placeholder: 'X-Api-Key', when: auth('header'), required: true },
    { name: 'username', input: 'text', when: auth('basic') },
    secret('authValue', { when: auth('bearer', 'header') }),
    secret('password', { when: auth('basic') }),
    { name: 'rowsPath', input: 'text', placeholder: 'data.items', initial: '' },
    { name: 'pagination.type', input: 'select', options: REST_PAGINATION_TYPES, initial: 'none', required: true },
    { name: 'pagination.pageParam', input: 'text', placeholder: 'page', when: paging('page') },
    { name: 'pagination.perPageParam', input: 'text', placeholder: 'per_page', when: paging('page') },
    { name: 'pagination.perPage', input: 'integer', placeholder: '100', when: paging('page') },
    { name: 'pagination.cursorParam', input: 'text', placeholder: 'cursor', when: paging('cursor') },
    { name: 'pagination.cursorPath', input: 'text', placeholder: 'meta.next', when: paging('cursor') },
    { name: 'sinceParam', input: 'text', placeholder: 'updated_since' },
  ],
  file: [],
  ga4: [
    { name: 'propertyId', input: 'text', required: true, placeholder: '123456789' },
    { name: 'dimensions', input: 'list', required: true, placeholder: 'customUser:email, deviceCategory' },
    { name: 'metrics', input: 'list', required: true, placeholder: 'sessions, purchaseRevenue' },
    { name: 'days', input: 'integer', required: true, initial: '90' },
    secret('serviceAccountJson', { input: 'multiline' }),
  ],
  userflow: [
    { name: 'siteId', input: 'integer', required: true },
    { name: 'days', input: 'integer', required: true, initial: '90' },
  ],
  postgres: sql('5432'),
  mysql: sql('3306'),
  hubspot: [
    { name: 'baseUrl', input: 'text', placeholder: PROVIDER_BASE_URLS.hubspot },
    { name: 'properties', input: 'list', required: true, placeholder: 'lifecyclestage, num_notes' },
    secret('accessToken'),
  ],
  plausible: [
    { name: 'baseUrl', input: 'text', placeholder: PROVIDER_BASE_URLS.plausible },
    { name: 'siteId', input: 'text', required: true, placeholder: 'shop.example.org' },
    { name: 'dimensions', input: 'list', required: true, placeholder: 'event:props:email' },
    { name: 'metrics', input: 'list', required: true, placeholder: 'visitors, pageviews' },
    { name: 'days', input: 'integer', required: true, initial: '90' },
    secret('apiKey'),
  ],
  matomo: [
    { name: 'baseUrl', input: 'text', required: true, placeholder: 'https://matomo.example.org' },
    { name: 'idSite', input: 'integer', required: true, initial: '1' },
    { name: 'days', input: 'integer', required: true, initial: '90' },
    secret('tokenAuth'),
  ],
  brevo: [{ name: 'baseUrl', input: 'text', placeholder: PROVIDER_BASE_URLS.brevo }, secret('apiKey')],
};

/**
 * Settings that pick one of the source's columns rather than say where it reads: changing them keeps the connection
 * test's preview and the columns chosen in step-2.
 */
export const COLUMN_SETTINGS: ReadonlySet<string> = new Set(
  Object.values(SOURCE_FIELDS)
    .flat()
    .filter((f) => f.input === 'column')
    .map((f) => f.name),
);

/** Every field name any source uses (the i18n labels are keyed by them). */
export const SOURCE_FIELD_NAMES = [...new Set(Object.values(SOURCE_FIELDS).flatMap((f) => f.map((x) => x.name)))];

/** A new source's starting settings. */
export const sourceDefaults = (kind: SourceKind): Record<string, string> =>
  Object.fromEntries(SOURCE_FIELDS[kind].filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial!]));

/** The fields shown for the settings as they stand. */
export const visibleFields = (kind: SourceKind, config: Record<string, string>) =>
  SOURCE_FIELDS[kind].filter((f) => !f.when || f.when(config));

const contractKind = (kind: SourceKind) => (kind === 'api' ? 'rest' : kind);

/** The write-only fields of a kind, from the one list the server also reads. */
export const secretNames = (kind: SourceKind): readonly string[] => SOURCE_SECRETS[contractKind(kind)];

const isInteger = (text: string) => /^\s*\d+\s*$/.test(text);
const listOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The fields still missing or not a number, by name: the form shows them and the source is not sent meanwhile. */
export function sourceProblems(
  kind: SourceKind,
  config: Record<string, string>,
): Record<string, 'required' | 'integer'> {
  const problems: Record<string, 'required' | 'integer'> = {};
  for (const field of visibleFields(kind, config)) {
    if (field.secret) continue;
    const value = (config[field.name] ?? '').trim();
    const empty = field.input === 'list' ? listOf(value).length === 0 : value === '';
    if (field.required && empty) problems[field.name] = 'required';
    else if (field.input === 'integer' && !empty && !isInteger(value)) problems[field.name] = 'integer';
  }
  if ((kind === 'postgres' || kind === 'mysql') && !config.table?.trim() && !config.query?.trim()) {
    problems.table = 'required';
  }
  return problems;
}

/** Sets `a.b` in a nested object. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) {
    target[head!] = value;
    return;
  }
  const inner = (target[head!] ??= {}) as Record<string, unknown>;
  setPath(inner, rest.join('.'), value);
}

/**
 * The contract's source for a complete form, or null while something is missing (the draft keeps the text and the
 * server keeps its last complete source). Secrets typed go along; blank ones are left out so the stored ones stay.
 */
export function sourceInputFrom(kind: SourceKind, config: Record<string, string>): SourceInput | null {
  if (kind === 'file') return null;
  if (Object.keys(sourceProblems(kind, config)).length > 0) return null;
  const out: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const field of visibleFields(kind, config)) {
    const text = (config[field.name] ?? '').trim();
    if (field.secret) {
      // A secret is sent as typed (a JSON key keeps its inner spacing), only when something was typed.
      if (text !== '') secrets[field.name] = config[field.name]!;
      continue;
    }
    // Empty optional settings are left out; the REST rows path is sent empty when the answer is the array itself.
    if (text === '' && field.name !== 'rowsPath') continue;
    const value =
      field.input === 'integer'
        ? Number(text)
        : field.input === 'list'
          ? listOf(text)
          : field.input === 'boolean'
            ? text === 'true'
            : field.input === 'multiline'
              ? config[field.name]
              : text;
    setPath(out, field.name, value);
  }
  const source = { kind: contractKind(kind), config: out } as Record<string, unknown>;
  if (Object.keys(secrets).length > 0) source.secrets = secrets;
  return source as SourceInput;
}

/** The form's texts from a stored source's settings (nested objects flattened, lists joined). */
export function configTexts(config: object, prefix = ''): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(value)) texts[name] = value.join(', ');
    else if (value && typeof value === 'object') Object.assign(texts, configTexts(value, `${name}.`));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      texts[name] = String(value);
    }
  }
  return texts;
}
