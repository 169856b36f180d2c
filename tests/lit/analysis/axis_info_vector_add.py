# Axis info per value for the sample vector add.
# RUN: %tritonc %samples/vector_add.py --emit tir -o /dev/null --print-analysis axis-info --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024" 2>&1 | FileCheck %s
# RUN: %tritonc %samples/vector_add.py --emit tir -o /dev/null --print-analysis axis-info --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" 2>&1 | FileCheck %s --check-prefix=DIV16

# CHECK: %x_ptr: contiguity = [1], divisibility = [16], constancy = [1]
# CHECK: %n_elements: contiguity = [1], divisibility = [1], constancy = [1]
# CHECK: %0 (program_id): contiguity = [1], divisibility = [1], constancy = [1]
# CHECK: %1 (constant): contiguity = [1], divisibility = [1024], constancy = [1], constant = 1024
# CHECK: %2 (muli): contiguity = [1], divisibility = [1024], constancy = [1]
# CHECK: %3 (splat): contiguity = [1], divisibility = [1024], constancy = [1024]
# CHECK: %4 (make_range): contiguity = [1024], divisibility = [1073741824], constancy = [1]
# CHECK: %5 (addi): contiguity = [1024], divisibility = [1024], constancy = [1]
# An unaligned bound: the mask may change at any element.
# CHECK: %7 (cmpi): contiguity = [1], divisibility = [1], constancy = [1]
# CHECK: %9 (addptr): contiguity = [1024], divisibility = [16], constancy = [1]

# A bound divisible by 16 keeps the mask constant over runs of 16.
# DIV16: %7 (cmpi): contiguity = [1], divisibility = [1], constancy = [16]
