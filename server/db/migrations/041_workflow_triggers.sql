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
