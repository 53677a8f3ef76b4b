-- Webhook delivery: one drain job per endpoint delivers its due deliveries in batches (rather than one job per
-- delivery), so an event fanned out to many endpoints costs one row per delivery and one queued job per endpoint.

-- The drain's look for due deliveries of one endpoint.
create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (company_id, endpoint_id, next_attempt_at)
  where status = 'pending';
-- The daily clean-up of finished deliveries older than the log's 30 days.
create index webhook_deliveries_finished_idx on webhook_deliveries (updated_at) where status <> 'pending';

-- missiva_add_job_at (020) that keeps the run time of a job already queued under the key: a drain scheduling its
-- next look at the earliest retry must not postpone a drain an event has just queued for now. The same check: a job
-- is queued only for the company bound to the transaction.
create function missiva_add_job_keep(task text, payload json, max_attempts int, job_key text, run_at timestamptz)
  returns void language plpgsql security definer set search_path = pg_catalog, public as $$
begin
  if (payload ->> 'companyId')::uuid is distinct from nullif(current_setting('missiva.company_id', true), '')::uuid then
    raise exception 'a job is queued for the company bound to the transaction' using errcode = '42501';
  end if;
  perform graphile_worker.add_job(task, payload, max_attempts => max_attempts, job_key => job_key, run_at => run_at,
    job_key_mode => 'preserve_run_at');
end
$$;
revoke all on function missiva_add_job_keep(text, json, int, text, timestamptz) from public;
grant execute on function missiva_add_job_keep(text, json, int, text, timestamptz) to missiva_app;
