-- Workflow goals (issue 22 §3): the conditions (a segment group, as the segment builder writes it) that end a
-- contact's run as "exited" with the reason "goal" wherever it is. Null: the workflow has no goal.
alter table workflows add column goal jsonb;
