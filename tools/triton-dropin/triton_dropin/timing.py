"""GPU time of one launch without the host's launch overhead, for the
drop-in's `time` mode: the launch is captured REPS times into a CUDA graph
and the graph's replays are timed with CUDA events; the best replay, per
launch, in microseconds.

`make_launch()` is called on the stream that will run the launches (a warm
stream, then the graph's capture stream) and returns the launch itself, so
that launchers that bind a stream when made (tritonc's) follow it."""
import math
import os

REPS = int(os.environ.get("TRITON_DROPIN_TIME_REPS", "20"))
REPLAYS = 5
# After the idle spell of a compile the GPU is not at its steady speed for
# its first ~100 ms of work (Liger's embedding backward on an H100: 200 us a
# launch for the first three measurements, then 121 us; a 200 us matmul the
# other way, 205 us first and 228 us a round later), so each comparison
# starts after this much GPU time spent on the kernel itself.
WARM_MS = float(os.environ.get("TRITON_DROPIN_WARM_MS", "200"))


def _graph_of(make_launch):
    import torch
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        launch = make_launch()
        for _ in range(REPS):
            launch()
    return graph


def warm_up(make_launch, milliseconds=WARM_MS):
    """Keeps the GPU busy with `make_launch()`'s launch for `milliseconds` of
    GPU time, so that the measurements after it meet a chip at speed."""
    import torch
    graph = _graph_of(make_launch)
    spent, batch = 0.0, 1
    while spent < milliseconds:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(batch):
            graph.replay()
        end.record()
        end.synchronize()
        spent += start.elapsed_time(end)
        batch = min(batch * 2, 1024)


def microseconds(make_launch):
    import torch
    torch.cuda.synchronize()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        make_launch()()  # compiles, loads the module, fills caches
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    graph = _graph_of(make_launch)
    graph.replay()
    torch.cuda.synchronize()
    best = math.inf
    for _ in range(REPLAYS):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        graph.replay()
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end) * 1000.0 / REPS)
    return best
