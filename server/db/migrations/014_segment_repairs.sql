-- Segments saved before the contract required every condition to be an object could hold numbers, strings, null or
-- arrays among their conditions (the validator's discriminator let any non-object through), and then the company's
-- whole list of segments failed to serialise. Such entries never meant a condition (counting the segment failed too),
-- so they are dropped at every level; a tree whose root is not a group at all becomes an empty "or" group, which
-- matches no contact, rather than an empty "and" group, which would match them all.
create function pg_temp.repaired_segment_group(node jsonb) returns jsonb language plpgsql immutable as $$
declare
  kept jsonb := '[]'::jsonb;
  item jsonb;
begin
  if jsonb_typeof(node) is distinct from 'object' or node->>'kind' is distinct from 'group'
     or jsonb_typeof(node->'conditions') is distinct from 'array'
     or coalesce(node->>'operator', '') not in ('and', 'or') then
    return null;
  end if;
  for item in select value from jsonb_array_elements(node->'conditions') loop
    if jsonb_typeof(item) <> 'object' then
      continue;
    elsif item->>'kind' = 'group' then
      item := pg_temp.repaired_segment_group(item);
      if item is null then continue; end if;
    end if;
    kept := kept || jsonb_build_array(item);
  end loop;
  return jsonb_set(node, '{conditions}', kept);
end $$;

update segments
   set conditions = coalesce(pg_temp.repaired_segment_group(conditions),
                             '{"kind": "group", "operator": "or", "conditions": []}'::jsonb),
       updated_at = now()
 where conditions is distinct from pg_temp.repaired_segment_group(conditions);
