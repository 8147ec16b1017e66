-- The claims desk (read-models/src/claims/claims/reader.ts): staff queues by stage, "my claims"
-- by assignee, overdue first then the nearest due time (evidence: the oldest request first).
-- Generated columns as in 0005_claims.sql; ISO instants compare as text. The claims projection's
-- version was raised with this change, so every row is rewritten with the fields these read.

ALTER TABLE claim_list
  ADD COLUMN IF NOT EXISTS assignee           TEXT    GENERATED ALWAYS AS (data->>'assignee') STORED,
  ADD COLUMN IF NOT EXISTS stage_due_at       TEXT    GENERATED ALWAYS AS (data->>'stageDueAt') STORED,
  ADD COLUMN IF NOT EXISTS stage_started_at   TEXT    GENERATED ALWAYS AS (data->>'stageStartedAt') STORED,
  ADD COLUMN IF NOT EXISTS evidence_requested BOOLEAN GENERATED ALWAYS AS (coalesce((data->>'evidenceRequested')::boolean, FALSE)) STORED;

CREATE INDEX IF NOT EXISTS claim_list_by_assignee ON claim_list (assignee, created_at DESC, _id DESC) WHERE assignee IS NOT NULL;
CREATE INDEX IF NOT EXISTS claim_list_queue ON claim_list (claim_state, overdue DESC, stage_due_at ASC NULLS LAST, stage_started_at ASC, _id ASC)
  WHERE claim_state IN (2, 3, 4);
CREATE INDEX IF NOT EXISTS claim_list_queue_evidence ON claim_list (stage_started_at ASC, _id ASC) WHERE evidence_requested;
