-- Conflict-aware answering (aggregate runs): one row per item, committed on its own so a killed run
-- resumes where it stopped. `detail` is the JSON of every stage (extractions with quotes and raw
-- replies, repairs, groups with the rule of each decision, the outcome); `answers` and `conflict`
-- repeat the outcome for queries.
CREATE TABLE conflict_items (
    run_id TEXT NOT NULL REFERENCES runs(id),
    item_id TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('answer', 'conflict', 'abstain')),
    answers TEXT NOT NULL,                     -- JSON list of the listed answers
    conflict INTEGER NOT NULL CHECK (conflict IN (0, 1)),
    detail TEXT NOT NULL,
    calls INTEGER NOT NULL DEFAULT 0,
    parse_failures INTEGER NOT NULL DEFAULT 0,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_ms REAL,
    created TEXT NOT NULL,
    PRIMARY KEY (run_id, item_id)
);

CREATE TRIGGER conflict_items_frozen_insert BEFORE INSERT ON conflict_items
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER conflict_items_frozen_update BEFORE UPDATE ON conflict_items
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER conflict_items_frozen_delete BEFORE DELETE ON conflict_items
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
