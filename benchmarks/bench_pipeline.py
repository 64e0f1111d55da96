"""Cost per claim, end to end (issue #22 item 4): import -> retrieve (BM25, dense, RRF) -> verify (the
classifier default; the embedded LLM on a slice) -> metrics -> report -> seal, each stage one process
calling engine.services as the CLI does, with its CPU seconds (user + system) and peak RSS from
os.wait4 on that process. Baselines measured in the same run: `python -c pass` and this script's
`--stage noop` (imports services, opens the project: what every stage pays before work), so the work
of a stage is its CPU time minus noop's, comparable across machine loads.

Projects (built under --work, never in the repository): the demo's SciFact slice
(services.build_demo(run_steps=False): 1,200 abstracts, 100 dev claims) and benchmarks/scale_project.py's
generated project with --claims claims (2,000 passages, 10 hits a claim, an imported verify run). On
the large project import, BM25, metrics, report and seal are measured at full size; dense, RRF and
verify run on a --slice-claim project built from the same generator (same corpus) and are projected
linearly to --claims ("projected": true in the JSON). The projection for the seed study (27,751 claims
over 1M passages) uses benchmarks/results/bm25_scale.json's measured 1M BM25 build and query rates
and the per-claim / per-passage costs measured here.

    nice -n 19 .venv/bin/python benchmarks/bench_pipeline.py [--claims 100000] [--slice 1000] \
        [--llm-claims 3] [--work /tmp/fa-bench-pipeline]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
SEED_CLAIMS, SEED_PASSAGES = 27_751, 1_000_000
VERIFY_K = 3      # the demo's verify k (services.demo.DEMO_VERIFY_K)


# ---- one stage, in its own process ---------------------------------------------------------------------
def run_stage(args: argparse.Namespace) -> dict:
    from factaudit.engine import services

    name, path = args.stage, Path(args.project)
    if name == "import_demo":
        summary = services.build_demo(path.parent, run_steps=False)
        return {"imported": summary.imported}
    if name == "gen_scale":         # writes the input files; not a pipeline stage (not counted)
        from scale_project import write_inputs
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        return {k: str(v) for k, v in write_inputs(folder, args.n, n_passages=args.passages).items()}
    if name == "import_scale":
        folder, counts, parts = Path(args.out), {}, {}
        with services.create_project(path) as p:
            for kind, fname, extra in (("corpus", "corpus.jsonl", {"dataset": "corpus"}),
                                       ("claims", "claims.jsonl", {"dataset": "claims"}),
                                       ("run", "run.trec", {"fmt": "trec"}),
                                       ("verdicts", "verdicts.jsonl", {})):
                t = time.process_time()
                res = services.import_files(p, [folder / fname], kind=kind, **extra)
                parts[kind] = round(time.process_time() - t, 3)
                counts[kind] = res.run_id or res.counts
        return {"imported": counts, "in_process_cpu_s": parts}
    with services.open_project(path, readonly=name in ("noop", "seal")) as p:
        if name == "noop":
            return {}
        if name == "retrieve":
            t = time.process_time()
            res = services.retrieve(p, services.RetrievalRequest(args.retriever, 10, dataset=args.dataset))
            return {"run_id": res.run_id, "n_claims": res.n_queries, "n_passages": res.n_passages,
                    "service_wall_s": round(res.seconds, 3), "index_wall_s": round(res.index_seconds, 3),
                    "cache": res.cache, "in_process_cpu_s": round(time.process_time() - t, 3)}
        if name == "verify":
            req = services.VerifyRequest(retrieval_run=args.run, k=VERIFY_K, dataset=args.dataset,
                                         limit=args.n or None)
            if args.llm:      # as the demo's reasoning slice asks the embedded LLM
                from factaudit.engine.models.registry import EMBEDDED_LLM
                req = services.VerifyRequest(retrieval_run=args.run, model=EMBEDDED_LLM, mode="joint", k=VERIFY_K,
                                             limit=args.n, dataset=args.dataset, passage_words=80, max_tokens=128)
            res = services.verify(p, req)
            return {"run_id": res.run_id, "n_claims": res.n_verdicts, "model": res.model,
                    "verdict_counts": res.verdict_counts, "n_parse_failures": res.n_parse_failures,
                    "service_wall_s": round(res.seconds, 3)}
        if name == "metrics":
            out = services.score_run(p, args.run)
            return {"keys": sorted(out)[:12]}
        if name == "report":
            fmts = tuple(args.formats.split(","))
            services.write_report(p, args.out, fmts, [args.run])
            return {"formats": list(fmts)}
        if name == "seal":
            res = services.seal_project(p, args.out, overwrite=True)
            return {"bytes": res.bytes}
    raise SystemExit(f"unknown stage {name}")


# ---- the parent: processes, rusage, projections ----------------------------------------------------------
def measured(cmd: list[str], env: dict) -> tuple[dict, float, float, float]:
    """(the stage's JSON, CPU seconds, peak RSS MiB, wall seconds) of one process."""
    import tempfile

    started = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, text=True, env=env)
        _, status, ru = os.wait4(proc.pid, 0)      # this process's own rusage (CPU, peak RSS)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        out.seek(0), err.seek(0)
        out, err = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[-6:])} failed:\n{err[-1500:]}")
    line = out.strip().splitlines()[-1] if out.strip() else "{}"
    return json.loads(line), ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, wall


