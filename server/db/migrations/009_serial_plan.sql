-- A marker for statements that must never get a parallel plan. A query that calls a PARALLEL UNSAFE function is
-- planned without workers; being immutable, the call is folded to true while planning and costs nothing when the
-- statement runs. Used by prepared statements whose generic plan would otherwise start workers to read 50 rows
-- (the planner guesses a LIMIT/OFFSET parameter at a tenth of the table).
create function serial_plan() returns boolean language sql immutable parallel unsafe as 'select true';
