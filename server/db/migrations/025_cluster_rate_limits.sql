-- Flood-guard counters of @fastify/rate-limit shared by every API node (server/http/rateLimitStore.ts), so a client
-- that spreads its requests over the nodes behind a load balancer meets the same limit as against one node. A row is
-- one counter per route and client address: `hits` within the window that started at `window_started_at`. No company
-- owns a row (the requests come before sign-in), so no row-level security policy applies; only the owner's system
-- pool reads and writes it.
create table rate_limit_hits (
  key text primary key,
  hits integer not null,
  window_started_at timestamptz not null
);
create index rate_limit_hits_window_idx on rate_limit_hits (window_started_at);
