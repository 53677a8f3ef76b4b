-- Contacts area: contacts, typed custom attributes, folders and lists, segments, notes, timeline, imports, exports.
-- Every row carries company_id and every query is scoped by it. Low-volume children reference their parent through
-- (company_id, id), so they can never point at another company's row. High-volume children (list members, timeline
-- events, import errors) have no foreign keys, whose per-row checks would triple the cost of an import: they are
-- written only by set-based statements that join their company-scoped parents, and statement triggers remove them
-- with their parents. Counts shown on screens (contacts, list sizes) are kept exact by statement triggers too.

create table contact_attributes (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  type text not null check (type in ('text', 'number', 'date', 'boolean', 'category')),
  -- Category options, in display order (an empty array for the other types).
  options jsonb not null default '[]' check (jsonb_typeof(options) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);
create unique index contact_attributes_name_key on contact_attributes (company_id, lower(name));

create table contacts (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  email citext,
  first_name text,
  last_name text,
  -- Country calling code, digits only ("39"); required when phone_number is set.
  phone_prefix text,
  phone_number text,
  country text,
  language text,
  address text,
  -- Custom attribute values keyed by attribute id ("12": "gold"), typed as the attribute says.
  attributes jsonb not null default '{}',
  blocked_at timestamptz,
  anonymised_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  constraint contacts_email_required check (email is not null or anonymised_at is not null),
  constraint contacts_prefix_required check (phone_number is null or phone_prefix is not null)
);
-- (company_id, id) also serves the default order (newest first); these serve the other sorts and uniqueness.
create unique index contacts_email_key on contacts (company_id, email);
create unique index contacts_phone_key on contacts (company_id, phone_prefix, phone_number);
create index contacts_last_name_idx on contacts (company_id, last_name, id);
create index contacts_first_name_idx on contacts (company_id, first_name, id);

-- Number of contacts per company, for the unfiltered contacts page (count(*) over a million rows is too slow).
create table contact_counters (
  company_id uuid primary key references companies(id) on delete cascade,
  total bigint not null default 0
);

create function contact_counters_added() returns trigger language plpgsql as $$
begin
  insert into contact_counters as c (company_id, total)
  select company_id, count(*) from new_rows group by company_id order by company_id
  on conflict (company_id) do update set total = c.total + excluded.total;
  return null;
end $$;

create function contact_counters_removed() returns trigger language plpgsql as $$
begin
  update contact_counters c set total = c.total - d.n
    from (select company_id, count(*) as n from old_rows group by company_id) d
   where c.company_id = d.company_id;
  return null;
end $$;

create trigger contacts_counted_insert after insert on contacts
  referencing new table as new_rows for each statement execute function contact_counters_added();
create trigger contacts_counted_delete after delete on contacts
  referencing old table as old_rows for each statement execute function contact_counters_removed();

create table folders (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);

create table lists (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  -- A folder that is not empty cannot be deleted.
  folder_id bigint not null,
  name text not null check (length(name) between 1 and 100),
  member_count bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id),
  foreign key (company_id, folder_id) references folders (company_id, id) on delete restrict
);
create index lists_folder_idx on lists (company_id, folder_id);

create table list_members (
  company_id uuid not null,
  list_id bigint not null,
  contact_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (company_id, list_id, contact_id)
);
create index list_members_contact_idx on list_members (company_id, contact_id);

-- List sizes follow every insert and delete of members, including cascades. Rows are updated in list order so
-- concurrent writers cannot deadlock on them.
create function list_sizes_added() returns trigger language plpgsql as $$
declare r record;
begin
  for r in select company_id, list_id, count(*) as n from new_rows group by company_id, list_id order by company_id, list_id loop
    update lists set member_count = member_count + r.n where company_id = r.company_id and id = r.list_id;
  end loop;
  return null;
end $$;

create function list_sizes_removed() returns trigger language plpgsql as $$
declare r record;
begin
  for r in select company_id, list_id, count(*) as n from old_rows group by company_id, list_id order by company_id, list_id loop
    update lists set member_count = member_count - r.n where company_id = r.company_id and id = r.list_id;
  end loop;
  return null;
