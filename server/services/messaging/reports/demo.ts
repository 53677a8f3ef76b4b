import { convert } from 'html-to-text';
import type { Pool } from '../../../db/pool.ts';
import { withTransaction } from '../../../db/pool.ts';
import { sampleCampaign } from './sample.ts';
import { MJML_OPTIONS } from '../../../../shared/templates.ts';

const FIRST = ['Giulia', 'Marco', 'Anna', 'Luca', 'Sara', 'Paolo', 'Elena', 'Davide', 'Emma', 'Noah', 'Olivia', 'Liam'];
const LAST = ['Rossi', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Smith', 'Brown', 'Taylor', 'Wilson', 'Evans'];
const CONTACTS = 300;
const LINKS = ['https://shop.example.com/autumn', 'https://shop.example.com/new', 'https://blog.example.com/tips'];

/** The demo newsletter's design, compiled by the same `mjml` package the template editor's server uses. */
const MJML = `<mjml>
  <mj-head><mj-preview>Autumn offers, new arrivals and three tips</mj-preview></mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold">Hello {{ contact.first_name | default: "there" }}!</mj-text>
        <mj-text>Our autumn collection is here, with offers for the first week.</mj-text>
        <mj-button href="${LINKS[0]}">See the offers</mj-button>
        <mj-text><a href="${LINKS[1]}">New arrivals</a> · <a href="${LINKS[2]}">Three tips for the season</a></mj-text>
        <mj-text font-size="11px" color="#888"><a href="{{ unsubscribe_url }}">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

/**
 * The demo account's sample data, written on the first start with the account (so it exists once): 300 contacts in
 * three lists, a segment, a verified sender, an MJML template and a sent campaign to the contacts with its
 * recipients and events (opens human and machine, clicks, bounces, an unsubscribe, a complaint), so the console and
 * the report show figures before anything is imported.
 */
export async function seedDemoMessaging(pool: Pool, companyId: string, userId: string): Promise<void> {
  // Loaded here, on the demo's first start only: mjml is large, and no other start needs it.
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(MJML, MJML_OPTIONS);
  const text = convert(html, { wordwrap: 100 });
  await withTransaction(pool, async (db) => {
    const already = await db.query('select 1 from messages where company_id = $1 limit 1', [companyId]);
    if (already.rowCount) return;
    await db.query(
      `insert into contacts (company_id, email, first_name, last_name, language, country, created_at)
       select $1, lower(f.name || '.' || l.name || g) || '@example.com', f.name, l.name,
              case when g % 3 = 0 then 'it' else 'en' end, case when g % 3 = 0 then 'IT' else 'GB' end,
              now() - make_interval(hours => g)
         from generate_series(1, $2::int) g,
              lateral (select ($3::text[])[1 + g % array_length($3::text[], 1)] as name) f,
              lateral (select ($4::text[])[1 + (g * 7) % array_length($4::text[], 1)] as name) l`,
      [companyId, CONTACTS, FIRST, LAST],
    );
    const folder = await db.query<{ id: number }>(
      `insert into folders (company_id, name) values ($1, 'Newsletter') returning id::int`,
      [companyId],
    );
    const lists = await db.query<{ id: number; name: string }>(
      `insert into lists (company_id, folder_id, name)
       select $1, $2, name from unnest(array['Subscribers', 'Customers', 'Event guests']) name returning id::int, name`,
      [companyId, folder.rows[0]!.id],
    );
    const [subscribers, customers, guests] = lists.rows.map((l) => l.id);
    // Everyone subscribes; every third contact is a customer, every fifth came to an event.
    await db.query(
      `insert into list_members (company_id, list_id, contact_id)
       select $1, l.list_id, c.id from (select id, row_number() over (order by id) as n from contacts
                                         where company_id = $1) c,
            lateral (values ($2::bigint, true), ($3::bigint, c.n % 3 = 0), ($4::bigint, c.n % 5 = 0)) l(list_id, member)
        where l.member`,
      [companyId, subscribers, customers, guests],
    );
    await db.query(
      `insert into segments (company_id, name, conditions) values ($1, 'Italian customers', $2)`,
      [
        companyId,
        JSON.stringify({
          kind: 'group',
          operator: 'and',
          conditions: [
            { kind: 'list', operator: 'in', listId: customers },
            { kind: 'field', field: 'language', operator: 'equals', value: 'it' },
          ],
        }),
      ],
    );
    const sender = await db.query<{ id: number }>(
      `insert into senders (company_id, channel, name, address, verified_at)
       values ($1, 'email', 'Demo Company', 'news@demo.example.com', now()) returning id::int`,
      [companyId],
    );
    const template = await db.query<{ id: number }>(
      `insert into templates (company_id, channel, name, subject, source, html, text_body, created_by)
       values ($1, 'email', 'Autumn newsletter', 'Our autumn offers', $2, $3, $4, $5) returning id::int`,
      [companyId, MJML, html, text, userId],
    );
    await sampleCampaign(db, {
      companyId,
      name: 'Autumn newsletter',
      subject: 'Our autumn offers',
      html,
      textBody: text,
      links: LINKS,
      senderId: sender.rows[0]!.id,
      templateId: template.rows[0]!.id,
      includeLists: [subscribers!],
      sentAt: new Date(Date.now() - 3 * 86400_000),
      recipients: CONTACTS,
      fromContacts: true,
      events: 900,
    });
  });
}
