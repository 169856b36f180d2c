"""Writes and prints small .npy files with the standard library only, for
the `tritonc run` tests (no NumPy on the test machines).

  npy_tool.py write FILE DTYPE N EXPR   # element i is EXPR evaluated with i
  npy_tool.py print FILE                # header line, then `i: value` lines
"""
import ast
import struct
import sys

FORMATS = {"<f4": "f", "<f8": "d", "<f2": "e", "|i1": "b", "<i2": "h", "<i4": "i", "<i8": "q", "|u1": "B", "<u2": "H",
           "<u4": "I", "<u8": "Q", "|b1": "?"}


def write(path, descr, n, expr):
    values = [eval(expr, {}, {"i": i}) for i in range(n)]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, n)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (n, FORMATS[descr]), *values))


def show(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x93NUMPY\x01\x00", "not a version 1.0 .npy file"
    (length,) = struct.unpack("<H", data[8:10])
    header = ast.literal_eval(data[10:10 + length].decode())
    n = 1
    for d in header["shape"]:
        n *= d
    values = struct.unpack("<%d%s" % (n, FORMATS[header["descr"]]), data[10 + length:])
    print("shape %s dtype %s" % (header["shape"], header["descr"]))
    for i, v in enumerate(values):
        print("%d: %r" % (i, v))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        show(sys.argv[2])
