import type { ValidateFunction } from 'ajv';
import { CONTACT_RULES, CONTACT_TEXT_FIELDS, type ContactTextField } from '../../../../shared/fieldRules.ts';
import { FIELD_TEXTS, fieldLabel } from '../../../../shared/fieldTexts.ts';
import { contractValidator } from '../../../http/validation.ts';
import { normaliseValue, type AttributeDef, type AttributeValue } from '../values.ts';
import type { ColumnTarget } from './mapping.ts';

/** ContactInput's field schemas from the contract, compiled once; a row's values pass the same rules as a request. */
const RULES = Object.fromEntries(
  CONTACT_TEXT_FIELDS.map((field) => [field, contractValidator('ContactInput', field)]),
) as Record<ContactTextField, ValidateFunction>;
const PHONE_DIGITS = `${CONTACT_RULES.phoneNumber.minLength} to ${CONTACT_RULES.phoneNumber.maxLength} digits`;

/** The keywords of the rules a value breaks (`pattern`, `minLength`…), or null when it passes. */
function broken(field: ContactTextField, value: string): Set<string> | null {
  const validate = RULES[field];
  return validate(value) ? null : new Set((validate.errors ?? []).map((e) => e.keyword));
}

export interface ImportedContact {
  email: string;
  /** The email as the database compares it (citext folds ASCII letters only). */
  key: string;
  first_name: string | null;
  last_name: string | null;
  phone_prefix: string | null;
  phone_number: string | null;
  country: string | null;
  language: string | null;
  address: string | null;
  attributes: Record<string, AttributeValue>;
  /** The COPY text of the fields, prepared ahead of the write (cleared when a later row changes the contact). */
  fields?: string | undefined;
}

export interface RowError {
  row: number;
  column: string | null;
  reason: string;
}

export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Turns one record into a contact with the same rules as the API: email required and valid, phone digits only with
 * a prefix, ISO country, language code, attribute values typed by their attribute. Formatting in phone numbers
 * (spaces, dots, dashes, parentheses) is dropped. Errors name the file's column.
 */
export function readRow(
  record: string[],
  row: number,
  mapping: ColumnTarget[],
  headers: string[],
  attributes: Map<number, AttributeDef>,
): { contact: ImportedContact } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const contact: ImportedContact = {
    email: '',
    key: '',
    first_name: null,
    last_name: null,
    phone_prefix: null,
    phone_number: null,
    country: null,
    language: null,
    address: null,
    attributes: {},
  };
  const columns: Partial<Record<string, string>> = {};
  const fail = (index: number | undefined, reason: string) =>
    errors.push({ row, column: index === undefined ? null : (headers[index] ?? `Column ${index + 1}`), reason });
  mapping.forEach((target, index) => {
    if (target.target === 'skip') return;
    const value = (record[index] ?? '').trim();
    if (target.target === 'attribute') {
      const def = target.attributeId === undefined ? undefined : attributes.get(target.attributeId);
      if (!def) return;
      const outcome = normaliseValue(def, value, 'text');
      if (!outcome.ok) fail(index, outcome.message);
      else if (outcome.value !== null) contact.attributes[String(def.id)] = outcome.value;
      return;
    }
    columns[target.target] = String(index);
    if (value === '') return;
    switch (target.target) {
      case 'email': {
        const failed = broken('email', value);
        if (failed?.has('minLength')) fail(index, `Email must be at least ${CONTACT_RULES.email.minLength} characters`);
        else if (failed) fail(index, 'Email must be a valid address');
        else contact.email = value;
        break;
      }
      case 'phoneNumber': {
        const digits = value.replace(/[\s().-]/g, '');
        const failed = broken('phoneNumber', digits);
        if (failed?.has('pattern')) fail(index, 'Phone number must contain only numbers');
        else if (failed) fail(index, `Phone number must have ${PHONE_DIGITS}`);
        else contact.phone_number = digits;
        break;
      }
      case 'phonePrefix': {
        // Stored as digits: one leading + or 00 goes, so a second + is refused with the rest of the non-digits.
        const digits = value.replace(/^(\+|00)/, '').replace(/[\s-]/g, '');
        if (digits.startsWith('+') || broken('phonePrefix', digits))
          fail(index, 'Phone prefix must contain only numbers');
        else contact.phone_prefix = digits;
        break;
      }
      case 'country':
        if (broken('country', value)) fail(index, 'Country must be a two-letter code (ISO 3166)');
        else contact.country = value.toUpperCase();
        break;
      case 'language': {
        const code = value.toLowerCase().replace('_', '-');
        if (broken('language', code)) fail(index, 'Language must be a code such as en or it');
        else contact.language = code;
        break;
      }
      case 'firstName':
      case 'lastName':
      case 'address': {
        const field = target.target;
        const column = field === 'firstName' ? 'first_name' : field === 'lastName' ? 'last_name' : 'address';
        const limit = CONTACT_RULES[field].maxLength;
        if (broken(field, value)) fail(index, `${fieldLabel(field)} must be at most ${limit} characters`);
        else contact[column] = value;
        break;
      }
    }
  });
  if (!contact.email && !errors.some((e) => e.reason.startsWith('Email'))) {
    fail(columns.email === undefined ? undefined : Number(columns.email), 'Email is required');
  }
  if (contact.phone_number && !contact.phone_prefix && !errors.some((e) => e.reason.startsWith('Phone prefix'))) {
    fail(
      columns.phonePrefix === undefined ? Number(columns.phoneNumber) : Number(columns.phonePrefix),
      FIELD_TEXTS.prefixRequired,
    );
  }
  if (errors.length) return { errors };
  contact.key = asciiLower(contact.email);
  return { contact };
}

/** Later rows for the same email update earlier ones: non-empty values win, attributes merge. */
export function mergeRow(into: ImportedContact, row: ImportedContact): void {
  into.fields = undefined;
  for (const key of [
    'first_name',
    'last_name',
    'phone_prefix',
    'phone_number',
    'country',
    'language',
    'address',
  ] as const) {
    if (row[key] !== null) into[key] = row[key];
  }
  Object.assign(into.attributes, row.attributes);
}
