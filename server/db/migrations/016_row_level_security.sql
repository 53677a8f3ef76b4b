-- Row-level security: the backstop behind the services that are bound to one company per request or job.
--
-- The application's tenant queries run as missiva_app, a role that does not own the tables and cannot bypass row
-- security; its transactions set missiva.company_id locally (lone statements run on a session bound to it, see
-- server/db/tenant.ts), and on every table with a company_id it sees and writes only that company's rows (none when
-- no company is set). The owner (the role that runs migrations)
-- reaches rows only on the named system paths, whose connections carry missiva.system=on (server/db/pool.ts).
-- A table added later with a company_id needs the same two policies: tests/server/rowLevelSecurity.test.ts fails
-- until it has them.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'missiva_app') then
    -- The login and its password are given at start (server/db/tenant.ts), from the installation's secret key.
    create role missiva_app nologin nosuperuser nocreatedb nocreaterole noinherit nobypassrls;
  end if;
end
$$;

grant usage on schema public to missiva_app;
grant select, insert, update, delete on all tables in schema public to missiva_app;
grant usage, select on all sequences in schema public to missiva_app;
alter default privileges in schema public grant select, insert, update, delete on tables to missiva_app;
alter default privileges in schema public grant usage, select on sequences to missiva_app;
-- Tables without a company_id are the system's own: the application role has no business there.
revoke all on schema_migrations, companies, job_worker_heartbeats, socket_io_attachments from missiva_app;

-- Imports fill contacts and list_members by the million and refresh their planner statistics as they go.
do $$
begin
  if current_setting('server_version_num')::int >= 170000 then
    grant maintain on contacts, list_members to missiva_app;
  end if;
end
$$;

-- Every table of this schema with a company_id, whichever migration made it.
do $$
declare
  t text;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p')
  loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    -- The setting is read once per statement (an init plan), not once per row.
    execute format(
      $p$create policy tenant on %I
           using (company_id = (select nullif(current_setting('missiva.company_id', true), '')::uuid))
           with check (company_id = (select nullif(current_setting('missiva.company_id', true), '')::uuid))$p$, t);
    execute format(
      $p$create policy system on %I to current_user
           using ((select current_setting('missiva.system', true)) = 'on')
           with check ((select current_setting('missiva.system', true)) = 'on')$p$, t);
  end loop;
end
$$;

-- Jobs are queued in the transaction of the data they concern. graphile-worker's tables take no rows from other
-- roles, so the application role queues through this function, which runs as the owner and refuses a job that names
-- another company than the one bound.
create function missiva_add_job(task text, payload json, max_attempts int, job_key text) returns void
  language plpgsql security definer set search_path = pg_catalog, public as $$
begin
  if (payload ->> 'companyId')::uuid is distinct from nullif(current_setting('missiva.company_id', true), '')::uuid then
    raise exception 'a job is queued for the company bound to the transaction' using errcode = '42501';
  end if;
  perform graphile_worker.add_job(task, payload, max_attempts => max_attempts, job_key => job_key);
end
$$;
revoke all on function missiva_add_job(text, json, int, text) from public;
grant execute on function missiva_add_job(text, json, int, text) to missiva_app;
