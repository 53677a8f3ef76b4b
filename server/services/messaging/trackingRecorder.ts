import { emitWebhookEvents } from '../integrations/outbox.ts';
import type { AppContext } from '../../context.ts';
import type { PoolClient } from '../../db/pool.ts';
import { forTenant } from '../scope.ts';
import { countsAsEngagement, isMachineClick, isMachineOpen, isWithinTrackingWindow } from '../../../shared/tracking.ts';
import { key, scannerBursts, unmarkBursts, type TrackingHit } from './trackingBursts.ts';
import type { Channel, MessageStatus } from '../../../shared/messaging.ts';
export type { TrackingHit };

/** How often `message.updated` goes out per message while opens and clicks arrive. */
export const MESSAGE_UPDATE_THROTTLE_MS = 1_000;

interface RecipientRow {
  id: string;
  message_id: string;
  contact_id: string | null;
  channel: Channel;
  sent_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
}

interface EventRow {
  messageId: number;
  recipientId: number;
  contactId: number | null;
  channel: Channel;
  type: 'opened' | 'clicked';
  machine: boolean;
  linkIdx: number | null;
  detail: Record<string, unknown>;
  at: Date;
}

/** The most hits one write takes; more wait for the next write, which starts as soon as this one commits. */
const MAX_BATCH = 5_000;
/** Hits kept while the database is slower than the endpoints; past this, new hits are dropped (and logged). */
const MAX_BUFFERED = 200_000;

/**
 * Records opens and clicks in batches: the endpoints push a hit and answer at once; one writer at a time takes what
 * is buffered (up to MAX_BATCH) every `flushMs`, or at once when `maxRows` are waiting or a write just ended with more
 * behind it, so batches grow with the load instead of writes queueing up. Each write is one transaction per company
 * (bound to it, under row-level security). A write classifies each hit (shared/tracking.ts: machine or human, inside
 * the tracking window or late), inserts the message events in one statement, sets opened_at / clicked_at when first
 * counted, writes the contact's timeline rows, then emits `contact.timeline` per contact and a throttled
 * `message.updated` per message. Closing writes everything still buffered.
 */
export class TrackingRecorder {
  readonly #ctx: AppContext;
  readonly #flushMs: number;
  readonly #maxRows: number;
  #buffer: TrackingHit[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  #dropped = 0;
  readonly #updates = new Map<string, { timer?: NodeJS.Timeout; last: number }>();

  constructor(ctx: AppContext, options: { flushMs?: number; maxRows?: number } = {}) {
    this.#ctx = ctx;
    this.#flushMs = options.flushMs ?? 100;
    this.#maxRows = options.maxRows ?? 500;
  }

  record(hit: TrackingHit): void {
    if (this.#buffer.length >= MAX_BUFFERED) {
      if (this.#dropped++ % 10_000 === 0) this.#ctx.log.error({ dropped: this.#dropped }, 'tracking buffer full');
      return;
    }
    this.#buffer.push(hit);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#writing || !this.#buffer.length) return;
    if (this.#buffer.length >= this.#maxRows) void this.#drain();
    else this.#timer ??= setTimeout(() => void this.#drain(), this.#flushMs);
  }

  /** Writes batches until the buffer is empty. Never rejects (a failed batch is logged in #write). */
  #drain(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#writing && this.#buffer.length) this.#writing = this.#loop();
    return this.#writing ?? Promise.resolve();
  }

  async #loop(): Promise<void> {
    // Yield first, so #writing is set before this loop can clear it.
    await Promise.resolve();
    try {
      while (this.#buffer.length) await this.#write(this.#buffer.splice(0, MAX_BATCH));
    } finally {
      this.#writing = undefined;
    }
  }

  /** Writes what is buffered now; resolves when it is committed. */
  async flush(): Promise<void> {
    while (this.#writing || this.#buffer.length) await (this.#writing ?? this.#drain());
  }

  /** Flushes on shutdown and sends the pending message updates. */
  async close(): Promise<void> {
    await this.flush();
    const pending = [...this.#updates.entries()].filter(([, u]) => u.timer);
    for (const [, u] of pending) clearTimeout(u.timer);
    this.#updates.clear();
    await Promise.all(
      pending.map(([k]) => {
        const [companyId, messageId] = k.split('/');
        return this.#emitMessage(companyId!, Number(messageId));
      }),
    );
  }

  /** Emits `message.updated` for a message at most once per MESSAGE_UPDATE_THROTTLE_MS (the last change always). */
  messageChanged(companyId: string, messageId: number): void {
    const k = `${companyId}/${messageId}`;
    const entry = this.#updates.get(k) ?? { last: 0 };
    this.#updates.set(k, entry);
    if (entry.timer) return;
    const wait = Math.max(0, entry.last + MESSAGE_UPDATE_THROTTLE_MS - Date.now());
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.last = Date.now();
      void this.#emitMessage(companyId, messageId);
    }, wait);
  }

