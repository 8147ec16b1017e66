-- A notification SMS carries its notification's id as an idempotency key (real carriers take it as
-- the out-id): a job redelivered after a crash mid-send is stored once. Verification codes carry none
-- (NULLs never conflict).
ALTER TABLE feibao_dev_sms_outbox ADD COLUMN IF NOT EXISTS idempotency_key TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS feibao_dev_sms_outbox_idempotency ON feibao_dev_sms_outbox (idempotency_key);
