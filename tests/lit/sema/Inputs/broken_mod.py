import triton


@triton.jit
def broken(x):
    return x +
