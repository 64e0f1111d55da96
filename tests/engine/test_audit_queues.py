"""Labeling queue planning: order, resumability and test–retest spacing."""
from __future__ import annotations

from scipy.stats import binomtest

from factaudit.engine.audit import queues as q


def units(n):
    return [(("evidence", f"c{i // 10}", f"p{i}"), "sample", i % 10 + 1) for i in range(n)]


def test_retests_come_after_at_least_gap_others():
    us = units(400)
    plan = q.plan(us, {}, set(), share=0.1, gap=20, seed=42)
    firsts = [e for e in plan if e.pass_ == "first"]
    assert [e.unit for e in firsts] == [u for u, _, _ in us]            # order kept, nothing dropped
    where = {e.unit: i for i, e in enumerate(plan) if e.pass_ == "first"}
    retests = [(i, e) for i, e in enumerate(plan) if e.pass_ == "retest"]
    for i, e in retests:
        between = [x for x in plan[where[e.unit] + 1:i] if x.pass_ == "first"]
        assert len(between) >= 20
    chosen = {u for u, _, _ in us if q.is_retest_unit(u, 0.1, 42)}
    scheduled = {e.unit for _, e in retests}
    late = {u for i, (u, _, _) in enumerate(us) if i + 20 >= len(us)}
    assert scheduled == chosen - late
    # the seeded hash picks about 10%: a two-sided binomial test does not reject p = 0.1
    assert binomtest(len(chosen), len(us), 0.1).pvalue > 0.01
    assert q.plan(us, {}, set(), share=0.1, gap=20, seed=42) == plan      # deterministic


def test_resuming_brings_due_retests_first_and_skips_finished_units():
    us = units(60)
    done = {u: seq for seq, (u, _, _) in enumerate(us[:30])}              # first 30 labelled, in order
    plan = q.plan(us, done, set(), share=1.0, gap=20, seed=1)
    head = [e for e in plan if e.reason == "retest"][:10]
    assert [e.unit for e in head] == [u for u, _, _ in us[:10]]           # 20+ others labelled after them
    assert plan[:10] == head
    assert all(e.unit not in done for e in plan if e.pass_ == "first")
    finished = {u for u, _, _ in us[:5]}
    plan2 = q.plan(us, done, finished, share=1.0, gap=20, seed=1)
    assert [e.unit for e in plan2 if e.reason == "retest"][:5] == [u for u, _, _ in us[5:10]]


def test_stratified_order_round_robins():
    strata = {f"c{i}": ("Refuted" if i % 4 == 0 else "Supported") for i in range(20)}
    order = q.stratified_order(sorted(strata), strata, seed=3)
    assert sorted(order) == sorted(strata)
    first_ten = [strata[c] for c in order[:10]]
    assert first_ten.count("Refuted") == 5                                # balanced prefix while both last
