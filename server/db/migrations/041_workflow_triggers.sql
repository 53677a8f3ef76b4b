-- Workflow triggers from one event stream (issue 22 §3): the contact timeline (contact_events) that contacts,
-- imports, the tracking recorder, unsubscribes and inbound bounces already write. A statement trigger queues one
-- `workflow_trigger` job per company whose new events could fire an active workflow (an indexed look-up of
-- workflows_trigger_idx per company and event type, so an import into a company without such a workflow only pays
-- for reading its transition table); the job (server/services/workflows/triggers.ts) matches events after the
-- company's cursor to its workflows, enrols, and moves the cursor in the same transaction, so an event enrols a
-- contact at most once per workflow. The event type → trigger pairs are STREAM_TRIGGERS in shared/workflows.ts.

create table workflow_trigger_cursors (
  company_id uuid not null references companies(id) on delete cascade,
  -- The last contact_events id matched to this company's workflows.
  last_event_id bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (company_id)
);
select missiva_secure_table('workflow_trigger_cursors');

create function missiva_workflows_contact_events() returns trigger
  language plpgsql security definer set search_path = pg_catalog, public as $$
declare
  company uuid;
begin
  for company in
    select distinct t.company_id
      from (select distinct company_id, type from added) t
     where exists (select 1 from workflows w
                    where w.company_id = t.company_id and w.status = 'active'
                      and w.trigger_type = case t.type
                        when 'contact.updated' then 'attributeChanged'
                        when 'message.opened' then 'emailOpened'
                        when 'message.clicked' then 'emailClicked'
                        when 'message.bounced' then 'emailBounced'
                        when 'message.unsubscribed' then 'unsubscribed'
                      end)
  loop
    -- The job key coalesces: events recorded while the company's job waits are read by that same job.
    perform graphile_worker.add_job('workflow_trigger', json_build_object('companyId', company),
      max_attempts => 10, job_key => 'workflow-trigger:' || company);
  end loop;
  return null;
end
$$;

create trigger contact_events_workflows after insert on contact_events
  referencing new table as added for each statement execute function missiva_workflows_contact_events();

-- Re-entry rule per workflow (issue 22 §5), applied where runs start (enrol() and the list_added trigger):
-- never (a contact's first run only), afterFinish (not while a run of theirs is in progress), always.
alter table workflows add column reentry text not null default 'afterFinish'
  check (reentry in ('never', 'afterFinish', 'always'));

-- The list_added trigger of migration 037 with the re-entry rule.
create or replace function missiva_workflows_list_added() returns trigger
  language plpgsql security definer set search_path = pg_catalog, public as $$
declare
  started record;
begin
  for started in
    with runs as (
      insert into workflow_runs (company_id, workflow_id, version_id, contact_id, node_id, next_at)
        select distinct on (w.company_id, w.id, a.contact_id) w.company_id, w.id, w.version_id, a.contact_id,
               (select n ->> 'id' from workflow_versions v, jsonb_array_elements(v.graph -> 'nodes') n
                 where v.company_id = w.company_id and v.id = w.version_id and n ->> 'kind' = 'trigger'), now()
          from added a
          join workflows w on w.company_id = a.company_id and w.status = 'active' and w.trigger_type = 'listAdded'
                          and w.trigger_key = a.list_id::text and w.version_id is not null
         where w.reentry = 'always'
            or not exists (select 1 from workflow_runs r where r.company_id = w.company_id and r.workflow_id = w.id
                             and r.contact_id = a.contact_id and r.test_address is null
                             and (w.reentry = 'never' or r.status in ('running', 'waiting')))
      returning company_id, workflow_id
    )
    select distinct company_id, workflow_id from runs
  loop
    perform graphile_worker.add_job('advance_workflow',
      json_build_object('companyId', started.company_id, 'workflowId', started.workflow_id),
      max_attempts => 10, job_key => 'workflow-advance:' || started.workflow_id);
  end loop;
  return null;
end
$$;
