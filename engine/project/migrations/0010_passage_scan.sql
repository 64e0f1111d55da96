-- Suspected prompt injection: one row per passage scanned by engine.text.injection, written when
-- the passage is imported or first retrieved. `detector` names the heuristic's version, so a changed
-- heuristic rescans; `findings` is the JSON list of {pattern, match} shown to the auditor.
CREATE TABLE passage_scan (
    passage_id TEXT PRIMARY KEY REFERENCES passages(id) ON DELETE CASCADE,
    detector TEXT NOT NULL,
    suspect INTEGER NOT NULL CHECK (suspect IN (0, 1)),
    findings TEXT,
    scanned TEXT NOT NULL
);
CREATE INDEX passage_scan_suspect ON passage_scan(suspect) WHERE suspect = 1;
