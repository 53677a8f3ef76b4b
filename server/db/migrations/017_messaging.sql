-- Messaging, modelled once for every channel: senders and their domains, templates and their assets, messages
-- (campaigns), the recipients frozen at send time, the events that happen to them, the addresses a channel must not
-- reach, the unsubscribe page's settings, replies, and the credit ledger. Email is the first channel; WhatsApp and SMS
-- fill the same tables (a sender's address is then a phone number or a sender id, a template's body is their text).
-- Later migrations of this area add columns and their own tables; each table with a company_id is secured with
-- missiva_secure_table() below, as migration 016 did for the tables before it.

-- Row-level security for one table, the same two policies migration 016 gives every company table.
create or replace function missiva_secure_table(t regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', t);
  execute format('alter table %s force row level security', t);
  execute format(
    $p$create policy tenant on %s
         using (company_id = (select nullif(current_setting('missiva.company_id', true), '')::uuid))
         with check (company_id = (select nullif(current_setting('missiva.company_id', true), '')::uuid))$p$, t);
  execute format(
    $p$create policy system on %s to %I
         using ((select current_setting('missiva.system', true)) = 'on')
         with check ((select current_setting('missiva.system', true)) = 'on')$p$, t, current_user);
end $$;

-- A domain the company sends from: its DKIM key pair (the private key sealed with the server key) and the result of
-- the last DNS check, per record.
create table sending_domains (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  domain citext not null check (length(domain) between 3 and 253),
  dkim_selector text not null,
  dkim_private_key text not null,
  dkim_public_key text not null,
  -- The host bounces come back to (VERP), a subdomain the company points at us.
  return_path_host text not null,
  -- { "dkim": { "status": "found" | "missing" | "wrong", "found": [...], "expected": "..." }, "spf": ..., ... }
  dns_records jsonb not null default '{}',
  checked_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index sending_domains_domain_key on sending_domains (company_id, domain);

-- Who a message comes from: a from name and address (email), a number or sender id (SMS, WhatsApp).
create table senders (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  name text not null check (length(name) between 1 and 100),
  address citext not null check (length(address) between 3 and 254),
  domain_id bigint,
  reply_to citext,
  -- Only verified senders can send. The token of the emailed verification link is kept hashed.
  verified_at timestamptz,
  verification_token_hash bytea,
  verification_sent_at timestamptz,
  -- A relay of its own (sealed like the DKIM key); null: the installation's SMTP_URL.
  relay_url text,
  -- Sends per minute; null: no limit of its own.
  rate_per_minute integer check (rate_per_minute is null or rate_per_minute > 0),
  -- IP warm-up: a daily quota that starts at warmup_initial and grows by warmup_increase_pct a day (0: constant).
  warmup_enabled boolean not null default false,
  warmup_started_on date,
  warmup_initial integer not null default 3000 check (warmup_initial > 0),
  warmup_increase_pct numeric(5, 2) not null default 15 check (warmup_increase_pct >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, domain_id) references sending_domains (company_id, id) on delete set null (domain_id)
);
create unique index senders_address_key on senders (company_id, channel, address);

-- A design kept per channel. For email: the editor's project data, its MJML, and the compiled HTML and text parts.
create table templates (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  name text not null check (length(name) between 1 and 100),
  subject text,
  design jsonb,
  source text not null default '',
  html text,
  text_body text,
  -- A small rendering of the design for the list (an image data URL or an asset token).
  thumbnail text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index templates_list_idx on templates (company_id, channel, updated_at desc, id desc);

-- Images and files a company uploads for its designs, served publicly from an unguessable token.
create table assets (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  token text not null unique,
  filename text not null,
  content_type text not null,
  size integer not null check (size >= 0),
  width integer,
  height integer,
  data bytea not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);

-- A campaign: a regular message sent to lists and segments, or an automated one sent by a workflow.
create table messages (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  name text not null check (length(name) between 1 and 200),
  type text not null default 'regular' check (type in ('regular', 'automated')),
  -- The spec's transactional or marketing kind (a field of the form).
  category text not null default 'marketing' check (category in ('marketing', 'transactional')),
  status text not null default 'draft'
    check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed')),
  subject text,
  preview_text text,
  from_name text,
  sender_id bigint,
  reply_to citext,
  template_id bigint,
  -- The content sent, copied from the template when the message is designed (a template edited later changes nothing).
  design jsonb,
  source text,
  html text,
  text_body text,
  embed_images boolean not null default false,
  mirror_link boolean not null default true,
  -- Recipients: list and segment ids to include and to exclude.
  include_lists bigint[] not null default '{}',
  include_segments bigint[] not null default '{}',
  exclude_lists bigint[] not null default '{}',
  exclude_segments bigint[] not null default '{}',
  -- How it is sent: { "mode": "now" } | { "mode": "at", "at": "...", "timeZone": "Europe/Rome" }
  --                | { "mode": "repeat", "pattern": "0 9 * * 1", "timeZone": "..." }
  schedule jsonb not null default '{"mode": "now"}',
  scheduled_at timestamptz,
  -- The message this one was made from ("resend to non-openers", a repeat's run).
  parent_id bigint,
  -- Recipient counts kept by the engine as states change (the report reads these, not count(*)).
  recipients_total integer not null default 0,
  recipients_excluded integer not null default 0,
  sent_at timestamptz,
  finished_at timestamptz,
  failure text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, sender_id) references senders (company_id, id) on delete set null (sender_id),
  foreign key (company_id, template_id) references templates (company_id, id) on delete set null (template_id)
);
create index messages_list_idx on messages (company_id, channel, created_at desc, id desc);
create index messages_status_idx on messages (company_id, status, scheduled_at);

-- The recipients of a message, frozen when it starts sending: one row per distinct address. High volume: no foreign
-- keys (rows are written set-based from company-scoped parents, like list members).
create table message_recipients (
  id bigint generated always as identity,
  company_id uuid not null,
  message_id bigint not null,
  contact_id bigint,
  address citext not null,
  -- Delivery: pending (not yet tried), deferred (a transient failure, retried), sent (the provider accepted it),
  -- delivered, not_delivered (a permanent failure or a bounce), skipped (blocklisted or unsubscribed meanwhile).
  state text not null default 'pending'
    check (state in ('pending', 'deferred', 'sent', 'delivered', 'not_delivered', 'skipped')),
  -- The batch job that owns the row (the engine sends a batch at a time, never one job per email).
  batch integer not null default 0,
  attempts smallint not null default 0,
  next_attempt_at timestamptz,
  -- The provider's answer (an SMTP reply line, an API response) and its id for the message.
  provider_response text,
  provider_message_id text,
  sent_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  unsubscribed_at timestamptz,
  bounced_at timestamptz,
  complained_at timestamptz,
  primary key (company_id, message_id, id)
);
create unique index message_recipients_address_key on message_recipients (company_id, message_id, address);
create index message_recipients_batch_idx on message_recipients (company_id, message_id, batch, state);
create index message_recipients_contact_idx on message_recipients (company_id, contact_id);

-- The links of a message's content, numbered in order, so a click token carries a small index instead of a URL.
create table message_links (
  company_id uuid not null,
  message_id bigint not null,
  idx integer not null,
  url text not null,
  primary key (company_id, message_id, idx)
);

-- Everything that happened to a message's recipients: sends, deliveries, opens, clicks, bounces, complaints,
-- unsubscribes, replies. Machine opens and clicks (privacy proxies, link scanners) are kept, marked.
create table message_events (
  id bigint generated always as identity,
  company_id uuid not null,
  message_id bigint not null,
  recipient_id bigint,
  contact_id bigint,
  channel text not null,
  type text not null check (type in ('sent', 'delivered', 'deferred', 'not_delivered', 'opened', 'clicked',
    'unsubscribed', 'bounced', 'complained', 'blocklisted', 'replied')),
  machine boolean not null default false,
  link_idx integer,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index message_events_message_idx on message_events (company_id, message_id, type, created_at);
create index message_events_recipient_idx on message_events (company_id, message_id, recipient_id);

-- Addresses a channel must not reach: hard bounces, complaints, repeated soft bounces, manual blocks. Unblocking a
-- contact removes its addresses here too (unblocking reactivates future messages).
create table channel_blocklist (
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  address citext not null,
  reason text not null check (reason in ('hard_bounce', 'complaint', 'soft_bounces', 'unsubscribed', 'manual')),
  -- Soft bounces in a row (three block the address); reset by a delivery.
  soft_bounces smallint not null default 0,
  message_id bigint,
  created_at timestamptz not null default now(),
  primary key (company_id, channel, address)
);

-- The public unsubscribe page of a company: texts per language and colours.
create table unsubscribe_settings (
  company_id uuid primary key references companies(id) on delete cascade,
  -- { "en": { "title": ..., "body": ..., "button": ..., "done": ... }, "it": { ... } }
  texts jsonb not null default '{}',
  -- { "background": "#...", "text": "#...", "button": "#..." }
  colours jsonb not null default '{}',
  -- Offer a choice of lists to leave instead of leaving everything.
  offer_lists boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Messages that came in: replies to a campaign (email), later WhatsApp and SMS replies. Shown on the contact's timeline.
create table incoming_messages (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  contact_id bigint,
  message_id bigint,
  recipient_id bigint,
  from_address citext not null,
  subject text,
  text_body text,
  html text,
  received_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index incoming_messages_contact_idx on incoming_messages (company_id, contact_id, id desc);

-- Credits per channel: a debit per batch of messages sent (tied to its campaign) or test send, a credit per top-up or
-- grant. The balance is the sum; the billing area reads and adds to it.
create table credit_ledger (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  -- Negative for debits.
  amount integer not null,
  reason text not null check (reason in ('send', 'test_send', 'top_up', 'grant', 'refund')),
  message_id bigint,
  detail jsonb not null default '{}',
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index credit_ledger_channel_idx on credit_ledger (company_id, channel, created_at desc);

select missiva_secure_table(t::regclass) from unnest(array['sending_domains', 'senders', 'templates', 'assets',
  'messages', 'message_recipients', 'message_links', 'message_events', 'channel_blocklist', 'unsubscribe_settings',
  'incoming_messages', 'credit_ledger']) as t;

-- A message made from another one's recipients ("resend to non-openers"): parent_id names it, this says who.
alter table messages add column resend_filter text check (resend_filter in ('not_opened', 'not_clicked', 'failed'));
