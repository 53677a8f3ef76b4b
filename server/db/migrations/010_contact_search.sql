-- Contacts search reads a trigram index instead of every contact. contact_search_text() is the one text a search
-- looks in: email, first name, last name, "first last", the phone number and prefix plus number ("39333…"), lower-cased
-- and separated by line breaks. Search text never holds a line break (the service turns control characters into
-- spaces), so a search can only match inside one field. The service's WHERE clause spells the same call as this index,
-- so the planner matches them; the function is inlined (plain SQL, immutable) and costs no call per row.
create extension if not exists pg_trgm;

create function contact_search_text(email text, first_name text, last_name text, phone_prefix text, phone_number text)
returns text language sql immutable parallel safe
return lower(
  coalesce(email, '') || E'\n' ||
  coalesce(first_name, '') || E'\n' ||
  coalesce(last_name, '') || E'\n' ||
  coalesce(first_name || ' ' || last_name, '') || E'\n' ||
  coalesce(phone_number, '') || E'\n' ||
  coalesce(phone_prefix || phone_number, '')
);

create index contacts_search_idx on contacts
  using gin (contact_search_text(email::text, first_name, last_name, phone_prefix, phone_number) gin_trgm_ops);
