-- Core data model. Ids imported from users' files are kept verbatim (TEXT primary keys).
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE datasets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,            -- corpus | claims | answers | mixed
    format TEXT NOT NULL,
    source_files TEXT NOT NULL,    -- JSON list of {path, sha256, bytes}
    source_sha256 TEXT NOT NULL,   -- sha256 over the sorted per-file hashes
    split TEXT,
    frozen INTEGER NOT NULL DEFAULT 0 CHECK (frozen IN (0, 1)),
    created TEXT NOT NULL,
    counts TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    title TEXT,
    source TEXT,
    meta TEXT
);

CREATE TABLE passages (
    id TEXT PRIMARY KEY,
    doc_id TEXT REFERENCES documents(id),
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    ord INTEGER NOT NULL DEFAULT 0,
    title TEXT,
    text TEXT NOT NULL,
    lang TEXT,
    source TEXT,
    sentence_spans TEXT,           -- JSON [[start, end], ...] into text, so rationale sentences resolve
    meta TEXT
);
CREATE INDEX passages_doc ON passages(doc_id, ord);
CREATE INDEX passages_dataset ON passages(dataset_id);

CREATE TABLE items (
    id TEXT PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    question TEXT,
    answer TEXT,
    gold_answers TEXT,             -- JSON list
    options TEXT,                  -- JSON list
    gold_options TEXT,             -- JSON list
    category TEXT,
    risk_tier TEXT CHECK (risk_tier IN ('A', 'B', 'C')),
    critical INTEGER NOT NULL DEFAULT 0,
    meta TEXT
);
CREATE INDEX items_dataset ON items(dataset_id);

CREATE TABLE sentences (
    id TEXT PRIMARY KEY,
    item_id TEXT NOT NULL REFERENCES items(id),
    ord INTEGER NOT NULL,
    text TEXT NOT NULL,
    start INTEGER,
    end INTEGER,
    label TEXT CHECK (label IN ('correct', 'error')),
    reason TEXT,
    meta TEXT
);
CREATE INDEX sentences_item ON sentences(item_id, ord);

CREATE TABLE claims (
    id TEXT PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    item_id TEXT REFERENCES items(id),
    sentence_id TEXT REFERENCES sentences(id),
    ord INTEGER NOT NULL DEFAULT 0,
    text TEXT NOT NULL,
    gold_label TEXT CHECK (gold_label IN ('Supported', 'Refuted', 'No Evidence', 'Ambiguous')),
    origin TEXT NOT NULL DEFAULT 'imported',   -- imported | decompose | edit
    run_id TEXT REFERENCES runs(id),           -- the decompose run that made it
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    replaced_by TEXT,                          -- an expert edit keeps the original and points to the new claim
    meta TEXT
);
CREATE INDEX claims_dataset ON claims(dataset_id);
CREATE INDEX claims_sentence ON claims(sentence_id);
CREATE INDEX claims_item ON claims(item_id);

-- Gold evidence per claim. No foreign key to passages: claims may be imported before their corpus.
CREATE TABLE claim_gold (
    claim_id TEXT NOT NULL REFERENCES claims(id),
    passage_id TEXT NOT NULL,
    stance TEXT CHECK (stance IN ('Supported', 'Refuted', 'No Evidence')),
    sentences TEXT,                -- JSON list of rationale sentence indexes within the passage
    PRIMARY KEY (claim_id, passage_id)
);

CREATE TABLE runs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,       -- <kind>-<seq>
    kind TEXT NOT NULL,            -- decompose | retrieve | verify | judge | imported
    status TEXT NOT NULL CHECK (status IN ('running', 'cancelled', 'failed', 'done')),
    config TEXT NOT NULL,
    config_hash TEXT NOT NULL,
    provenance TEXT NOT NULL DEFAULT '{}',
    created TEXT NOT NULL,
    finished TEXT,
    pid INTEGER,
    host TEXT,
    error TEXT,
    summary TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE retrieval_hits (
    run_id TEXT NOT NULL REFERENCES runs(id),
    claim_id TEXT NOT NULL REFERENCES claims(id),
    rank INTEGER NOT NULL CHECK (rank >= 1),
    passage_id TEXT NOT NULL REFERENCES passages(id),
    score REAL NOT NULL,
    PRIMARY KEY (run_id, claim_id, rank)
);