  async #emitMessage(companyId: string, messageId: number): Promise<void> {
    try {
      const { rows } = await forTenant(this.#ctx, { companyId, userId: null }).db.query<{
        channel: Channel;
        status: MessageStatus;
        opened: number;
        clicked: number;
        unsubscribed: number;
      }>(
        `select m.channel, m.status, count(r.opened_at)::int as opened, count(r.clicked_at)::int as clicked,
                count(r.unsubscribed_at)::int as unsubscribed
           from messages m left join message_recipients r on r.company_id = m.company_id and r.message_id = m.id
          where m.company_id = $1 and m.id = $2 group by m.channel, m.status`,
        [companyId, messageId],
      );
      const row = rows[0];
      if (!row) return;
      const { channel, status, ...counts } = row;
      this.#ctx.realtime.toCompany(companyId, 'message.updated', { messageId, channel, status, counts });
    } catch (error) {
      this.#ctx.log.error({ err: error, messageId }, 'message update not emitted');
    }
  }

  async #write(hits: TrackingHit[]): Promise<void> {
    const byCompany = new Map<string, TrackingHit[]>();
    for (const hit of hits) {
      const list = byCompany.get(hit.companyId);
      if (list) list.push(hit);
      else byCompany.set(hit.companyId, [hit]);
    }
    for (const [companyId, companyHits] of byCompany) {
      try {
        const scope = forTenant(this.#ctx, { companyId, userId: null });
        const touched = await scope.db.transaction((db) => writeCompany(db, companyId, companyHits));
        for (const contactId of touched.contacts) {
          this.#ctx.realtime.toCompany(companyId, 'contact.timeline', { contactId });
        }
        for (const messageId of touched.messages) this.messageChanged(companyId, messageId);
      } catch (error) {
        // The hits are lost, not retried: a pixel or link answered long ago cannot be asked again, and a retry loop
        // against a failing database would only grow the buffer.
        this.#ctx.log.error({ err: error, hits: companyHits.length }, 'opens and clicks not recorded');
      }
    }
  }
}

