import { Liquid } from 'liquidjs';
import { CONTACT_TEXT_FIELDS, type ContactTextField } from '../../../shared/fieldRules.ts';

/**
 * Merge tags in Liquid, one sandboxed engine for every channel: no file system (no include, render or layout), no
 * access to prototypes, bounded work per render. Templates see `contact` (every built-in field by its snake_case name,
 * and each custom attribute by its name), `unsubscribe_url` and `mirror_url`, plus `message` and `company`.
 */
export const liquid = new Liquid({
  // No partials: nothing is read from disk, whatever a template names.
  relativeReference: false,
  fs: {
    exists: async () => false,
    existsSync: () => false,
    readFile: async () => '',
    readFileSync: () => '',
    resolve: (_dir, file) => file,
    contains: async () => false,
    sep: '/',
    dirname: () => '',
  },
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: false,
  // Limits a hostile or careless template cannot exceed (see liquidjs' DoS options).
  parseLimit: 1_000_000,
  renderLimit: 2_000,
  memoryLimit: 10_000_000,
  cache: 500,
});

/** A contract field name as the contacts table and merge tags spell it: `firstName` → `first_name`. */
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
export type ContactMergeField = Snake<ContactTextField>;
const snake = (field: ContactTextField) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ContactMergeField;

/** The built-in contact fields a template can name (`{{ contact.first_name }}`): the contract's contact text fields. */
export const CONTACT_MERGE_FIELDS: readonly ContactMergeField[] = CONTACT_TEXT_FIELDS.map(snake);

/** A contact with no values, for renders without a recipient (sample previews, the web version of a campaign). */
export const emptyContactForMerge = (): ContactForMerge => ({
  ...(Object.fromEntries(CONTACT_MERGE_FIELDS.map((field) => [field, null])) as Record<ContactMergeField, null>),
  attributes: {},
});

/** Variables other than `contact` every template may use. */
export const MESSAGE_MERGE_VARIABLES = ['unsubscribe_url', 'mirror_url', 'message', 'company'] as const;

export type ContactForMerge = Record<ContactMergeField, string | null> & {
  /** Custom attribute values keyed by attribute id, as stored. */
  attributes: Record<string, unknown>;
};

/** The `contact` object of a render: built-in fields, then custom attributes by name (attribute id → name given). */
export function contactScope(contact: ContactForMerge, attributeNames: ReadonlyMap<string, string>) {
  const scope: Record<string, unknown> = {};
  for (const field of CONTACT_MERGE_FIELDS) scope[field] = contact[field] ?? '';
  for (const [id, value] of Object.entries(contact.attributes ?? {})) {
    const name = attributeNames.get(id);
    if (name && !(name in scope)) scope[name] = value;
  }
  return scope;
}

export interface MergeScope {
  contact: Record<string, unknown>;
  unsubscribe_url: string;
  mirror_url: string;
  message?: Record<string, unknown>;
  company?: Record<string, unknown>;
}

/** Parses once (cached by source) and renders a template for one recipient. */
export function renderMerge(source: string, scope: MergeScope): Promise<string> {
  return liquid.parseAndRender(source, scope);
}
