import type { PoolClient } from '../../../db/pool.ts';
import { lockLists } from '../lists.ts';
import { lockContacts } from '../locks.ts';
import { uniqueViolation } from '../sql.ts';
import type { ColumnTarget } from './mapping.ts';
import { copyField, copyFields, copyInto, copyLine, copyThrough } from './copy.ts';
import { asciiLower, mergeRow, type ImportedContact, type RowError } from './rows.ts';
import { FIELD_TEXTS } from '../../../../shared/fieldTexts.ts';

/** What a batch needs to know about its import. */
export interface BatchJob {
  id: number;
  company_id: string;
  /** Who started the import: the author of the timeline events it records (null once that user is deleted). */
  user_id: string | null;
  headers: string[];
  mapping: ColumnTarget[];
  list_ids: number[];
  update_existing: boolean;
  blocklist: boolean;
}

/** A data row of the file, already checked: a contact to write, or the reasons it cannot be. */
export type CheckedRow = { row: number; contact: ImportedContact } | { row: number; errors: RowError[] };

export interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

interface Staged {
  contact: ImportedContact;
  row: number;
  /** Later rows of the batch merged into this one. */
  duplicates: number;
}

// import_id: the import that created the contact (its timeline's "Imported from" entry); updates leave it as it is.
const COLUMNS =
  'email, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes, blocked_at, import_id';
const VALUES = `s.email, s.first_name, s.last_name, s.phone_prefix, s.phone_number, s.country, s.language, s.address, s.attributes, case when $3::boolean then now() end, $4::bigint`;
/** Values of an existing contact after an import row (`src`) updated it: empty cells keep what is there. */
const updateFrom = (
  src: string,
) => `first_name = coalesce(${src}.first_name, c.first_name), last_name = coalesce(${src}.last_name, c.last_name),
  phone_prefix = coalesce(${src}.phone_prefix, c.phone_prefix), phone_number = coalesce(${src}.phone_number, c.phone_number),
  country = coalesce(${src}.country, c.country), language = coalesce(${src}.language, c.language), address = coalesce(${src}.address, c.address),
  attributes = c.attributes || ${src}.attributes, blocked_at = case when $3::boolean then coalesce(c.blocked_at, now()) else c.blocked_at end,
  updated_at = now()`;
/**
 * The contact.updated event of each contact a statement changed (`changed`: its id and import_id), one per import:
 * not for contacts this import created (their timeline's "Imported from" entry covers the later rows of the file), and
 * not a second time when a later batch of the file changes the contact again. `$1` is the company.
 */
const updateEvents = (
  importId: string,
  userId: string,
) => `insert into contact_events (company_id, contact_id, type, user_id, payload)
  select $1, ch.id, 'contact.updated', ${userId}::uuid, jsonb_build_object('importId', ${importId}::bigint) from changed ch
   where ch.import_id is distinct from ${importId}::bigint
     and not exists (select 1 from contact_events e where e.company_id = $1 and e.contact_id = ch.id and e.type = 'contact.updated'
                       and e.payload->>'importId' = ${importId}::text)`;
/**
 * The list.added event of each membership a statement added to an existing contact (`added`: list_id, contact_id and
 * the contact's import_id); not for contacts this import created (their "Imported from" entry covers the lists they
 * joined with it). Only memberships the statement inserted are in `added`, so a batch written again after a crash adds
 * none, while a contact removed from the list during the import and added back by a later row gets its event again.
 * `$1` is the company.
 */
const listEvents = (
  importId: string,
  userId: string,
) => `insert into contact_events (company_id, contact_id, type, user_id, payload)
  select $1, a.contact_id, 'list.added', ${userId}::uuid, jsonb_build_object('listId', a.list_id, 'importId', ${importId}::bigint) from added a
   where a.import_id is distinct from ${importId}::bigint`;
/** The compared fields of a contact row (`c`): a row whose tuple an update leaves equal was not changed by it. */
const FIELDS = `(c.first_name, c.last_name, c.phone_prefix, c.phone_number, c.country, c.language, c.address, c.attributes, c.blocked_at is null)`;
const MEMBERS = `members as (insert into list_members (company_id, list_id, contact_id)
  select l.company_id, l.id, w.id from written w cross join lists l where l.company_id = $1 and l.id = any($2::bigint[])
  on conflict do nothing returning list_id, contact_id)`;

/**
 * The staged batch with INSERT … ON CONFLICT, for a batch that raced another writer of the same emails. With updates,
 * `before` holds the existing contacts' fields as the statement found them, so the contacts the update actually
 * changed get their timeline event (a contact another writer added during the statement counts as changed).
 */
