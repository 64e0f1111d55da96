"""The model variants of aggregate runs (full, no-repair, no-grouping, single-call,
single-call-by-language) against a fake OpenAI-compatible server on 127.0.0.1, and `full` on the
embedded SmolLM2 (slow). The fake reads templated documents ("The answer is X." / "答案是X。") the way
a perfect extractor would, and garbles its reply for documents that ask it to, so repair has work."""
from __future__ import annotations

import json
import re
import sqlite3
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from factaudit.engine import services
from factaudit.engine.errors import RunCancelled
from factaudit.engine.jobs import CancelToken
from factaudit.engine.pipeline.prompts import load_prompt

API_KEY = "sk-test-conflicts-4e5f6a7b8c9d"
ANSWER = re.compile(r"(?:The answer is|答案是)\s*([^.。]+)", re.I)


def _fenced(user: str, head: str) -> str:
    m = re.search(re.escape(head) + r"\n(.*?)\n(?:EVIDENCE>>>)", user, re.S)
    return m.group(1) if m else ""


class FakeModel:
    """Answers the three conflict prompts; records every request body."""

    def __init__(self):
        self.requests: list[dict] = []
        self.auth: set[str] = set()
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                with fake.lock:
                    fake.requests.append(body)
                    fake.auth.add(self.headers.get("Authorization", ""))
                reply = fake.reply(body["messages"][0]["content"], body["messages"][1]["content"])
                doc = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model"),
                       "choices": [{"index": 0, "finish_reason": "stop",
                                    "message": {"role": "assistant", "content": reply}}],
                       "usage": {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60}}
                payload = json.dumps(doc).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    @staticmethod
    def reply(system: str, user: str) -> str:
        evidence = _fenced(user, "<<<EVIDENCE")
        if system.startswith("You read one document"):
            m = ANSWER.search(evidence)
            if "GARBLE" in evidence and m:
                return f'Here you go: {{"answer": "{m.group(1).strip()}", "quote": "unfinished'
            if "SAYUNKNOWN" in evidence:
                return json.dumps({"answer": "unknown", "quote": ""})
            return json.dumps({"answer": m.group(1).strip() if m else "", "quote": m.group(0) if m else ""},
                              ensure_ascii=False)
        if system.startswith("You group candidate answers"):
            groups: dict[str, list[int]] = {}
            for n, text in re.findall(r"^\[(\d+)\] (.*)$", evidence, re.M):
                groups.setdefault(text.strip().casefold(), []).append(int(n))
            return json.dumps({"groups": list(groups.values())})
        answers: dict[str, dict] = {}
        for n, text in re.findall(r"^\[(\d+)\] \(\w+\) (.*)$", evidence, re.M):
            m = ANSWER.search(text)
            if m:
                answers.setdefault(m.group(1).strip().casefold(), {"answer": m.group(1).strip(), "documents": []})
                answers[m.group(1).strip().casefold()]["documents"].append(int(n))
        return json.dumps({"answers": list(answers.values()), "conflict": len(answers) > 1}, ensure_ascii=False)


ITEMS = [
    # agreement, a misinformation document, a Chinese document (the lexicon joins it), only noise,
    # a reply that does not parse, a placeholder reply
    ("What sport does Ann play?", ["Golf"], [("The answer is Golf.", "correct", "Golf"),
                                             ("Ann is a golfer. The answer is golf.", "correct", "Golf")]),
    ("What sport does Bo play?", ["Tennis"], [("The answer is Tennis.", "correct", "Tennis"),
                                              ("A blog says: the answer is Cricket.", "misinfo", "Cricket")]),
    ("What sport does Cy play?", ["Golf"], [("据报道，答案是高尔夫球。", "correct", "高尔夫球"),
                                            ("The answer is Golf.", "correct", "Golf")]),
    ("What sport does Di play?", ["Chess"], [("Rivers flow to the sea.", "noise", "unknown")]),
    ("What sport does Ed play?", ["Rowing"], [("GARBLE The answer is Rowing.", "correct", "Rowing"),
                                              ("The answer is Sailing.", "misinfo", "Sailing")]),
    ("What sport does Fa play?", ["Judo"], [("The answer is Judo.", "correct", "Judo"),
                                            ("SAYUNKNOWN Nothing here.", "noise", "unknown")]),
]


def write_dataset(path):
    rows = [{"question": q, "gold_answers": gold, "wrong_answers": [], "disambig_entity": [],
             "documents": [{"text": t, "type": ty, "answer": a} for t, ty, a in docs]} for q, gold, docs in ITEMS]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")


@pytest.fixture
def fake():
    s = FakeModel()
    yield s
    s.close()


