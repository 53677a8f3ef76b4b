-- Team invitations and the audit log's reading paths (issue 21 §2–3).
--
-- An invitation is a link with a random secret kept only as a hash (like password-reset tokens); the link carries the
-- company and the invitation's id beside the secret, so it is found by its key within its company and no token is
-- unique across companies. It is pending until accepted, revoked or past expires_at; a resend gives it a new secret
-- and a new expiry. One pending invitation per address and company.
create table invitations (
  company_id uuid not null references companies(id) on delete cascade,
  id bigint generated always as identity,
  email citext not null check (length(email) between 3 and 254),
  role text not null check (role in ('admin', 'editor', 'viewer')),
  token_hash bytea not null,
  -- The inviter's language when it was sent: the mail's and the accept page's default.
  language text not null default 'en',
  invited_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_user_id uuid references users(id) on delete set null,
  revoked_at timestamptz,
  primary key (company_id, id)
);
create unique index invitations_pending_email on invitations (company_id, email)
  where accepted_at is null and revoked_at is null;
select missiva_secure_table('invitations');

-- The audit screen filters by date range and pages newest first; the retention job deletes by age.
create index audit_log_company_created_idx on audit_log (company_id, created_at desc, id desc);
create index audit_log_created_idx on audit_log (created_at);
