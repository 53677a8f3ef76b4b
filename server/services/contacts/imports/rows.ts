import { normaliseValue, type AttributeDef, type AttributeValue } from '../values.ts';
import type { ColumnTarget } from './mapping.ts';

/** The same address check as the contract's `format: email` (ajv-formats), with its length bounds. */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

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

const LIMITS = { first_name: 100, last_name: 100, address: 500 } as const;
const LABELS = { first_name: 'First name', last_name: 'Last name', address: 'Address' } as const;

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
  const fail = (index: number | undefined, reason: string) => errors.push({ row, column: index === undefined ? null : (headers[index] ?? `Column ${index + 1}`), reason });
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
      case 'email':
        if (value.length < 5) fail(index, 'Email must be at least 5 characters');
        else if (value.length > 254 || !EMAIL.test(value)) fail(index, 'Email must be a valid address');
        else contact.email = value;
        break;
      case 'phoneNumber': {
        const digits = value.replace(/[\s().-]/g, '');
        if (!/^[0-9]+$/.test(digits)) fail(index, 'Phone number must contain only numbers');
        else if (digits.length < 4 || digits.length > 20) fail(index, 'Phone number must have 4 to 20 digits');
        else contact.phone_number = digits;
        break;
      }
      case 'phonePrefix': {
        const digits = value.replace(/^(\+|00)/, '').replace(/[\s-]/g, '');
        if (!/^[0-9]{1,4}$/.test(digits)) fail(index, 'Phone prefix must contain only numbers');
        else contact.phone_prefix = digits;
        break;
      }
      case 'country':
        if (!/^[A-Za-z]{2}$/.test(value)) fail(index, 'Country must be a two-letter code (ISO 3166)');
        else contact.country = value.toUpperCase();
        break;
      case 'language': {
        const code = value.toLowerCase().replace('_', '-');
        if (!/^[a-z]{2}(-[a-z]{2})?$/.test(code)) fail(index, 'Language must be a code such as en or it');
        else contact.language = code;
        break;
      }
      case 'firstName':
      case 'lastName':
      case 'address': {
        const column = target.target === 'firstName' ? 'first_name' : target.target === 'lastName' ? 'last_name' : 'address';
        if (value.length > LIMITS[column]) fail(index, `${LABELS[column]} must be at most ${LIMITS[column]} characters`);
        else contact[column] = value;
        break;
      }
    }
  });
  if (!contact.email && !errors.some((e) => e.reason.startsWith('Email'))) {
    fail(columns.email === undefined ? undefined : Number(columns.email), 'Email is required');
  }
  if (contact.phone_number && !contact.phone_prefix && !errors.some((e) => e.reason.startsWith('Phone prefix'))) {
    fail(columns.phonePrefix === undefined ? Number(columns.phoneNumber) : Number(columns.phonePrefix), 'A prefix is required when a phone number is given');
  }
  if (errors.length) return { errors };
  contact.key = asciiLower(contact.email);
  return { contact };
}
