# `tritonc --version` names the release, the Triton language version it
# follows and the LLVM it was built with.
# RUN: %tritonc --version | FileCheck %s
# CHECK: tritonc {{[0-9]+\.[0-9]+\.[0-9]+}} (the Triton 3.6 language; LLVM 22.{{[0-9.]+}})