@pytest.fixture
def proj(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    monkeypatch.setenv("FACTAUDIT_API_KEY", API_KEY)
    src = tmp_path / "items.jsonl"
    write_dataset(src)
    (tmp_path / "lex.yaml").write_text("Golf: [高尔夫球]\n", encoding="utf-8")
    p = services.create_project(tmp_path / "m.faproj")
    services.import_files(p, [src], fmt="ramdocs", dataset="sports")
    yield p
    p.close()


def run(p, fake, variant, **kw):
    req = services.AggregateRequest(variant=variant, dataset="sports", endpoint=fake.url if fake else None,
                                    model="fake-model" if fake else None, timeout=2.0, max_retries=1,
                                    lexicon=str(p.path.parent / "lex.yaml"), concurrency=2, **kw)
    return services.aggregate(p, req)


def test_full_on_the_fake_server_matches_the_oracle_and_pins_its_inputs(proj, fake):
    full = run(proj, fake, "full")
    oracle = run(proj, None, "oracle")
    # 11 documents, 11 calls; the endpoint backend asks once more to reformat the garbled reply
    assert full.metrics == oracle.metrics and full.model_calls == 11 and len(fake.requests) == 12
    assert fake.auth == {f"Bearer {API_KEY}"}
    views = {v.item_id: v for v in services.conflict_items(proj, full.run_id)}
    assert all(v.diverged_at is None for v in views.values())
    # the garbled reply was repaired from its raw text, the placeholder dropped; the Chinese document
    # joined "Golf" through the lexicon and is tagged zh
    rules = {(r.doc_id, r.rule) for v in views.values() for r in v.result.repairs}
    assert rules == {("ramdocs-5-d1", "raw_output"), ("ramdocs-6-d2", "placeholder")}
    cy = views["ramdocs-3"]
    assert [d.lang for d in cy.docs] == ["zh", "en"] and "bilingual" in cy.conditions
    assert cy.result.outcome.kind == "answer" and cy.result.groups[0].decisions[1].rule == "lexicon"
    assert views["ramdocs-2"].result.outcome.kind == "conflict" and views["ramdocs-4"].result.outcome.kind == "abstain"
    cfg = services.get_run(proj, full.run_id).config
    assert cfg["model"] == {"source": "endpoint", "endpoint": fake.url, "model_name": "fake-model"}
    assert cfg["prompts"] == {"extract": load_prompt("conflict_extract").ref()}
    assert cfg["lexicon"] == {"Golf": ["高尔夫球"]} and cfg["privileged"] is None
    raw = proj.path.read_bytes()
    assert API_KEY.encode() not in raw


def test_ablations_run_and_show_where_they_lose(proj, fake):
    no_repair = run(proj, fake, "no-repair")
    views = {v.item_id: v for v in services.conflict_items(proj, no_repair.run_id)}
    # without repair the garbled reply leaves Rowing out: the conflict is lost in extraction
    assert views["ramdocs-5"].diverged_at == "extraction" and not views["ramdocs-5"].score.success
    assert no_repair.parse_failures == 1 and views["ramdocs-6"].diverged_at is not None   # "unknown" kept
    no_group = run(proj, fake, "no-grouping")
    gviews = {v.item_id: v for v in services.conflict_items(proj, no_group.run_id)}
    assert gviews["ramdocs-1"].result.grouped_by == "model" and gviews["ramdocs-1"].result.outcome.kind == "answer"
    # the model does not know the lexicon: 高尔夫球 and Golf stay apart, lost in grouping
    assert gviews["ramdocs-3"].diverged_at == "grouping"
    assert {d.rule for g in gviews["ramdocs-1"].result.groups for d in g.decisions} == {"first", "model"}
    for variant in ("single-call", "single-call-by-language"):
        res = run(proj, fake, variant)
        assert res.model_calls == 6 and res.n_items == 6
    by_lang = [b for b in fake.requests if "Documents in Chinese:" in b["messages"][1]["content"]]
    assert len(by_lang) == 1 and "Documents in English:" in by_lang[0]["messages"][1]["content"]
    out = services.compare_aggregate_runs(proj, [run(proj, fake, "full").run_id, no_repair.run_id])
    t = next(t for t in out.sign_tests if t["metric"] == "conflict_aware_success")
    # full wins items 5 (the garbled reply) and 6 ("unknown" kept as an answer); exact p = 2 * 0.5 ** 2
    assert (t["a_only"], t["b_only"]) == (2, 0) and t["p_value"] == pytest.approx(0.5)


def test_a_cancelled_model_run_resumes_with_the_pinned_endpoint(proj, fake):
    token = CancelToken()

    def progress(done, total, message=""):
        if done >= 2:
            token.cancel()

    req = services.AggregateRequest(variant="full", dataset="sports", endpoint=fake.url, model="fake-model",
                                    timeout=2.0, max_retries=1, concurrency=1)
    with pytest.raises(RunCancelled) as err:
        services.aggregate(proj, req, progress=progress, cancel=token)
    before = len(fake.requests)
    res = services.aggregate(proj, services.AggregateRequest(resume=err.value.run_id, concurrency=1))
    assert res.status == "done" and res.n_items == 6 and res.n_new == 4
    # only the 4 items not done before were asked: their 7 documents, plus one reformat request
    assert len(fake.requests) - before == sum(len(docs) for _, _, docs in ITEMS[2:]) + 1
    conn = sqlite3.connect(proj.path)
    assert conn.execute("SELECT count(*) FROM conflict_items WHERE run_id = ?", (res.run_id,)).fetchone()[0] == 6
    conn.close()


@pytest.mark.slow
def test_full_runs_on_the_embedded_model(proj):
    res = services.aggregate(proj, services.AggregateRequest(variant="full", dataset="sports", limit=1,
                                                             n_threads=2, max_tokens=60))
    assert res.status == "done" and res.model == "smollm2-135m" and res.model_calls == 2
    cfg = services.get_run(proj, res.run_id).config
    assert len(cfg["model"]["sha256"]) == 64 and cfg["prompts"]["extract"]["sha256"]
    view = services.conflict_items(proj, res.run_id)[0]
    # schema-constrained: each reply is a JSON object with an answer (possibly "") and a quote
    assert all(e.status in ("ok", "none") and e.raw and isinstance(json.loads(e.raw), dict)
               for e in view.result.extractions)
