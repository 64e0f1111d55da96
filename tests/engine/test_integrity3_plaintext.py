"""No plaintext left by a kill (issue #36 item 4): kill -9 at the worst moment of `seal --encrypt`, an
encrypted rater package and a return, when the whole unencrypted copy exists and nothing is encrypted
yet. The child process sends SIGKILL to itself from inside the step that would encrypt, so the kill
lands there every time (a timed kill from outside would land anywhere)."""
from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

from test_raters import _as_user, _jsonl, _label_everything, source  # noqa: F401  (same folder, a fixture)

from factaudit.engine import services
from factaudit.engine.config import data_dir

MARKER = "Plaintext-Marker-7f3c"

KILLED = """
import os, signal, sys
from factaudit.engine import seal as sealcore
from factaudit.engine.services import seal as sealsvc
from factaudit.engine import services

def die(*a, **k):
    os.kill(os.getpid(), signal.SIGKILL)

step, args = sys.argv[1], sys.argv[2:]
if step == "seal":
    sealcore.encrypt_file = die            # the plain copy is complete; encryption would start now
    services.seal_project(args[0], args[1], encrypt=True, passphrase="pw")
elif step == "package":
    sealsvc.seal_project = die             # the unsealed package is complete; sealing would start now
    with services.open_project(args[0]) as p:
        services.make_rater_package(p, args[1], "Bob", units=2, k=1, encrypt=True, passphrase="pw")
elif step == "return":
    sealsvc.seal_project = die
    services.rater_return(args[0], args[1], passphrase="pw", encrypt=True, return_passphrase="pw")
"""


def _killed(*args: str) -> None:
    out = subprocess.run([sys.executable, "-c", KILLED, *args], capture_output=True, text=True, timeout=600)
    assert out.returncode == -signal.SIGKILL, out.stderr[-2000:]


def _holding(folder: Path, needle: bytes, skip: set[Path] = frozenset()) -> list[str]:
    """Files under `folder` whose bytes contain `needle` (hidden ones included)."""
    return sorted(str(p) for p in folder.rglob("*") if p.is_file() and p not in skip and needle in p.read_bytes())


def _scratch() -> Path:
    return data_dir() / "sealed-cache"


def test_kill_during_seal_encrypt_leaves_no_plaintext_beside_the_output(tmp_path):
    project = services.create_project(tmp_path / "src" / "p.faproj")
    services.import_files(project, [_jsonl(tmp_path / "c.jsonl", [
        {"id": f"c{i}", "claim": f"{MARKER} claim {i}", "label": "Supported"} for i in range(50)])], kind="claims")
    project.close()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    _killed("seal", str(tmp_path / "src" / "p.faproj"), str(out_dir / "p.sealed.faproj"))
    # beside the output: nothing at all (the old code left .p.sealed.faproj.xxxx/sealed.faproj there)
    assert sorted(p.name for p in out_dir.iterdir()) == []
    # the plaintext that existed at the kill is in the private scratch folder, owner-only
    left = [d for d in _scratch().iterdir() if d.name.startswith("seal-")]
    assert len(left) == 1 and _holding(left[0], MARKER.encode())
    assert stat.S_IMODE(_scratch().stat().st_mode) == 0o700 and stat.S_IMODE(left[0].stat().st_mode) == 0o700
    # the next run removes it and writes the encrypted file, which holds no plaintext
    res = services.seal_project(tmp_path / "src" / "p.faproj", out_dir / "p.sealed.faproj", encrypt=True,
                                passphrase="pw")
    assert res.encrypted and not left[0].exists()
    assert list(_scratch().iterdir()) == []
    assert sorted(p.name for p in out_dir.iterdir()) == ["p.sealed.faproj"]
    assert _holding(out_dir, MARKER.encode()) == []


