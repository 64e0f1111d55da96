-- Answer-level audits (issue #13).
-- What an answering system saw and did for one item, beside its chosen options: the passage ids it
-- saw in rank order, whether it refused, the passages it cited, latency and token counts. One JSON
-- object per prediction (NULL for older imports), immutable with the run like the rest of the row.
ALTER TABLE item_predictions ADD COLUMN detail TEXT;

-- Expert review samples: a seeded, stratified draw of a choices run's items. The draw is recorded
-- (seed, fraction, strata, the item ids) so the same sample is shown again after a restart.
CREATE TABLE review_samples (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL REFERENCES runs(id),
    fraction REAL NOT NULL,
    strata TEXT,                   -- the item field the draw is stratified by (risk_tier, category) or NULL
    seed INTEGER NOT NULL,
    items TEXT NOT NULL,           -- JSON list of item ids in review order
    created TEXT NOT NULL
);
CREATE TRIGGER review_samples_no_update BEFORE UPDATE ON review_samples
BEGIN SELECT RAISE(ABORT, 'review samples are fixed once drawn'); END;
CREATE TRIGGER review_samples_no_delete BEFORE DELETE ON review_samples
BEGIN SELECT RAISE(ABORT, 'review samples are fixed once drawn'); END;

-- A reviewer's judgement of one sampled answer: acceptable for the business or not, with a note.
-- Append-only like annotations: a change of mind is a new row that supersedes the old one.
CREATE TABLE review_marks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sample_id INTEGER NOT NULL REFERENCES review_samples(id),
    item_id TEXT NOT NULL REFERENCES items(id),
    acceptable INTEGER NOT NULL CHECK (acceptable IN (0, 1)),
    note TEXT,
    reviewer TEXT NOT NULL,
    supersedes INTEGER REFERENCES review_marks(id),
    created TEXT NOT NULL
);
CREATE INDEX review_marks_item ON review_marks(sample_id, item_id);
CREATE TRIGGER review_marks_no_update BEFORE UPDATE ON review_marks
BEGIN SELECT RAISE(ABORT, 'review marks are append-only'); END;
CREATE TRIGGER review_marks_no_delete BEFORE DELETE ON review_marks
BEGIN SELECT RAISE(ABORT, 'review marks are append-only'); END;