CREATE TABLE retrieval_queries (
    run_id TEXT NOT NULL REFERENCES runs(id),
    claim_id TEXT NOT NULL REFERENCES claims(id),
    latency_ms REAL,
    PRIMARY KEY (run_id, claim_id)
);

CREATE TABLE verdicts (
    run_id TEXT NOT NULL REFERENCES runs(id),
    claim_id TEXT NOT NULL REFERENCES claims(id),
    verdict TEXT CHECK (verdict IN ('Supported', 'Refuted', 'No Evidence', 'Ambiguous')),
    reasoning TEXT,
    evidence_used TEXT,            -- JSON list of passage ids
    stances TEXT,                  -- JSON {passage_id: stance} in per-passage mode
    raw_output TEXT,
    parse_status TEXT NOT NULL CHECK (parse_status IN ('ok', 'repaired', 'failed')),
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_ms REAL,
    trimmed INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    PRIMARY KEY (run_id, claim_id)
);

-- Decompose runs record which claims they made; claims.run_id points back.
CREATE TABLE codebooks (
    version INTEGER PRIMARY KEY,
    body TEXT NOT NULL,            -- YAML
    sha256 TEXT NOT NULL,
    created TEXT NOT NULL,
    note TEXT
);

CREATE TABLE annotations (
    id TEXT PRIMARY KEY,
    target_kind TEXT NOT NULL CHECK (target_kind IN ('evidence', 'reasoning', 'triage', 'claim')),
    claim_id TEXT NOT NULL,
    passage_id TEXT,
    run_id TEXT,
    dimension TEXT NOT NULL,
    code TEXT NOT NULL,
    annotator TEXT NOT NULL,
    codebook_version INTEGER,
    pass TEXT NOT NULL DEFAULT 'first' CHECK (pass IN ('first', 'retest')),
    blind INTEGER NOT NULL DEFAULT 0,
    supersedes TEXT REFERENCES annotations(id),
    note TEXT,
    created TEXT NOT NULL
);
CREATE INDEX annotations_target ON annotations(claim_id, passage_id, dimension);

-- Annotations are append-only: corrections are new records that supersede old ones.
CREATE TRIGGER annotations_no_update BEFORE UPDATE ON annotations
BEGIN SELECT RAISE(ABORT, 'annotations are append-only'); END;
CREATE TRIGGER annotations_no_delete BEFORE DELETE ON annotations
BEGIN SELECT RAISE(ABORT, 'annotations are append-only'); END;

CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path TEXT NOT NULL,
    format TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    runs TEXT NOT NULL,
    created TEXT NOT NULL
);

-- Finished runs are immutable: their hits and verdicts cannot change.
CREATE TRIGGER hits_frozen_insert BEFORE INSERT ON retrieval_hits
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER verdicts_frozen_insert BEFORE INSERT ON verdicts
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER verdicts_frozen_update BEFORE UPDATE ON verdicts
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER runs_frozen BEFORE UPDATE OF config, config_hash, provenance ON runs
WHEN OLD.status = 'done'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER runs_done_final BEFORE UPDATE OF status ON runs
WHEN OLD.status = 'done' AND NEW.status IS NOT 'done'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;

-- A frozen dataset refuses edits to its records (derived claims may still be added by runs).
CREATE TRIGGER claims_frozen_update BEFORE UPDATE ON claims
WHEN (SELECT frozen FROM datasets WHERE id = OLD.dataset_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER claims_frozen_delete BEFORE DELETE ON claims
WHEN (SELECT frozen FROM datasets WHERE id = OLD.dataset_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER sentences_frozen_update BEFORE UPDATE ON sentences
WHEN (SELECT d.frozen FROM datasets d JOIN items i ON i.dataset_id = d.id WHERE i.id = OLD.item_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER items_frozen_update BEFORE UPDATE ON items
WHEN (SELECT frozen FROM datasets WHERE id = OLD.dataset_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER passages_frozen_update BEFORE UPDATE ON passages
WHEN (SELECT frozen FROM datasets WHERE id = OLD.dataset_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER passages_frozen_delete BEFORE DELETE ON passages
WHEN (SELECT frozen FROM datasets WHERE id = OLD.dataset_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
CREATE TRIGGER claim_gold_frozen_insert BEFORE INSERT ON claim_gold
WHEN (SELECT d.frozen FROM datasets d JOIN claims c ON c.dataset_id = d.id WHERE c.id = NEW.claim_id) = 1
BEGIN SELECT RAISE(ABORT, 'dataset is frozen'); END;
