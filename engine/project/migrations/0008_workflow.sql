-- Facts the Workflow page needs that no other table holds: a step the user has seen through (metrics
-- computed for a run, retrieval evaluated, a sealed copy written) or turned off (pre-labels), and
-- edits that leave no timestamp elsewhere (a dataset renamed or deleted). One row per (step, subject);
-- writing it again moves its time forward.
CREATE TABLE workflow_marks (
    step TEXT NOT NULL,            -- score | evaluate_retrieval | seal | prelabel_off | edit
    subject TEXT NOT NULL DEFAULT '',   -- a run id, a file name, or '' for the whole project
    detail TEXT,
    created TEXT NOT NULL,
    PRIMARY KEY (step, subject)
);
