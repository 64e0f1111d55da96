"""A full disk while writing `seal` or `rater-package` is one line and leaves nothing (issue #36 item 8).

Each case runs the command in a private mount namespace (`unshare --mount`, we are root) with a 3 MB
tmpfs holding the output folder or the user data folder (where the unsealed copy is built), and a
project of about 4.6 MB, so the disk fills at the copy, at the encryption or at the final move. If
`unshare` or the tmpfs mount is not permitted these tests FAIL."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from factaudit.engine import services
from factaudit.engine.config import data_dir

SIZE = "3m"


@pytest.fixture(scope="module")
def big_project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    rows = [{"id": f"p{i}", "doc_id": f"d{i}", "title": "t", "text": f"word{i} " * 60} for i in range(6000)]
    corpus = folder / "c.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    project = services.create_project(folder / "p.faproj")
    services.import_files(project, [corpus], kind="corpus")
    project.close()
    return folder / "p.faproj"


def _in_small_disk(tmp_path: Path, script: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Run `script` (sh) with $SMALL a fresh 3 MB tmpfs; return the process and what $SMALL held after."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare is not installed: a full disk cannot be simulated")
    small = tmp_path / "small"
    small.mkdir()
    listing = tmp_path / "listing.txt"
    wrapper = (f"mount -t tmpfs -o size={SIZE} tmpfs {small} || exit 99\nexport SMALL={small}\n({script})\n"
               f"rc=$?\nfind {small} -mindepth 1 | sort > {listing}\nexit $rc\n")
    proc = subprocess.run(["unshare", "--mount", "sh", "-c", wrapper], capture_output=True, text=True, timeout=600)
    assert proc.returncode != 99, f"could not mount a tmpfs: {proc.stderr}"
    return proc, [line[len(str(small)):] for line in listing.read_text().splitlines()]


def _one_line(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert "no space left on the disk" in lines[0] and "nothing was written" in lines[0], lines
    return lines[0]


FA = f"{sys.executable} -m factaudit"


@pytest.mark.parametrize("case, script, allowed", [
    # the unsealed copy cannot be built: the data folder (sealed-cache) is on the full disk
    ("scratch", f"FACTAUDIT_DATA_DIR=$SMALL/data {FA} seal {{p}} --out {{tmp}}/o.faproj",
     ["/data", "/data/sealed-cache"]),
    # the copy is built elsewhere, the output's disk fills while it is moved there
    ("output", f"{FA} seal {{p}} --out $SMALL/o.faproj", []),
    # the output's disk fills while it is encrypted
    ("encrypted", f"FACTAUDIT_PASSPHRASE=pw {FA} seal {{p}} --out $SMALL/o.faproj --encrypt", []),
])
def test_seal_on_a_full_disk(big_project, tmp_path, case, script, allowed):
    proc, left = _in_small_disk(tmp_path, script.format(p=big_project, tmp=tmp_path))
    print(case, _one_line(proc))
    assert left == allowed
    assert not (tmp_path / "o.faproj").exists()
    scratch = data_dir() / "sealed-cache"          # the copy built on the roomy disk is gone too
    assert not scratch.exists() or list(scratch.iterdir()) == []


def test_rater_package_on_a_full_disk(tmp_path, monkeypatch):
    passages = [{"id": f"p{i}", "doc_id": f"d{i}", "title": "T", "text": f"passage {i} " * 900} for i in range(300)]
    claims = [{"id": f"c{i}", "claim": f"claim {i}", "label": "Supported"} for i in range(300)]
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "p.jsonl").write_text("".join(json.dumps(r) + "\n" for r in passages))
    (folder / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in claims))
    (folder / "run.trec").write_text("".join(f"c{i} Q0 p{(i + r) % 300} {r} {9 - r}.0 t\n" for i in range(300)
                                             for r in range(1, 4)))
    project = services.create_project(folder / "src.faproj")
    services.import_files(project, [folder / "p.jsonl"], kind="corpus")
    services.import_files(project, [folder / "c.jsonl"], kind="claims")
    services.import_files(project, [folder / "run.trec"], fmt="trec", kind="run")
    project.close()
    proc, left = _in_small_disk(tmp_path, f"{FA} rater-package {folder / 'src.faproj'} --out $SMALL/pkg.faproj "
                                          "--rater Bob --all --k 3")
    print(_one_line(proc))
    assert left == []
    with services.open_project(folder / "src.faproj") as p:
        assert services.rater_packages(p) == []          # nothing recorded for a package never written
