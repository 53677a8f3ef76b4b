-- Integrations: API keys that authenticate the same contract as a session, and webhooks that never lose an event.
-- An event is written to webhook_events in the same transaction as the change that caused it (the outbox); one
-- webhook_deliveries row per subscribed endpoint carries the delivery's state and schedule; webhook_attempts is the
-- delivery log (kept 30 days). Later migrations of this area add columns and tables of their own.

-- A company's API key: only a hash of the secret is kept, with the short prefix people recognise it by.
create table api_keys (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- The first characters of the secret, shown in lists ("mk_live_3f9a…").
  prefix text not null unique,
  secret_hash bytea not null,
  -- 'read': only safe operations; 'full': every operation. areas: null for all, else a subset of API_KEY_AREAS.
  access text not null check (access in ('read', 'full')),
  areas text[],
  expires_at timestamptz,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  last_used_ip inet,
  revoked_at timestamptz,
  primary key (company_id, id)
);

-- Where a company's events go. The signing secret is sealed with the server key (it must sign, so it cannot be a
-- hash); after a rotation the previous secret keeps signing beside the new one until previous_secret_until.
create table webhook_endpoints (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  url text not null check (length(url) between 8 and 2048),
  description text not null default '' check (length(description) <= 500),
  event_types text[] not null,
  enabled boolean not null default true,
  -- Why it was disabled: 'manual' or 'failing' (failing for three days).
  disabled_reason text check (disabled_reason in ('manual', 'failing')),
  secret_sealed text not null,
  previous_secret_sealed text,
  previous_secret_until timestamptz,
  -- The first failed delivery since the last success; three days of failing disables the endpoint.
  failing_since timestamptz,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);

-- The outbox: one row per event, written in the transaction of the change that caused it.
create table webhook_events (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  -- The id every delivery carries (`webhook-id`), for the receiver's deduplication.
  event_uid text not null unique,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index webhook_events_created_idx on webhook_events (company_id, created_at);

-- One event to one endpoint: its state, attempts and the time of the next attempt.
create table webhook_deliveries (
  id bigint generated always as identity,
  company_id uuid not null,
  event_id bigint not null,
  endpoint_id bigint not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, event_id) references webhook_events (company_id, id) on delete cascade,
  foreign key (company_id, endpoint_id) references webhook_endpoints (company_id, id) on delete cascade
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (company_id, endpoint_id, created_at desc);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';

-- The delivery log: one row per attempt (request, response status, the first 2 kB of the body, duration).
create table webhook_attempts (
  id bigint generated always as identity,
  company_id uuid not null,
  delivery_id bigint not null,
  attempt integer not null,
  request_headers jsonb not null default '{}',
  request_body text not null default '',
  response_status integer,
  response_body text,
  error text,
  duration_ms integer,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, delivery_id) references webhook_deliveries (company_id, id) on delete cascade
);
create index webhook_attempts_delivery_idx on webhook_attempts (company_id, delivery_id, attempt);
create index webhook_attempts_created_idx on webhook_attempts (created_at);

select missiva_secure_table(t::regclass) from unnest(array['api_keys', 'webhook_endpoints', 'webhook_events',
  'webhook_deliveries', 'webhook_attempts']) as t;
