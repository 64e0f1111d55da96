"""The Review list in natural order at 100,000 claims (issue #35 item 10): the first page and the whole
list, paged by plain keyset order (the code before, inline here) against the natural-order cursor, and
the first page again once a finished run's order is kept.

    python benchmarks/bench_natural_order.py
"""
import json
import random
import tempfile
import time
from pathlib import Path
from factaudit.engine import services
from factaudit.engine.audit import triage as tri
from factaudit.engine.project import audit_store as store
from factaudit.engine.metrics.classification import MAPPINGS

N = 100_000
root = Path(tempfile.mkdtemp())
rng = random.Random(1)
V = ("Supported", "Refuted", "No Evidence", "Ambiguous")
gold = {f"c{i}": rng.choice(V) for i in range(N)}
(root / "c.jsonl").write_text("".join(json.dumps({"id": c, "claim": f"claim {c}", "label": g}) + "\n" for c, g in gold.items()))
(root / "v.jsonl").write_text("".join(json.dumps({"claim_id": c, "verdict": rng.choice(V)}) + "\n" for c in gold))
p = services.create_project(root / "b.faproj")
services.import_files(p, [root / "c.jsonl"], kind="claims")
run = services.import_files(p, [root / "v.jsonl"], kind="verdicts").run_id

def old_page(after, limit):       # the code before this change (keyset on the primary key)
    facts = store.claim_facts(p, run, after=after, limit=limit)
    rows, n, u = tri._claim_rows(facts, MAPPINGS["R+NE"])
    nxt = next(reversed(facts)) if len(facts) == limit else None
    return tri._with_texts(p, rows), nxt

def new_page(after, limit):
    page = tri.index_page(p, run, mapping="R+NE", level="claim", after=after, limit=limit)
    return page.rows, page.after

def whole(fn):
    t = time.perf_counter(); rows, after = fn(None, 2000); first = time.perf_counter() - t
    n = len(rows)
    while after is not None:
        rows, after = fn(after, 10000); n += len(rows)
    return first, time.perf_counter() - t, n

for _ in range(2):      # warm the page cache once, then measure (the order cache emptied each time)
    o = whole(old_page); store._ORDERS.clear(); n_ = whole(new_page)
print(f"old: first page {o[0]*1000:.0f} ms, whole list {o[1]*1000:.0f} ms ({o[2]} rows)")
print(f"new: first page {n_[0]*1000:.0f} ms, whole list {n_[1]*1000:.0f} ms ({n_[2]} rows)")
print(f"ratio new/old: first page {n_[0]/o[0]:.2f}, whole list {n_[1]/o[1]:.2f}")
store._ORDERS.clear(); t = time.perf_counter(); ids = store.natural_claim_order(p, run); print(f"natural_claim_order alone: {(time.perf_counter()-t)*1000:.0f} ms")
t = time.perf_counter(); new_page(None, 2000); print(f"new first page, order cached: {(time.perf_counter()-t)*1000:.0f} ms")
p.close()
import shutil  # noqa: E402

shutil.rmtree(root, ignore_errors=True)
