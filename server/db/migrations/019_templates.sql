-- Templates and assets (migration 017 made their tables): a template list searched by name and an asset library read
-- newest first. The name index is trigram (a part of the name matches), the company filter narrows its hits.
create index templates_name_search_idx on templates using gin (lower(name) gin_trgm_ops);
create index assets_list_idx on assets (company_id, created_at desc, id desc);
