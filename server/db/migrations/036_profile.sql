-- Profile, active sessions and the notifications centre (issue 21 §1 and §5).

-- When a session was last used: refreshed at most once a minute when its access token is refreshed, so the
-- active sessions list can show "last seen" without a write per request.
alter table sessions add column last_seen_at timestamptz;
update sessions set last_seen_at = created_at where last_seen_at is null;

-- Read state of notifications, per user: a notification for the whole company is read by each member on their own.
-- The reference to notifications goes through (company_id, id), a key that stays inside one company's shard.
create unique index notifications_company_id_key on notifications (company_id, id);
create table notification_reads (
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  notification_id bigint not null,
  read_at timestamptz not null default now(),
  primary key (company_id, user_id, notification_id),
  foreign key (company_id, notification_id) references notifications (company_id, id) on delete cascade
);
select missiva_secure_table('notification_reads');

-- A requested email change: the link sent to the new address carries a token stored here only as its hash, valid
-- 24 hours and used once. The address changes only when the link is opened.
create table email_change_tokens (
  company_id uuid not null references companies(id) on delete cascade,
  id bigserial,
  user_id uuid not null,
  new_email citext not null,
  token_hash bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index email_change_tokens_hash_idx on email_change_tokens (token_hash);
select missiva_secure_table('email_change_tokens');
