-- Senders and sending domains: the public verification link finds its sender by the hash of its token, before the
-- company is known (the link carries nothing else), so the hash is indexed across companies. A resend replaces the
-- token; a verified sender keeps its last one, so opening the link again still says verified.
create unique index senders_verification_token_key on senders (verification_token_hash)
  where verification_token_hash is not null;
