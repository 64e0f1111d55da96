"""The façade the CLI and the GUI both call: every name they use is imported here and listed in
`__all__`. The capability modules (verify, decompose, judge, models, …) are its implementation.

Import names from here (`from factaudit.engine import services; services.verify(...)`), not the
modules: `verify`, `decompose` and `judge` are both module and function names, and the package
attribute is the function. Two views share a name with a different meaning and stay in their
module: `services.audit.verify_runs` / `services.audit.retrieval_runs` (run ids with labels to
review) and `services.retrieval.retrieval_runs` (runs with hits to browse, newest first).
"""
from factaudit.engine.services.answer_audit import (
    compare_answer_runs,
)
from factaudit.engine.services.audit import (
    LabelUnit, PassageText, agreement, agreement_json, annotate, annotation_history, audit_report, codebook,
    codebook_versions, correct_annotation, current_annotations, default_retrieval_run, disagreement_index,
    disagreements, evidence_queue, expand_disagreements, export_annotations, export_codebook,
    import_annotations, import_codebook, index_page, label_unit, open_evidence_queue, open_reasoning_queue,
    passage_texts, queue_full_order, rater_tables, reasoning_queue, save_codebook, save_codebook_data,
    set_triage, taxonomy, triage_summary, undo_annotation,
)
from factaudit.engine.services.certification import (
    CertifyResult, certify, certify_units, draw_certify_sample,
)
from factaudit.engine.services.certification import write_sample as write_certify_sample
from factaudit.engine.services.conflicts import (
    AggregateComparison, AggregateRequest, AggregateResult, ConflictItemView, VariantInfo, aggregate,
    aggregate_runs, aggregate_scores, aggregate_variants, compare_aggregate_runs, conflict_items,
    is_aggregate_run, resumable_aggregate_runs,
)
from factaudit.engine.services.datasets import (
    DatasetUsage, dataset_usage, delete_dataset, rename_dataset,
)
from factaudit.engine.services.decomposition import (
    DecomposeRequest, DecomposeResult, claim_lineage, decompose, edit_claim,
)
from factaudit.engine.services.demo import (
    DemoSummary, build_demo, demo_file,
)
from factaudit.engine.services.importing import (
    FormatGuess, ImportPlan, detect_import_format, parse_value_map, plan_import,
)
from factaudit.engine.services.induction import (
    accept_proposal, add_round, close_round, induce, induction_rounds, merge_proposal, reject_proposal,
    saturation_plot, uncovered_cases,
)
from factaudit.engine.services.injection import (
    SuspectVerdicts, passage_findings, passage_warning, suspect_verdicts, verdict_evidence,
)
from factaudit.engine.services.judging import (
    JudgeRequest, JudgeResult, annotator_for, judge, judge_runs, judge_units,
)
from factaudit.engine.services.languages import (
    DatasetLanguage, claim_languages, dataset_languages, detect_dataset_language, ensure_dataset_language,
    normalise_code, passage_languages, set_dataset_language,
)
from factaudit.engine.services.models import (
    AddedModel, LLMRunSettings, add_endpoint, add_model_file, check_model, classifier_models, embedder_entries,
    entry_from_pin,
    fit_check_text, llm_models, local_models_folders, model_entries, model_hashes, model_pin,
    remove_endpoint, remove_model,
)
from factaudit.engine.services.network import (
    allow_host, connection_log, connection_log_path, disallow_host, host_name, offline_settings, set_offline,
)
from factaudit.engine.services.projects import (
    ProjectInfo, count_rows, create_project, freeze_dataset, get_run, import_choices, import_fields,
    import_files, list_datasets, list_runs, open_project, page_rows, preview_file, project_info, row_detail,
    table_columns,
)
from factaudit.engine.services.rater_merge import (
    MergeResult, RaterDisagreement, adjudicate, adjudicate_sentence, merge_provenance, rater_disagreements, rater_merge,
    sentence_disagreements, sentence_rating_labels,
)
from factaudit.engine.services.rater_side import (
    RaterWorkspace, ReturnResult, import_package_labels, is_rater_package, open_rater_package, package_manifest,
    rate_sentence, rater_progress, rater_return, workspace_manifest,
)
from factaudit.engine.services.raters import (
    PackageResult, make_rater_package, rater_packages,
)
from factaudit.engine.services.retrieval import (
    ClaimHits, HitView, RetrievalEval, RetrievalRequest, RetrievalResult, claim_hits, eval_retrieval, list_embedders,
    retrieve, retriever_choices, run_claim_ids,
)
from factaudit.engine.services.review_sample import (
    ReviewItem, answer_items, draw_review_sample, mark_review, review_queue, review_samples,
)
from factaudit.engine.services.scoring import (
    DEFAULT_LEVEL, DEFAULT_MAPPING, compare_runs, conflict_scores, multi_answer_scores, run_metrics,
    scorable_runs, score_run, write_report,
)
from factaudit.engine.services.seal import (
    SealResult, SealedProject, export_public_key, is_encrypted, is_sealed, make_working_copy, open_sealed,
    seal_project, trust_key, trusted_keys, verify_sealed,
)
from factaudit.engine.services.status import (
    Estimate, Step, WorkflowStatus, data_version, estimate, estimate_run, mark_step, note_edit,
    set_prelabels_wanted, units_to_run, workflow_status,
)
from factaudit.engine.services.split_looks import (
    looks_at_test,
)
from factaudit.engine.services.sweeps import (
    SweepResult, parse_retrievers, sweep,
)
from factaudit.engine.services.sweeps import confirm as confirm_sweep
from factaudit.engine.services.usage import (
    prices, remove_price, run_usage, set_price,
)
from factaudit.engine.services.model_add import CheckedModel, add_checked_model
from factaudit.engine.services.verdict_view import (
    Attribution, EvidenceRow, VerdictDetail, classifier_choices, is_classifier_verify_run, latest_retrieval_run,
    llm_reasoning_request, resumable_verify_runs, retrieval_runs, verdict_attribution, verdict_detail, verdicts,
    verify_runs,
)
from factaudit.engine.services.verification import (
    DEFAULT_EVIDENCE, DEFAULT_K, VerifyRequest, VerifyResult, claims_for_run, verify,
)

