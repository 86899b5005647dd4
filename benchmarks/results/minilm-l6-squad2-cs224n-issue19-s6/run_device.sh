#!/bin/bash
# Device run: fine-tune MiniLM on CS224n SQuAD 2.0 dev half, evaluate on the held-out configs in gpu_carry/build.
# SMOKE=1 runs a tiny CPU version (2 steps, 3 examples per config).
set -euo pipefail
OUT=${OUT:-/tmp/out_smoke}; mkdir -p "$OUT"
S=/tmp/site_er; mkdir -p $S
for w in gpu_carry/wheels/*.whl; do python -m zipfile -e "$w" $S; done
if python -c "import orjson, datasets" 2>/dev/null; then S=""; fi  # the device lacks them; a dev venv has them
export PYTHONPATH=${S:+$S:}$PWD/src HF_HUB_OFFLINE=1 HF_DATASETS_OFFLINE=1 TRANSFORMERS_OFFLINE=1
M=/tmp/minilm-l6-squad2-cs224n
(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv || true) | tee "$OUT/gpu.txt"
python -c "import torch, transformers, sys; print(sys.version.split()[0], torch.__version__, transformers.__version__)" | tee -a "$OUT/gpu.txt"
if [ "${SMOKE:-0}" = 1 ]; then TR="--max-steps 2 --limit 40 --device cpu"; EV="--limit 3 --device cpu --configs squad-per-*"; else TR=""; EV=""; fi
xz -dkc gpu_carry/cs224n_dev-v2.0.json.xz > /tmp/cs224n_dev-v2.0.json
B=/tmp/build_er; rm -rf $B; mkdir -p $B; xz -dc gpu_carry/gpu_build.tar.xz | tar xf - -C $B; python gpu_carry/regz.py $B
start=$(date +%s)
python benchmarks/real_baseline.py train --encoder gpu_carry/enc --train /tmp/cs224n_dev-v2.0.json --out $M $TR 2>&1 | grep -v "it/s\]" | tail -4
cp $M/train_log.json "$OUT/"
python -m entity_renaming.evaluation.cli --model $M --release $B --out "$OUT/eval" --offline $EV > "$OUT/eval.log" 2>&1 || { tail -30 "$OUT/eval.log"; exit 1; }
python -m entity_renaming.evaluation.leaderboard "$OUT"/eval/*/results.json --out "$OUT/leaderboard" --plots
echo "total $(( $(date +%s) - start )) s"
for d in "$OUT"/eval/*/predictions; do tar czf "$d.tar.gz" -C "$(dirname "$d")" predictions && rm -rf "$d"; done
du -sh "$OUT"; ls -R "$OUT" | head -30
