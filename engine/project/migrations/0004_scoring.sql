-- Item-level predictions imported from other tools: option choices (multi-answer items) and
-- candidate answers with a conflict flag (RAMDocs-style items). One row per (run, item).
CREATE TABLE item_predictions (
    run_id TEXT NOT NULL REFERENCES runs(id),
    item_id TEXT NOT NULL REFERENCES items(id),
    chosen TEXT,                   -- JSON list of options (choices imports)
    answers TEXT,                  -- JSON list of candidate answers (candidates imports)
    conflict INTEGER CHECK (conflict IN (0, 1)),
    PRIMARY KEY (run_id, item_id)
);

CREATE TRIGGER item_predictions_frozen_insert BEFORE INSERT ON item_predictions
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER item_predictions_frozen_update BEFORE UPDATE ON item_predictions
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER item_predictions_frozen_delete BEFORE DELETE ON item_predictions
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
