-- Failed guesses of secrets (passwords, 2FA codes, recovery codes, reset tokens) counted per account and per client
-- address, shared by every API node. A row is one counter: `failures` within the window that started at
-- `window_started_at`; `locked_until` refuses every attempt of that subject until it passes.
create table guess_counters (
  scope text not null,
  subject text not null,
  failures integer not null default 0,
  window_started_at timestamptz not null default now(),
  locked_until timestamptz,
  primary key (scope, subject)
);
create index guess_counters_window_idx on guess_counters (window_started_at);

-- A rotated refresh token keeps the pair it was exchanged for (sealed with the server key), so a second tab that
-- refreshes with the same token inside the grace window receives that same pair instead of revoking the session.
alter table refresh_tokens add column successor_sealed text;
