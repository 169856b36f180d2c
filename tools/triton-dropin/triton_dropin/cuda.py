"""Loading tritonc's cubin (or PTX) and launching it through the CUDA driver
API with ctypes, as the launcher header does in C++: parameters packed per
the metadata's `params` (the kernel's non-constexpr parameters in source
order, host tensor descriptors already expanded), then one 128-byte tensor
map per entry of `tensor_maps`, all dynamic shared memory.
"""
import ctypes
import re
import struct

CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8

_TENSOR_MAP_DTYPE = {"fp16": 6, "bf16": 9, "fp32": 7}  # CU_TENSOR_MAP_DATA_TYPE_*; others move as bytes
_UINT8 = 0
_INTERLEAVE = {"none": 0, "16B": 1, "32B": 2}
_SWIZZLE = {"none": 0, "32B": 1, "64B": 2, "128B": 3}
_L2 = {"none": 0, "64B": 1, "128B": 2, "256B": 3}
_OOB = {"zero": 0, "nan": 1}

_SCALARS = {
    "i1": ctypes.c_uint8, "i8": ctypes.c_int8, "u8": ctypes.c_uint8, "i16": ctypes.c_int16,
    "u16": ctypes.c_uint16, "i32": ctypes.c_int32, "u32": ctypes.c_uint32, "i64": ctypes.c_int64,
    "u64": ctypes.c_uint64, "fp32": ctypes.c_float, "fp64": ctypes.c_double,
}


class CudaError(RuntimeError):
    pass


def base_type(ty):
    """`*fp16:16` -> `*fp16`, `i64:8` -> `i64`."""
    return re.sub(r":\d+$", "", ty)


