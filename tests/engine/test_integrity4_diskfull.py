"""Issue 36, item 6: a full disk while writing `certify --draw-sample`'s unit list (which left a 0-byte
file that made the rerun refuse, "already exists") and `annotations export` (which left a.jsonl.tmp)
is one line and leaves nothing behind, so the rerun works. The full disk is real: a 64 KB tmpfs
mounted in a private mount namespace (`unshare --mount`, we are root); if that is not permitted
these tests FAIL rather than skip."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from factaudit.engine.audit import annotations as ann
from factaudit.engine.ingest import import_files
from factaudit.engine.project.db import Project


def _in_small_disk(tmp_path: Path, code: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Run Python `code` with SMALL (a Path) a fresh 64 KB tmpfs; the process and what SMALL held after."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare is not installed: a full disk cannot be simulated")
    small = tmp_path / "small"
    small.mkdir()
    listing = tmp_path / "listing.txt"
    script = tmp_path / "job.py"
    script.write_text(f"from pathlib import Path\nSMALL = Path({str(small)!r})\n{code}\n")
    wrapper = (f"mount -t tmpfs -o size=64k tmpfs {small} || exit 99\n{sys.executable} {script}\nrc=$?\n"
               f"find {small} -mindepth 1 | sort > {listing}\nexit $rc\n")
    proc = subprocess.run(["unshare", "--mount", "sh", "-c", wrapper], capture_output=True, text=True, timeout=300)
    assert proc.returncode != 99, f"could not mount a tmpfs: {proc.stderr}"
    return proc, [line[len(str(small)):] for line in listing.read_text().splitlines()]


CATCH = """
from factaudit.engine.errors import FactAuditError
try:
    {call}
except FactAuditError as exc:
    print("ERROR:", exc)
    raise SystemExit(2)
"""


def test_a_sample_list_on_a_full_disk_leaves_nothing_and_the_rerun_works(tmp_path):
    ids = [f"claim-{i:06d}-{'x' * 40}" for i in range(4000)]      # ~250 KB of JSON lines
    code = (f"from factaudit.engine.errors import FactAuditError\n"
            f"from factaudit.engine.services.certification import write_sample\n"
            f"try:\n"
            f"    write_sample(SMALL / 'sample.jsonl', 'claim', {ids!r})\n"
            f"except FactAuditError as exc:\n"
            f"    print('ERROR:', exc)\n"
            f"write_sample(SMALL / 'sample.jsonl', 'claim', {ids[:20]!r})   # the rerun, same name\n"
            f"print('RERUN OK')")
    proc, left = _in_small_disk(tmp_path, code)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2 and lines[1] == "RERUN OK", lines
    assert "no space left on the disk" in lines[0] and "nothing was written" in lines[0]
    assert left == ["/sample.jsonl"] and "Traceback" not in proc.stderr


def _annotated_project(path: Path, n: int) -> None:
    corpus = path.parent / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"p{i}", "text": f"passage {i}"}) + "\n" for i in range(n)))
    claims = path.parent / "claims.jsonl"
    claims.write_text("".join(json.dumps({"id": f"c{i}", "claim": f"claim {i}"}) + "\n" for i in range(n)))
    p = Project.create(path)
    import_files(p, [corpus], kind="corpus")
    import_files(p, [claims], kind="claims")
    for i in range(n):
        ann.annotate(p, target="evidence", claim_id=f"c{i}", passage_id=f"p{i}", dimension="polarity",
                     code="supports", annotator="alice", note="n" * 400)
    p.close()


def test_annotations_export_on_a_full_disk_leaves_no_tmp_file(tmp_path):
    proj = tmp_path / "a.faproj"
    _annotated_project(proj, 300)                                    # ~200 KB exported
    call = (f"from factaudit.engine.audit.annotations import export_jsonl\n"
            f"    from factaudit.engine.project.db import Project\n"
            f"    with Project.open({str(proj)!r}, readonly=True) as p:\n"
            f"        export_jsonl(p, SMALL / 'a.jsonl')")
    proc, left = _in_small_disk(tmp_path, CATCH.format(call=call))
    assert proc.returncode == 2, (proc.stdout, proc.stderr[-2000:])
    line = proc.stdout.strip()
    assert "\n" not in line and "no space left on the disk" in line and "a.jsonl" in line
    assert left == []                                               # no a.jsonl, no a.jsonl.tmp
