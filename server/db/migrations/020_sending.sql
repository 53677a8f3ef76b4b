-- The sending engine: what it needs beside the messaging foundation (017) to send a campaign a batch at a time,
-- throttle it per sender, follow the warm-up plan, retry transient failures and resume after a crash.

-- A recipient handed to the provider and not yet answered. Set in the statement that records the previous sends of
-- its batch, cleared with its outcome; a batch job that finds it set after a crash sends it again (with the same
-- Message-ID), so a crash duplicates at most the messages that were in flight.
alter table message_recipients add column in_flight_at timestamptz;
-- Whether the credit ledger has been debited for this recipient's send (one ledger row per batch run).
alter table message_recipients add column charged boolean not null default false;

-- Why a sending campaign still has recipients waiting: deferred (a transient failure, retried later), rate_limit
-- (the sender's per-minute limit) or warmup (the sender's warm-up quota for the day). Null when nothing waits.
alter table messages add column pending_reason text check (pending_reason in ('deferred', 'rate_limit', 'warmup'));
-- The next run of a repeating campaign (its schedule's cron pattern in its time zone).
alter table messages add column next_run_at timestamptz;
create index messages_parent_idx on messages (company_id, parent_id) where parent_id is not null;

-- Sends per sender per window: a minute (the per-minute rate limit) and a day in UTC (the warm-up quota). A batch
-- reserves what it may send before it sends, under the row's lock, and gives back what it did not use.
create table sender_send_counts (
  company_id uuid not null references companies(id) on delete cascade,
  sender_id bigint not null,
  window_kind text not null check (window_kind in ('minute', 'day')),
  window_start timestamptz not null,
  sent integer not null default 0,
  primary key (company_id, sender_id, window_kind, window_start)
);

select missiva_secure_table('sender_send_counts');

-- missiva_add_job (016) with a time to run at: a scheduled campaign, a batch delayed to the next minute or day, a
-- retry of deferred recipients. The same check: a job is queued only for the company bound to the transaction.
create function missiva_add_job_at(task text, payload json, max_attempts int, job_key text, run_at timestamptz)
  returns void language plpgsql security definer set search_path = pg_catalog, public as $$
begin
  if (payload ->> 'companyId')::uuid is distinct from nullif(current_setting('missiva.company_id', true), '')::uuid then
    raise exception 'a job is queued for the company bound to the transaction' using errcode = '42501';
  end if;
  perform graphile_worker.add_job(task, payload, max_attempts => max_attempts, job_key => job_key, run_at => run_at);
end
$$;
revoke all on function missiva_add_job_at(text, json, int, text, timestamptz) from public;
grant execute on function missiva_add_job_at(text, json, int, text, timestamptz) to missiva_app;
