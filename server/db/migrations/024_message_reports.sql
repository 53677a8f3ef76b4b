-- Message console, message log and reports: indexes that keep them fast at the spec's volumes (a 100,000-recipient
-- campaign with 1,000,000 events, a log of millions of sent messages). No new tables.

-- The report's summary counts opens and clicks per type and human/machine, and the distinct recipients of each, in
-- one pass over this index (an index-only scan whose recipient order serves the distinct counts without a sort),
-- instead of reading a million event rows from the heap.
create index message_events_report_idx on message_events (company_id, message_id, type, machine, recipient_id);

-- The message log reads every campaign's recipients newest first, all of them or in one delivery state, and continues
-- after a row's id (keyset), so a page deep in the log costs what the first one does.
create index message_recipients_log_idx on message_recipients (company_id, id desc);
create index message_recipients_log_state_idx on message_recipients (company_id, state, id desc);

-- Search by address (contains, case-insensitive) in the log and in a report's recipients.
create index message_recipients_address_trgm_idx on message_recipients using gin ((address::text) gin_trgm_ops);
