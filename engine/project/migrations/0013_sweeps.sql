-- Dev/test discipline (issue #13 item 6). A sweep evaluates a grid of retrieval configurations on a
-- dev split and records which one it picked; `test_looks` logs every evaluation on a test split
-- (append-only), so a report can say per configuration family how often test was looked at.
CREATE TABLE sweeps (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    split TEXT NOT NULL,
    pick_metric TEXT NOT NULL,
    grid TEXT NOT NULL,            -- JSON list of {retriever, k}
    results TEXT NOT NULL,         -- JSON list of {retriever, k, run_id, metrics}
    pick TEXT NOT NULL,            -- JSON {retriever, k, run_id, value}
    created TEXT NOT NULL
);
CREATE TRIGGER sweeps_no_update BEFORE UPDATE ON sweeps
BEGIN SELECT RAISE(ABORT, 'sweeps are records: they do not change'); END;
CREATE TRIGGER sweeps_no_delete BEFORE DELETE ON sweeps
BEGIN SELECT RAISE(ABORT, 'sweeps are records: they do not change'); END;

CREATE TABLE test_looks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    family TEXT NOT NULL,          -- the configuration family: the retriever spec (bm25, rrf:bm25,dense, ...)
    config TEXT NOT NULL,          -- JSON {retriever, k}
    split TEXT NOT NULL,
    run_id TEXT,
    sweep_id INTEGER REFERENCES sweeps(id),
    via TEXT NOT NULL,             -- sweep-confirm | eval-retrieval
    created TEXT NOT NULL
);
CREATE TRIGGER test_looks_no_update BEFORE UPDATE ON test_looks
BEGIN SELECT RAISE(ABORT, 'the test-look log is append-only'); END;
CREATE TRIGGER test_looks_no_delete BEFORE DELETE ON test_looks
BEGIN SELECT RAISE(ABORT, 'the test-look log is append-only'); END;
