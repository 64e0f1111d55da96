"""The façade the CLI and the GUI both call. Each capability lives in its own module here."""
from factaudit.engine.services.projects import (  # noqa: F401
    ProjectInfo, count_rows, create_project, freeze_dataset, get_run, import_files, list_datasets, list_runs,
    open_project, page_rows, preview_file, project_info, table_columns,
)
from factaudit.engine.services.demo import DemoSummary, build_demo  # noqa: F401
from factaudit.engine.services.projects import import_choices, import_fields, row_detail  # noqa: F401
from factaudit.engine.services import audit  # noqa: F401
from factaudit.engine.services.seal import (  # noqa: F401
    SealedProject, SealResult, export_public_key, is_encrypted, is_sealed, make_working_copy, open_sealed, seal_project,
    trust_key, verify_sealed,
)
from factaudit.engine.services.network import (  # noqa: F401
    allow_host, connection_log, connection_log_path, disallow_host, offline_settings, set_offline,
)
from factaudit.engine.services.scoring import (  # noqa: F401
    compare_runs, conflict_scores, multi_answer_scores, run_metrics, scorable_runs, score_run, write_report,
)
from factaudit.engine.services import judge  # noqa: F401
from factaudit.engine.services import retrieval  # noqa: F401
from factaudit.engine.services import verification  # noqa: F401
