"""The ablation grid: `factaudit grid` (issue #34 item 6)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, progress_bar, say


def _list(text: str, none_word: str = "none") -> list:
    return [None if t.strip() == none_word else t.strip() for t in text.split(",") if t.strip()]


@click.command("grid")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--retrievers", default="bm25", show_default=True,
              help="comma-separated retriever specs; an rrf: spec takes the rest")
@click.option("--merges", default="none", show_default=True,
              help="comma-separated sub-query merges: none, conservative")
@click.option("--k", "ks", default="5", show_default=True, help="comma-separated passages per claim")
@click.option("--rerank", "reranks", default="none", show_default=True,
              help="comma-separated top N to rerank with the embedded cross-encoder, or none")
@click.option("--corpus", "corpora", multiple=True,
              help="a corpus union as dataset names joined by +, e.g. scifact+covidfact; repeat for each (default: all)")
@click.option("--verifiers", default="none", show_default=True,
              help="comma-separated verifiers (none: the embedded classifier; an LLM or classifier name)")
@click.option("--prompts", default="none", show_default=True, help="comma-separated project prompts (LLM verifiers), or none")
@click.option("--split", default="dev", show_default=True, help="the split the grid is tuned on")
@click.option("--baseline", type=click.IntRange(0), default=0, show_default=True,
              help="the cell (number in the table) the others are tested against")
@click.option("--confirm-on", default=None, help="evaluate the pick once on this split (e.g. test), logged")
@click.option("--estimate", "only_estimate", is_flag=True, help="only say which runs the grid needs and how long")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def grid_cmd(project, retrievers, merges, ks, reranks, corpora, verifiers, prompts, split, baseline, confirm_on,
             only_estimate, as_json) -> None:
    """Run an ablation grid on a dev split: each cell's accuracy with its interval and cost, Cochran's Q
    over the cells, Holm-adjusted McNemar tests against the baseline, the pick, and one look at test."""
    from factaudit.engine.errors import InvalidArgument

    try:
        spec = services.GridSpec(
            retrievers=services.parse_retrievers(retrievers), merges=[m.strip() for m in merges.split(",") if m.strip()],
            ks=[int(k) for k in ks.split(",") if k.strip()],
            reranks=[None if n is None else int(n) for n in _list(reranks)],
            corpora=[sorted(c.split("+")) for c in corpora] or [None], verifiers=_list(verifiers),
            prompts=_list(prompts))
    except ValueError:
        raise InvalidArgument("--k and --rerank expect comma-separated integers") from None
    with services.open_project(project) as p:
        est = services.grid_estimate(p, spec)
        if only_estimate:
            if as_json:
                emit_json(est)
                return
            say(f"{est['n_cells']} cells: {est['retrieve_runs']} retrieve, {est['rerank_runs']} rerank and "
                f"{sum(est['verify_runs'].values())} verify runs")
            for what, s in est["seconds_per_claim"].items():
                say(f"  {what}: " + (f"{s:.3f} s per claim (measured)" if s is not None else "not measured yet"))
            return
        with progress_bar("grid", noun="cells") as bar:
            res = services.run_grid(p, spec, split, baseline, confirm_on, progress=bar)
    if as_json:
        emit_json({**res.to_json(), "estimate": est})
        return
    say(f"grid {res.sweep_id} on {res.split} ({res.n_claims} claims with a gold verdict):")
    for j, c in enumerate(res.cells):
        ci = c["interval"] or [float("nan")] * 2
        cost = c["cost"]
        money = "local" if cost["local"] else (f"{cost['money']:.4f}" if cost["money"] is not None else "unknown")
        mark = " <- pick" if j == res.pick["cell"] else ""
        merge = f" merge={c['merge']}" if c.get("merge", "none") != "none" else ""
        rerank, prompt = c["rerank"] or "-", c["prompt"] or "-"
        corpus = "+".join(c["corpus"]) if c["corpus"] else "all"
        verifier = c["verifier"] or services.DEFAULT_CLASSIFIER
        say(f"  {j:>2} {c['retriever']:<12}{merge} k={c['k']:<3} rerank={rerank} corpus={corpus} verifier={verifier} "
            f"prompt={prompt}  {c['accuracy']:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]  CPU {cost['cpu_s']:.1f} s, {money}{mark}")
    if res.omnibus:
        o = res.omnibus
        say(f"Cochran's Q = {o['q']:.3f} (df {o['df']}), p = {o['p_asymptotic']:.4f} (χ²), "
            f"{o['p_permutation']:.4f} (permutation)")
    for pair in res.pairwise:
        say(f"  cell {pair['cell']} vs {res.baseline}: McNemar p = {pair['p']:.4f}, Holm p = {pair['p_holm']:.4f}")
    if res.confirmation:
        c = res.confirmation
        say(f"confirmed on {c['split']}: {c['accuracy']:.3f} over {c['n']} claims")


COMMANDS = [grid_cmd]
