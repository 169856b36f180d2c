# Module-level values that only Python computes: tritonc skips this code,
# and the kernels that use them need `--host-value`.
def _copy_asm(count):
    return " ".join("mov.b32 $%d, $%d;" % (i, i + count) for i in range(count))


COPY_ASM = _copy_asm(1)
SCALE = float(len(COPY_ASM)) / len(COPY_ASM) * 2.5
