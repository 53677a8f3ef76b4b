-- The import that created a contact, so its timeline can say "Imported from <file>" without an event row per
-- imported contact (an import writes a million contacts by COPY). Nullable with no default: adding it rewrites
-- nothing, and contacts created any other way keep null. No foreign key, no index: a per-row check would slow the
-- COPY, and the column is only read beside its contact (imports are never deleted on their own; the company's
-- deletion removes both).
alter table contacts add column import_id bigint;
