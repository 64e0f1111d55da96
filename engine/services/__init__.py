"""The façade the CLI and the GUI both call. Each capability lives in its own module here."""
from engine.services.projects import (  # noqa: F401
    ProjectInfo, count_rows, create_project, freeze_dataset, get_run, import_files, list_datasets, list_runs,
    open_project, page_rows, preview_file, project_info, table_columns,
)
from engine.services.demo import DemoSummary, build_demo  # noqa: F401
from engine.services.projects import import_choices, import_fields, row_detail  # noqa: F401
