import type { Scope } from '../scope.ts';
import { iso } from '../contacts/sql.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Channel } from '../../../shared/messaging.ts';

type MessageOptions = components['schemas']['MessageOptions'];

/** How many lists the wizard offers at once (by name); a company with more finds them by typing in the picker. */
const LISTS_OFFERED = 1000;

/**
 * What the wizard offers to pick from, in one round trip: the channel's verified senders (only they can send), its
 * templates with their thumbnails (newest first), and the company's lists and segments by name.
 */
export async function messageOptions(scope: Scope, channel: Channel): Promise<MessageOptions> {
  const { db, companyId } = scope;
  const [senders, templates, lists, segments] = await Promise.all([
    db.query<MessageOptions['senders'][number]>(
      `select id::int, name, address::text from senders
        where company_id = $1 and channel = $2 and verified_at is not null order by lower(name), id`,
      [companyId, channel],
    ),
    db.query<MessageOptions['templates'][number]>(
      `select id::int, name, thumbnail, ${iso('updated_at')} as "updatedAt" from templates
        where company_id = $1 and channel = $2 order by updated_at desc, id desc`,
      [companyId, channel],
    ),
    db.query<MessageOptions['lists'][number]>(
      `select id::int, name, member_count::int as "memberCount" from lists
        where company_id = $1 order by lower(name), id limit ${LISTS_OFFERED}`,
      [companyId],
    ),
    db.query<MessageOptions['segments'][number]>(
      'select id::int, name from segments where company_id = $1 order by lower(name), id',
      [companyId],
    ),
  ]);
  return { senders: senders.rows, templates: templates.rows, lists: lists.rows, segments: segments.rows };
}
