"""Times one kernel of PTX files with the same launch, for comparing PTX
variants of a kernel (ours, Triton's, hand-edited) on the GPU machine:

    python3 bench/realcode/time_ptx.py --grid 4,132 --block 256 --smem 4096 \\
        --args bf16:33554432,bf16:33554432,fp32:540672,i32=8192 a.ptx b.ptx ...

Each argument is DTYPE:COUNT, a pointer to a fresh tensor of COUNT random
values (normal for floats), or KIND=VALUE, a scalar (i32=8192, fp32=0.5).
Trailing pointer parameters a PTX file has beyond --args (Triton's scratch
pointers) are passed as null. The kernel is the file's only `.entry`.

A file given as PATH@skip=I,J,... leaves out those arguments (0-based):
Triton's PTX has no parameter for an integer specialised to 1, which
tritonc's keeps. PATH@smem=BYTES launches that file with its own dynamic
shared memory; options combine (PATH@skip=7@smem=1024). With --rounds N
the files are timed in turn, N times over, so that a change of clock
speed during the run shows in every file's figures alike.

Timing is the median of CUDA-event measurements of 200 launches, and (the
figure the drop-in's time mode reports, launch overhead excluded) the best
of 5 replays of a CUDA graph of 20 launches, per launch. cupy's module
loader assembles PTX with the driver's JIT, the same for every file, so a
difference is the PTX's, not one ptxas version's against another's. A
.cubin is loaded as it is, to compare assemblers; its entry and
parameters are read from the .ptx of the same name beside it."""
import argparse
import re
import statistics

import cupy
import torch

DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp32": torch.float32, "i64": torch.int64,
          "i32": torch.int32, "i8": torch.int8}


def arguments(spec):
    values = []
    for item in spec.split(","):
        if "=" in item:
            kind, value = item.split("=")
            values.append({"i32": cupy.int32, "i64": cupy.int64, "fp32": cupy.float32}[kind](float(value) if kind == "fp32" else int(value)))
        else:
            kind, count = item.split(":")
            dtype = DTYPES[kind]
            low, high = (-8, 8) if dtype == torch.int8 else (0, 1000)
            t = torch.randn(int(count), device="cuda").to(dtype) if dtype.is_floating_point else \
                torch.randint(low, high, (int(count),), device="cuda", dtype=dtype)
            values.append(t)
    return values


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--grid", required=True)
    p.add_argument("--block", type=int, required=True)
    p.add_argument("--smem", type=int, default=0)
    p.add_argument("--args", required=True)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("ptx", nargs="+")
    a = p.parse_args()
    grid = tuple(int(g) for g in a.grid.split(",")) + (1,) * (3 - len(a.grid.split(",")))
    values = arguments(a.args)
    for path in [p for _ in range(a.rounds) for p in a.ptx]:
        path, *options = path.split("@")
        options = dict(o.split("=", 1) for o in options)
        skipped = {int(i) for i in options["skip"].split(",")} if "skip" in options else set()
        smem = int(options.get("smem", a.smem))
        text = open(path[:-len(".cubin")] + ".ptx" if path.endswith(".cubin") else path).read()
        name = re.search(r"\.entry\s+(\w+)", text).group(1)
        params = len(re.findall(r"\.param\s", text.split(".entry", 1)[1].split(")", 1)[0]))
        kernel = cupy.RawModule(path=path).get_function(name)
        if smem > 48 * 1024:
            kernel.max_dynamic_shared_size_bytes = smem
        args = [cupy.from_dlpack(v) if isinstance(v, torch.Tensor) else v
                for i, v in enumerate(values) if i not in skipped]
        args += [cupy.uint64(0)] * (params - len(args))
        run = lambda: kernel(grid, (a.block, 1, 1), tuple(args), shared_mem=smem)
        for _ in range(20):
            run()
        times = []
        for _ in range(200):
            start, end = cupy.cuda.Event(), cupy.cuda.Event()
            start.record()
            run()
            end.record()
            end.synchronize()
            times.append(cupy.cuda.get_elapsed_time(start, end) * 1000)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
            for _ in range(20):
                kernel(grid, (a.block, 1, 1), tuple(args), shared_mem=smem, stream=stream)
        graph.replay()
        torch.cuda.synchronize()
        best = float("inf")
        for _ in range(5):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            graph.replay()
            end.record()
            end.synchronize()
            best = min(best, start.elapsed_time(end) * 1000 / 20)
        print("%-60s %8.2f us  graph %6.2f us" % (path, statistics.median(times), best))


if __name__ == "__main__":
    main()