function safeWrite(updateExisting: boolean): string {
  const insert = `insert into contacts as c (company_id, ${COLUMNS})
      select distinct on (s.email::citext) $1, ${VALUES} from contact_import_stage s order by s.email::citext, s.idx
      on conflict (company_id, email)`;
  const counts = `select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated, 0 as existing from up`;
  if (!updateExisting)
    return `with up as (${insert} do nothing returning c.id, (xmax = 0) as inserted), written as (select id from up), ${MEMBERS} ${counts}`;
  return `with before as (
      select c.id, ${FIELDS} as fields from contacts c
       where c.company_id = $1 and c.email = any(array(select s.email from contact_import_stage s)::citext[])),
    up as (${insert} do update set ${updateFrom('excluded')} returning c.id, (xmax = 0) as inserted, c.import_id, ${FIELDS} as fields),
    written as (select id from up),
    ${MEMBERS},
    changed as (select u.id, u.import_id from up u left join before b on b.id = u.id where not u.inserted and (b.id is null or b.fields is distinct from u.fields)),
    events as (${updateEvents('$4', '$5')}),
    added as (select m.list_id, m.contact_id, u.import_id from members m join up u on u.id = m.contact_id),
    list_events as (${listEvents('$4', '$5')})
    ${counts}`;
}

let sequenceName: string | undefined;
async function contactIdSequence(db: PoolClient): Promise<string> {
  sequenceName ??= (await db.query<{ seq: string }>(`select pg_get_serial_sequence('contacts', 'id') as seq`)).rows[0]!
    .seq;
  return sequenceName;
}

interface Known {
  kind: 'email' | 'phone';
  key: string;
  id: number;
  owner: string | null;
}

/**
 * The fast path: one lookup of the batch's emails and phone numbers (an index probe each), ids taken from the
 * sequence, then COPY of the new contacts and their list memberships straight into their tables, and an UPDATE of
 * the existing ones. Answers the rows that failed on a phone number owned by another contact.
 */
