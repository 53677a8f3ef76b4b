import { emitWebhookEvent } from '../../integrations/outbox.ts';
import type { WebhookEventType } from '../../../../shared/integrations.ts';
import type { PoolClient } from 'pg';
import type { ProviderEvent } from '../../../channels/adapter.ts';
import { SOFT_BOUNCES_TO_BLOCK, type Channel } from '../../../../shared/messaging.ts';
import type { Scope } from '../../scope.ts';

/**
 * The one place a delivery, a bounce, a complaint or a provider's unsubscribe is applied to a recipient, whatever
 * brought it: the inbound SMTP listener (DSNs, ARF reports) or a provider's webhook. In one transaction of the
 * recipient's company: a `message_events` row, the recipient's state and times, the address's soft-bounce count and
 * blocklisting, and the contact's timeline; then the timeline is announced over realtime.
 */
export type AppliedEvent = Pick<ProviderEvent, 'type' | 'hard' | 'detail' | 'at'> & {
  messageId: number;
  recipientId: number;
  /** Where it came from: smtp, sendgrid, mailgun. */
  source: string;
  /** The provider's id of the event: a redelivered webhook is applied once. */
  eventId?: string;
};

export type ApplyResult = 'applied' | 'duplicate' | 'unknown' | 'ignored';
export type BlockReason = 'hard_bounce' | 'complaint' | 'soft_bounces' | 'unsubscribed';

/** The event types this function applies; opens and clicks come from our own tracking links, not from providers. */
const APPLIED = new Set<ProviderEvent['type']>(['delivered', 'deferred', 'bounced', 'complained', 'unsubscribed']);

interface RecipientRow {
  id: number;
  contactId: number | null;
  address: string;
  channel: Channel;
}

