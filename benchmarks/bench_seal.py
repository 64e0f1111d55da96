"""Seal and verify-seal against the disk floor (issue 16 item 5): CPU seconds of `cp` + `sha256sum` of the
project file, and of sealing and verifying it in seal format 4 (a page-for-page backup, per-table hashes
over b-tree pages, the secret scan over the same raw pages) and format 3 (VACUUM INTO, rows encoded by
SQLite as JSON and hashed in batches), all in one run, repeats interleaved, medians.

    .venv/bin/python benchmarks/bench_seal.py --mb 100 --out benchmarks/results/seal.json
    .venv/bin/python benchmarks/bench_seal.py --project /tmp/p.faproj --out /tmp/seal.json

The project is built through the real importers (benchmarks/scale_project.py, about 1 MB per 1,000
claims) unless --project names one. CPU is process_time for in-process work and getrusage of the
children for commands, so the load of other processes on the machine does not count. A signing key
is made in a temporary config directory, never the user's; a made-up FACTAUDIT_API_KEY is set so the
scans for a configured key's exact value run as they do for a user who has one.

`seal_*` seals by path, as `factaudit seal PROJECT` does: that opens the project, and opening any
project runs SQLite's quick_check over the whole file (`project_open`, measured on its own).
`seal_open_*` seals a project that is already open, as the GUI does.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def children_cpu(cmd: list[str], env: dict | None = None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def in_process_cpu(fn) -> float:
    started = time.process_time()
    fn()
    return time.process_time() - started


def floor_cpu(project: Path, scratch: Path) -> float:
    """Copy the file and hash the copy: the least any tool that reads and writes it once can cost."""
    copy = scratch / "floor-copy"
    cpu = children_cpu(["sh", "-c", f'cp "{project}" "{copy}" && sha256sum "{copy}" > /dev/null'])
    copy.unlink()
    return cpu


def seal_in_process(project, out: Path, fmt: str) -> float:
    """`project`: a path (opened and checked by the seal) or an open Project."""
    from factaudit.engine import seal as sealcore
    from factaudit.engine.services import seal as svc

    saved = sealcore.MANIFEST_FORMAT
    sealcore.MANIFEST_FORMAT = fmt
    try:
        return in_process_cpu(lambda: svc.seal_project(project, out, overwrite=True))
    finally:
        sealcore.MANIFEST_FORMAT = saved


def project_open_cpu(project: Path) -> float:
    from factaudit.engine.project.db import Project

    return in_process_cpu(lambda: Project.open(project, readonly=True).close())


def verify_in_process(sealed: Path, fmt: str) -> float:
    from factaudit.engine.services import seal as svc

    def run() -> None:
        ver = svc.verify_sealed(sealed)
        if not ver.valid or ver.seal_format != fmt:
            raise SystemExit(f"{sealed} did not verify as {fmt}: {ver.reasons}")
    return in_process_cpu(run)


def table_hashes_cpu(sealed: Path, fmt: str) -> float:
    """What verify-seal spends naming changed tables once the whole-file signature fails."""
    from factaudit.engine import seal as sealcore
    from factaudit.engine.project import seal_store

    conn = seal_store.open_immutable(sealed)
    try:
        tables = seal_store.content_tables(conn)
        return in_process_cpu(lambda: [seal_store.table_digest(conn, t, *sealcore.digest_args(fmt)) for t in tables])
    finally:
        conn.close()


def stages_cpu(project: Path, scratch: Path) -> dict[str, float]:
    """The steps of a seal timed one by one on a snapshot (which steps dominate)."""
    from factaudit.engine import seal as sealcore
    from factaudit.engine.models import keys
    from factaudit.engine.project import seal_store
    from factaudit.engine.services import seal as svc

    snap, vac = scratch / "stages.faproj", scratch / "stages-vacuum.faproj"
    out: dict[str, float] = {}
    src = seal_store.open_immutable(project)
    try:
        out["f4_backup"] = in_process_cpu(lambda: seal_store.backup_into(src, snap))
        out["f3_vacuum_into"] = in_process_cpu(lambda: seal_store.vacuum_into(src, vac))
    finally:
        src.close()
    conn = seal_store.prepare_copy(snap)
    pages: list = []
    roots = seal_store.btree_roots(conn)
    conn.close()
    # What a seal uses: the interior-page walk, or dbstat when a value overflows (both timed).
    out["f4_walk_pages"] = in_process_cpu(lambda: sealcore.walk_btrees(snap, roots))
    conn = seal_store.open_immutable(snap)
    out["f4_dbstat_pages"] = in_process_cpu(lambda: pages.extend(seal_store.btree_pages(conn)))
    conn.close()
    out["f4_scrub_unused"] = in_process_cpu(lambda: sealcore.scrub_unused(snap, pages))
    secrets = keys.configured_keys([])
    conn = seal_store.prepare_copy(snap)
    try:
        tables = seal_store.content_tables(conn)
        by_table: dict = {}
        for p in pages:
            by_table.setdefault(p.name, []).append(p)
        out["f4_table_hashes"] = in_process_cpu(
            lambda: [svc._pages_sha256(conn, snap, t, by_table, None) for t in tables])
        out["f4_table_hashes_with_secret_scan"] = in_process_cpu(
            lambda: [svc._pages_sha256(conn, snap, t, by_table, secrets) for t in tables])
        out["f4_row_counts"] = in_process_cpu(lambda: [seal_store.row_count(conn, t) for t in tables])
        seal_store.write_seal(conn, seal_store.SealRow("{}", "-", "-", "-", "-"),
                              file_placeholder=sealcore.FILE_SIG_PLACEHOLDER)
    finally:
        conn.close()
    out["file_sha256"] = in_process_cpu(lambda: sealcore.file_digest(snap, sealcore.FILE_SIG_PLACEHOLDER))
    out["raw_key_backstop"] = in_process_cpu(lambda: sealcore.scan_for_secrets(snap, list(secrets.values())))
    conn = seal_store.prepare_copy(vac)
    try:
        check = svc._SecretCheck(conn, secrets)
        out["f3_table_hashes_with_secret_scan"] = in_process_cpu(
            lambda: [seal_store.table_digest(conn, t, *sealcore.digest_args(sealcore.FORMAT_3), check)
                     for t in seal_store.content_tables(conn)])
        out["f3_table_hashes"] = in_process_cpu(
            lambda: [seal_store.table_digest(conn, t, *sealcore.digest_args(sealcore.FORMAT_3))
                     for t in seal_store.content_tables(conn)])
        out["secret_scan_row_by_row"] = in_process_cpu(lambda: svc._refuse_secrets(conn, secrets))
    finally:
        conn.close()
    snap.unlink()
    vac.unlink()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=int, default=100, help="size of the project to build (about 1,000 claims a MB)")
    ap.add_argument("--project", type=Path, help="measure this project instead of building one")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="bench-seal-"))
    os.environ["FACTAUDIT_CONFIG_DIR"] = str(scratch / "config")
    os.environ["FACTAUDIT_DATA_DIR"] = str(scratch / "data")
    os.environ["FACTAUDIT_API_KEY"] = "fa-bench-" + "k3y-not-in-any-row"
    from factaudit.engine import seal as sealcore
    from factaudit.engine.project.db import Project

    project = args.project
    if project is None:
        from scale_project import make_project

        project = scratch / "bench.faproj"
        make_project(project, args.mb * 1000, log=lambda m: print(m, file=sys.stderr))
    size = project.stat().st_size
    print(f"project {project}: {size / 2**20:.1f} MiB", file=sys.stderr)

    formats = {"format4": sealcore.FORMAT_4, "format3": sealcore.FORMAT_3}
    sealed = {k: scratch / f"sealed-{k}.faproj" for k in formats}
    samples: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        samples.setdefault(name, []).append(value)

    cli = [sys.executable, "-m", "factaudit"]
    for i in range(args.repeats):
        add("floor_cp_sha256sum", floor_cpu(project, scratch))
        add("project_open", project_open_cpu(project))
        for key, fmt in formats.items():
            add(f"seal_{key}", seal_in_process(project, sealed[key], fmt))
            with Project.open(project) as proj:
                add(f"seal_open_{key}", seal_in_process(proj, sealed[key], fmt))
            add(f"verify_{key}", verify_in_process(sealed[key], fmt))
            add(f"verify_tables_{key}", table_hashes_cpu(sealed[key], fmt))
        cli_out = scratch / "cli.faproj"
        add("cli_seal_format4", children_cpu([*cli, "seal", str(project), "--out", str(cli_out), "--force"]))
        add("cli_verify_seal_format4", children_cpu([*cli, "verify-seal", str(cli_out)]))
        add("cli_version", children_cpu([*cli, "--version"]))
        print(f"repeat {i + 1}/{args.repeats} done", file=sys.stderr)
    stages = stages_cpu(project, scratch)

    med = {k: round(statistics.median(v), 3) for k, v in samples.items()}
    floor = med["floor_cp_sha256sum"]
    result = {
        "project_mib": round(size / 2**20, 1),
        "built_with": None if args.project else f"benchmarks/scale_project.py, {args.mb * 1000} claims",
        "repeats": args.repeats,
        "cpu_s_median": med,
        "cpu_s_samples": {k: [round(x, 3) for x in v] for k, v in samples.items()},
        "ratio_to_floor": {k: round(v / floor, 2) for k, v in med.items() if k != "floor_cp_sha256sum"},
        "seal_stages_cpu_s": {k: round(v, 3) for k, v in stages.items()},
        "target": "seal and verify-seal <= 2x the CPU of cp + sha256sum",
        "notes": ("seal_*/verify_* are in-process (services); seal_* seal by path and include opening the "
                  "project (its quick_check, project_open); seal_open_* seal an open project (the GUI); cli_* run "
                  "`python -m factaudit` and include interpreter start and imports (cli_version is that start "
                  "alone); verify_tables_* is what verify-seal adds to name changed tables when the whole-file "
                  "signature fails; a made-up FACTAUDIT_API_KEY is set, so the exact-key scans run"),
        "machine": {"platform": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count()},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["ratio_to_floor"], indent=2))
    import shutil

    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
