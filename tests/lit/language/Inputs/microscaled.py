"""Inputs and the exact reference for the `tl.dot_scaled` lit test, with the
standard library only.

  microscaled.py write DIR M N K FA FB   # a.npy as.npy b.npy bs.npy in DIR
  microscaled.py check DIR OUT.npy M N K FA FB

Operands are uint8 bytes: e2m1 two a byte (first value in the low nibble,
packed along K), e4m3/e5m2 one a byte. Scales are e8m0 bytes, one per 32
values of K; a left scale of 0xFF poisons its group (NaN), a right scale of
0 zeroes its group (bf16 bits 0). `check` prints each row's status and
fails unless every value is within fp32 rounding of the exact sum."""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "interp", "Inputs"))
import npy_tool  # noqa: E402


def e2m1(n):
    sign = -1.0 if n & 8 else 1.0
    e, m = (n >> 1) & 3, n & 1
    return sign * (m * 0.5 if e == 0 else (1 + m / 2) * 2.0 ** (e - 1))


def e4m3(b):
    sign = -1.0 if b & 0x80 else 1.0
    e, m = (b >> 3) & 15, b & 7
    return sign * (m / 8 * 2.0 ** -6 if e == 0 else (1 + m / 8) * 2.0 ** (e - 7))


def e5m2(b):
    sign = -1.0 if b & 0x80 else 1.0
    e, m = (b >> 2) & 31, b & 3
    return sign * (m / 4 * 2.0 ** -14 if e == 0 else (1 + m / 4) * 2.0 ** (e - 15))


DECODE = {"e4m3": e4m3, "e5m2": e5m2}


def a_byte(i, fmt):
    if fmt == "e2m1":
        return (i * 37 + 11) % 256
    limit = 0x7E if fmt == "e4m3" else 0x7B  # below the NaN / infinity encodings
    return (i * 31 % limit) | (0x80 if i % 5 == 1 else 0)


def b_byte(i, fmt):
    if fmt == "e2m1":
        return (i * 53 + 7) % 256
    limit = 0x7E if fmt == "e4m3" else 0x7B  # below the NaN / infinity encodings
    return (i * 29 % limit) | (0x80 if i % 3 == 0 else 0)


def a_scale(i):
    return 255 if i == 5 else 120 + i % 14


def b_scale(i):
    return 0 if i == 3 else 121 + i * 5 % 11


def values(byte_of, count, fmt):
    if fmt == "e2m1":
        out = []
        for i in range(count // 2):
            b = byte_of(i)
            out += [e2m1(b & 15), e2m1(b >> 4)]
        return out
    return [DECODE[fmt](byte_of(i)) for i in range(count)]


def main():
    cmd, folder = sys.argv[1], sys.argv[2]
    rest = sys.argv[3:] if cmd == "write" else sys.argv[4:]
    M, N, K = (int(x) for x in rest[:3])
    fa, fb = rest[3:5]
    pa, pb = (2 if fa == "e2m1" else 1), (2 if fb == "e2m1" else 1)
    if cmd == "write":
        limit = 0x7E if fa == "e4m3" else 0x7B
        a_expr = "(i * 37 + 11) % 256" if fa == "e2m1" else "(i * 31 %% %d) | (128 if i %% 5 == 1 else 0)" % limit
        npy_tool.write(os.path.join(folder, "a.npy"), "|u1", M * K // pa, a_expr)
        limit = 0x7E if fb == "e4m3" else 0x7B
        b_expr = "(i * 53 + 7) % 256" if fb == "e2m1" else "(i * 29 %% %d) | (128 if i %% 3 == 0 else 0)" % limit
        npy_tool.write(os.path.join(folder, "b.npy"), "|u1", K * N // pb, b_expr)
        npy_tool.write(os.path.join(folder, "as.npy"), "|u1", M * K // 32, "255 if i == 5 else 120 + i % 14")
        npy_tool.write(os.path.join(folder, "bs.npy"), "|u1", N * K // 32, "0 if i == 3 else 121 + i * 5 % 11")
        return
    # a is [M, K] row-major, packed along K; b is [K, N] row-major, packed along K (rows of the packed [K/2, N]).
    a = [values(lambda j, r=r: a_byte(r * K // pa + j, fa), K, fa) for r in range(M)]
    if fb == "e2m1":
        packed = [[b_byte(k2 * N + n, fb) for n in range(N)] for k2 in range(K // 2)]
        b = [[e2m1(packed[k // 2][n] >> (4 * (k % 2)) & 15) for n in range(N)] for k in range(K)]
    else:
        b = [[DECODE[fb](b_byte(k * N + n, fb)) for n in range(N)] for k in range(K)]
    data = open(sys.argv[3], "rb").read()
    (length,) = struct.unpack("<H", data[8:10])
    out = struct.unpack("<%df" % (M * N), data[10 + length:])
    bad = 0
    for r in range(M):
        row_ok = True
        for c in range(N):
            terms = []
            poisoned = False
            for k in range(K):
                sa, sb = a_scale(r * K // 32 + k // 32), b_scale(c * K // 32 + k // 32)
                poisoned |= sa == 255 or sb == 255
                fa_ = 2.0 ** (sa - 127)
                fb_ = 0.0 if sb == 0 else 2.0 ** (sb - 127)
                terms.append(a[r][k] * fa_ * b[k][c] * fb_)
            got = out[r * N + c]
            if poisoned:
                ok = math.isnan(got)
            else:
                want = math.fsum(terms)
                ok = abs(got - want) <= 1e-6 * sum(abs(t) for t in terms) + 1e-30
            row_ok &= ok
            bad += not ok
        print("row %d: %s" % (r, "nan" if math.isnan(out[r * N]) else ("ok" if row_ok else "WRONG")))
    print("%d wrong" % bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
