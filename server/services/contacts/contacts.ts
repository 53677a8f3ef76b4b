import { assertWithinLimit } from '../billing/limits.ts';
import { emitWebhookEvent } from '../integrations/outbox.ts';
import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { attributeDefs } from './attributes.ts';
import { recordEvent } from './events.ts';
import { lockLists, missingLists } from './lists.ts';
import { lockContacts } from './locks.ts';
import { releaseContactAddresses } from '../messaging/blocklist.ts';
import { CONTACT_COLUMNS, type ContactRow } from './query.ts';
import { uniqueViolation, type Db } from './sql.ts';
import { normaliseValue, type AttributeValue } from './values.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';

type ContactInput = components['schemas']['ContactInput'];
type ContactPatch = components['schemas']['ContactPatch'];

const ANONYMISED = () => conflict('contact_anonymised', 'This contact was anonymised and can no longer be changed.');

const blankToNull = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Columns a form or the API may set, normalised: trimmed, empty as null, prefix as digits, country upper-case. */
interface ContactFields {
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  phone_prefix?: string | null;
  phone_number?: string | null;
  country?: string | null;
  language?: string | null;
  address?: string | null;
}

function normaliseFields(input: ContactPatch): ContactFields {
  const out: ContactFields = {};
  if (input.email !== undefined) out.email = input.email.trim();
  if (input.firstName !== undefined) out.first_name = blankToNull(input.firstName);
  if (input.lastName !== undefined) out.last_name = blankToNull(input.lastName);
  if (input.phonePrefix !== undefined) out.phone_prefix = blankToNull(input.phonePrefix)?.replace(/^\+/, '') ?? null;
  if (input.phoneNumber !== undefined) out.phone_number = blankToNull(input.phoneNumber);
  if (input.country !== undefined) out.country = blankToNull(input.country)?.toUpperCase() ?? null;
  if (input.language !== undefined) out.language = blankToNull(input.language);
  if (input.address !== undefined) out.address = blankToNull(input.address);
  return out;
}

/** Checks attribute values against their types; answers the values to set (null removes one). */
async function checkAttributes(
  db: Db,
  companyId: string,
  values: Record<string, unknown> | undefined,
  errors: FieldErrors,
) {
  const out: Record<string, AttributeValue | null> = {};
  if (!values) return out;
  const defs = await attributeDefs(db, companyId);
  for (const [key, raw] of Object.entries(values)) {
    const def = /^[1-9][0-9]*$/.test(key) ? defs.get(Number(key)) : undefined;
    if (!def) {
      errors[`attributes.${key}`] = [FIELD_TEXTS.attributeMissing];
      continue;
    }
    const outcome = normaliseValue(def, raw, 'json');
    if (outcome.ok) out[key] = outcome.value;
    else errors[`attributes.${key}`] = [outcome.message];
  }
  return out;
}

function uniqueError(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'contacts_email_key') throw invalid({ email: [FIELD_TEXTS.emailTaken] });
  if (constraint === 'contacts_phone_key') throw invalid({ phoneNumber: [FIELD_TEXTS.phoneTaken] });
  throw error;
}

