"""Issue 36, item 6: a one-bit flip that makes sqlite_master's text non-UTF-8 gave a traceback
(UnicodeDecodeError: SQLite's own error message, or the schema text, is no longer UTF-8) in `info`,
`status` and `working-copy`. Every flip here must give one line and exit code 2."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from factaudit.engine.cli import cli


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _flips(data: bytes, every: int = 4) -> list[int]:
    """Positions inside the schema's CREATE statements (every `every`-th statement, three offsets)."""
    starts = [m.start() for m in re.finditer(rb"CREATE (?:TABLE|INDEX|TRIGGER|VIEW)", data)]
    return [s + off for s in starts[::every] for off in (13, 40, 90)]


def _one_line_refusal(res) -> str:
    assert res.exit_code == 2, (res.exit_code, res.output, res.exception)
    assert res.exception is None or isinstance(res.exception, SystemExit)
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in res.output
    return lines[0]


def test_info_and_status_give_one_line_for_every_flipped_schema_bit(tmp_path):
    proj = tmp_path / "p.faproj"
    assert _run("new", proj).exit_code == 0
    data = proj.read_bytes()
    positions = _flips(data)
    assert len(positions) >= 20
    for pos in positions:
        bad = tmp_path / f"flip{pos}.faproj"
        flipped = bytearray(data)
        flipped[pos] |= 0x80          # an ASCII byte with its top bit set is never valid UTF-8 here
        bad.write_bytes(bytes(flipped))
        for cmd in ("info", "status"):
            line = _one_line_refusal(_run(cmd, bad))
            assert "is not a readable project file" in line, line


def test_working_copy_of_a_sealed_file_with_a_flipped_schema_bit_is_one_line(tmp_path):
    proj = tmp_path / "p.faproj"
    assert _run("new", proj).exit_code == 0
    sealed = tmp_path / "s.faproj"
    res = _run("seal", proj, "--out", sealed)
    assert res.exit_code == 0, res.output
    data = sealed.read_bytes()
    for n, pos in enumerate(_flips(data, every=8)):
        bad = tmp_path / f"sflip{n}.faproj"
        flipped = bytearray(data)
        flipped[pos] |= 0x80
        bad.write_bytes(bytes(flipped))
        dst = tmp_path / f"wc{n}.faproj"
        line = _one_line_refusal(_run("working-copy", bad, dst))
        assert "is damaged" in line or "not a readable project file" in line, line
        assert not Path(dst).exists()
