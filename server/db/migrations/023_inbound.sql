-- Bounces, complaints, replies and provider events. Soft bounces are counted per address until three in a row block
-- it (a delivery resets the count); the count lives apart from channel_blocklist, whose rows all block an address.
create table channel_soft_bounces (
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  address citext not null,
  -- Soft bounces in a row since the last delivery.
  count smallint not null default 0 check (count >= 0),
  message_id bigint,
  updated_at timestamptz not null default now(),
  primary key (company_id, channel, address)
);
select missiva_secure_table('channel_soft_bounces');

-- A reply keeps the Message-ID header it came with: a sending server that retries after a lost answer does not store
-- it twice. How it reached us: the SMTP listener (its envelope) or a provider's webhook.
alter table incoming_messages add column header_message_id text;
alter table incoming_messages add column in_reply_to text;
create unique index incoming_messages_header_key on incoming_messages (company_id, header_message_id)
  where header_message_id is not null;

-- Provider events are applied once: a provider that retries a webhook delivery sends the same event id again.
create table provider_events_seen (
  company_id uuid not null references companies(id) on delete cascade,
  provider text not null,
  event_id text not null,
  received_at timestamptz not null default now(),
  primary key (company_id, provider, event_id)
);
select missiva_secure_table('provider_events_seen');
