import type { Queryable } from '../../db/tenant.ts';

/**
 * Whether a channel_blocklist row (alias `b`) holds an address of a contact (alias `c`): its email for email, its
 * phone number (with or without the leading +) for SMS and WhatsApp.
 */
export const blocksContact = (b: string, c: string) =>
  `((${b}.channel = 'email' and ${b}.address = ${c}.email)
    or (${b}.channel in ('sms', 'whatsapp') and ${c}.phone_number is not null
        and ${b}.address in ('+' || ${c}.phone_prefix || ${c}.phone_number, ${c}.phone_prefix || ${c}.phone_number)))`;

/**
 * Unblocking reactivates future messages (spec section 4): the contacts' addresses leave every channel's blocklist,
 * whatever put them there (bounces, complaints, an unsubscribe, a manual block). Runs in the caller's transaction.
 */
export async function releaseContactAddresses(db: Queryable, companyId: string, contactIds: number[]): Promise<number> {
  const { rowCount } = await db.query(
    `delete from channel_blocklist b using contacts c
      where b.company_id = $1 and c.company_id = $1 and c.id = any($2::bigint[]) and ${blocksContact('b', 'c')}`,
    [companyId, contactIds],
  );
  return rowCount ?? 0;
}
