-- Second raters offline (issue #21). `rater_packages` records each package this project sent: the
-- units it holds, its codebook, and the rater it is for, so a return can be checked against it.
-- `rater_merges` is the provenance of every annotation merged from a return file: which package,
-- which rater, which key signed it. Both are append-only records.
CREATE TABLE rater_packages (
    id TEXT PRIMARY KEY,               -- pkg-<uuid>
    rater TEXT NOT NULL,
    target TEXT NOT NULL CHECK (target IN ('evidence', 'reasoning', 'sentences')),
    codebook_version INTEGER NOT NULL,
    codebook_sha256 TEXT NOT NULL,
    units TEXT NOT NULL,               -- JSON list of unit keys, in package order
    source_run TEXT,                   -- the retrieval or verify run the units come from
    seed INTEGER,
    file_name TEXT NOT NULL,
    sender TEXT NOT NULL,              -- ed25519:<fingerprint> of the key that signed the package
    created TEXT NOT NULL
);
CREATE TRIGGER rater_packages_no_update BEFORE UPDATE ON rater_packages
BEGIN SELECT RAISE(ABORT, 'rater packages are records: they do not change'); END;
CREATE TRIGGER rater_packages_no_delete BEFORE DELETE ON rater_packages
BEGIN SELECT RAISE(ABORT, 'rater packages are records: they do not change'); END;

CREATE TABLE rater_merges (
    annotation_id TEXT PRIMARY KEY,    -- an annotation's or a sentence rating's id
    package_id TEXT NOT NULL REFERENCES rater_packages(id),
    rater TEXT NOT NULL,
    key_fingerprint TEXT NOT NULL,     -- the key that signed the return file
    return_sha256 TEXT NOT NULL,
    merged TEXT NOT NULL
);
CREATE INDEX rater_merges_package ON rater_merges(package_id);
CREATE TRIGGER rater_merges_no_update BEFORE UPDATE ON rater_merges
BEGIN SELECT RAISE(ABORT, 'merge provenance is append-only'); END;
CREATE TRIGGER rater_merges_no_delete BEFORE DELETE ON rater_merges
BEGIN SELECT RAISE(ABORT, 'merge provenance is append-only'); END;

-- Sentence labels from raters (target `sentences`): the sentences table holds the first expert's
-- label; a second rater's labels and adjudications are records here, append-only like annotations.
CREATE TABLE sentence_ratings (
    id TEXT PRIMARY KEY,
    sentence_id TEXT NOT NULL,         -- no foreign key: a return file holds ratings without the sentences
    label TEXT NOT NULL CHECK (label IN ('correct', 'error')),
    annotator TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE INDEX sentence_ratings_sentence ON sentence_ratings(sentence_id);
CREATE TRIGGER sentence_ratings_no_update BEFORE UPDATE ON sentence_ratings
BEGIN SELECT RAISE(ABORT, 'sentence ratings are append-only'); END;
CREATE TRIGGER sentence_ratings_no_delete BEFORE DELETE ON sentence_ratings
BEGIN SELECT RAISE(ABORT, 'sentence ratings are append-only'); END;
