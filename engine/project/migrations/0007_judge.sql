-- LLM judge runs: one row per rated unit (claim x passage for evidence, claim for reasoning), kept
-- even when the reply did not parse, so a resumed run knows what is done. The labels themselves are
-- annotations (llm:<model>@<prompt sha>) written in the same transaction as the unit row.
CREATE TABLE judge_units (
    run_id TEXT NOT NULL REFERENCES runs(id),
    claim_id TEXT NOT NULL,
    passage_id TEXT NOT NULL DEFAULT '',      -- '' for reasoning units
    parse_status TEXT NOT NULL,
    labels TEXT,                               -- JSON {dimension: code} as written to annotations
    answer TEXT,                               -- indirect mode: the model's own answer and verdict (JSON)
    raw_output TEXT,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_ms REAL,
    created TEXT NOT NULL,
    PRIMARY KEY (run_id, claim_id, passage_id)
);

CREATE TRIGGER judge_units_frozen_insert BEFORE INSERT ON judge_units
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER judge_units_frozen_update BEFORE UPDATE ON judge_units
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER judge_units_frozen_delete BEFORE DELETE ON judge_units
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;

-- Taxonomy induction: each round reads cases the codebook did not cover and stores the LLM's (or a
-- person's) proposed codes; the expert decides each proposal; closing the round saves the codebook.
CREATE TABLE induction_rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source_run TEXT,                           -- the run whose cases were read (NULL: whole project)
    codebook_version INTEGER NOT NULL,         -- the version the cases were not covered by
    proposer TEXT NOT NULL,                    -- llm:<model>@<prompt sha> or a person's name
    cases TEXT NOT NULL,                       -- JSON list of the cases read
    raw_output TEXT,
    parse_status TEXT,
    created TEXT NOT NULL,
    closed TEXT,
    new_version INTEGER,                       -- the codebook version saved on close (NULL: unchanged)
    n_new_codes INTEGER                        -- accepted proposals (the saturation plot's y)
);

CREATE TABLE induction_proposals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id INTEGER NOT NULL REFERENCES induction_rounds(id),
    target TEXT NOT NULL CHECK (target IN ('evidence', 'reasoning')),
    dimension TEXT NOT NULL,
    code_id TEXT NOT NULL,
    name TEXT NOT NULL,
    definition TEXT NOT NULL,
    pattern TEXT,
    examples TEXT NOT NULL DEFAULT '[]',       -- JSON list of example claim ids
    decision TEXT CHECK (decision IN ('accept', 'merge', 'reject')),
    merge_into TEXT,                           -- an existing code id of the same dimension
    decided_by TEXT,
    decided TEXT
);

CREATE TRIGGER induction_proposals_closed BEFORE UPDATE ON induction_proposals
WHEN (SELECT closed FROM induction_rounds WHERE id = OLD.round_id) IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'induction round is closed'); END;
