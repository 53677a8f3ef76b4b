-- Country and language are the contact fields segments filter on most (a country's customers, an Italian audience).
-- Without an index a segment condition on either reads every contact of the company; with one it reads the contacts
-- of that country or language, and the rest of the segment's conditions are checked on those only. Small indexes:
-- a handful of distinct values per company, stored once per value (B-tree deduplication).
create index contacts_country_idx on contacts (company_id, country);
create index contacts_language_idx on contacts (company_id, language);
