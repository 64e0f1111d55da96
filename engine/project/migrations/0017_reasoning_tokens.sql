-- Reasoning tokens kept apart (issue #34 item 4). Endpoints that reason report them inside the completion
-- tokens and again under usage.completion_tokens_details.reasoning_tokens; a call's row keeps the second
-- figure here (NULL where the server reports none, or for rows written before this column existed), so a
-- run's cost can say how much of its output was reasoning without billing it twice.
ALTER TABLE verdicts ADD COLUMN reasoning_tokens INTEGER;
ALTER TABLE judge_units ADD COLUMN reasoning_tokens INTEGER;
