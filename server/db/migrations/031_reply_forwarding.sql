-- Replies to a campaign come back to its signed reply address and are forwarded to the campaign's reply-to through
-- the outbox; the forward carries the replier as its Reply-To, kept here beside the message it belongs to.
alter table outbox add column reply_to text;

-- A campaign whose sender loses its verification while sending is paused with this reason (resumed once the sender
-- is verified again), so the reason travels with the campaign like the others.
alter table messages drop constraint messages_pending_reason_check;
alter table messages add constraint messages_pending_reason_check
  check (pending_reason in ('deferred', 'rate_limit', 'warmup', 'sender_unverified'));
