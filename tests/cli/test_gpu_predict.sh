#!/bin/sh
# test_gpu_predict.sh: tools/gpu_predict.py (docs/gpu.md, "Predicted on paper") against a hand
# computation. One made-up line of `picl bench` counts: 1e8 particles, global_atomics, order 1,
# double, push_deposit 1000 flops and 100 bytes per particle. On the H100 (3350 GB/s, 34 TFlop/s
# FP64) the push moves 100 + 12 atomics x 64 B = 868 B per particle: 868 / 3350 = 0.259 ns,
# memory-bound (1000 flops take 0.029 ns; a 5 us launch over 1e8 particles 0.00005 ns).
. "$(dirname "$0")/lib.sh"
scratch gpupredict
need_venv
cat >"$dir/c.jsonl" <<'JSON'
{"status":"ok","params":{"deposition_strategy":"global_atomics","shape_order":1,"precision":"double"},"cells":12500000,"particles":100000000,"kernels":{"push_deposit_0":{"flops":1e11,"bytes":1e10,"items":1e8,"item":"particle"},"particles_deliver":{"median_s":1e-5}}}
JSON
"$root/.venv/bin/python" "$root/tools/gpu_predict.py" "$dir/c.jsonl" >"$dir/out.txt" 2>&1
row=$(grep '^H100-SXM5 *global_atomics *1 *double' "$dir/out.txt")
push=$(echo "$row" | awk '{print $5}')
if [ "$push" = "0.259m" ]; then
    echo "  ok   H100 push_deposit predicted $push ns per particle per step (hand: 868 B / 3350 GB/s = 0.259, memory-bound)"; ok
else
    bad "H100 push_deposit: got '$push', want 0.259m:"; cat "$dir/out.txt"
fi
grep -q 'push_deposit *1000.0 *868.0 *12.00' "$dir/out.txt" && ok || bad "the counts row: want 1000.0 flops, 868.0 bytes, 12.00 atomics"
: >"$dir/empty.jsonl"
if "$root/.venv/bin/python" "$root/tools/gpu_predict.py" "$dir/empty.jsonl" 2>"$dir/err.txt"; then
    bad "an empty file was accepted"
else
    grep -q 'no line with kernel counts' "$dir/err.txt" && ok || bad "empty file: $(cat "$dir/err.txt")"
fi
summary
