import type { Queryable } from '../../../db/tenant.ts';

export interface SampleCampaign {
  companyId: string;
  name: string;
  subject: string;
  /** The content sent and its links (numbered in order, as the engine numbers them). */
  html: string;
  textBody: string;
  links: string[];
  senderId?: number | null;
  templateId?: number | null;
  includeLists?: number[];
  sentAt: Date;
  /** Recipients: this many synthetic addresses, or the company's contacts with an email (up to this many). */
  recipients: number;
  fromContacts: boolean;
  /** About this many open and click events in all (four opens to one click). */
  events: number;
}

/**
 * A sent campaign with recipients and events, written set-based (a statement per table, whatever the size), for the
 * demo account and the report benchmark. Who did what follows fixed rules on the recipient's position `i`, so the
 * same call gives the same figures: every 40th bounced (not delivered), every 97th skipped (blocklisted); of the
 * rest, two in three opened, one in eleven of those only through a machine (a privacy proxy), one in five clicked,
 * every 101st (from the 5th) unsubscribed and every 997th (from the 3rd) complained. Event times lean to the first
 * hours after sending, as real opens do, and run over three days.
 */
export async function sampleCampaign(db: Queryable, c: SampleCampaign): Promise<{ id: number; events: number }> {
  const message = await db.query<{ id: number }>(
    `insert into messages (company_id, channel, name, subject, status, html, text_body, sender_id, template_id,
                           include_lists, sent_at, finished_at, recipients_total)
     values ($1, 'email', $2, $3, 'sent', $4, $5, $6, $7, $8, $9::timestamptz, $9::timestamptz + interval '20 minutes',
             0)
     returning id::int`,
    [
      c.companyId,
      c.name,
      c.subject,
      c.html,
      c.textBody,
      c.senderId ?? null,
      c.templateId ?? null,
      c.includeLists ?? [],
      c.sentAt,
    ],
  );
  const id = message.rows[0]!.id;
  await db.query(
    `insert into message_links (company_id, message_id, idx, url)
     select $1, $2, l.idx - 1, l.url from unnest($3::text[]) with ordinality as l(url, idx)`,
    [c.companyId, id, c.links],
  );
  const source = c.fromContacts
    ? `select row_number() over (order by id) as i, id as contact_id, email::text as address from contacts
        where company_id = $1 and email is not null and blocked_at is null order by id limit $4`
    : `select i, null::bigint as contact_id, 'recipient' || i || '@example.com' as address
         from generate_series(1, $4::int) i`;
  // A point in the three days after sending, leaning early: the cube of a fraction spread over 4,320 minutes.
  const when = (seed: string) => `$3::timestamptz + make_interval(mins => floor(4320 * power(((${seed}) % 10007)
    / 10007.0, 3))::int)`;
  await db.query(
    `insert into message_recipients (company_id, message_id, contact_id, address, state, sent_at, provider_response,
                                     opened_at, clicked_at, unsubscribed_at, bounced_at, complained_at, attempts)
     select $1, $2, s.contact_id, s.address, x.state, case when x.state = 'skipped' then null else $3::timestamptz end,
            case x.state when 'sent' then '250 2.0.0 OK queued' when 'not_delivered' then '550 5.1.1 User unknown' end,
            case when x.opened then ${when('s.i * 7919')} end,
            case when x.opened and s.i % 5 = 1 then ${when('s.i * 7919 + 3001')} end,
            case when x.state = 'sent' and s.i % 101 = 5 then $3::timestamptz + interval '2 hours' end,
            case when x.state = 'not_delivered' then $3::timestamptz + interval '1 minute' end,
            case when x.state = 'sent' and s.i % 997 = 3 then $3::timestamptz + interval '5 hours' end,
            case when x.state = 'skipped' then 0 else 1 end
       from (${source}) s,
            lateral (select case when s.i % 40 = 0 then 'not_delivered' when s.i % 97 = 0 then 'skipped'
                                 else 'sent' end as state) st,
            lateral (select st.state, st.state = 'sent' and s.i % 3 <> 0 as opened) x`,
    [c.companyId, id, c.sentAt, c.recipients],
  );
  const counts = await db.query<{ total: number; openers: number; clickers: number }>(
    `update messages set recipients_total = r.total from (
       select count(*)::int as total, count(opened_at)::int as openers, count(clicked_at)::int as clickers
         from message_recipients where company_id = $1 and message_id = $2) r
      where company_id = $1 and id = $2 returning r.total, r.openers, r.clickers`,
    [c.companyId, id],
  );
  const { openers, clickers } = counts.rows[0]!;
  const opensEach = Math.max(1, Math.round((c.events * 0.8) / Math.max(1, openers)));
  const clicksEach = Math.max(1, Math.round((c.events * 0.2) / Math.max(1, clickers)));
  const opens = await db.query(
    `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, machine, created_at)
     select $1, $2, r.id, r.contact_id, 'email', 'opened', (r.id % 11 = 0) or (j > 1 and (r.id + j) % 9 = 0),
            case when j = 1 then r.opened_at else r.opened_at + make_interval(mins => ((j * 97 + r.id) % 2000)::int) end
       from message_recipients r, generate_series(1, $3::int) j
      where r.company_id = $1 and r.message_id = $2 and r.opened_at is not null`,
    [c.companyId, id, opensEach],
  );
  const clicks = await db.query(
    `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, machine, link_idx,
                                 created_at)
     select $1, $2, r.id, r.contact_id, 'email', 'clicked', false, (r.id + j) % $4::int,
            r.clicked_at + make_interval(mins => ((j * 13) % 600)::int)
       from message_recipients r, generate_series(1, $3::int) j
      where r.company_id = $1 and r.message_id = $2 and r.clicked_at is not null`,
    [c.companyId, id, clicksEach, Math.max(1, c.links.length)],
  );
  await db.query(
    `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, created_at)
     select company_id, message_id, id, contact_id, 'email', t.type, t.at
       from message_recipients r,
            lateral (values ('sent', r.sent_at), ('bounced', r.bounced_at), ('unsubscribed', r.unsubscribed_at),
                            ('complained', r.complained_at)) t(type, at)
      where r.company_id = $1 and r.message_id = $2 and t.at is not null`,
    [c.companyId, id],
  );
  return { id, events: (opens.rowCount ?? 0) + (clicks.rowCount ?? 0) };
}
