-- A user's phone has a prefix (the country calling code, digits only), required when a number is given (spec §5),
-- and a phone is one person's: no two users hold the same prefix and number ("phone number already in use").
alter table users add column phone_prefix text check (phone_prefix ~ '^[0-9]{1,4}$');
create unique index users_phone_idx on users (phone_prefix, phone_number) where phone_number is not null;