end $$;

create trigger list_members_counted_insert after insert on list_members
  referencing new table as new_rows for each statement execute function list_sizes_added();
create trigger list_members_counted_delete after delete on list_members
  referencing old table as old_rows for each statement execute function list_sizes_removed();

create table segments (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  -- The condition tree (a group of conditions and groups combined with and/or), validated by the API.
  conditions jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, id)
);

create table contact_notes (
  id bigint generated always as identity,
  company_id uuid not null,
  contact_id bigint not null,
  user_id uuid references users(id) on delete set null,
  body text not null check (length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index contact_notes_contact_idx on contact_notes (company_id, contact_id, id desc);

-- The activity timeline: this area records edits, blocks and list changes; messages and events add their own.
create table contact_events (
  id bigint generated always as identity,
  company_id uuid not null,
  contact_id bigint not null,
  type text not null,
  user_id uuid references users(id) on delete set null,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (company_id, id)
);
create index contact_events_contact_idx on contact_events (company_id, contact_id, id desc);

-- Set-based cascades: one statement per deleting statement, however many contacts or lists it removed.
create function contacts_children_removed() returns trigger language plpgsql as $$
begin
  delete from list_members m using old_rows o where m.company_id = o.company_id and m.contact_id = o.id;
  delete from contact_notes n using old_rows o where n.company_id = o.company_id and n.contact_id = o.id;
  delete from contact_events e using old_rows o where e.company_id = o.company_id and e.contact_id = o.id;
  return null;
end $$;
create trigger contacts_children_deleted after delete on contacts
  referencing old table as old_rows for each statement execute function contacts_children_removed();

create function lists_members_removed() returns trigger language plpgsql as $$
begin
  delete from list_members m using old_rows o where m.company_id = o.company_id and m.list_id = o.id;
  return null;
end $$;
create trigger lists_members_deleted after delete on lists
  referencing old table as old_rows for each statement execute function lists_members_removed();

-- One uploaded file and its import. rows_done is the resume cursor: data rows whose effects are committed.
create table contact_imports (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  status text not null default 'uploaded' check (status in ('uploaded', 'queued', 'running', 'finished', 'failed')),
  file_name text not null,
  file_path text not null,
  file_size bigint not null,
  format text not null check (format in ('csv', 'xls', 'xlsx')),
  encoding text,
  delimiter text,
  headers jsonb not null default '[]',
  -- The first rows after the header, and the column targets matched from the headers, shown before starting.
  preview jsonb not null default '[]',
  suggested_mapping jsonb not null default '[]',
  estimated_rows integer,
  mapping jsonb,
  list_ids bigint[] not null default '{}',
  update_existing boolean not null default true,
  blocklist boolean not null default false,
  rows_done integer not null default 0,
  created_count integer not null default 0,
  updated_count integer not null default 0,
  skipped_count integer not null default 0,
  failed_count integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (company_id, id)
);

create table contact_import_errors (
  id bigint generated always as identity,
  company_id uuid not null,
  import_id bigint not null,
  row_number integer not null,
  column_name text,
  reason text not null,
  primary key (company_id, id)
);
create index contact_import_errors_import_idx on contact_import_errors (company_id, import_id, row_number);

create function contact_imports_errors_removed() returns trigger language plpgsql as $$
begin
  delete from contact_import_errors e using old_rows o where e.company_id = o.company_id and e.import_id = o.id;
  return null;
end $$;
create trigger contact_imports_errors_deleted after delete on contact_imports
  referencing old table as old_rows for each statement execute function contact_imports_errors_removed();

create table contact_exports (
  id bigint generated always as identity,
  company_id uuid not null references companies(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'running', 'finished', 'failed')),
  -- What to export: contact ids, or a filter (list, segment, search, blocklist status).
  selection jsonb not null,
  attribute_ids bigint[],
  file_path text,
  rows_total integer,
  rows_done integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (company_id, id)
);
