-- "Newest first" orders contacts by id. With a block of ids cached per connection (005), contacts created one after
-- the other through different connections could get ids out of their creation order (1, 1002, 4). Imports take their
-- ids in one nextval() call per row from a single statement, which a per-value sequence serves as fast.
alter table contacts alter column id set cache 1;
