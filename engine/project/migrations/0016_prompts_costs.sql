-- Prompt versions in the project (issue #34 item 1). A project keeps its own named prompt templates
-- beside the shipped ones (resources/prompts, which stay read-only): each save of a name is a new
-- version, never an edit, so a run that pinned a version's sha256 can always show the text it read.
-- `base` is the shipped template the version stands in for: its placeholders and the reply keys the
-- parser reads are what a new version is checked against before it is stored.
CREATE TABLE prompt_versions (
    name TEXT NOT NULL,
    version INTEGER NOT NULL,
    base TEXT NOT NULL,
    body TEXT NOT NULL,                -- the template file's text ('### system' / '### user' sections)
    sha256 TEXT NOT NULL,              -- of the body's UTF-8 bytes, as for a shipped file
    created TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (name, version)
);
CREATE TRIGGER prompt_versions_no_update BEFORE UPDATE ON prompt_versions
BEGIN SELECT RAISE(ABORT, 'prompt versions are append-only: save a new version'); END;
CREATE TRIGGER prompt_versions_no_delete BEFORE DELETE ON prompt_versions
BEGIN SELECT RAISE(ABORT, 'prompt versions are append-only: save a new version'); END;
