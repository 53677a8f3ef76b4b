-- Billing and credits (issue 21 §4): each company's plan and its limits, and a credit balance per channel with its
-- price per message and low-balance threshold, beside the ledger (017). A balance equals the sum of its ledger: the
-- writers in server/services/billing/ledger.ts insert the ledger row and move the balance in one statement, and the
-- check below refuses a debit the balance cannot cover. Names live in shared/billing.ts.

create table billing_plans (
  company_id uuid not null references companies(id) on delete cascade,
  name text not null default 'standard' check (length(name) between 1 and 100),
  -- null: unlimited.
  max_contacts integer check (max_contacts >= 0),
  max_seats integer check (max_seats >= 0),
  max_sends_per_month integer check (max_sends_per_month >= 0),
  updated_at timestamptz not null default now(),
  primary key (company_id)
);

create table credit_balances (
  company_id uuid not null references companies(id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp', 'sms')),
  balance bigint not null default 0 check (balance >= 0),
  price_per_message integer not null default 1 check (price_per_message between 0 and 1000000),
  low_balance_threshold bigint not null default 0 check (low_balance_threshold between 0 and 100000000),
  updated_at timestamptz not null default now(),
  primary key (company_id, channel)
);

-- The ledger exists since 017 (the send engine and test sends write their debits there); each entry now records the
-- channel's balance once it applied. Entries written before the balances existed have none.
alter table credit_ledger add column balance_after bigint check (balance_after >= 0);
alter table credit_ledger add column quantity integer check (quantity > 0);

-- A campaign that ran out of credits mid-send pauses with this reason; the rest of its recipients wait.
alter table messages drop constraint messages_pending_reason_check;
alter table messages add constraint messages_pending_reason_check
  check (pending_reason in ('deferred', 'rate_limit', 'warmup', 'sender_unverified', 'credits_exhausted'));

select missiva_secure_table('billing_plans');
select missiva_secure_table('credit_balances');
