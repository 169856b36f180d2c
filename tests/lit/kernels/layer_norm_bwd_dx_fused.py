# The tutorial's layer-norm backward (dx plus partial dW/dB under a spin lock).
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel _layer_norm_bwd_dx_fused --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *i32:16, i32, i32, 64, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @_layer_norm_bwd_dx_fused(
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: store
# The spin lock: a while loop around a compare-and-swap.
# CHECK: while
# CHECK: atomic_cas
# CHECK: if
# CHECK: atomic_rmw
# CHECK: barrier
# CHECK: atomic_rmw
# CHECK: return
