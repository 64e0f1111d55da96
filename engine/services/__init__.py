"""The façade the CLI and the GUI both call: one public name per capability, listed in `__all__`.

`from factaudit.engine import services; services.verify(...)`. Nothing is imported until a name is
first used (PEP 562 `__getattr__`): `factaudit info` loads the project layer, not the models or the
metrics (tests/engine/test_cli_imports.py). `_EXPORTS` below says which module holds each name; a
name is either the module's own (`"verify"`) or published under another name (`"public=attr"`,
where the module's name would be ambiguous on the façade). Modules outside engine/services are named
in full: the façade hands out the engine's function itself where a service would only pass the call
through.

The capability modules (verification, decomposition, judging, models, …) are its implementation, not
a second way in: the GUI and the CLI call `services.name` only, never `services.<module>.<name>` nor
`from factaudit.engine.services.<module> import …`, and take nothing else from the engine but its
foundation (errors, i18n, jobs, changes, netguard, version, jsonsafe) and the self-test; the constants
and formatters their options and tables show (`VERIFY_MODES`, `percent_text`, …) are published here
too (tests/engine/test_services_facade.py walks gui/ and engine/cli/ for every spelling). No module has
the name of a function here, so importing one can never shadow the function. Each function or class
is published under one name, and a name means one object wherever it is spelled: a module's function
is never published under another name while its own name is a different function here. So the
runs-listings differ in name where they differ in meaning: `verify_runs` / `retrieval_runs` (runs a
view can pick, RunInfo), `verify_run_ids` / `retrieval_run_ids` (run ids with units to label or
review) and `hit_runs` (runs with hits to browse, newest first).
"""
# module (in engine/services unless named in full) -> the names it publishes here
_EXPORTS: dict[str, tuple[str, ...]] = {
    "answer_audit": ("answer_correctness", "answer_figures", "compare_answer_runs"),
    "cascade_verify": ("cascade_tau=shipped_tau",),
    "audit": (
        "DisagreementIndex", "LabelUnit", "PassageText", "agreement", "agreement_json", "annotate",
        "annotation_history", "audit_report", "codebook", "codebook_versions", "correct_annotation",
        "current_annotations", "default_retrieval_run", "disagreement_index", "evidence_queue",
        "expand_disagreements", "export_codebook", "import_annotations", "import_codebook", "index_page",
        "label_unit", "open_evidence_queue", "open_reasoning_queue", "passage_texts", "queue_full_order",
        "rater_tables", "reasoning_queue", "retrieval_claim_ids", "retrieval_run_ids",
        "save_codebook", "save_codebook_data", "set_triage", "taxonomy", "triage_summary", "undo_annotation",
        "verify_run_ids",
    ),
    "certification": (
        "CertifyResult", "certify", "certify_units", "draw_certify_sample", "write_certify_sample=write_sample",
    ),
    "conflict_figures": ("aggregate_figures",),
    "conflict_stress": ("naturalized_stress",),
    "conflicts": (
        "AggregateComparison", "AggregateRequest", "AggregateResult", "ConflictItemView", "VariantInfo",
        "aggregate", "aggregate_runs", "aggregate_scores", "aggregate_variants", "compare_aggregate_runs",
        "conflict_items", "is_aggregate_run", "resumable_aggregate_runs",
    ),
    "datasets": ("DatasetUsage", "dataset_usage", "delete_dataset", "rename_dataset"),
    "gold_sources": ("gold_choices", "gold_figures", "gold_labels", "sentence_agreement", "sentence_label_agreement"),
    "gold_options": ("answer_set_figures", "answer_set_profile", "gold_agreement", "gold_raters", "import_gold_options"),
    "decomposition": ("DecomposeRequest", "DecomposeResult", "decompose"),
    "demo": (
        "DEMO_FULL=FULL", "DEMO_QUICK=QUICK", "DemoCandidate", "DemoSummary", "build_demo", "demo_file",
        "find_demos", "source_demo_dir",
    ),
    "importing": ("FormatGuess", "ImportPlan", "detect_import_format", "parse_value_map", "plan_import"),
    "induction": ("accept_proposal", "induce", "merge_proposal", "reject_proposal"),
    "injection": (
        "SuspectVerdicts", "passage_findings", "passage_warning", "suspect_verdicts", "verdict_evidence",
    ),
    "judging": ("JudgeRequest", "JudgeResult", "annotator_for", "judge", "judge_runs"),
    "judge_scoring": ("judge_scores",),
    "match_files": ("GATE_METRICS", "RISK_TIERS", "default_gates_path", "default_lexicon_path", "gate_entries",
                    "lexicon_entries", "save_gates", "save_lexicon"),
    "other_codes": ("add_other_codes", "dimensions_without_other"),
    "languages": (
        "DatasetLanguage", "claim_languages", "dataset_languages", "detect_dataset_language",
        "ensure_dataset_language", "normalise_code", "passage_languages", "set_dataset_language",
    ),
    "model_add": ("CheckedModel", "add_checked_model"),
    "models": (
        "AddedModel", "LLMRunSettings", "add_endpoint", "add_model_file", "check_model", "embedder_entries",
        "entry_from_pin", "fit_check_text", "local_models_folders", "model_hashes", "model_pin",
        "remove_endpoint", "remove_model",
    ),
    "network": ("NativeNetworkStatus", "allow_host", "disallow_host", "host_name", "native_network_status",
                "set_offline"),
    "projects": (
        "ProjectInfo", "create_project", "import_choices", "import_fields", "import_files", "open_project",
        "preview_file", "project_info", "row_detail", "table_columns",
    ),
    "prompts": ("PromptInfo", "PromptText", "add_prompt", "list_prompts", "preview_prompt", "prompt_problems",
                "show_prompt"),
    "costs": ("RunCost", "run_cost", "run_costs"),
    "rerank": ("RerankRequest", "RerankResult", "rerank_run=rerank"),
    "rerank": ("RerankRequest", "RerankResult", "rerank_run=rerank"),
    "sweep_grid": ("GridResult", "GridSpec", "confirm_grid", "grid_done", "grid_estimate", "grid_table",
                   "report_grids", "run_grid"),
    "rater_merging": (
        "MergeResult", "RaterDisagreement", "adjudicate", "adjudicate_sentence", "rater_disagreements",
        "rater_merge", "sentence_disagreements", "sentence_rating_labels",
    ),
    "rater_side": (
        "RaterWorkspace", "ReturnResult", "SentenceContext", "UntrustedSender", "import_package_labels",
        "is_rater_package",
        "open_rater_package", "package_manifest", "rate_sentence", "rater_progress", "rater_return",
        "rater_sentence_labels", "sentence_contexts", "workspace_manifest",
    ),
    "raters": ("PackagePreview", "PackageResult", "make_rater_package", "rater_package_preview"),
    "raters_plan": ("RaterOverlap", "RunChoice", "SendPlan", "package_runs", "rater_overlap", "rater_send_plan"),
    "reasoning_checks": ("reasoning_contradiction=contradiction", "reasoning_contradictions"),
    "retrieval": (
        "ClaimHits", "HitView", "RetrievalEval", "RetrievalRequest", "RetrievalResult", "claim_hits",
        "eval_retrieval", "hit_runs", "is_retrieval_run", "list_embedders", "retrieve", "retriever_choices",
        "run_claim_ids",
    ),
    "retrieval_compare": ("compare_retrieval_runs",),
    "run_options": ("LLMOptions", "RetrievalOptions", "build_request=build"),
    "review_sample": ("ReviewItem", "answer_items", "draw_review_sample", "mark_review", "review_queue"),
    "scoring": (
        "DEFAULT_LEVEL", "DEFAULT_MAPPING", "compare_runs", "run_metrics", "scorable_runs", "score_run", "write_report",
    ),
    "scoring_answers": ("conflict_scores", "multi_answer_scores"),
    "scoring_units": ("CLOSED_REASONS",),
    "seal": (
        "SealResult", "SealedProject", "export_public_key", "is_encrypted", "is_sealed", "make_working_copy",
        "open_sealed", "seal_project", "verify_sealed",
    ),
    "split_looks": ("looks_at_test",),
    "status": (
        "Estimate", "Step", "WORKFLOW_ENOUGH_STEPS=ENOUGH_STEPS", "WORKFLOW_STEPS=STEPS",
        "WORKFLOW_STEP_NAMES=STEP_NAMES", "WorkflowStatus", "data_version", "estimate", "estimate_run",
        "mark_step", "note_edit", "set_prelabels_wanted",
        "units_to_run", "workflow_status",
    ),
    "sweeps": ("SweepResult", "confirm_sweep=confirm", "parse_retrievers", "sweep"),
    "usage": ("prices", "remove_price", "run_usage", "set_price"),
    "verdict_view": (
        "Attribution", "EvidenceRow", "VerdictDetail", "classifier_choices", "is_classifier_verify_run",
        "latest_retrieval_run", "llm_reasoning_request", "resumable_verify_runs", "retrieval_runs",
        "verdict_attribution", "verdict_detail", "verdicts", "verify_runs",
    ),
    "verification": (
        "DEFAULT_EVIDENCE", "DEFAULT_K", "VerifyRequest", "VerifyResult", "claims_for_run", "verify",
    ),
    "verify_inputs": (
        "NO_VERDICT_REASONS", "VERIFY_CONTROLS=CONTROLS", "VERIFY_EVIDENCE_SOURCES=EVIDENCE_SOURCES",
        "VERIFY_STRATEGIES=STRATEGIES",
    ),
    "workflow_marks": ("mark_enough",),
    "workflow_paths": ("WORKFLOW_PATHS=PATHS",),
    "factaudit.engine.audit.annotations": ("export_annotations=export_jsonl",),
    "factaudit.engine.audit.induction": ("INDUCTION_MAX_CASES=MAX_CASES", "add_round", "close_round", "saturation_plot",
                                         "uncovered_cases"),
    "factaudit.engine.audit.reasoning_figures": ("reasoning_figures=project_reasoning_figures",),
    "factaudit.engine.audit.triage": ("disagreements",),
    "factaudit.engine.config": ("offline_settings=load_settings",),
    "factaudit.engine.conflicts.metrics": ("CONFLICT_METRICS=METRICS",),
    "factaudit.engine.conflicts.variants": ("CONFLICT_VARIANTS=VARIANTS",),
    "factaudit.engine.metrics.classification": ("MAPPINGS", "RunMetrics"),
    "factaudit.engine.metrics.compare": ("Comparison",),
    "factaudit.engine.metrics.display": ("percent_text",),
    "factaudit.engine.metrics.multi_answer": ("DEFAULT_GATES", "Lexicon", "WRONG_OPTION_PENALTY", "check_penalty",
                                             "load_gates"),
    "factaudit.engine.metrics.stats": ("DEFAULT_RESAMPLES", "DEFAULT_SEED"),
    "factaudit.engine.models.classifier_registry": ("classifier_models=list_classifiers",
                                                  "DEFAULT_CLASSIFIER=EMBEDDED_CLASSIFIER"),
    "factaudit.engine.models.registry": ("default_llm_name", "llm_models=list_llms"),
    "factaudit.engine.netlog": ("connection_log=list_connections", "connection_log_path=log_path"),
    "factaudit.engine.pipeline.decompose": ("DECOMPOSE_METHODS=METHODS",),
    "factaudit.engine.pipeline.judge": ("JUDGE_MODES=MODES", "JUDGE_TARGETS=TARGETS"),
    "factaudit.engine.pipeline.verify": ("VERIFY_MODES=MODES", "VERIFY_SCORING=SCORING"),
    "factaudit.engine.project.imports": ("freeze_dataset",),
    "factaudit.engine.project.judge_store": ("induction_rounds=list_rounds", "judge_units=get_units"),
    "factaudit.engine.project.queries": ("count_rows", "list_datasets", "page_rows"),
    "factaudit.engine.project.rater_store": ("merge_provenance=merges", "rater_packages=list_packages"),
    "factaudit.engine.project.review_store": ("review_samples=samples",),
    "factaudit.engine.project.runs": ("get_run", "list_runs"),
    "factaudit.engine.project.verify_store": ("claim_lineage", "edit_claim"),
    "factaudit.engine.reports.plotfont": ("plot_font_families=families",),
    "factaudit.engine.seal_crypt": ("trust_key=add_trusted_key", "trusted_keys=trusted_fingerprints"),
}

