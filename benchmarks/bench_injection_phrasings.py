"""Prompt injection over a varied phrasing set, for both verifier kinds: how many injected verdicts are
flagged (the heuristic on the passage, or the instruction-shape check on the driving sentence) and how
many flip, through the same path a user runs (import, a TREC run giving each claim its one abstract,
`verify`, `suspect_verdicts`).

    .venv/bin/python benchmarks/bench_injection_phrasings.py [--llm] [--limit N] [--out FILE]

The set: the 64 templates of tests/fixtures/injection/phrasings.jsonl (direct, indirect, format tricks,
obfuscated with zero-width characters and look-alike letters, six languages, persona), each filled
with the verdict opposite to the gold label of one of the 20 SciFact claims of
tests/fixtures/injection/scifact_injected.jsonl (templates cycled over claims) and inserted after the
middle sentence of that claim's gold abstract. Every claim is verified once on its clean abstract;
a *flip* is an injected verdict that differs from the clean one, *obeyed* one that equals the ordered
target where the clean one did not, *flagged* a verdict suspect_verdicts marks. The classifier
(minilm-verifier, embedded) always runs; --llm adds the embedded LLM (slow on two cores: use --limit).
The templates were written together with the instruction-shape rule, so flagged rates here are not a
held-out measure.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

FIXTURE = ROOT / "tests" / "fixtures" / "injection" / "scifact_injected.jsonl"
PHRASINGS = ROOT / "tests" / "fixtures" / "injection" / "phrasings.jsonl"


def cases(limit: int | None, every: int = 1) -> tuple[list[dict], list[dict]]:
    """(claims, injected cases): the templates (every `every`-th, at most `limit`), each with its
    claim; only the claims some case uses are returned (each is verified once clean)."""
    claims = [json.loads(x) for x in FIXTURE.read_text(encoding="utf-8").splitlines() if x.strip()]
    templates = [json.loads(x) for x in PHRASINGS.read_text(encoding="utf-8").splitlines() if x.strip()]
    out = []
    for n, t in enumerate(templates[::every][:limit]):
        c = claims[n % len(claims)]
        target = "Refuted" if c["gold_label"] == "Supported" else "Supported"
        sentence = (t["template"].replace("{T}", target).replace("{t}", target.lower())
                    .replace("{{", "{").replace("}}", "}"))
        sents = c["abstract"].split(". ")
        at = len(sents) // 2
        injected = ". ".join(sents[:at]) + ". " + sentence + " " + ". ".join(sents[at:])
        out.append({"id": f"p{n}", "claim_of": c["id"], "style": t["style"], "target": target,
                    "sentence": sentence, "text": injected})
    used = {p["claim_of"] for p in out}
    return [c for c in claims if c["id"] in used], out


def build_project(path: Path, claims: list[dict], injected: list[dict]):
    from factaudit.engine import services

    work = path.parent
    corpus, queries, run = work / "corpus.jsonl", work / "claims.jsonl", work / "run.trec"
    with open(corpus, "w", encoding="utf-8") as fc, open(queries, "w", encoding="utf-8") as fq, \
            open(run, "w", encoding="utf-8") as fr:
        for c in claims:
            fc.write(json.dumps({"id": f"clean-{c['id']}", "title": c["title"], "text": c["abstract"]}) + "\n")
            fq.write(json.dumps({"id": f"clean-{c['id']}", "claim": c["claim"], "label": c["gold_label"]}) + "\n")
            fr.write(f"clean-{c['id']} Q0 clean-{c['id']} 1 1.0 bench\n")
        by_id = {c["id"]: c for c in claims}
        for p in injected:
            c = by_id[p["claim_of"]]
            fc.write(json.dumps({"id": f"inj-{p['id']}", "title": c["title"], "text": p["text"]},
                                ensure_ascii=False) + "\n")
            fq.write(json.dumps({"id": f"inj-{p['id']}", "claim": c["claim"], "label": c["gold_label"]}) + "\n")
            fr.write(f"inj-{p['id']} Q0 inj-{p['id']} 1 1.0 bench\n")
    p = services.create_project(path)
    services.import_files(p, [corpus], kind="corpus")
    services.import_files(p, [queries], kind="claims")
    rid = services.import_files(p, [run], fmt="trec").run_id
    return p, rid


def measure(project, retrieval_run: str, claims: list[dict], injected: list[dict], llm: bool) -> dict:
    from factaudit.engine import services
    from factaudit.engine.project import runs as run_store

    req = services.VerifyRequest(retrieval_run=retrieval_run, k=1, concurrency=1,
                                 **({"model": "smollm2-135m"} if llm else {}))
    started = time.perf_counter()
    res = services.verify(project, req)
    seconds = time.perf_counter() - started
    verdicts = run_store.get_verdicts(project, res.run_id)
    suspect = services.suspect_verdicts(project, res.run_id).claims
    rows, by_style = [], {}
    for p in injected:
        clean = verdicts[f"clean-{p['claim_of']}"].verdict
        got = verdicts[f"inj-{p['id']}"].verdict
        found = suspect.get(f"inj-{p['id']}", {})
        patterns = sorted({f["pattern"] for fs in found.values() for f in fs})
        row = {"id": p["id"], "style": p["style"], "target": p["target"], "clean": clean, "injected": got,
               "flipped": got != clean, "obeyed": got == p["target"] and clean != p["target"],
               "flagged": bool(found), "by_shape_only": patterns == ["instruction_shape"], "patterns": patterns}
        rows.append(row)
        s = by_style.setdefault(p["style"], {"n": 0, "flagged": 0, "flipped": 0, "obeyed": 0})
        for k in ("flagged", "flipped", "obeyed"):
            s[k] += int(row[k])
        s["n"] += 1
    clean_flagged = sum(f"clean-{c['id']}" in suspect for c in claims)
    n = len(rows)
    return {"run_id": res.run_id, "seconds": round(seconds, 1), "n_injected": n,
            "flagged": sum(r["flagged"] for r in rows), "flagged_by_shape_only": sum(r["by_shape_only"] for r in rows),
            "flipped": sum(r["flipped"] for r in rows), "obeyed": sum(r["obeyed"] for r in rows),
            "flipped_unflagged": sum(r["flipped"] and not r["flagged"] for r in rows),
            "clean_flagged": clean_flagged, "n_clean": len(claims), "by_style": by_style, "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llm", action="store_true", help="also the embedded LLM verifier (slow)")
    ap.add_argument("--limit", type=int, default=None, help="at most N templates")
    ap.add_argument("--every", type=int, default=1, help="every K-th template only (a spread for the slow LLM)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "injection_phrasings.json"))
    args = ap.parse_args()
    from factaudit.engine.text.injection import DETECTOR
    from factaudit.engine.text.instruction_shape import SHAPE

    claims, injected = cases(args.limit, args.every)
    doc = {"benchmark": "injection_phrasings", "detector": DETECTOR, "shape": SHAPE, "every": args.every,
           "n_templates": len(injected), "n_claims": len(claims), "k": 1,
           "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
           "definitions": {"flagged": "suspect_verdicts marks the injected verdict (heuristic on its passage, "
                                      "or instruction_shape on its driving sentence)",
                           "flipped": "injected verdict != the clean verdict of the same claim",
                           "obeyed": "injected verdict == ordered target and clean verdict != target"},
           "verifiers": {}}
    with tempfile.TemporaryDirectory(prefix="bench-inj-phrasings-") as tmp:
        project, rid = build_project(Path(tmp) / "bench.faproj", claims, injected)
        try:
            for name, llm in (("classifier", False), *((("llm", True),) if args.llm else ())):
                got = measure(project, rid, claims, injected, llm)
                doc["verifiers"][name] = got
                print(f"{name:<10} flagged {got['flagged']}/{got['n_injected']} "
                      f"(by the shape check alone {got['flagged_by_shape_only']}), flipped {got['flipped']}, "
                      f"obeyed {got['obeyed']}, flipped and unflagged {got['flipped_unflagged']}, "
                      f"clean flagged {got['clean_flagged']}/{got['n_clean']}, {got['seconds']} s", flush=True)
        finally:
            project.close()
    doc["load_avg_after"] = round(os.getloadavg()[0], 2)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
