#!/bin/sh
# The NLI-pretrained classifier (issue #32 item 3), two stages of packaging/train_verifier.py, each resumable:
# run it again after a kill and it continues from the last checkpoint. One thread by default, so it can
# run beside other work: THREADS=2 sh packaging/train_verifier_nli.sh on an idle machine.
#   stage 1: ../shared/datasets/nli, three-way (not_entailment and entailment-only sources left out), 1 epoch
#   stage 2: SciFact train (minus the fit split, grouped by cited abstract like the cascade's fit) + HealthVer dev
#            (HealthVer test stays out, so it can be reported), the recipe of minilm-verifier, from stage 1
#   then export (epoch, W and thresholds chosen on the SciFact-train fit split) to resources/models/minilm-nli-verifier,
#   and packaging/fit_thresholds.py refits the thresholds for balanced accuracy
set -e
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
T=${THREADS:-1}
# Checkpoints live outside the work tree (TRAIN_DIR), so a fresh checkout of the project on the same
# machine resumes them instead of starting again.
D=${TRAIN_DIR:-$HOME/.cache/factaudit-train}
S1=$D/stage1
S2=$D/stage2
resume() { [ -f "$1/checkpoint.pt" ] && echo --resume || true; }
if [ ! -f "$S1/epoch1.pt" ]; then
  $PY packaging/train_verifier.py --train $(resume $S1) --recipe nli --epochs 1 --lr 3e-5 --threads "$T" \
    --work "$S1" --results benchmarks/results/train_verifier_nli_stage1.json
fi
if [ ! -f "$S2/epoch2.pt" ]; then
  $PY packaging/train_verifier.py --train $(resume $S2) --init-from "$S1/epoch1.pt" --fit-by-abstract --threads "$T" \
    --work "$S2" --results benchmarks/results/train_verifier_nli.json
fi
$PY packaging/train_verifier.py --export --evaluate --fit-by-abstract --threads "$T" --work "$S2" \
  --results benchmarks/results/train_verifier_nli.json --out resources/models/minilm-nli-verifier
# then the thresholds for balanced accuracy between Supported and Refuted, on the same fit split (issue #32 item 5)
$PY packaging/fit_thresholds.py --folder resources/models/minilm-nli-verifier --fit-by-abstract --threads "$T" --write
