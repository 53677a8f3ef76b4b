-- In-app notifications (the bell) and each user's choices, including the activity digest schedule.
create table notifications (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid references users(id) on delete cascade, -- null: for everyone in the company
  kind text not null,
  level text not null check (level in ('info', 'success', 'warning', 'error')),
  values jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index notifications_company_idx on notifications (company_id, created_at desc);

create table notification_settings (
  user_id uuid primary key references users(id) on delete cascade,
  company_id uuid not null references companies(id) on delete cascade,
  in_app jsonb not null default '{"imports": true, "sends": true, "failures": true}',
  email jsonb not null default '{"imports": false, "sends": false, "failures": true}',
  digest_enabled boolean not null default false,
  digest_pattern text not null default '0 8 * * 1',
  digest_period text not null default 'week',
  time_zone text not null default 'UTC',
  digest_next_at timestamptz,
  digest_last_at timestamptz,
  updated_at timestamptz not null default now()
);
create index notification_settings_due_idx on notification_settings (digest_next_at) where digest_enabled;
