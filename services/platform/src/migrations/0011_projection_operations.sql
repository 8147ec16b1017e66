-- The operations console (services/platform/src/projections/operations.ts) shows each projection's
-- lag and lets an operator retry a parked projection or skip the event it stopped on.
-- event_types: what the projection reads, written when it registers, so lag counts only those events.
-- failed_*: the one event a parked projection failed on (the runner narrows a failing batch to it),
-- so a skip moves the checkpoint past exactly the event the operator saw.
ALTER TABLE feibao_projections
  ADD COLUMN IF NOT EXISTS event_types       TEXT[],
  ADD COLUMN IF NOT EXISTS failed_position   BIGINT,
  ADD COLUMN IF NOT EXISTS failed_xid        xid8,
  ADD COLUMN IF NOT EXISTS failed_event_type TEXT,
  ADD COLUMN IF NOT EXISTS failed_stream_id  TEXT;