_WHERE: dict[str, tuple[str, str]] = {}
for _module, _names in _EXPORTS.items():
    for _entry in _names:
        _public, _, _attr = _entry.partition("=")
        _WHERE[_public] = (_module, _attr or _public)
del _module, _names, _entry, _public, _attr

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    """A public name is taken from its module on first use and then kept here; so is a capability
    module reached by name (`services.audit`), which tests use to reach inside and the GUI and the
    CLI may not (test_services_facade.py)."""
    if name in _WHERE:
        module, attr = _WHERE[name]
        value = getattr(_load(module), attr)
    elif name in _EXPORTS:
        value = _load(name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _load(module: str):
    """The module `_EXPORTS` names, imported by a literal import statement (so the import graph, the
    bundler and a reader see every edge, and a broken module fails where it is used)."""
    match module:
        case "answer_audit":
            import factaudit.engine.services.answer_audit as loaded
        case "audit":
            import factaudit.engine.services.audit as loaded
        case "cascade_verify":
            import factaudit.engine.services.cascade_verify as loaded
        case "certification":
            import factaudit.engine.services.certification as loaded
        case "conflict_figures":
            import factaudit.engine.services.conflict_figures as loaded
        case "conflict_stress":
            import factaudit.engine.services.conflict_stress as loaded
        case "conflicts":
            import factaudit.engine.services.conflicts as loaded
        case "datasets":
            import factaudit.engine.services.datasets as loaded
        case "gold_sources":
            import factaudit.engine.services.gold_sources as loaded
        case "gold_options":
            import factaudit.engine.services.gold_options as loaded
        case "decomposition":
            import factaudit.engine.services.decomposition as loaded
        case "demo":
            import factaudit.engine.services.demo as loaded
        case "importing":
            import factaudit.engine.services.importing as loaded
        case "induction":
            import factaudit.engine.services.induction as loaded
        case "injection":
            import factaudit.engine.services.injection as loaded
        case "judging":
            import factaudit.engine.services.judging as loaded
        case "judge_scoring":
            import factaudit.engine.services.judge_scoring as loaded
        case "match_files":
            import factaudit.engine.services.match_files as loaded
        case "other_codes":
            import factaudit.engine.services.other_codes as loaded
        case "languages":
            import factaudit.engine.services.languages as loaded
        case "model_add":
            import factaudit.engine.services.model_add as loaded
        case "models":
            import factaudit.engine.services.models as loaded
        case "network":
            import factaudit.engine.services.network as loaded
        case "projects":
            import factaudit.engine.services.projects as loaded
        case "prompts":
            import factaudit.engine.services.prompts as loaded
        case "costs":
            import factaudit.engine.services.costs as loaded
        case "rerank":
            import factaudit.engine.services.rerank as loaded
        case "rerank":
            import factaudit.engine.services.rerank as loaded
        case "sweep_grid":
            import factaudit.engine.services.sweep_grid as loaded
        case "rater_merging":
            import factaudit.engine.services.rater_merging as loaded
        case "rater_side":
            import factaudit.engine.services.rater_side as loaded
        case "raters":
            import factaudit.engine.services.raters as loaded
        case "raters_plan":
            import factaudit.engine.services.raters_plan as loaded
        case "reasoning_checks":
            import factaudit.engine.services.reasoning_checks as loaded
        case "retrieval":
            import factaudit.engine.services.retrieval as loaded
        case "retrieval_compare":
            import factaudit.engine.services.retrieval_compare as loaded
        case "run_options":
            import factaudit.engine.services.run_options as loaded
        case "review_sample":
            import factaudit.engine.services.review_sample as loaded
        case "scoring":
            import factaudit.engine.services.scoring as loaded
        case "scoring_answers":
            import factaudit.engine.services.scoring_answers as loaded
        case "scoring_units":
            import factaudit.engine.services.scoring_units as loaded
        case "seal":
            import factaudit.engine.services.seal as loaded
        case "split_looks":
            import factaudit.engine.services.split_looks as loaded
        case "status":
            import factaudit.engine.services.status as loaded
        case "sweeps":
            import factaudit.engine.services.sweeps as loaded
        case "usage":
            import factaudit.engine.services.usage as loaded
        case "verdict_view":
            import factaudit.engine.services.verdict_view as loaded
        case "verification":
            import factaudit.engine.services.verification as loaded
        case "verify_inputs":
            import factaudit.engine.services.verify_inputs as loaded
        case "workflow_marks":
            import factaudit.engine.services.workflow_marks as loaded
        case "workflow_paths":
            import factaudit.engine.services.workflow_paths as loaded
        case "factaudit.engine.audit.annotations":
            import factaudit.engine.audit.annotations as loaded
        case "factaudit.engine.audit.induction":
            import factaudit.engine.audit.induction as loaded
        case "factaudit.engine.audit.reasoning_figures":
            import factaudit.engine.audit.reasoning_figures as loaded
        case "factaudit.engine.audit.triage":
            import factaudit.engine.audit.triage as loaded
        case "factaudit.engine.config":
            import factaudit.engine.config as loaded
        case "factaudit.engine.conflicts.metrics":
            import factaudit.engine.conflicts.metrics as loaded
        case "factaudit.engine.conflicts.variants":
            import factaudit.engine.conflicts.variants as loaded
        case "factaudit.engine.metrics.classification":
            import factaudit.engine.metrics.classification as loaded
        case "factaudit.engine.metrics.compare":
            import factaudit.engine.metrics.compare as loaded
        case "factaudit.engine.metrics.display":
            import factaudit.engine.metrics.display as loaded
        case "factaudit.engine.metrics.multi_answer":
            import factaudit.engine.metrics.multi_answer as loaded
        case "factaudit.engine.metrics.stats":
            import factaudit.engine.metrics.stats as loaded
        case "factaudit.engine.models.classifier_registry":
            import factaudit.engine.models.classifier_registry as loaded
        case "factaudit.engine.models.registry":
            import factaudit.engine.models.registry as loaded
        case "factaudit.engine.netlog":
            import factaudit.engine.netlog as loaded
        case "factaudit.engine.pipeline.decompose":
            import factaudit.engine.pipeline.decompose as loaded
        case "factaudit.engine.pipeline.judge":
            import factaudit.engine.pipeline.judge as loaded
        case "factaudit.engine.pipeline.verify":
            import factaudit.engine.pipeline.verify as loaded
        case "factaudit.engine.project.imports":
            import factaudit.engine.project.imports as loaded
        case "factaudit.engine.project.judge_store":
            import factaudit.engine.project.judge_store as loaded
        case "factaudit.engine.project.queries":
            import factaudit.engine.project.queries as loaded
        case "factaudit.engine.project.rater_store":
            import factaudit.engine.project.rater_store as loaded
        case "factaudit.engine.project.review_store":
            import factaudit.engine.project.review_store as loaded
        case "factaudit.engine.project.runs":
            import factaudit.engine.project.runs as loaded
        case "factaudit.engine.project.verify_store":
            import factaudit.engine.project.verify_store as loaded
        case "factaudit.engine.reports.plotfont":
            import factaudit.engine.reports.plotfont as loaded
        case "factaudit.engine.seal_crypt":
            import factaudit.engine.seal_crypt as loaded
        case _:
            raise AttributeError(f"no module {module!r} behind the façade")
    return loaded
