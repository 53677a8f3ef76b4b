-- An import's uploaded file is deleted once the import ends, fails for good, is abandoned or deleted; the path goes
-- with it.
alter table contact_imports alter column file_path drop not null;

-- Each process that runs job workers holds a session-level advisory lock on its own connection for as long as it
-- lives, and its workers' heartbeats name that lock. When the process dies, PostgreSQL ends its session and the lock
-- is gone at once: its jobs go back to the queue without waiting for the heartbeat to grow stale (which still covers
-- a node cut off without its connection being closed).
alter table job_worker_heartbeats add column session_lock bigint;