export async function getContact(db: Db, companyId: string, id: number): Promise<ContactRow> {
  const { rows } = await db.query<ContactRow>(
    `select ${CONTACT_COLUMNS} from contacts c where c.company_id = $1 and c.id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** One contact of the scope's company; 404 for any other. */
export function findContact(scope: Scope, id: number): Promise<ContactRow> {
  return getContact(scope.db, scope.companyId, id);
}

export async function createContact(scope: Scope, input: ContactInput): Promise<ContactRow> {
  const errors: FieldErrors = {};
  const fields = normaliseFields(input);
  if (fields.phone_number && !fields.phone_prefix) errors.phonePrefix = [FIELD_TEXTS.prefixRequired];
  const attributes = await checkAttributes(scope.db, scope.companyId, input.attributes, errors);
  const listIds = [...new Set(input.listIds ?? [])];
  const missing = await missingLists(scope.db, scope.companyId, listIds);
  if (missing.length) errors.listIds = [FIELD_TEXTS.listMissing];
  if (Object.keys(errors).length) throw invalid(errors);
  const stored = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== null));
  try {
    return await scope.db.transaction(async (db) => {
      // The plan's contact limit (402 Upgrade required), checked in the transaction of the insert.
      await assertWithinLimit(db, scope.companyId, 'contacts', 1, scope.config.billing);
      const { rows } = await db.query<{ id: number }>(
        `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes, blocked_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $11::boolean then now() end) returning id`,
        [
          scope.companyId,
          fields.email,
          fields.first_name ?? null,
          fields.last_name ?? null,
          fields.phone_prefix ?? null,
          fields.phone_number ?? null,
          fields.country ?? null,
          fields.language ?? null,
          fields.address ?? null,
          JSON.stringify(stored),
          input.blocked ?? false,
        ],
      );
      const id = rows[0]!.id;
      await recordEvent(db, {
        companyId: scope.companyId,
        contactId: id,
        type: 'contact.created',
        userId: scope.userId,
      });
      if (listIds.length) {
        // Held until commit: a list deleted meanwhile would otherwise keep this membership (see lockLists).
        const locked = await lockLists(db, scope.companyId, listIds);
        if (locked.length !== listIds.length) throw invalid({ listIds: [FIELD_TEXTS.listMissing] });
        await db.query(
          `insert into list_members (company_id, list_id, contact_id) select $1, unnest($3::bigint[]), $2`,
          [scope.companyId, id, locked],
        );
      }
      return getContact(db, scope.companyId, id);
    });
  } catch (error) {
    uniqueError(error);
  }
}

const COLUMN_FIELDS: Record<keyof ContactFields, string> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  phone_prefix: 'phonePrefix',
  phone_number: 'phoneNumber',
  country: 'country',
  language: 'language',
  address: 'address',
};

export async function updateContact(scope: Scope, id: number, patch: ContactPatch): Promise<ContactRow> {
  try {
    return await scope.db.transaction(async (db) => {
      const { rows } = await db.query<{
        phone_prefix: string | null;
        phone_number: string | null;
        anonymised: boolean;
      }>(
        'select phone_prefix, phone_number, anonymised_at is not null as anonymised from contacts where company_id = $1 and id = $2 for update',
        [scope.companyId, id],
      );
      const current = rows[0];
      if (!current) throw notFound();
      if (current.anonymised) throw ANONYMISED();
      const errors: FieldErrors = {};
      const fields = normaliseFields(patch);
      const prefix = fields.phone_prefix === undefined ? current.phone_prefix : fields.phone_prefix;
      const number = fields.phone_number === undefined ? current.phone_number : fields.phone_number;
      if (number && !prefix) errors.phonePrefix = [FIELD_TEXTS.prefixRequired];
      const attributes = await checkAttributes(db, scope.companyId, patch.attributes, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const sets: string[] = [];
      const values: unknown[] = [scope.companyId, id];
      for (const [column, value] of Object.entries(fields)) {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      }
      const toSet = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== null));
      const toRemove = Object.keys(attributes).filter((k) => attributes[k] === null);
      if (Object.keys(attributes).length) {
        values.push(JSON.stringify(toSet), toRemove);
        sets.push(`attributes = (attributes - $${values.length}::text[]) || $${values.length - 1}::jsonb`);
      }
      await db.query(
        `update contacts set ${[...sets, 'updated_at = now()'].join(', ')} where company_id = $1 and id = $2`,
        values,
      );
      const changed = [
        ...Object.keys(fields).map((k) => COLUMN_FIELDS[k as keyof ContactFields]),
        ...(Object.keys(attributes).length ? ['attributes'] : []),
      ];
      await recordEvent(db, {
        companyId: scope.companyId,
        contactId: id,
        type: 'contact.updated',
        userId: scope.userId,
        // The attribute ids changed (never their values), so an "attribute changed" workflow trigger can match them.
        payload: {
          fields: changed,
          ...(Object.keys(attributes).length ? { attributes: Object.keys(attributes) } : {}),
        },
      });
      return getContact(db, scope.companyId, id);
    });
  } catch (error) {
    uniqueError(error);
  }
}

/** Deletes the contact; its list memberships and timeline go with it (see lockContacts). */
export async function deleteContact(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.transaction(async (db) => {
    await lockContacts(db, scope.companyId, 'exclusive');
    const deleted = await db.query('delete from contacts where company_id = $1 and id = $2', [scope.companyId, id]);
    if (deleted.rowCount) await emitWebhookEvent(db, scope.companyId, 'contact.deleted', { id });
    return deleted;
  });
  if (!rowCount) throw notFound();
}

/** Blocks or unblocks; unblocking makes the contact reachable by future messages again. Anonymised stay blocked. */
export async function setBlocked(scope: Scope, id: number, blocked: boolean): Promise<ContactRow> {
  return scope.db.transaction(async (db) => {
    const contact = await getContact(db, scope.companyId, id);
    if (contact.blocked === blocked) {
      // An address blocklisted for a channel (a bounce, an unsubscribe) is reachable again once its contact is
      // unblocked.
      if (!blocked) await releaseContactAddresses(db, scope.companyId, [id]);
      return contact;
    }
    if (!blocked && contact.anonymisedAt) throw ANONYMISED();
    await db.query(
      `update contacts set blocked_at = ${blocked ? 'now()' : 'null'}, updated_at = now() where company_id = $1 and id = $2`,
      [scope.companyId, id],
    );
    if (!blocked) await releaseContactAddresses(db, scope.companyId, [id]);
    await recordEvent(db, {
      companyId: scope.companyId,
      contactId: id,
      type: blocked ? 'contact.blocked' : 'contact.unblocked',
      userId: scope.userId,
    });
    return getContact(db, scope.companyId, id);
  });
}

/**
 * Erases personal data (email, names, phone, address, attribute values, notes) and blocks the contact for good.
 * The row, its country and language, list memberships and timeline (message statistics) remain, so aggregate
 * figures do not change.
 */
export async function anonymiseContact(scope: Scope, id: number): Promise<ContactRow> {
  return scope.db.transaction(async (db) => {
    const contact = await getContact(db, scope.companyId, id);
    if (contact.anonymisedAt) return contact;
    await db.query(
      `update contacts set email = null, first_name = null, last_name = null, phone_prefix = null, phone_number = null, address = null,
              attributes = '{}', blocked_at = coalesce(blocked_at, now()), anonymised_at = now(), updated_at = now()
        where company_id = $1 and id = $2`,
      [scope.companyId, id],
    );
    await db.query('delete from contact_notes where company_id = $1 and contact_id = $2', [scope.companyId, id]);
    await recordEvent(db, {
      companyId: scope.companyId,
      contactId: id,
      type: 'contact.anonymised',
      userId: scope.userId,
    });
    return getContact(db, scope.companyId, id);
  });
}
