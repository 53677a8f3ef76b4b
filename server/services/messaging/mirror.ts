import type { Scope } from '../scope.ts';
import { contactScope, emptyContactForMerge, renderMerge, type ContactForMerge } from './liquid.ts';
import { signTracking, TRACKING_PATHS } from './tokens.ts';

/**
 * The web version of a message ("mirror"): its HTML as the recipient got it, merge tags filled with the contact's
 * fields, `unsubscribe_url` and `mirror_url` signed for that recipient. Links are left as designed, not tracked: a
 * reader of the web version is not counted again. recipientId 0 renders the campaign with empty contact fields.
 * Null when the message, its content or the recipient does not exist.
 */
export async function renderMirror(scope: Scope, messageId: number, recipientId: number): Promise<string | null> {
  const { rows } = await scope.db.query<{ html: string | null; name: string; subject: string | null }>(
    'select html, name, subject from messages where company_id = $1 and id = $2',
    [scope.companyId, messageId],
  );
  const message = rows[0];
  if (!message?.html) return null;
  let contact: ContactForMerge | null = null;
  if (recipientId !== 0) {
    const found = await scope.db.query<ContactForMerge & { recipient: string }>(
      `select r.id as recipient, c.email, c.first_name, c.last_name, c.phone_prefix, c.phone_number, c.country,
              c.language, c.address, coalesce(c.attributes, '{}') as attributes
         from message_recipients r left join contacts c on c.company_id = r.company_id and c.id = r.contact_id
        where r.company_id = $1 and r.message_id = $2 and r.id = $3`,
      [scope.companyId, messageId, recipientId],
    );
    if (!found.rows[0]) return null;
    contact = found.rows[0];
  }
  const names = contact ? await attributeNames(scope) : new Map<string, string>();
  const empty = emptyContactForMerge();
  const sign = (kind: 'unsubscribe' | 'mirror') =>
    scope.config.publicUrl +
    TRACKING_PATHS[kind](
      signTracking(scope.config.secret, { kind, companyId: scope.companyId, messageId, recipientId, linkIdx: 0 }),
    );
  return renderMerge(message.html, {
    contact: contactScope(contact ?? empty, names),
    unsubscribe_url: sign('unsubscribe'),
    mirror_url: sign('mirror'),
    message: { name: message.name, subject: message.subject ?? '' },
  });
}

async function attributeNames(scope: Scope): Promise<Map<string, string>> {
  const { rows } = await scope.db.query<{ id: string; name: string }>(
    'select id::text, name from contact_attributes where company_id = $1',
    [scope.companyId],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
