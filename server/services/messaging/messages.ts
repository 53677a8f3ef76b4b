import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { isTimeZone, isValidPattern } from '../../jobs/schedule.ts';
import { iso, type Db } from '../contacts/sql.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import {
  COPY_SUFFIX,
  DEFAULT_MESSAGE_NAME,
  MESSAGE_FIELD_TEXTS,
  MESSAGE_NAME_MAX_LENGTH,
} from '../../../shared/messageDrafts.ts';
import { audienceQuery } from './audience.ts';
import { getTemplateContent } from './templates.ts';

export type Message = components['schemas']['Message'];
export type MessageInput = components['schemas']['MessageInput'];
type Schedule = components['schemas']['MessageSchedule'];

const COLUMNS = `id, channel, name, status, subject, preview_text as "previewText", from_name as "fromName",
  sender_id as "senderId", reply_to::text as "replyTo", type, category, template_id as "templateId", design, source,
  html, text_body as text, embed_images as "embedImages", mirror_link as "mirrorLink",
  include_lists as "includeLists", include_segments as "includeSegments", exclude_lists as "excludeLists",
  exclude_segments as "excludeSegments", schedule, ${iso('scheduled_at')} as "scheduledAt",
  ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"`;

/** Contract field → column, for the fields a partial update writes as they come. */
const FIELD_COLUMNS = {
  name: 'name',
  subject: 'subject',
  previewText: 'preview_text',
  fromName: 'from_name',
  senderId: 'sender_id',
  replyTo: 'reply_to',
  type: 'type',
  category: 'category',
  templateId: 'template_id',
  design: 'design',
  source: 'source',
  html: 'html',
  text: 'text_body',
  embedImages: 'embed_images',
  mirrorLink: 'mirror_link',
  includeLists: 'include_lists',
  includeSegments: 'include_segments',
  excludeLists: 'exclude_lists',
  excludeSegments: 'exclude_segments',
  schedule: 'schedule',
} as const satisfies Record<keyof MessageInput, string>;

/** Bigint columns come back as numbers (ids fit in 2^53, as the contract's Id says). */
function toMessage(row: Message): Message {
  const num = (values: unknown[]) => values.map(Number);
  return {
    ...row,
    id: Number(row.id),
    senderId: row.senderId === null ? null : Number(row.senderId),
    templateId: row.templateId === null ? null : Number(row.templateId),
    includeLists: num(row.includeLists),
    includeSegments: num(row.includeSegments),
    excludeLists: num(row.excludeLists),
    excludeSegments: num(row.excludeSegments),
  };
}

