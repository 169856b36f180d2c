# The output directory does not exist: the compile succeeds, the write fails.
# RUN: rm -rf %t.missing
# RUN: not %tritonc %samples/vector_add.py -o %t.missing/out.ptx --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" 2>&1 | FileCheck %s
# CHECK: tritonc: error: cannot write `{{.*}}.missing/out.ptx`: No such file or directory [CannotWriteFile]
