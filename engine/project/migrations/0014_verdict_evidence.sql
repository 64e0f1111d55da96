-- Classifier verifiers (issue #25 items 1 and 4): what drove each verdict, beside its verdicts row
-- (whose meaning is unchanged, so metrics and triage read classifier runs like any other). The
-- driving window: passage, character span in the passage text, the column its probability is of
-- (Supported | Refuted) and that probability; the per-label maxima over all windows; the per-pair
-- probabilities (JSON list of [passage_id, start, end, P(S), P(R) or null, P(NE)]); and a detail
-- object (sentence numbers, the best supporting and refuting windows, binary model, failure).
CREATE TABLE verdict_evidence (
    run_id TEXT NOT NULL,
    claim_id TEXT NOT NULL,
    passage_id TEXT,
    span_start INTEGER,
    span_end INTEGER,
    label TEXT CHECK (label IS NULL OR label IN ('Supported', 'Refuted')),
    prob REAL,
    maxima TEXT NOT NULL,          -- JSON {"Supported": p, "Refuted": p | null, "No Evidence": p}
    pairs TEXT NOT NULL,           -- JSON list, see above
    detail TEXT,                   -- JSON object
    PRIMARY KEY (run_id, claim_id),
    FOREIGN KEY (run_id, claim_id) REFERENCES verdicts(run_id, claim_id)
);
-- Finished runs are immutable: their attribution cannot change either.
CREATE TRIGGER verdict_evidence_frozen_insert BEFORE INSERT ON verdict_evidence
WHEN (SELECT status FROM runs WHERE id = NEW.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
CREATE TRIGGER verdict_evidence_frozen_update BEFORE UPDATE ON verdict_evidence
WHEN (SELECT status FROM runs WHERE id = OLD.run_id) IS NOT 'running'
BEGIN SELECT RAISE(ABORT, 'run is finished and immutable'); END;
