-- A second rater's gold option sets (issue #34 item 7). `items.gold_options` holds the first rater's set;
-- another rater's set for the same item is a row here, so the two can be compared (option agreement) without
-- touching the gold every score uses. Re-importing a rater's file replaces that rater's rows.
CREATE TABLE gold_option_ratings (
    item_id TEXT NOT NULL REFERENCES items(id),
    rater TEXT NOT NULL,
    gold_options TEXT NOT NULL,        -- JSON list, as imported
    source_file TEXT NOT NULL,         -- the file's name (never its local path) and sha256
    source_sha256 TEXT NOT NULL,
    imported TEXT NOT NULL,
    PRIMARY KEY (item_id, rater)
);