async function writeDirect(
  db: PoolClient,
  job: BatchJob,
  staged: Staged[],
  listIds: number[],
  phoneColumn: string | null,
  errors: RowError[],
) {
  const { rows: known } = await db.query<Known>(
    `select 'email' as kind, e.email::text as key, e.id, null as owner from contacts e where e.company_id = $1 and e.email = any($2::citext[])
     union all
     select 'phone', c.phone_prefix || ':' || c.phone_number, c.id, c.email::text from contacts c
      where c.company_id = $1 and c.phone_prefix = any($3::text[]) and c.phone_number = any($4::text[])`,
    [
      job.company_id,
      staged.map((e) => e.contact.email),
      // Few distinct prefixes: the index is searched for each (prefix, number) pair of the two lists.
      [...new Set(staged.flatMap((e) => (e.contact.phone_number ? [e.contact.phone_prefix] : [])))],
      staged.flatMap((e) => (e.contact.phone_number ? [e.contact.phone_number] : [])),
    ],
  );
  const existing = new Map<string, number>();
  const phoneOwners = new Map<string, string | null>();
  for (const k of known) {
    if (k.kind === 'email') existing.set(asciiLower(k.key), k.id);
    else phoneOwners.set(k.key, k.owner === null ? null : asciiLower(k.owner));
  }
  const fresh: Staged[] = [];
  const existingRows: { entry: Staged; id: number }[] = [];
  let taken = 0;
  let lostDuplicates = 0;
  for (const entry of staged) {
    const { phone_prefix, phone_number, key } = entry.contact;
    if (phone_number) {
      const phone = `${phone_prefix}:${phone_number}`;
      if (phoneOwners.has(phone) && phoneOwners.get(phone) !== key) {
        errors.push({ row: entry.row, column: phoneColumn, reason: FIELD_TEXTS.phoneTaken });
        taken += 1 + entry.duplicates;
        lostDuplicates += entry.duplicates;
        continue;
      }
    }
    const id = existing.get(key);
    if (id === undefined) fresh.push(entry);
    else existingRows.push({ entry, id });
  }

  if (fresh.length) {
    const ids = await db.query<{ id: number }>(`select nextval($2::regclass) as id from generate_series(1, $1)`, [
      fresh.length,
      await contactIdSequence(db),
    ]);
    // The columns after the fields, the same for every row: blocked_at and import_id.
    const tail = `\t${copyField(job.blocklist ? new Date().toISOString() : null)}\t${job.id}\n`;
    let contacts = '';
    let members = '';
    fresh.forEach((entry, i) => {
      const id = ids.rows[i]!.id;
      // The fields were turned into COPY text while the previous batch was being written (see run.ts).
      contacts += `${id}\t${job.company_id}\t${entry.contact.fields ?? copyFields(entry.contact)}${tail}`;
      for (const listId of listIds) members += `${job.company_id}\t${listId}\t${id}\n`;
    });
    await copyThrough(db, 'contacts', `id, company_id, ${COLUMNS}`, contacts);
    await copyThrough(db, 'list_members', 'company_id, list_id, contact_id', members);
  }
  if (existingRows.length && job.update_existing) {
    const column = (pick: (c: ImportedContact) => string | null) =>
      existingRows.map(({ entry }) => pick(entry.contact));
    // The updated contacts and their timeline events in one statement: the rows it rewrites are the ones it changed.
    await db.query(
      `with changed as (
         update contacts c set ${updateFrom('u')}
           from unnest($2::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::jsonb[])
                as u(id, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes)
          where c.company_id = $1 and c.id = any($2::bigint[]) and c.id = u.id
            -- A row that changes nothing is not rewritten (a new row version would touch every index).
            and ${FIELDS}
                is distinct from (coalesce(u.first_name, c.first_name), coalesce(u.last_name, c.last_name), coalesce(u.phone_prefix, c.phone_prefix),
                                  coalesce(u.phone_number, c.phone_number), coalesce(u.country, c.country), coalesce(u.language, c.language),
                                  coalesce(u.address, c.address), c.attributes || u.attributes, c.blocked_at is null and not $3::boolean)
          returning c.id, c.import_id)
       ${updateEvents('$12', '$13')}`,
      [
        job.company_id,
        existingRows.map((k) => k.id),
        job.blocklist,
        column((c) => c.first_name),
        column((c) => c.last_name),
        column((c) => c.phone_prefix),
        column((c) => c.phone_number),
        column((c) => c.country),
        column((c) => c.language),
        column((c) => c.address),
        existingRows.map(({ entry }) => JSON.stringify(entry.contact.attributes)),
        job.id,
        job.user_id,
      ],
    );
    // Their memberships, and the list.added events of the ones this statement added.
    await db.query(
      `with members as (
         insert into list_members (company_id, list_id, contact_id) select $1, l, id from unnest($2::bigint[]) id cross join unnest($3::bigint[]) l
         on conflict do nothing returning list_id, contact_id),
       added as (select m.list_id, m.contact_id, c.import_id from members m join contacts c on c.company_id = $1 and c.id = m.contact_id)
       ${listEvents('$4', '$5')}`,
      [job.company_id, existingRows.map((k) => k.id), listIds, job.id, job.user_id],
    );
  }
  return {
    created: fresh.length,
    updated: job.update_existing ? existingRows.length : 0,
    existing: existingRows.length,
    taken,
    lostDuplicates,
  };
}

/** The staged path: COPY into a temporary table, drop phone conflicts, INSERT … ON CONFLICT. Safe against races. */
async function writeStaged(
  db: PoolClient,
  job: BatchJob,
  staged: Staged[],
  phoneColumn: string | null,
  errors: RowError[],
) {
  await db.query(
    `create temp table if not exists contact_import_stage (idx integer, email text, first_name text, last_name text, phone_prefix text,
       phone_number text, country text, language text, address text, attributes jsonb) on commit delete rows`,
  );
  await copyInto(db, 'contact_import_stage', staged.map((entry, index) => copyLine(index, entry.contact)).join(''));
  const taken = await db.query<{ idx: number }>(
    `delete from contact_import_stage s
      where s.phone_number is not null
        and coalesce((select c.email is distinct from s.email::citext from contacts c
                       where c.company_id = $1 and c.phone_prefix = s.phone_prefix and c.phone_number = s.phone_number limit 1), false)
      returning s.idx`,
    [job.company_id],
  );
  let lostDuplicates = 0;
  for (const { idx } of taken.rows) {
    const entry = staged[idx]!;
    errors.push({ row: entry.row, column: phoneColumn, reason: FIELD_TEXTS.phoneTaken });
    lostDuplicates += entry.duplicates;
  }
  const written = (
    await db.query<{ created: number; updated: number }>(
      safeWrite(job.update_existing),
      job.update_existing
        ? [job.company_id, job.list_ids, job.blocklist, job.id, job.user_id]
        : [job.company_id, job.list_ids, job.blocklist, job.id],
    )
  ).rows[0]!;
  const remaining = staged.length - taken.rows.length;
  return {
    created: written.created,
    updated: written.updated,
    existing: job.update_existing ? written.updated : remaining - written.created,
    taken: taken.rows.length + lostDuplicates,
    lostDuplicates,
  };
}

