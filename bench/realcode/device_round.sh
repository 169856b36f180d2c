#!/usr/bin/env bash
# One GPU-machine round of the drop-in measurements, for a machine that has
# torch and Triton but no tritonc: the binary and its shared libraries are
# carried in .dropin-bin/ (strip -o .dropin-bin/tritonc build/tritonc, plus
# libfmt and libzstd), Liger-Kernel's checkout in .realcode/liger.
#
#   bench/realcode/device_round.sh OUT_DIR PHASE...
#
#   env              GPU, Triton and pytest versions; Triton's jit.py
#   signature        the drop-in's derivation against Triton's binder alone
#   check            tests/gpu/dropin_check.sh (the above, then the samples)
#   liger[=a,b,...]  Liger-Kernel's test/transformers/test_<op>.py files
#                    (default: the list below) under run_pytest.sh
#   tests=NAME,PYTHONPATH,FILE...  any code base's test files under
#                    run_pytest.sh (.realcode/NAME; PYTHONPATH relative to it,
#                    `.` for none)
#   scripts=NAME     every .realcode/NAME/*.py under run_scripts.sh (Triton's
#                    tutorials)
#   matmul-corpus[=TAG]  bench/corpus/matmul_corpus.py in `time` mode (issue 26),
#                    its specialisations captured (OUT/matmul-corpus[-TAG]/capture);
#                    a TAG per binary when TRITONC names another one
#   liger-speed[=a,b,...]  bench/realcode/liger_sizes.py in `time` mode, small
#                    then large, one process each (issue 30's table)
#   flaggems-speed[=a,b,...]  the same with bench/realcode/flaggems_sizes.py
#                    (SPEED_SIZES="large" for one size class)
#   ncu=CASE,KERNEL  ncu's sections for the third launch of KERNEL in
#                    bench/realcode/ncu_cases.py CASE, Triton's then tritonc's,
#                    with the stall samples of each SASS instruction (.source.csv)
#
# Everything lands in OUT_DIR/round.tgz (logs, reports, captures) and
# OUT_DIR/round.log, so that a tool bringing back few files gets it all.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
if [ -f "$repo/.dropin-pack/dropin.tar.xz" ]; then  # bench/realcode/pack.sh's archive
  tar -C "$repo" -xJf "$repo/.dropin-pack/dropin.tar.xz"
fi
# tritonc finds its standard library beside the binary's folder.
mkdir -p "$repo/share/tritonc/stdlib" && cp "$repo/stdlib/standard.py" "$repo/share/tritonc/stdlib/"
shift
work=$(mktemp -d)
export TRITONC="${TRITONC:-$repo/.dropin-bin/tritonc}"
export LD_LIBRARY_PATH="$repo/.dropin-bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export TRITON_DROPIN_CACHE="$work/cache"
liger_ops="rms_norm layer_norm cross_entropy swiglu geglu rope softmax jsd kl_div dyt tvd embedding group_norm
fused_add_rms_norm poly_norm sparsemax qwen2vl_mrope llama4_rope relu_squared fused_linear_cross_entropy
fused_linear_jsd multi_token_attention grpo_loss"