class Bench:
    def __init__(self, args):
        self.args, self.rows = args, {}
        self.env = dict(os.environ, FACTAUDIT_CONFIG_DIR=str(args.work / "config"))   # the seal key lives here

    def stage(self, label: str, stage: str, project: Path, **kw) -> dict:
        cmd = [sys.executable, __file__, "--stage", stage, "--project", str(project)]
        for key, value in kw.items():
            if value is not None and value is not False:
                cmd += [f"--{key.replace('_', '-')}"] + ([] if value is True else [str(value)])
        info, cpu, rss, wall = measured(cmd, self.env)
        row = {"cpu_s": round(cpu, 3), "peak_rss_mib": round(rss, 1), "wall_s": round(wall, 2), **info}
        self.rows[label] = row
        with open(self.args.work / "stages.jsonl", "a", encoding="utf-8") as fh:   # a checkpoint
            fh.write(json.dumps({"label": label, **row}) + "\n")
        print(f"  {label}: {cpu:.2f} CPU s, {rss:.0f} MiB, {wall:.1f} s wall", flush=True)
        return row


def per_claim(bench: Bench, label: str, n: int, start: float, projected_to: int | None = None) -> dict:
    row = bench.rows[label]
    work = max(row["cpu_s"] - start, 0.0)
    row["beyond_start_up_cpu_s"] = round(work, 3)
    row["n_claims"] = n
    row["cpu_s_per_1000_claims"] = round(work / n * 1000, 3)
    if projected_to:
        row["projected"] = {"claims": projected_to, "cpu_s": round(work / n * projected_to, 1),
                            "how": f"measured on {n:,} claims, scaled linearly"}
    return row


def dense_split(row: dict, start: float) -> tuple[float, float]:
    """(CPU s per passage encoded, CPU s per claim) of a dense run from a cold cache: the process's
    CPU beyond start-up split by the share of wall time the index took (approximate)."""
    work = max(row["cpu_s"] - start, 0.0)
    share = row["index_wall_s"] / row["service_wall_s"] if row["service_wall_s"] else 0.0
    return work * share / row["n_passages"], work * (1 - share) / row["n_claims"]


