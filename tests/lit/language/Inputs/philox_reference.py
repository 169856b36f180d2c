"""Philox as Triton's random.py defines it, in plain Python, for
tests/lit/language/philox_wide.py: prints `i: value` lines of
tl.rand(seed, 5000000000 + i) (int64 offsets: the high half is the second
counter) and of a ^ b from tl.philox on uint64 counters (i, i, 0, 0).

  philox_reference.py SEED N
"""
import struct
import sys

M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def rounds(c, k, bits, n=10):
    mask = M32 if bits == 32 else M64
    if bits == 32:
        key_a, key_b, round_a, round_b = 0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57
    else:
        key_a, key_b, round_a, round_b = 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, 0xD2E7470EE14C6C93, 0xCA5A826395121157
    c0, c1, c2, c3 = c
    k0, k1 = k
    for _ in range(n):
        old0, old2 = c0, c2
        c0 = ((round_b * old2) >> bits) ^ c1 ^ k0
        c2 = ((round_a * old0) >> bits) ^ c3 ^ k1
        c1 = (round_b * old2) & mask
        c3 = (round_a * old0) & mask
        k0 = (k0 + key_a) & mask
        k1 = (k1 + key_b) & mask
    return c0, c1, c2, c3


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def uniform(bits32):
    x = bits32 - (1 << 32) if bits32 >> 31 else bits32
    if x < 0:
        x = -x - 1
    return f32(f32(float(x)) * f32(4.6566127342e-10))


def main():
    seed, n = int(sys.argv[1]), int(sys.argv[2])
    seed64 = seed & M64
    for i in range(n):
        offset = 5000000000 + i
        c0, _, _, _ = rounds((offset & M32, (offset >> 32) & M32, 0, 0), (seed64 & M32, seed64 >> 32), 32)
        print(f"{i}: {uniform(c0)!r}")
    for i in range(n):
        a, b, _, _ = rounds((i, i, 0, 0), (seed64, 0), 64)
        print(f"{n + i}: {a ^ b}")


if __name__ == "__main__":
    main()
