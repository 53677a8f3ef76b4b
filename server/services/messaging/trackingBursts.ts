import type { PoolClient } from '../../db/pool.ts';
import { isScannerBurst, SCANNER_BURST_MS } from '../../../shared/tracking.ts';

/**
 * Link scanners that click every link of a message within seconds (shared/tracking.ts `isScannerBurst`): finding
 * them among a batch of hits, and re-marking what was recorded before a burst was seen. Used by the recorder's writes.
 */

/** One fetch of an open pixel or a tracked link, as the endpoint saw it. */
export interface TrackingHit {
  kind: 'open' | 'click';
  companyId: string;
  messageId: number;
  recipientId: number;
  linkIdx: number;
  at: Date;
  ip: string;
  userAgent: string | undefined;
}

export const key = (messageId: number, recipientId: number) => `${messageId}:${recipientId}`;

/**
 * Recipients whose clicks (those recorded in the last SCANNER_BURST_MS and those of this batch) cover every link
 * of their message (a scanner following them all). Maps `message:recipient` to the burst's start.
 */
export async function scannerBursts(
  db: PoolClient,
  companyId: string,
  hits: TrackingHit[],
): Promise<Map<string, Date>> {
  const clicks = hits.filter((h) => h.kind === 'click');
  if (!clicks.length) return new Map();
  const since = new Date(clicks.reduce((min, c) => Math.min(min, c.at.getTime()), Infinity) - SCANNER_BURST_MS);
  const { rows: counts } = await db.query<{ message_id: string; links: number }>(
    `select message_id, count(*)::int as links from message_links
      where company_id = $1 and message_id = any($2::bigint[]) group by message_id`,
    [companyId, [...new Set(clicks.map((c) => c.messageId))]],
  );
  // Only messages with two or more links can be clicked through in a burst; their recent clicks are read by the
  // (message, type, time) index, for the batch's recipients only.
  const multi = counts.filter((c) => c.links >= 2).map((c) => Number(c.message_id));
  const candidates = clicks.filter((c) => multi.includes(c.messageId));
  if (!candidates.length) return new Map();
  const { rows: recent } = await db.query<{
    message_id: string;
    recipient_id: string;
    link_idx: number;
    created_at: Date;
  }>(
    `select e.message_id, e.recipient_id, e.link_idx, e.created_at from message_events e
      where e.company_id = $1 and e.message_id = any($2::bigint[]) and e.type = 'clicked' and e.created_at >= $3
        and e.recipient_id = any($4::bigint[])`,
    [companyId, multi, since, [...new Set(candidates.map((c) => c.recipientId))]],
  );
  const links = new Map(counts.map((c) => [Number(c.message_id), c.links]));
  const perRecipient = new Map<string, { at: Date; linkIdx: number }[]>();
  const add = (k: string, click: { at: Date; linkIdx: number }) => {
    const list = perRecipient.get(k);
    if (list) list.push(click);
    else perRecipient.set(k, [click]);
  };
  for (const r of recent)
    add(key(Number(r.message_id), Number(r.recipient_id)), { at: r.created_at, linkIdx: r.link_idx });
  for (const c of candidates) add(key(c.messageId, c.recipientId), { at: c.at, linkIdx: c.linkIdx });
  const bursts = new Map<string, Date>();
  for (const [k, list] of perRecipient) {
    if (isScannerBurst(list, links.get(Number(k.split(':')[0])) ?? 0)) {
      bursts.set(k, new Date(Math.min(...list.map((c) => c.at.getTime()))));
    }
  }
  return bursts;
}

/**
 * A burst found now also makes the clicks (and the opens they implied) recorded before it machine-made: they are
 * marked, and the recipient's opened_at / clicked_at and its timeline rows are recomputed from what still counts.
 */
export async function unmarkBursts(db: PoolClient, companyId: string, bursts: Map<string, Date>): Promise<void> {
  const ks = [...bursts.keys()];
  const params = [
    companyId,
    ks.map((k) => Number(k.split(':')[0])),
    ks.map((k) => Number(k.split(':')[1])),
    ks.map((k) => bursts.get(k)!),
  ];
  await db.query(
    `update message_events e set machine = true
       from unnest($2::bigint[], $3::bigint[], $4::timestamptz[]) as v(message_id, recipient_id, since)
      where e.company_id = $1 and e.message_id = v.message_id and e.recipient_id = v.recipient_id
        and e.created_at >= v.since and not e.machine
        and (e.type = 'clicked' or (e.type = 'opened' and e.detail ? 'fromClick'))`,
    params,
  );
  await db.query(
    `delete from contact_events c
      using message_recipients r, unnest($2::bigint[], $3::bigint[], $4::timestamptz[]) as v(message_id, id, since)
      where r.company_id = $1 and r.message_id = v.message_id and r.id = v.id
        and c.company_id = $1 and c.contact_id = r.contact_id and c.created_at >= v.since
        and c.type in ('message.opened', 'message.clicked') and (c.payload->>'messageId')::bigint = v.message_id`,
    params,
  );
  await db.query(
    `update message_recipients r
        set opened_at = (select min(e.created_at) from message_events e where e.company_id = r.company_id
                           and e.message_id = r.message_id and e.recipient_id = r.id and e.type = 'opened'
                           and not e.machine and not e.detail ? 'late'),
            clicked_at = (select min(e.created_at) from message_events e where e.company_id = r.company_id
                           and e.message_id = r.message_id and e.recipient_id = r.id and e.type = 'clicked'
                           and not e.machine and not e.detail ? 'late')
       from unnest($2::bigint[], $3::bigint[]) as v(message_id, id)
      where r.company_id = $1 and r.message_id = v.message_id and r.id = v.id`,
    params.slice(0, 3),
  );
}
