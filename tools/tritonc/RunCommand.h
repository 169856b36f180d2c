// `tritonc run`: compiles a kernel to tile IR and runs it on the CPU
// interpreter, with .npy files for buffers (DESIGN.md §1, `src/interp`).
#pragma once

namespace tritonc {

// `argv[0]` is "run". Returns the process exit code: 0 success, 1 a user
// error or a fault in the kernel (diagnosed on stderr), 2 an internal error.
int runCommand(int argc, char **argv);

} // namespace tritonc