for phase in "$@"; do
  case "$phase" in
    env)
      echo "== env"
      nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
      python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)'
      python3 -c 'import pytest; print("pytest", pytest.__version__)' || true
      "$TRITONC" --help > /dev/null && echo "tritonc runs"
      mkdir -p "$work/triton"
      tdir=$(python3 -c 'import triton, os; print(os.path.dirname(triton.__file__))')
      cp "$tdir/runtime/jit.py" "$tdir/runtime/autotuner.py" "$work/triton/" 2>/dev/null
      ;;
    signature)
      echo "== signature"
      PYTHONPATH="$repo/tools/triton-dropin" python3 -m pytest -q -p no:cacheprovider \
        "$repo/tools/triton-dropin/tests/test_signature.py" 2>&1 | tee "$work/signature.log"
      ;;
    check)
      echo "== check"
      "$repo/tests/gpu/dropin_check.sh" "$work/check" 2>&1 | tee "$work/check.log"
      ;;
    matmul-corpus*)
      tag=${phase#matmul-corpus}
      dir="$work/matmul-corpus${tag/=/-}"
      echo "== matmul-corpus${tag/=/ } ($TRITONC)"
      mkdir -p "$dir"
      TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT="$dir/corpus.json" TRITON_DROPIN_CAPTURE_DIR="$dir/capture" \
        TRITON_DROPIN_CAPTURE_ROOT="$repo" TRITON_DROPIN_DUMP_DIR="$dir/ptx" PYTHONPATH="$repo/tools/triton-dropin" \
        timeout "${DROPIN_TIMEOUT:-300}" python3 -m triton_dropin "$repo/bench/corpus/matmul_corpus.py" \
        2>&1 | tee "$dir/corpus.log" | grep -vE "^(kernel|_|mm_)" | head -40
      PYTHONPATH="$repo/tools/triton-dropin" python3 -m triton_dropin.summary --markdown "$dir/corpus.json" \
        | sed -n '/GPU time/,$p'
      ;;
    ncu=*)
      IFS=, read -r case kernel <<< "${phase#ncu=}"
      echo "== ncu $case"
      mkdir -p "$work/ncu"
      for compiler in triton tritonc; do
        launcher=(python3)
        [ "$compiler" = tritonc ] && launcher=(env TRITON_DROPIN_MODE=replace python3 -m triton_dropin)
        PYTHONPATH="$repo/tools/triton-dropin:$repo/.realcode/liger/src:$repo/.realcode/flaggems/src" timeout 240 \
          ncu --kernel-name "regex:$kernel" --launch-skip 2 --launch-count 1 --section SpeedOfLight \
          --section LaunchStats --section Occupancy --section WarpStateStats --section SchedulerStats \
          --section InstructionStats --section MemoryWorkloadAnalysis --section SourceCounters \
          --export "$work/ncu/$case.$compiler" \
          "${launcher[@]}" "$repo/bench/realcode/ncu_cases.py" "$case" > "$work/ncu/$case.$compiler.log" 2>&1
        echo "-- $compiler (exit $?)"
        ncu -i "$work/ncu/$case.$compiler.ncu-rep" --page details > "$work/ncu/$case.$compiler.txt" 2>&1
        # Stall samples per SASS instruction, for bench/realcode/stalls.py.
        ncu -i "$work/ncu/$case.$compiler.ncu-rep" --page source --print-source sass --csv \
          > "$work/ncu/$case.$compiler.source.csv" 2>&1
        grep -E "Duration|Registers Per|Achieved Occupancy|Executed Ipc A|Issued Warp|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Memory Throughput|DRAM Throughput|Stall" \
          "$work/ncu/$case.$compiler.txt" | head -24
      done
      ;;
    liger-speed*|flaggems-speed*)
      name=${phase%%-speed*}
      echo "== $name-speed"
      ops=${phase#$name-speed}
      ops=${ops#=}
      mkdir -p "$work/$name-speed"
      for size in ${SPEED_SIZES:-small large}; do
        TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT="$work/$name-speed/$size.json" \
          TRITON_DROPIN_DUMP_DIR="$work/$name-speed/ptx-$size" \
          PYTHONPATH="$repo/tools/triton-dropin:$repo/.realcode/$name/src" TRITON_DROPIN_TRACEBACK_AFTER=$(( ${DROPIN_TIMEOUT:-300} - 10 )) \
          timeout -k 10 "${DROPIN_TIMEOUT:-300}" python3 -m triton_dropin "$repo/bench/realcode/${name}_sizes.py" $size ${ops//,/ } \
          > "$work/$name-speed/$size.log" 2>&1
        echo "$size: exit $?"
        grep -v ": ran$" "$work/$name-speed/$size.log" | tail -5
        PYTHONPATH="$repo/tools/triton-dropin" python3 -m triton_dropin.summary --markdown "$work/$name-speed/$size.json" \
          | sed -n '/GPU time/,$p'
      done
      ;;
    liger*)
      echo "== liger"
      ops=${phase#liger}
      ops=${ops#=}
      [ -n "$ops" ] && liger_ops=${ops//,/ }
      files=()
      for op in $liger_ops; do files+=("test/transformers/test_$op.py"); done
      "$repo/bench/realcode/run_pytest.sh" "$repo/.realcode/liger" "$work/liger" -p src "${files[@]}" 2>&1 \
        | tee "$work/liger.log"
      rm -rf "$work/liger/cache"
      ;;
    tests=*)
      IFS=, read -ra spec <<< "${phase#tests=}"
      name=${spec[0]}
      echo "== $name"
      "$repo/bench/realcode/run_pytest.sh" "$repo/.realcode/$name" "$work/$name" -p "${spec[1]}" "${spec[@]:2}" 2>&1 \
        | tee "$work/$name.log"
      rm -rf "$work/$name/cache"
      ;;
    scripts=*)
      name=${phase#scripts=}
      echo "== $name"
      "$repo/bench/realcode/run_scripts.sh" "$work/$name" "$repo/.realcode/$name"/*.py 2>&1 | tee "$work/$name.log"
      rm -rf "$work/$name/cache"
      ;;
    *) echo "unknown phase $phase" ;;
  esac
done
tar czf "$out/round.tgz" -C "$work" --exclude=cache .
rm -rf "$work"
