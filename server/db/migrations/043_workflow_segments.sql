-- Workflow goals, segment entry and date triggers (issue 22 §3, §5), all read from the one event stream
-- (contact_events) or a daily job, never from per-feature hooks. server/services/workflows/triggers.ts and goals.ts.

-- segmentEntered: who was in the trigger's segment when the job last looked, per (workflow, contact). Activation
-- snapshots the current members (they are not enrolled); the trigger job evaluates only the contacts whose events it
-- reads, enrols those that now match and are not in the table, and removes those that no longer match.
create table workflow_segment_members (
  company_id uuid not null,
  workflow_id bigint not null,
  contact_id bigint not null,
  primary key (company_id, workflow_id, contact_id),
  foreign key (company_id, workflow_id) references workflows (company_id, id) on delete cascade
);
select missiva_secure_table('workflow_segment_members');

-- dateAttribute: the (workflow, contact, date) enrolments made, so the daily job is idempotent per date however often
-- it runs (a retry, a second worker, a re-activation on the same day).
create table workflow_date_enrolments (
  company_id uuid not null,
  workflow_id bigint not null,
  contact_id bigint not null,
  on_date date not null,
  primary key (company_id, workflow_id, contact_id, on_date),
  foreign key (company_id, workflow_id) references workflows (company_id, id) on delete cascade
);
select missiva_secure_table('workflow_date_enrolments');

-- Migration 041's statement trigger, now also queuing the company's job when any event could move a contact into a
-- segment an active workflow listens to, or meet the goal of a workflow with runs in progress (any event type: a
-- field, attribute, list or blocklist change is each recorded on the timeline). Pairs as in STREAM_TRIGGERS.
create or replace function missiva_workflows_contact_events() returns trigger
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
        or exists (select 1 from workflows w
                    where w.company_id = t.company_id and w.status = 'active' and w.trigger_type = 'segmentEntered')
        or exists (select 1 from workflows w
                    where w.company_id = t.company_id and w.goal is not null and w.status in ('active', 'paused'))
  loop
    perform graphile_worker.add_job('workflow_trigger', json_build_object('companyId', company),
      max_attempts => 10, job_key => 'workflow-trigger:' || company);
  end loop;
  return null;
end
$$;
