# The PTX of the sample assembles for both targets.
# REQUIRES: ptxas
# RUN: %tritonc %samples/vector_add.py -o %t.sm90a.ptx --signature "*fp32:16, *fp32:16, *fp32:16, i32, 1024"
# RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o %t.sm90a.cubin
# RUN: %tritonc %samples/vector_add.py -o %t.sm80.ptx --arch sm_80 --signature "*fp16, *fp16, *fp16, i32, 512"
# RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o %t.sm80.cubin