/** A local date and time (YYYY-MM-DDTHH:mm) that exists on the calendar. */
function isLocalDateTime(value: string): boolean {
  const date = new Date(`${value}:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === value;
}

function checkSchedule(schedule: Schedule, errors: FieldErrors) {
  if (schedule.mode === 'now') return;
  if (!isTimeZone(schedule.timeZone)) errors['schedule.timeZone'] = [FIELD_TEXTS.timeZoneInvalid];
  if (schedule.mode === 'at' && !isLocalDateTime(schedule.at))
    errors['schedule.at'] = [MESSAGE_FIELD_TEXTS.dateInvalid];
  if (schedule.mode === 'repeat' && !isValidPattern(schedule.pattern)) {
    errors['schedule.pattern'] = [MESSAGE_FIELD_TEXTS.patternInvalid];
  }
}

async function exists(db: Db, sql: string, params: unknown[]) {
  return (await db.query(sql, params)).rows.length > 0;
}

/**
 * What the contract cannot check: names not blank, the sender and template of the company on the same channel,
 * lists and segments that exist (through the audience query, which names the field), a real time zone and date, a
 * valid cron pattern. All problems are answered together in one 422.
 */
async function checkInput(scope: Scope, channel: Channel, input: MessageInput): Promise<void> {
  const errors: FieldErrors = {};
  if (input.name !== undefined && !input.name.trim()) errors.name = [FIELD_TEXTS.nameRequired];
  const { db, companyId } = scope;
  if (input.senderId != null) {
    const sql = 'select 1 from senders where company_id = $1 and id = $2 and channel = $3';
    if (!(await exists(db, sql, [companyId, input.senderId, channel]))) {
      errors.senderId = [MESSAGE_FIELD_TEXTS.senderMissing];
    }
  }
  if (input.templateId != null) {
    const sql = 'select 1 from templates where company_id = $1 and id = $2 and channel = $3';
    if (!(await exists(db, sql, [companyId, input.templateId, channel]))) {
      errors.templateId = [MESSAGE_FIELD_TEXTS.templateMissing];
    }
  }
  if (input.schedule) checkSchedule(input.schedule, errors);
  try {
    await audienceQuery(db, companyId, channel, input);
  } catch (error) {
    const fieldErrors = (error as { errors?: FieldErrors }).errors;
    if (!fieldErrors) throw error;
    Object.assign(errors, fieldErrors);
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/**
 * The columns to write for an input: every field sent, as sent (JSON columns as JSON text). Choosing a template copies
 * its content unless the same input carries content of its own; its subject only fills an empty one ('ifEmpty'), so a
 * subject written at step-0 survives choosing a template at step-2.
 */
async function assignments(scope: Scope, input: MessageInput): Promise<Array<[string, unknown, 'ifEmpty'?]>> {
  const values: Array<[string, unknown, 'ifEmpty'?]> = [];
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as Array<[keyof MessageInput, string]>) {
    const value = input[field];
    if (value === undefined) continue;
    const text = field === 'name' && typeof value === 'string' ? value.trim() : value;
    values.push([column, field === 'design' || field === 'schedule' ? JSON.stringify(text) : text]);
  }
  const carriesContent = ['design', 'source', 'html', 'text'].some((f) => input[f as keyof MessageInput] !== undefined);
  if (input.templateId != null && !carriesContent) {
    const content = await getTemplateContent(scope, input.templateId);
    values.push(
      ['design', JSON.stringify(content.design)],
      ['source', content.source],
      ['html', content.html],
      ['text_body', content.text],
    );
    if (input.subject === undefined && content.subject) values.push(['subject', content.subject, 'ifEmpty']);
  }
  return values;
}

export async function getMessage(scope: Scope, channel: Channel, id: number): Promise<Message> {
  const { rows } = await scope.db.query<Message>(
    `select ${COLUMNS} from messages where company_id = $1 and channel = $2 and id = $3`,
    [scope.companyId, channel, id],
  );
  if (!rows[0]) throw notFound();
  return toMessage(rows[0]);
}

export async function createMessage(scope: Scope, channel: Channel, input: MessageInput): Promise<Message> {
  await checkInput(scope, channel, input);
  const values = await assignments(scope, { name: DEFAULT_MESSAGE_NAME, ...input });
  const params: unknown[] = [scope.companyId, channel, scope.userId];
  const columns = values.map(([column, value]) => {
    params.push(value);
    return column;
  });
  const { rows } = await scope.db.query<Message>(
    `insert into messages (company_id, channel, created_by, ${columns.join(', ')})
     values ($1, $2, $3, ${columns.map((_, i) => `$${i + 4}`).join(', ')})
     returning ${COLUMNS}`,
    params,
  );
  return toMessage(rows[0]!);
}

/** Refuses a message that exists but is no longer a draft (409); a missing one is 404. */
async function requireDraft(scope: Scope, channel: Channel, id: number): Promise<never> {
  const message = await getMessage(scope, channel, id);
  throw conflict('not_draft', `${MESSAGE_FIELD_TEXTS.notDraft} (this message is ${message.status})`);
}

/** The wizard's autosave: only the fields sent change, and only while the message is a draft. */
export async function updateMessage(scope: Scope, channel: Channel, id: number, input: MessageInput): Promise<Message> {
  await checkInput(scope, channel, input);
  const values = await assignments(scope, input);
  const params: unknown[] = [scope.companyId, channel, id];
  const sets = values.map(([column, value, ifEmpty]) => {
    params.push(value);
    return ifEmpty ? `${column} = coalesce(nullif(${column}, ''), $${params.length})` : `${column} = $${params.length}`;
  });
  const { rows } = await scope.db.query<Message>(
    `update messages set ${[...sets, 'updated_at = now()'].join(', ')}
      where company_id = $1 and channel = $2 and id = $3 and status = 'draft'
      returning ${COLUMNS}`,
    params,
  );
  if (!rows[0]) return requireDraft(scope, channel, id);
  return toMessage(rows[0]);
}

export async function deleteMessage(scope: Scope, channel: Channel, id: number): Promise<void> {
  const { rowCount } = await scope.db.query(
    `delete from messages where company_id = $1 and channel = $2 and id = $3 and status = 'draft'`,
    [scope.companyId, channel, id],
  );
  if (!rowCount) await requireDraft(scope, channel, id);
}

/** A new draft with every field and the content of a message of any status; the schedule goes back to "now". */
export async function duplicateMessage(scope: Scope, channel: Channel, id: number): Promise<Message> {
  const source = await getMessage(scope, channel, id);
  const name = source.name.slice(0, MESSAGE_NAME_MAX_LENGTH - COPY_SUFFIX.length) + COPY_SUFFIX;
  const copied = Object.keys(FIELD_COLUMNS).filter((f) => f !== 'name' && f !== 'schedule');
  const columns = copied.map((f) => FIELD_COLUMNS[f as keyof MessageInput]);
  const { rows } = await scope.db.query<Message>(
    `insert into messages (company_id, channel, created_by, name, ${columns.join(', ')})
     select company_id, channel, $4, $5, ${columns.join(', ')}
       from messages where company_id = $1 and channel = $2 and id = $3
     returning ${COLUMNS}`,
    [scope.companyId, channel, id, scope.userId, name],
  );
  if (!rows[0]) throw notFound();
  return toMessage(rows[0]);
}