async function recordEvent(
  db: PoolClient,
  scope: Scope,
  r: RecipientRow,
  messageId: number,
  type: string,
  detail: Record<string, unknown>,
  at: Date,
) {
  await db.query(
    `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, detail, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [scope.companyId, messageId, r.id, r.contactId, r.channel, type, detail, at],
  );
  if (r.contactId !== null) {
    await db.query(
      `insert into contact_events (company_id, contact_id, type, payload, created_at) values ($1, $2, $3, $4, $5)`,
      [scope.companyId, r.contactId, `message.${type}`, { messageId, channel: r.channel, ...detail }, at],
    );
  }
  // Delivery outcomes a receiver can subscribe to are webhook events too, in the same transaction.
  const webhookType = INBOUND_WEBHOOK_TYPES[type];
  if (webhookType) {
    await emitWebhookEvent(db, scope.companyId, webhookType, {
      messageId,
      recipientId: r.id,
      contactId: r.contactId,
      channel: r.channel,
      at: at.toISOString(),
      ...detail,
    });
  }
}

/** The message events recorded here that are webhook event types. */
const INBOUND_WEBHOOK_TYPES: Partial<Record<string, WebhookEventType>> = {
  delivered: 'message.delivered',
  bounced: 'message.bounced',
  complained: 'message.complained',
  unsubscribed: 'message.unsubscribed',
};

/** Blocklists the recipient's address for its channel (once) and records it; true when it was not blocked yet. */
async function block(
  db: PoolClient,
  scope: Scope,
  r: RecipientRow,
  messageId: number,
  reason: BlockReason,
  at: Date,
  softBounces = 0,
) {
  const { rowCount } = await db.query(
    `insert into channel_blocklist (company_id, channel, address, reason, soft_bounces, message_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [scope.companyId, r.channel, r.address, reason, softBounces, messageId, at],
  );
  if (rowCount) await recordEvent(db, scope, r, messageId, 'blocklisted', { reason }, at);
  return Boolean(rowCount);
}

export async function applyDeliveryEvent(scope: Scope, event: AppliedEvent): Promise<ApplyResult> {
  if (!APPLIED.has(event.type)) return 'ignored';
  const result = await scope.db.transaction(async (db): Promise<ApplyResult | RecipientRow> => {
    const { rows } = await db.query<RecipientRow>(
      `select r.id::int, r.contact_id::int as "contactId", r.address, m.channel
         from message_recipients r join messages m on m.company_id = r.company_id and m.id = r.message_id
        where r.company_id = $1 and r.message_id = $2 and r.id = $3 for update of r`,
      [scope.companyId, event.messageId, event.recipientId],
    );
    const r = rows[0];
    if (!r) return 'unknown';
    // Looked up first: an event naming no recipient (a company or message deleted since) leaves no trace.
    if (event.eventId) {
      const seen = await db.query(
        `insert into provider_events_seen (company_id, provider, event_id) values ($1, $2, $3) on conflict do nothing`,
        [scope.companyId, event.source, event.eventId],
      );
      if (!seen.rowCount) return 'duplicate';
    }
    const detail = { ...event.detail, source: event.source };
    const at = event.at;
    const args: unknown[] = [scope.companyId, event.messageId, r.id, at];
    switch (event.type) {
      case 'delivered':
        await db.query(
          `update message_recipients set state = 'delivered'
            where company_id = $1 and message_id = $2 and id = $3 and state in ('pending', 'deferred', 'sent')`,
          args.slice(0, 3),
        );
        // A delivery ends a run of soft bounces.
        await db.query(`delete from channel_soft_bounces where company_id = $1 and channel = $2 and address = $3`, [
          scope.companyId,
          r.channel,
          r.address,
        ]);
        await recordEvent(db, scope, r, event.messageId, 'delivered', detail, at);
        break;
      case 'deferred':
        await recordEvent(db, scope, r, event.messageId, 'deferred', detail, at);
        break;
      case 'bounced': {
        const hard = event.hard === true;
        await db.query(
          `update message_recipients set bounced_at = coalesce(bounced_at, $4),
                  state = case when $5 then 'not_delivered' else state end
            where company_id = $1 and message_id = $2 and id = $3`,
          [...args, hard],
        );
        await recordEvent(db, scope, r, event.messageId, 'bounced', { ...detail, hard }, at);
        if (hard) {
          await block(db, scope, r, event.messageId, 'hard_bounce', at);
        } else {
          const count = await db.query<{ count: number }>(
            `insert into channel_soft_bounces (company_id, channel, address, count, message_id, updated_at)
             values ($1, $2, $3, 1, $4, $5)
             on conflict (company_id, channel, address)
             do update set count = channel_soft_bounces.count + 1, message_id = $4, updated_at = $5
             returning count`,
            [scope.companyId, r.channel, r.address, event.messageId, at],
          );
          const inARow = count.rows[0]!.count;
          if (inARow >= SOFT_BOUNCES_TO_BLOCK) {
            await block(db, scope, r, event.messageId, 'soft_bounces', at, inARow);
          }
        }
        break;
      }
      case 'complained':
        await db.query(
          `update message_recipients set complained_at = coalesce(complained_at, $4)
            where company_id = $1 and message_id = $2 and id = $3`,
          args,
        );
        await recordEvent(db, scope, r, event.messageId, 'complained', detail, at);
        await block(db, scope, r, event.messageId, 'complaint', at);
        break;
      case 'unsubscribed':
        await db.query(
          `update message_recipients set unsubscribed_at = coalesce(unsubscribed_at, $4)
            where company_id = $1 and message_id = $2 and id = $3`,
          args,
        );
        await recordEvent(db, scope, r, event.messageId, 'unsubscribed', detail, at);
        await block(db, scope, r, event.messageId, 'unsubscribed', at);
        break;
    }
    return r;
  });
  if (typeof result === 'string') return result;
  if (result.contactId !== null) announceTimeline(scope, result.contactId);
  return 'applied';
}

/** Tells the company's open pages that a contact's timeline has something new (the contact page reloads it). */
export function announceTimeline(scope: Scope, contactId: number) {
  scope.realtime.toCompany(scope.companyId, 'contact.timeline', { contactId });
}
