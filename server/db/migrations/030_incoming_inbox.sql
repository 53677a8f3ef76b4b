-- The inbox of incoming messages (/multichannel/messages, GET /incoming-messages, the message.received webhook): the
-- address a message was sent to is kept beside the sender's, so the list and the event name both ends. Earlier
-- replies have none. Newest first is the primary key's order (company_id, id); search reads one company's rows.
alter table incoming_messages add column to_address citext;
