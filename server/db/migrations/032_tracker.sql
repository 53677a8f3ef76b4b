-- The website tracker (issue 24 §5): sites with a public key, the events their pages send, and what is known of each
-- visitor (the contact an identify() joined it to, and the visit in progress). Events are partitioned by month on
-- received_at: a daily job creates the months ahead and drops the months every site's retention has passed
-- (server/services/tracker/partitions.ts). Names and limits are in shared/tracker.ts.

create table tracker_sites (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- Public (it is in every page of the site), random and unique: it names the site, it proves nothing.
  site_key text not null unique check (site_key ~ '^[A-Za-z0-9_-]{16,64}$'),
  allowed_domains text[] not null default '{}',
  -- 'ask': the snippet waits for missiva('consent', true); 'none': it records at once.
  consent_mode text not null default 'ask' check (consent_mode in ('ask', 'none')),
  retention_days integer not null default 395 check (retention_days between 30 and 1825),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);

create table tracker_events (
  id bigint generated always as identity,
  company_id uuid not null,
  site_id bigint not null,
  visitor_id text not null check (length(visitor_id) between 1 and 64),
  contact_id bigint,
  type text not null check (type in ('page_view', 'event', 'identify')),
  name text check (length(name) <= 100),
  url text check (length(url) <= 2048),
  path text check (length(path) <= 2048),
  referrer text check (length(referrer) <= 2048),
  -- At most 2 kB as JSON text (the ingest checks it: server/services/tracker/ingest.ts).
  properties jsonb not null default '{}',
  ua_class text not null default 'other' check (ua_class in ('desktop', 'mobile', 'tablet', 'other')),
  -- When the page sent it (the browser's clock, kept apart: it can be wrong) and when we received it.
  sent_at timestamptz,
  received_at timestamptz not null default now(),
  primary key (company_id, received_at, id)
) partition by range (received_at);
create index tracker_events_site_idx on tracker_events (company_id, site_id, received_at desc);
create index tracker_events_visitor_idx on tracker_events (company_id, site_id, visitor_id, received_at);
create index tracker_events_contact_idx on tracker_events (company_id, contact_id, received_at)
  where contact_id is not null;

-- One row per identified visitor of a site: the contact it is joined to, and the visit in progress (pages seen, the
-- timeline entry that shows them). Anonymous visitors have no row: their visit is read back from their events when
-- they identify (server/services/tracker/recorder.ts), so the busiest path only inserts events.
create table tracker_visitors (
  company_id uuid not null,
  site_id bigint not null,
  visitor_id text not null,
  contact_id bigint,
  identified_at timestamptz,
  visit_started_at timestamptz not null,
  last_seen_at timestamptz not null,
  visit_pages integer not null default 0,
  visit_paths text[] not null default '{}',
  -- The contact_events row of the visit in progress (website.visit), once the visitor is a contact.
  visit_event_id bigint,
  primary key (company_id, site_id, visitor_id),
  foreign key (company_id, site_id) references tracker_sites (company_id, id) on delete cascade
);
create index tracker_visitors_contact_idx on tracker_visitors (company_id, contact_id) where contact_id is not null;
create index tracker_visitors_seen_idx on tracker_visitors (last_seen_at);

-- Creates the monthly partition of tracker_events that holds `month` (any time in it), secured like every company
-- table: row-level security on the parent covers statements through it, and each partition gets the same policies so
-- a statement naming a partition directly is held to its company too. Answers the partition's name.
create or replace function missiva_tracker_partition(month timestamptz) returns text language plpgsql as $$
declare
  start_at timestamptz := date_trunc('month', month at time zone 'UTC') at time zone 'UTC';
  name text := 'tracker_events_' || to_char(month at time zone 'UTC', 'YYYYMM');
begin
  if to_regclass(name) is null then
    execute format('create table %I partition of tracker_events for values from (%L) to (%L)', name, start_at,
                   start_at + interval '1 month');
    perform missiva_secure_table(name::regclass);
  end if;
  return name;
end $$;

select missiva_tracker_partition(now() + make_interval(months => m)) from generate_series(0, 3) as m;

revoke all on function missiva_tracker_partition(timestamptz) from public;

select missiva_secure_table(t::regclass) from unnest(array['tracker_sites', 'tracker_events', 'tracker_visitors']) as t;