/**
 * Writes one batch in one transaction: the new contacts and their list memberships, the updates and memberships of
 * existing ones (or not) with their timeline events, the row errors and the resume cursor. All of it commits or none
 * of it does, so a crash resumes at the first uncommitted batch and never writes a row twice. A batch that races
 * another writer of the same emails (a unique violation) is written again through the staged INSERT … ON CONFLICT path.
 */
export async function writeBatch(
  db: PoolClient,
  job: BatchJob,
  rows: CheckedRow[],
  cursor: number,
): Promise<BatchOutcome> {
  const errors: RowError[] = [];
  const phoneIndex = job.mapping.findIndex((t) => t.target === 'phoneNumber');
  const phoneColumn = phoneIndex === -1 ? null : (job.headers[phoneIndex] ?? null);
  const byEmail = new Map<string, Staged>();
  let skipped = 0;
  let failed = 0;
  for (const checked of rows) {
    if ('errors' in checked) {
      errors.push(...checked.errors);
      failed += 1;
      continue;
    }
    const existing = byEmail.get(checked.contact.key);
    if (!existing) byEmail.set(checked.contact.key, { contact: checked.contact, row: checked.row, duplicates: 0 });
    else if (job.update_existing) {
      mergeRow(existing.contact, checked.contact);
      existing.duplicates += 1;
    } else skipped += 1;
  }
  // Two emails of this batch claiming the same phone number: the first keeps it.
  const phones = new Set<string>();
  const staged: Staged[] = [];
  for (const entry of byEmail.values()) {
    const { phone_prefix, phone_number } = entry.contact;
    if (phone_number) {
      const phone = `${phone_prefix}:${phone_number}`;
      if (phones.has(phone)) {
        errors.push({ row: entry.row, column: phoneColumn, reason: FIELD_TEXTS.phoneTaken });
        failed += 1 + entry.duplicates;
        continue;
      }
      phones.add(phone);
    }
    staged.push(entry);
  }

  // Every statement of a batch pairs a few thousand rows with tables that may hold millions, and the statistics of a
  // table that an import is filling lag far behind it: a plan chosen on them may scan the whole company's contacts
  // for every batch. So the statements reach contacts through index conditions on the batch's own values (ids,
  // emails, phone numbers), and the planner may not fall back to a sequential scan.
  await db.query('begin; set local enable_seqscan = off');
  try {
    // The company's contacts and the target lists, held against deletion until this batch commits: the memberships
    // and events it writes for existing contacts (found by an earlier statement) cannot outlive a deleted one.
    await lockContacts(db, job.company_id, 'shared');
    const listIds = await lockLists(db, job.company_id, job.list_ids);
    const batchErrors: RowError[] = [];
    let written: Awaited<ReturnType<typeof writeDirect>>;
    await db.query('savepoint write_contacts');
    try {
      written = await writeDirect(db, job, staged, listIds, phoneColumn, batchErrors);
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      await db.query('rollback to savepoint write_contacts');
      batchErrors.length = 0;
      written = await writeStaged(db, { ...job, list_ids: listIds }, staged, phoneColumn, batchErrors);
    }
    errors.push(...batchErrors);
    failed += written.taken;
    const merged = staged.reduce((n, e) => n + e.duplicates, 0) - written.lostDuplicates;
    const outcome: BatchOutcome = {
      created: written.created,
      // Existing contacts written, plus later rows of the file that updated a contact of an earlier row.
      updated: job.update_existing ? written.updated + merged : 0,
      // With updates off: rows whose contact already existed, and repeated emails.
      skipped: skipped + (job.update_existing ? 0 : written.existing),
      failed,
    };
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      await db.query(
        `insert into contact_import_errors (company_id, import_id, row_number, column_name, reason)
         select $1, $2, * from unnest($3::int[], $4::text[], $5::text[])`,
        [job.company_id, job.id, errors.map((e) => e.row), errors.map((e) => e.column), errors.map((e) => e.reason)],
      );
    }
    await db.query(
      `update contact_imports set rows_done = $3, created_count = created_count + $4, updated_count = updated_count + $5,
              skipped_count = skipped_count + $6, failed_count = failed_count + $7 where company_id = $1 and id = $2`,
      [job.company_id, job.id, cursor, outcome.created, outcome.updated, outcome.skipped, outcome.failed],
    );
    await db.query('commit');
    return outcome;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}
