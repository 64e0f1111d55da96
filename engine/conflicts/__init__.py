"""Conflict-aware answering (X-MADAM-RAG), stage by stage: per-document extraction (model, rules or
the privileged oracle), repair, deterministic grouping, aggregation with abstention, and the
metrics. Pure functions over typed records; runs and storage live in engine.services.conflicts and
engine.project.conflict_store."""
