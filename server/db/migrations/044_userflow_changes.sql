-- UserFlow scoring keeps the model's attribute true to its source (issue 24 §2–§3, server/services/userflow/scoring.ts).
-- cleared: contacts whose score a full run removed because the run did not score them (they left the source or no
-- longer match). incremental: the run scored only the rows changed since the model's cursor (a realtime poll of a
-- source with a changes column); such a run clears nothing.
alter table userflow_runs
  add column cleared integer not null default 0,
  add column incremental boolean not null default false;

-- Where the model's last incremental read ended: the largest value of the source's changes column seen (as text, a
-- timestamp or a number). Null until the first full run of a realtime model on such a source sets it.
alter table userflow_models add column changes_cursor text;