from factaudit.engine.services.scoring_units import CLOSED_REASONS

__all__ = [
    "AddedModel", "AggregateComparison", "AggregateRequest", "AggregateResult", "Attribution", "CLOSED_REASONS", "CertifyResult", "CheckedModel", "ClaimHits",
    "ConflictItemView", "DEFAULT_EVIDENCE", "DEFAULT_K", "DEFAULT_LEVEL", "DEFAULT_MAPPING", "DatasetLanguage", "DatasetUsage",
    "DecomposeRequest", "DecomposeResult", "DemoSummary", "Estimate", "EvidenceRow", "FormatGuess", "HitView",
    "ImportPlan", "JudgeRequest", "JudgeResult", "LLMRunSettings", "LabelUnit", "MergeResult", "PackageResult", "PassageText", "ProjectInfo",
    "RaterDisagreement", "RaterWorkspace", "RetrievalEval", "RetrievalRequest", "RetrievalResult", "ReturnResult", "ReviewItem", "SealResult", "SealedProject", "Step",
    "SuspectVerdicts", "SweepResult", "VariantInfo", "VerdictDetail", "VerifyRequest", "VerifyResult", "WorkflowStatus",
    "accept_proposal",
    "add_checked_model", "add_endpoint", "add_model_file", "add_round", "adjudicate", "adjudicate_sentence", "aggregate", "aggregate_runs", "aggregate_scores", "aggregate_variants",
    "agreement", "agreement_json", "allow_host", "annotate", "annotation_history", "annotator_for", "answer_items",
    "audit_report", "build_demo", "certify", "certify_units", "check_model", "claim_hits", "claim_languages",
    "claim_lineage", "claims_for_run", "classifier_choices", "classifier_models",
    "close_round", "codebook", "codebook_versions", "compare_aggregate_runs", "compare_answer_runs",
    "compare_runs", "confirm_sweep", "conflict_items", "conflict_scores", "connection_log", "connection_log_path",
    "correct_annotation", "count_rows", "create_project", "current_annotations", "data_version",
    "dataset_languages", "dataset_usage", "decompose", "default_retrieval_run", "delete_dataset", "demo_file",
    "detect_dataset_language", "detect_import_format", "disagreement_index", "disagreements", "disallow_host",
    "draw_certify_sample", "draw_review_sample", "edit_claim", "embedder_entries", "ensure_dataset_language", "entry_from_pin",
    "estimate", "estimate_run", "eval_retrieval", "evidence_queue", "expand_disagreements",
    "export_annotations", "export_codebook", "export_public_key", "fit_check_text", "freeze_dataset",
    "get_run", "host_name", "import_annotations", "import_choices", "import_codebook", "import_fields",
    "import_files", "import_package_labels", "index_page", "induce", "induction_rounds", "is_aggregate_run", "is_classifier_verify_run", "is_encrypted",
    "is_rater_package", "is_sealed", "judge", "judge_runs", "judge_units", "label_unit", "latest_retrieval_run", "list_datasets",
    "list_embedders", "list_runs", "llm_models", "llm_reasoning_request", "local_models_folders", "looks_at_test",
    "make_rater_package", "make_working_copy", "mark_review",
    "mark_step", "merge_proposal", "merge_provenance", "model_entries", "model_hashes", "model_pin", "multi_answer_scores",
    "normalise_code", "note_edit", "offline_settings", "open_evidence_queue", "open_project",
    "open_rater_package", "open_reasoning_queue", "open_sealed", "package_manifest", "page_rows", "parse_retrievers", "parse_value_map", "passage_findings",
    "passage_languages", "passage_texts", "passage_warning", "plan_import", "preview_file", "prices",
    "project_info", "queue_full_order", "rate_sentence", "rater_disagreements", "rater_merge", "rater_packages", "rater_progress", "rater_return", "rater_tables", "reasoning_queue", "reject_proposal",
    "remove_endpoint", "remove_model", "remove_price", "rename_dataset", "resumable_aggregate_runs", "resumable_verify_runs",
    "retrieval_runs", "retrieve", "retriever_choices", "review_queue", "review_samples", "row_detail",
    "run_claim_ids", "run_metrics", "run_usage", "saturation_plot", "save_codebook", "save_codebook_data",
    "scorable_runs", "score_run", "seal_project", "sentence_disagreements", "sentence_rating_labels", "set_dataset_language", "set_offline",
    "set_prelabels_wanted", "set_price", "set_triage", "suspect_verdicts", "sweep", "table_columns", "taxonomy",
   
    "triage_summary", "trust_key", "trusted_keys", "uncovered_cases", "undo_annotation", "units_to_run",
    "verdict_attribution", "verdict_detail", "verdict_evidence", "verdicts", "verify", "verify_runs", "verify_sealed",
    "workflow_status", "workspace_manifest", "write_certify_sample", "write_report",
]
