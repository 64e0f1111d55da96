"""`certify`: what the expert labels prove about a verify run (sensitivity, specificity, error rate)."""
from __future__ import annotations

from pathlib import Path

import click

from factaudit.engine import services
from factaudit.engine.cli.common import emit_json, handle_errors, say

MAPPING_CHOICES = ("R", "R+NE", "R+NE+A")


def _estimate_text(e: dict) -> str:
    text = services.percent_text(e["value"], e.get("ci"))
    if e.get("n") is not None:
        text += f"  ({e['k']} of {e['n']})"
    return text


@click.command("certify")
@click.argument("project", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--run", "run_id", required=True, help="a finished verify run (or imported verdicts)")
@click.option("--mapping", default="R+NE", show_default=True, type=click.Choice(MAPPING_CHOICES),
              help="which verdicts count as the verifier flagging an error")
@click.option("--level", default="sentence", show_default=True, type=click.Choice(("sentence", "claim")))
@click.option("--target-half-width", "target", type=float, default=None,
              help="a prediction-powered half-width to reach (e.g. 0.05): prints how many more labels it takes")
@click.option("--draw-sample", "sample_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="write that many unlabelled units (stratified by flag and dataset) to this JSONL file, "
                   "for labeling or `rater-package --units-from`")
@click.option("--seed", default=42, show_default=True, type=int, help="seed of the --draw-sample draw")
@click.option("--gold", default=None,
              help="the labels to certify against: expert, adjudicated or rater:NAME (default: adjudicated "
                   "labels, else the expert's, else a merged rater's at sentence level; the expert's at claim level)")
@click.option("--json", "as_json", is_flag=True)
@handle_errors
def certify_cmd(project, run_id, mapping, level, target, sample_out, seed, gold, as_json) -> None:
    """Certify a run: the verifier's sensitivity/specificity and the run's error rate from few labels."""
    from factaudit.engine import services
    from factaudit.engine.errors import InvalidArgument

    if sample_out is not None and target is None:
        raise InvalidArgument("--draw-sample needs --target-half-width (the sample is the labels it takes)")
    with services.open_project(project, readonly=True) as p:
        result = services.certify(p, run_id, mapping, level, target_half_width=target, gold=gold)
        out = result.to_json()
        if sample_out is not None:
            more = out["labels_needed"]
            if not more:
                raise InvalidArgument(f"nothing to draw: {out['labels_needed_reason'] or 'the target is already met'}")
            ids = services.draw_certify_sample(p, run_id, more, mapping, level, seed=seed, gold=gold)
            services.write_certify_sample(sample_out, level, ids)
            out["sample"] = {"file": sample_out.name, "n": len(ids), "seed": seed}
    if as_json:
        emit_json(out)
        return
    er = out["error_rate"]
    say(f"{run_id} ({mapping}, {level} level, {out['gold']} gold): {out['n_labelled']} labelled ({out['label_source']}), "
               f"{out['n_unlabelled']} unlabelled")
    say(f"  sensitivity  {_estimate_text(out['sensitivity'])}   (Clopper-Pearson 95%)")
    say(f"  specificity  {_estimate_text(out['specificity'])}")
    say(f"  error rate, labels only        {_estimate_text(er['labels_only'])}   (Wilson 95%)")
    say(f"  error rate, verifier alone     {services.percent_text(er['verifier_only']['value'])}   "
               "(share flagged; no interval, it carries the verifier's bias)")
    say(f"  error rate, prediction-powered {services.percent_text(er['ppi']['value'], er['ppi'].get('ci'))}   (CLT 95%)")
    if target is not None:
        more = out["labels_needed"]
        say(f"  half-width {target:g}: " + (f"{more} more labels" if more is not None else out["labels_needed_reason"]))
    for note in out["notes"]:
        say(f"  note: {note}")
    if "sample" in out:
        say(f"  wrote {out['sample']['n']} units to label to {sample_out}")


COMMANDS = (certify_cmd,)
