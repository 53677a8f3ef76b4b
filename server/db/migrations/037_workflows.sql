-- Workflow automation (issue 22): workflows with their draft graph, the immutable versions activation publishes,
-- one durable run per enrolment and one row per executed step. A step row is unique per (run, node, attempt), so a
-- worker that crashes or runs a batch twice finds the step done and never sends twice. Names and limits are in
-- shared/workflows.ts; the engine is server/services/workflows/engine.ts.

create table workflows (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'archived')),
  graph jsonb not null default '{"nodes": [], "edges": []}',
  -- Re-entry rule, goal and the like; the template the workflow came from and its manager section.
  settings jsonb not null default '{}',
  template text,
  section text,
  -- The version new entrants take (null until the first activation).
  version_id bigint,
  -- The trigger's type and key (list id, event name) of the published version, so triggers find workflows by index.
  trigger_type text,
  trigger_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index workflows_trigger_idx on workflows (company_id, trigger_type, trigger_key) where status = 'active';

create table workflow_versions (
  id bigint generated always as identity,
  company_id uuid not null,
  workflow_id bigint not null,
  graph jsonb not null,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, workflow_id) references workflows (company_id, id) on delete cascade
);

create table workflow_runs (
  id bigint generated always as identity,
  company_id uuid not null,
  workflow_id bigint not null,
  version_id bigint not null,
  contact_id bigint not null,
  status text not null default 'running' check (status in ('running', 'waiting', 'finished', 'failed', 'exited')),
  node_id text,
  next_at timestamptz,
  -- A test run sends only to this address, with waits shortened.
  test_address text,
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, workflow_id) references workflows (company_id, id) on delete cascade,
  foreign key (company_id, version_id) references workflow_versions (company_id, id) on delete cascade
);
create index workflow_runs_workflow_idx on workflow_runs (company_id, workflow_id, status, node_id);
create index workflow_runs_contact_idx on workflow_runs (company_id, contact_id, id desc);

create table workflow_steps (
  id bigint generated always as identity,
  company_id uuid not null,
  run_id bigint not null,
  node_id text not null,
  attempt integer not null default 1,
  kind text not null,
  outcome text not null check (outcome in ('passed', 'waiting', 'failed', 'skipped')),
  handle text,
  detail text,
  message_id bigint,
  at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, run_id, node_id, attempt),
  foreign key (company_id, run_id) references workflow_runs (company_id, id) on delete cascade
);

-- Custom events posted to POST /events, kept by event id so a repeated post does nothing.
create table workflow_events (
  company_id uuid not null,
  event_id text not null,
  name text not null,
  contact_id bigint not null,
  properties jsonb not null default '{}',
  received_at timestamptz not null default now(),
  primary key (company_id, event_id)
);

select missiva_secure_table('workflows');
select missiva_secure_table('workflow_versions');
select missiva_secure_table('workflow_runs');
select missiva_secure_table('workflow_steps');
select missiva_secure_table('workflow_events');

-- The list_added trigger, in one place for every way a contact joins a list (the form, the API, imports, bulk
-- actions, a workflow step): a statement trigger on list_members starts runs of the active workflows triggered by
-- those lists and queues each workflow's advancing job, in the transaction that added the members.
create function missiva_workflows_list_added() returns trigger
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
         where not exists (select 1 from workflow_runs r where r.company_id = w.company_id and r.workflow_id = w.id
                             and r.contact_id = a.contact_id and r.status in ('running', 'waiting')
                             and r.test_address is null)
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

create trigger list_members_workflows after insert on list_members
  referencing new table as added for each statement execute function missiva_workflows_list_added();

-- The automated message (messages.type 'automated') each send step of a workflow sends through the campaign engine:
-- made from the step's template the first time a run reaches it; each run adds its contact as a recipient.
create table workflow_messages (
  company_id uuid not null,
  workflow_id bigint not null,
  node_id text not null,
  template_id bigint not null,
  message_id bigint not null,
  primary key (company_id, workflow_id, node_id, template_id),
  foreign key (company_id, workflow_id) references workflows (company_id, id) on delete cascade
);
select missiva_secure_table('workflow_messages');