/** Writes one company's hits in the transaction `db`; returns the contacts and messages whose figures changed. */
async function writeCompany(db: PoolClient, companyId: string, hits: TrackingHit[]) {
  const pairs = [...new Map(hits.map((h) => [key(h.messageId, h.recipientId), h])).values()];
  const { rows: recipients } = await db.query<RecipientRow>(
    `select r.id, r.message_id, r.contact_id, m.channel, r.sent_at, r.opened_at, r.clicked_at
       from message_recipients r
       join unnest($2::bigint[], $3::bigint[]) as v(message_id, id) on v.message_id = r.message_id and v.id = r.id
       join messages m on m.company_id = r.company_id and m.id = r.message_id
      where r.company_id = $1`,
    [companyId, pairs.map((p) => p.messageId), pairs.map((p) => p.recipientId)],
  );
  const byKey = new Map(recipients.map((r) => [key(Number(r.message_id), Number(r.id)), r]));
  const known = hits.filter((h) => byKey.has(key(h.messageId, h.recipientId)));
  if (!known.length) return { contacts: new Set<number>(), messages: new Set<number>() };

  const bursts = await scannerBursts(db, companyId, known);
  const events: EventRow[] = [];
  const opened = new Map<string, Date>();
  const clicked = new Map<string, Date>();
  const timeline: { contactId: number; type: string; messageId: number; linkIdx: number | null; at: Date }[] = [];
  // Engagement a webhook receiver hears of: each counted first open and each counted click.
  const hooks: (Omit<EventRow, 'machine' | 'detail' | 'type'> & { type: 'message.opened' | 'message.clicked' })[] = [];
  for (const hit of known) {
    const k = key(hit.messageId, hit.recipientId);
    const r = byKey.get(k)!;
    const fetch = { userAgent: hit.userAgent, ip: hit.ip };
    const machine =
      hit.kind === 'open' ? isMachineOpen(fetch) : isMachineClick(fetch, r.sent_at, hit.at) || bursts.has(k);
    const late = !isWithinTrackingWindow(r.sent_at, hit.at);
    const counted = countsAsEngagement({ machine, sentAt: r.sent_at, at: hit.at });
    const base = {
      messageId: hit.messageId,
      recipientId: hit.recipientId,
      contactId: r.contact_id === null ? null : Number(r.contact_id),
      channel: r.channel,
      machine,
      at: hit.at,
    };
    const detail = {
      ...(late ? { late: true } : {}),
      ...(hit.userAgent ? { userAgent: hit.userAgent.slice(0, 300) } : {}),
    };
    const firstOpen = counted && !r.opened_at && !opened.has(k);
    if (hit.kind === 'click') {
      events.push({ ...base, type: 'clicked', linkIdx: hit.linkIdx, detail });
      // A person who clicks has opened the message, even when the pixel was blocked.
      if (firstOpen) events.push({ ...base, type: 'opened', linkIdx: null, detail: { ...detail, fromClick: true } });
    } else {
      events.push({ ...base, type: 'opened', linkIdx: null, detail });
    }
    if (!counted) continue;
    if (firstOpen) {
      opened.set(k, hit.at);
      hooks.push({ ...base, type: 'message.opened', linkIdx: null });
      if (base.contactId !== null)
        timeline.push({ ...base, contactId: base.contactId, type: 'message.opened', linkIdx: null });
    }
    if (hit.kind === 'click') {
      if (!r.clicked_at && !clicked.has(k)) clicked.set(k, hit.at);
      hooks.push({ ...base, type: 'message.clicked', linkIdx: hit.linkIdx });
      if (base.contactId !== null) {
        timeline.push({ ...base, contactId: base.contactId, type: 'message.clicked', linkIdx: hit.linkIdx });
      }
    }
  }

  await db.query(
    `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, machine, link_idx,
                                 detail, created_at)
     select $1, * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::boolean[],
                              $8::int[], $9::jsonb[], $10::timestamptz[])`,
    [
      companyId,
      events.map((e) => e.messageId),
      events.map((e) => e.recipientId),
      events.map((e) => e.contactId),
      events.map((e) => e.channel),
      events.map((e) => e.type),
      events.map((e) => e.machine),
      events.map((e) => e.linkIdx),
      events.map((e) => JSON.stringify(e.detail)),
      events.map((e) => e.at),
    ],
  );
  const firsts = [...new Set([...opened.keys(), ...clicked.keys()])];
  if (firsts.length) {
    await db.query(
      `update message_recipients r
          set opened_at = coalesce(r.opened_at, v.opened_at), clicked_at = coalesce(r.clicked_at, v.clicked_at)
         from unnest($2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
              as v(message_id, id, opened_at, clicked_at)
        where r.company_id = $1 and r.message_id = v.message_id and r.id = v.id`,
      [
        companyId,
        firsts.map((k) => Number(k.split(':')[0])),
        firsts.map((k) => Number(k.split(':')[1])),
        firsts.map((k) => opened.get(k) ?? null),
        firsts.map((k) => clicked.get(k) ?? null),
      ],
    );
  }
  if (bursts.size) await unmarkBursts(db, companyId, bursts);
  if (timeline.length) {
    await db.query(
      `insert into contact_events (company_id, contact_id, type, payload, created_at)
       select $1, v.contact_id, v.type,
              jsonb_strip_nulls(jsonb_build_object('messageId', v.message_id, 'linkIdx', v.link_idx)),
              v.at
         from unnest($2::bigint[], $3::text[], $4::bigint[], $5::int[], $6::timestamptz[])
              as v(contact_id, type, message_id, link_idx, at)`,
      [
        companyId,
        timeline.map((t) => t.contactId),
        timeline.map((t) => t.type),
        timeline.map((t) => t.messageId),
        timeline.map((t) => t.linkIdx),
        timeline.map((t) => t.at),
      ],
    );
  }
  await emitEngagementHooks(db, companyId, hooks);
  return {
    contacts: new Set(timeline.map((t) => t.contactId)),
    messages: new Set([...opened.keys(), ...clicked.keys(), ...bursts.keys()].map((k) => Number(k.split(':')[0]))),
  };
}

/**
 * The `message.opened` and `message.clicked` webhook events of one write, in its transaction (the outbox's guarantee:
 * an event commits with the engagement it reports). Clicks carry their link's address.
 */
async function emitEngagementHooks(
  db: PoolClient,
  companyId: string,
  hooks: (Omit<EventRow, 'machine' | 'detail' | 'type'> & { type: 'message.opened' | 'message.clicked' })[],
) {
  const payload = (h: (typeof hooks)[number], url?: string) => ({
    messageId: h.messageId,
    recipientId: h.recipientId,
    contactId: h.contactId,
    channel: h.channel,
    at: h.at.toISOString(),
    ...(url === undefined ? {} : { url }),
  });
  const opens = hooks.filter((h) => h.type === 'message.opened');
  await emitWebhookEvents(
    db,
    companyId,
    'message.opened',
    opens.map((h) => payload(h)),
  );
  const clicks = hooks.filter((h) => h.type === 'message.clicked');
  if (!clicks.length) return;
  const { rows } = await db.query<{ message_id: string; idx: number; url: string }>(
    `select l.message_id, l.idx, l.url from message_links l
       join unnest($2::bigint[], $3::int[]) as v(message_id, idx) on l.message_id = v.message_id and l.idx = v.idx
      where l.company_id = $1`,
    [companyId, clicks.map((h) => h.messageId), clicks.map((h) => h.linkIdx)],
  );
  const urls = new Map(rows.map((r) => [`${r.message_id}:${r.idx}`, r.url]));
  await emitWebhookEvents(
    db,
    companyId,
    'message.clicked',
    clicks.map((h) => payload(h, urls.get(`${h.messageId}:${h.linkIdx}`) ?? '')),
  );
}
