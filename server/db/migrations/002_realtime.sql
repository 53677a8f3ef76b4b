-- Shared by socket.io nodes through @socket.io/postgres-adapter (payloads too large for NOTIFY).
create table if not exists socket_io_attachments (
  id bigserial unique,
  created_at timestamptz default now(),
  payload bytea
);
