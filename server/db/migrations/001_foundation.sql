-- Companies, users and everything authentication needs. Every business row carries company_id.
create extension if not exists citext;

create table companies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  email citext not null unique,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  phone_number text,
  language text not null default 'en',
  role text not null default 'member' check (role in ('owner', 'admin', 'member')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_company_idx on users (company_id);

create table channels (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  type text not null check (type in ('email', 'whatsapp', 'sms', 'push', 'webhook')),
  name text not null,
  status text not null default 'active' check (status in ('active', 'inactive', 'pending')),
  created_at timestamptz not null default now()
);
create index channels_company_idx on channels (company_id);

-- One row per signed-in device: the rotation family of its refresh tokens.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  remember boolean not null,
  user_agent text,
  ip inet,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

create table refresh_tokens (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  session_id uuid not null references sessions(id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table password_reset_tokens (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- TOTP secret (encrypted with the server key) and the last accepted time step, so a code works once.
create table two_factor (
  user_id uuid primary key references users(id) on delete cascade,
  company_id uuid not null references companies(id) on delete cascade,
  secret_encrypted text not null,
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz not null default now()
);

create table recovery_codes (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz
);
create index recovery_codes_user_idx on recovery_codes (user_id) where used_at is null;

-- Every outgoing email, with its delivery status.
create table outbox (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  kind text not null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'captured')),
  attempts integer not null default 0,
  last_error text,
  message_id text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_company_idx on outbox (company_id, id desc);

create table audit_log (
  id bigserial primary key,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  event text not null,
  ip inet,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_company_idx on audit_log (company_id, id desc);