def seed_projection(bench: Bench, start: float, dense_row: dict, verify_row: dict, llm_row: dict | None,
                    scale_rows: dict, demo_verify: dict | None = None) -> dict:
    """The seed study on one machine. Verify is priced by the demo's SciFact abstracts where measured
    (real text; the generated passages are short, their figure is given as the low end)."""
    bm = json.loads((ROOT / "benchmarks" / "results" / "bm25_scale.json").read_text())["bm25_scale"]["factaudit"]
    per_passage, per_query = dense_split(dense_row, start)
    n = SEED_CLAIMS
    # import: marginal costs between the large and the slice project (same run), so the one-time
    # imports of the first import_files call are not scaled up to a million passages
    imp, imp_s = scale_rows["import"]["in_process_cpu_s"], scale_rows["import slice"]["in_process_cpu_s"]
    d_claims = scale_rows["n_claims"] - scale_rows["import slice"]["n_claims"]
    d_passages = scale_rows["n_passages"] - scale_rows["slice_passages"]
    stages = {
        "import claims (marginal per-claim CPU, large minus slice project)":
            (imp["claims"] - imp_s["claims"]) / d_claims * n,
        "import corpus (marginal per-passage CPU, large minus slice project)":
            (imp["corpus"] - imp_s["corpus"]) / d_passages * SEED_PASSAGES,
        "BM25 build over 1M passages (bm25_scale.json, measured)": bm["build_cpu_s"],
        "BM25 queries (bm25_scale.json: 1M-passage queries/s)": n / bm["queries_per_s"],
        "BM25 hits stored (per-claim cost of the scale BM25 run, small corpus)":
            scale_rows["bm25"]["cpu_s_per_1000_claims"] / 1000 * n,
        "dense encoding of 1M passages (per-passage CPU of the slice's cold run, 48-word generated passages; "
        "abstracts cost more)": per_passage * SEED_PASSAGES,
        "dense queries (per-claim CPU of the slice's dense run)": per_query * n,
        **({"verify, classifier k=3 (per-claim CPU on the demo's SciFact abstracts, model load included)":
            demo_verify["cpu_s_per_1000_claims"] / 1000 * n} if demo_verify else {
            "verify, classifier k=3 (per-claim CPU of the slice, model load included)":
            verify_row["cpu_s_per_1000_claims"] / 1000 * n}),
        "metrics (per-claim, scale project)": scale_rows["metrics"]["cpu_s_per_1000_claims"] / 1000 * n,
        "report json (per-claim, scale project)": scale_rows["report (json)"]["cpu_s_per_1000_claims"] / 1000 * n,
        "seal (per-claim, scale project; a 1M-passage project is larger)":
            scale_rows["seal"]["cpu_s_per_1000_claims"] / 1000 * n,
    }
    stages = {k: round(v, 1) for k, v in stages.items()}
    total = sum(stages.values())
    out = {"projected": True, "claims": n, "passages": SEED_PASSAGES, "cpu_s": stages,
           "total_cpu_s": round(total, 1), "total_cpu_h": round(total / 3600, 2),
           "bm25_only_total_cpu_h": round((total - stages[next(k for k in stages if k.startswith("dense enc"))]
                                           - stages[next(k for k in stages if k.startswith("dense q"))]) / 3600, 2),
           "laptop": ("CPU seconds of one core of this machine (2-core Xeon); on a laptop wall time is about "
                      "total CPU / cores used (encoding and the classifier use all cores), and RSS for a flat "
                      "1M x 384 fp32 dense index is about 1.5 GiB beyond the BM25 index's 1.6 GiB peak")}
    if demo_verify:
        out["verify_classifier_on_short_generated_passages_cpu_s"] = round(
            verify_row["cpu_s_per_1000_claims"] / 1000 * n, 1)
    if llm_row:
        llm = llm_row["cpu_s_per_1000_claims"] / 1000 * n
        out["verify_llm_instead_cpu_s"] = round(llm, 1)
        out["verify_llm_instead_cpu_h"] = round(llm / 3600, 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=100_000, help="claims of the large project")
    ap.add_argument("--slice", type=int, default=1000, help="claims for dense, RRF and verify on the large one")
    ap.add_argument("--llm-claims", type=int, default=3, help="demo claims verified by the embedded LLM (0: skip)")
    ap.add_argument("--demo-only", action="store_true", help="the demo slice only (a dry run)")
    ap.add_argument("--demo-verify", type=int, default=0, help="verify only this many demo claims (0: all)")
    ap.add_argument("--dense", choices=("both", "scale", "none"), default="both",
                    help="where dense and RRF run: both projects, the scale slice only, or nowhere (a dry run)")
    ap.add_argument("--slice-passages", type=int, default=2000, help="corpus of the slice project")
    ap.add_argument("--work", type=Path, default=Path("/tmp/fa-bench-pipeline"))
    ap.add_argument("--reproject", action="store_true",
                    help="recompute the seed-study projection of --out-json from its measured stages, no stage run")
    ap.add_argument("--note", help="a note stored in the JSON (with --reproject)")
    ap.add_argument("--out-json", type=Path, default=ROOT / "benchmarks" / "results" / "pipeline.json")
    # a stage's own arguments (the parent passes them)
    ap.add_argument("--stage", help=argparse.SUPPRESS)
    ap.add_argument("--project", help=argparse.SUPPRESS)
    ap.add_argument("--retriever", help=argparse.SUPPRESS)
    ap.add_argument("--dataset", help=argparse.SUPPRESS)
    ap.add_argument("--run", help=argparse.SUPPRESS)
    ap.add_argument("--n", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--passages", type=int, default=2000, help=argparse.SUPPRESS)
    ap.add_argument("--llm", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    ap.add_argument("--formats", default="json", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.stage:
        print(json.dumps(run_stage(args), default=str))
        return
    if args.reproject:
        return reproject(args)
    from factaudit.engine.version import APP_VERSION as version

    shutil.rmtree(args.work, ignore_errors=True)
    args.work.mkdir(parents=True)
    b = Bench(args)
    result = {"machine": {"platform": platform.platform(), "python": platform.python_version(),
                          "cpus": os.cpu_count(), "load_average_at_start": list(os.getloadavg()),
                          "factaudit": version},
              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "method": __doc__.split("\n\n")[0].replace("\n", " ")}
    print("baselines", flush=True)
    info, cpu, rss, wall = measured([sys.executable, "-c", "pass"], b.env)
    base = {"python -c pass": {"cpu_s": round(cpu, 3), "peak_rss_mib": round(rss, 1), "wall_s": round(wall, 2)}}

    # ---- the demo's SciFact slice -------------------------------------------------------------------
    demo = args.work / "demo" / "demo.faproj"
    b.stage("demo import", "import_demo", demo)
    b.stage("demo noop", "noop", demo)
    start = b.rows["demo noop"]["cpu_s"]
    base["stage start-up (import services, open project)"] = b.rows.pop("demo noop")
    ds = "scifact-demo"
    n_demo = b.stage("demo retrieve bm25", "retrieve", demo, retriever="bm25", dataset=ds)["n_claims"]
    retrievers = [] if args.dense != "both" else [("dense", "dense"), ("rrf", "rrf:bm25,dense")]
    for label, spec in retrievers:
        b.stage(f"demo retrieve {label}", "retrieve", demo, retriever=spec, dataset=ds)
    bm25_run = b.rows["demo retrieve bm25"]["run_id"]
    vrun = b.rows.get("demo retrieve rrf", b.rows["demo retrieve bm25"])["run_id"]
    b.stage("demo verify classifier", "verify", demo, run=vrun, dataset=ds, n=args.demo_verify)
    if args.llm_claims:
        b.stage("demo verify llm (slice)", "verify", demo, run=vrun, dataset=ds, n=args.llm_claims, llm=True)
    cls_run = b.rows["demo verify classifier"]["run_id"]
    b.stage("demo metrics", "metrics", demo, run=cls_run)
    b.stage("demo report (html, xlsx, json)", "report", demo, run=cls_run, out=args.work / "demo-report",
            formats="html,xlsx,json")
    b.stage("demo seal", "seal", demo, out=args.work / "demo-sealed.faproj")
    n_verified = b.rows["demo verify classifier"]["n_claims"]
    for label in list(b.rows):
        n = b.rows[label].get("n_claims") or (n_verified if label.split()[1] != "import" else n_demo)
        per_claim(b, label, n, start)
    del bm25_run
    result["demo"] = {"claims": n_demo, "passages": b.rows["demo retrieve bm25"]["n_passages"], "stages": b.rows}

    # ---- the large project ------------------------------------------------------------------------------
    llm_row = b.rows.get("demo verify llm (slice)")
    if args.demo_only:
        result["baselines"] = base
        return _write(args, result)
    demo_rows, b.rows = b.rows, {}
    n, s = args.claims, args.slice
    big, small = args.work / f"scale{n}.faproj", args.work / f"slice{s}.faproj"
    print(f"scale project: {n:,} claims (slice {s:,})", flush=True)
    b.stage("gen", "gen_scale", big, n=n, out=args.work / "in-big")
    b.stage("gen slice", "gen_scale", small, n=s, out=args.work / "in-slice", passages=args.slice_passages)
    b.rows.clear()
    imp = b.stage("import", "import_scale", big, out=args.work / "in-big")
    b.stage("import slice", "import_scale", small, out=args.work / "in-slice")
    b.stage("noop", "noop", big)
    start_big = b.rows.pop("noop")["cpu_s"]
    base["stage start-up on the large project"] = {"cpu_s": start_big}
    b.stage("bm25", "retrieve", big, retriever="bm25", dataset="claims")
    if args.dense != "none":
        b.stage("dense (slice)", "retrieve", small, retriever="dense", dataset="claims")
        b.stage("rrf (slice)", "retrieve", small, retriever="rrf:bm25,dense", dataset="claims")
    imported_run = imp["imported"]["run"]
    b.stage("verify classifier (slice)", "verify", big, run=imported_run, n=s)
    verify_run = imp["imported"]["verdicts"]
    b.stage("metrics", "metrics", big, run=verify_run)
    b.stage("report (json)", "report", big, run=verify_run, out=args.work / "big-report")
    b.stage("seal", "seal", big, out=args.work / "big-sealed.faproj")
    for label in list(b.rows):
        sliced = "slice" in label
        per_claim(b, label, s if sliced else n, start_big, projected_to=n if sliced and label != "import slice"
                  else None)
    b.rows["n_claims"], b.rows["n_passages"], b.rows["slice_passages"] = n, 2000, args.slice_passages
    result["baselines"] = base
    result["scale"] = {"claims": n, "slice_claims": s, "passages": 2000, "slice_passages": args.slice_passages,
                       "command": " ".join(["nice -n 19 .venv/bin/python benchmarks/bench_pipeline.py", *sys.argv[1:]]),
                       "stages": {
        k: v for k, v in b.rows.items() if isinstance(v, dict)}}
    if args.dense != "none":
        try:
            result["seed_study_projection"] = seed_projection(
                b, start_big, b.rows["dense (slice)"], b.rows["verify classifier (slice)"], llm_row, b.rows,
                demo_rows.get("demo verify classifier"))
        except (KeyError, ZeroDivisionError, OSError, ValueError) as exc:     # keep the measured figures
            result["seed_study_projection"] = {"error": repr(exc)}
    _write(args, result)


def reproject(args) -> None:
    result = json.loads(args.out_json.read_text())
    sc = result["scale"]
    rows = dict(sc["stages"], n_claims=sc["claims"], n_passages=sc["passages"], slice_passages=sc["slice_passages"])
    start = result["baselines"]["stage start-up on the large project"]["cpu_s"]
    llm = result["demo"]["stages"].get("demo verify llm (slice)")
    result["seed_study_projection"] = seed_projection(None, start, rows["dense (slice)"],
                                                      rows["verify classifier (slice)"], llm, rows,
                                                      result["demo"]["stages"].get("demo verify classifier"))
    if args.note:
        result["note"] = args.note
    args.out_json.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["seed_study_projection"], indent=2))


def _write(args, result: dict) -> None:
    result["machine"]["load_average_at_end"] = list(os.getloadavg())
    result["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    args.out_json.parent.mkdir(parents=True, exist_ok=True)
    args.out_json.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out_json}")


if __name__ == "__main__":
    main()
