-- Notes are low-volume children of contacts and, as 003 intends for those, reference their contact through
-- (company_id, contact_id): a note written while its contact is deleted cannot stay behind, and deleting contacts
-- deletes their notes through the key, so the contacts statement trigger no longer does. The key uses the contacts
-- primary key (company_id, id); no index is built on contacts. Notes whose contact is gone are deleted first, so the
-- key applies on existing installs.
delete from contact_notes n where not exists (select 1 from contacts c where c.company_id = n.company_id and c.id = n.contact_id);
alter table contact_notes
  add constraint contact_notes_contact_fkey foreign key (company_id, contact_id) references contacts (company_id, id) on delete cascade;

create or replace function contacts_children_removed() returns trigger language plpgsql as $$
begin
  delete from list_members m using old_rows o where m.company_id = o.company_id and m.contact_id = o.id;
  delete from contact_events e using old_rows o where e.company_id = o.company_id and e.contact_id = o.id;
  return null;
end $$;

-- A user belongs to exactly one company (users.company_id is not null), so the author of a note, an event, an import
-- or an export is referenced through (company_id, user_id): no row can name another company's user. Deleting a user
-- empties user_id only; company_id stays. The check per written row costs what the single-column key it replaces did.
-- An author of another company (nothing writes one; a damaged install might hold one) is emptied first. Each table is
-- read twice (the clean-up, then the key's check) and its writes wait for the second read: seconds for the timeline
-- events of a large install.
alter table users add constraint users_company_id_id_key unique (company_id, id);

do $$
declare
  t text;
begin
  foreach t in array array['contact_notes', 'contact_events', 'contact_imports', 'contact_exports'] loop
    execute format('update %I t set user_id = null where user_id is not null
                      and not exists (select 1 from users u where u.company_id = t.company_id and u.id = t.user_id)', t);
    execute format('alter table %I drop constraint %I, add constraint %I foreign key (company_id, user_id)
                      references users (company_id, id) on delete set null (user_id)', t, t || '_user_id_fkey', t || '_user_fkey');
  end loop;
end $$;