class Driver:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.modules = {}  # (context, image hash) -> (module, function)
        p = ctypes.c_void_p
        self.lib.cuGetErrorString.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        self.lib.cuCtxGetCurrent.argtypes = [ctypes.POINTER(p)]
        self.lib.cuCtxSetCurrent.argtypes = [p]
        self.lib.cuDevicePrimaryCtxRetain.argtypes = [ctypes.POINTER(p), ctypes.c_int]
        self.lib.cuModuleLoadData.argtypes = [ctypes.POINTER(p), ctypes.c_char_p]
        self.lib.cuModuleGetFunction.argtypes = [ctypes.POINTER(p), p, ctypes.c_char_p]
        self.lib.cuFuncSetAttribute.argtypes = [p, ctypes.c_int, ctypes.c_int]
        self.lib.cuLaunchKernel.argtypes = [p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
                                            ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
                                            ctypes.c_uint, p, ctypes.POINTER(p), ctypes.POINTER(p)]
        u64p = ctypes.POINTER(ctypes.c_uint64)
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.cuTensorMapEncodeTiled.argtypes = [p, ctypes.c_int, ctypes.c_uint32, p, u64p, u64p, u32p,
                                                    u32p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]

    def check(self, result, what):
        if result != 0:
            msg = ctypes.c_char_p()
            self.lib.cuGetErrorString(result, ctypes.byref(msg))
            raise CudaError("%s: CUDA error %d (%s)" % (what, result, (msg.value or b"?").decode()))

    def function(self, key, image, entry, shared_bytes):
        """The kernel's CUfunction in the current context (torch's), loaded
        once per context."""
        ctx = ctypes.c_void_p()
        self.check(self.lib.cuCtxGetCurrent(ctypes.byref(ctx)), "cuCtxGetCurrent")
        if not ctx.value:
            # A thread torch has not used yet: take torch's device's primary
            # context, the one torch and Triton launch in.
            import torch
            self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), torch.cuda.current_device()),
                       "cuDevicePrimaryCtxRetain")
            self.check(self.lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        cache_key = (ctx.value, key)
        if cache_key not in self.modules:
            module = ctypes.c_void_p()
            data = image if image.startswith(b"\x7fELF") else image + b"\0"
            self.check(self.lib.cuModuleLoadData(ctypes.byref(module), data), "cuModuleLoadData")
            fn = ctypes.c_void_p()
            self.check(self.lib.cuModuleGetFunction(ctypes.byref(fn), module, entry.encode()), "cuModuleGetFunction")
            if shared_bytes > 48 * 1024:
                self.check(self.lib.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                                       shared_bytes), "cuFuncSetAttribute")
            self.modules[cache_key] = (module, fn)
        return self.modules[cache_key][1]

    def tensor_map(self, spec, value_of):
        """A CUtensorMap (64-byte aligned, 128 bytes) for one `tensor_maps`
        entry; names in it are kernel parameters, looked up by `value_of`."""
        raw = ctypes.create_string_buffer(128 + 64)
        addr = (ctypes.addressof(raw) + 63) & ~63
        holder = (raw, addr)
        resolve = lambda v: int(value_of(v)) if isinstance(v, str) else int(v)
        dims = [resolve(d) for d in spec["global_dims"]]
        strides = [resolve(s) * spec["element_bytes"] for s in spec["global_strides_elements"]]
        if min(dims + strides + [1]) <= 0:
            # As the launcher: an empty tensor leaves the map zeroed.
            return holder
        rank = len(dims)
        dtype = _TENSOR_MAP_DTYPE.get(spec["dtype"], _UINT8)
        self.check(self.lib.cuTensorMapEncodeTiled(
            ctypes.c_void_p(addr), dtype, rank, ctypes.c_void_p(resolve(spec["global_address"])),
            (ctypes.c_uint64 * rank)(*dims), (ctypes.c_uint64 * max(1, rank - 1))(*strides),
            (ctypes.c_uint32 * rank)(*spec["box_dims"]), (ctypes.c_uint32 * rank)(*spec["element_strides"]),
            _INTERLEAVE[spec["interleave"]], _SWIZZLE[spec["swizzle"]], _L2[spec["l2_promotion"]],
            _OOB[spec["oob_fill"]]), "cuTensorMapEncodeTiled")
        return holder

    def launch(self, fn, grid, metadata, values, stream):
        """Launches `fn` on `grid` with the parameter `values` (name -> int,
        float or bool) on `stream` (a cudaStream_t as an int)."""
        keep = []
        pointers = []
        for p in metadata["params"]:
            ty = base_type(p["type"])
            v = values[p["name"]]
            if ty.startswith("*"):
                c = ctypes.c_uint64(v)
            elif ty in ("fp16", "bf16"):
                c = ctypes.c_uint16(_half_bits(v, ty))
            elif ty.startswith("fp") and ty in _SCALARS:
                c = _SCALARS[ty](float(v))
            elif ty in _SCALARS:
                c = _SCALARS[ty](int(v))  # ctypes wraps to the parameter's width, as a C cast does
            else:
                raise CudaError("parameter %s has a type the drop-in cannot pass: %s" % (p["name"], p["type"]))
            keep.append(c)
            pointers.append(ctypes.cast(ctypes.byref(c), ctypes.c_void_p))
        for m in metadata.get("tensor_maps", []):
            raw, addr = self.tensor_map(m, lambda name: values[name])
            keep.append(raw)
            pointers.append(ctypes.c_void_p(addr))
        params = (ctypes.c_void_p * max(1, len(pointers)))(*pointers)
        gx, gy, gz = grid
        if gx * gy * gz == 0:
            return
        self.check(self.lib.cuLaunchKernel(fn, gx, gy, gz, metadata.get("threads_per_block", 32 * metadata["num_warps"]), 1, 1,
                                           metadata["shared_bytes"], ctypes.c_void_p(stream), params, None),
                   "cuLaunchKernel")


def _half_bits(value, ty):
    if ty == "fp16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    return struct.unpack("<I", struct.pack("<f", value))[0] >> 16