def test_kill_before_an_encrypted_package_or_return_is_sealed(source, monkeypatch):
    project, _, _, tmp = source
    path = project.path
    project.close()
    out_dir = tmp / "outbox"
    out_dir.mkdir()
    claim_text = b"Claim 0."           # a claim of the source project: the package's plaintext holds it
    _killed("package", str(path), str(out_dir / "pkg.faproj"))
    assert list(out_dir.iterdir()) == []
    left = [d for d in _scratch().iterdir() if d.name.startswith("package-")]
    assert len(left) == 1 and _holding(left[0], claim_text)
    with services.open_project(path) as p:
        services.make_rater_package(p, out_dir / "pkg.faproj", "Bob", units=2, k=1, encrypt=True, passphrase="pw")
    assert not left[0].exists() and sorted(x.name for x in out_dir.iterdir()) == ["pkg.faproj"]
    assert _holding(out_dir, claim_text) == []

    # the rater's side: a return killed before it is sealed
    _as_user(monkeypatch, tmp, "rater")
    with services.open_rater_package(out_dir / "pkg.faproj", "pw") as ws:
        labels = _jsonl(tmp / "l.jsonl", _label_everything(ws, services.codebook(ws.project)))
    services.import_package_labels(out_dir / "pkg.faproj", labels, "pw")
    ret_dir = tmp / "returns"
    ret_dir.mkdir()
    _killed("return", str(out_dir / "pkg.faproj"), str(ret_dir / "ret.faproj"))
    assert list(ret_dir.iterdir()) == []
    left = [d for d in _scratch().iterdir() if d.name.startswith("return-")]
    assert len(left) == 1 and _holding(left[0], b"Bob")
    services.rater_return(out_dir / "pkg.faproj", ret_dir / "ret.faproj", passphrase="pw", encrypt=True,
                          return_passphrase="pw")
    assert not left[0].exists() and [x.name for x in ret_dir.iterdir()] == ["ret.faproj"]


def test_only_the_scratch_of_dead_processes_is_removed(tmp_path):
    from factaudit.engine.services import seal_scratch

    root = seal_scratch.private_root()
    mine = seal_scratch.scratch_dir("open")                  # this process: alive
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = root / f"seal-{int(dead.stdout)}-abc"
    gone.mkdir()
    (gone / "sealed.faproj").write_text(json.dumps({"x": MARKER}))
    parent = root / f"open-{os.getppid()}-abc"                 # another live process (pytest's parent)
    parent.mkdir()
    removed = seal_scratch.clean_stale()
    assert removed == [gone.name] and mine.exists() and parent.exists() and not gone.exists()


ORPHAN = """
import os, signal, sys
from factaudit.engine import services
from factaudit.engine.project import rater_store

def die(*a, **k):
    os.kill(os.getpid(), signal.SIGKILL)

rater_store.add_package = die          # sealed, not yet recorded: the moment of the orphan
with services.open_project(sys.argv[1]) as p:
    services.make_rater_package(p, sys.argv[2], "Bob", units=2, k=1)
"""


def test_a_kill_between_sealing_and_recording_leaves_no_orphan_package(source):
    project, _, _, tmp = source
    path = project.path
    project.close()
    out = tmp / "outbox" / "pkg.faproj"
    killed = subprocess.run([sys.executable, "-c", ORPHAN, str(path), str(out)], capture_output=True, text=True,
                            timeout=600)
    assert killed.returncode == -signal.SIGKILL, killed.stderr[-2000:]
    # no package the project cannot answer: at most a hidden part, which the rerun removes
    assert not out.exists() and all(x.name.startswith(".pkg.faproj.") and x.name.endswith(".part")
                                    for x in out.parent.iterdir())
    with services.open_project(path) as p:
        assert services.rater_packages(p) == []
        res = services.make_rater_package(p, out, "Bob", units=2, k=1)  # the rerun simply works
        assert [r.id for r in services.rater_packages(p)] == [res.package_id]
    assert [x.name for x in out.parent.iterdir()] == ["pkg.faproj"]
    assert [d for d in _scratch().iterdir()] == []
