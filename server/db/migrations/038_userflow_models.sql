-- UserFlow models (issue 24 §1–§4): a model's wizard settings, its data source (settings in `source`, secrets sealed
-- with the server key in `source_secrets`, never answered), its trained versions with their metrics and scoring runs.
-- Names and limits are in shared/userflow.ts.

create table userflow_models (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  prediction_type text not null check (prediction_type in ('probability', 'value')),
  question text not null default '' check (length(question) <= 300),
  status text not null default 'draft' check (status in ('draft', 'training', 'ready', 'failed', 'paused')),
  -- { kind, config } as the contract's UserflowSource without secrets.
  source jsonb,
  -- AES-256-GCM sealed JSON object of the source's secrets (server/services/security/crypto.ts).
  source_secrets text,
  identity jsonb,
  target jsonb,
  time_column text,
  features jsonb not null default '[]',
  run_mode jsonb not null default '{"mode":"manual"}',
  attribute_name text not null check (length(attribute_name) between 1 and 100),
  attribute_id bigint,
  training jsonb,
  error jsonb,
  next_run_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);

create table userflow_model_versions (
  id bigint generated always as identity,
  company_id uuid not null,
  model_id bigint not null,
  version integer not null,
  algorithm text not null,
  metrics jsonb not null,
  -- The trained model and its encoders, as JSON (ml-* libraries' toJSON), read back by scoring.
  artifact jsonb not null,
  duration_ms integer not null,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (company_id, model_id, version),
  foreign key (company_id, model_id) references userflow_models (company_id, id) on delete cascade
);

create table userflow_runs (
  id bigint generated always as identity,
  company_id uuid not null,
  model_id bigint not null,
  version integer,
  trigger text not null check (trigger in ('manual', 'realtime', 'scheduled', 'training')),
  status text not null default 'queued' check (status in ('queued', 'running', 'finished', 'failed')),
  rows integer not null default 0,
  matched integer not null default 0,
  duration_ms integer,
  error jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (company_id, id),
  foreign key (company_id, model_id) references userflow_models (company_id, id) on delete cascade
);
create index userflow_runs_model_idx on userflow_runs (company_id, model_id, created_at desc);

-- The uploaded file a file source reads (one per model; a new upload replaces it). The file lives under
-- DATA_DIR/userflow-files/<company>/, apart from contact imports' uploads, whose hourly sweep deletes unnamed files.
create table userflow_files (
  company_id uuid not null,
  model_id bigint not null,
  file_path text not null,
  file_name text not null,
  file_size bigint not null,
  format text not null check (format in ('csv', 'xls', 'xlsx')),
  encoding text,
  delimiter text,
  headers jsonb not null,
  rows integer not null,
  uploaded_at timestamptz not null default now(),
  primary key (company_id, model_id),
  foreign key (company_id, model_id) references userflow_models (company_id, id) on delete cascade
);

select missiva_secure_table(t::regclass)
  from unnest(array['userflow_models', 'userflow_model_versions', 'userflow_runs', 'userflow_files']) as t;
