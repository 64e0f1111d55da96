-- A dataset's language (ISO 639-1), detected on import when its records do not say, editable with
-- `factaudit lang`. Passages already carry their own `lang`; a passage without one takes its
-- dataset's. BM25 picks its analyzer (stemmer, stop words, segmentation) from these.
ALTER TABLE datasets ADD COLUMN lang TEXT;
