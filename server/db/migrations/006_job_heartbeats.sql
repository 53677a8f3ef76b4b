-- Job workers announce themselves while they live, so the jobs a dead worker held (a process killed mid-import,
-- a node lost) are handed back to the queue within a minute instead of graphile-worker's four hours.
create table job_worker_heartbeats (
  worker_id text primary key,
  seen_at timestamptz not null default now()
);
