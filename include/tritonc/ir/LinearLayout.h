// The layout algebra (issue 27): a layout is a linear map over GF(2) from
// the bits of its inputs (register index, lane, warp) to the bits of its
// outputs (tensor coordinates, or another layout's inputs). Every layout of
// Layout.h is one: each input bit moves an element by a power of two along
// one dim, or not at all where the layout replicates. Because the map is
// linear, questions about a conversion between two layouts (does it stay
// inside a warp, does it only rename registers, does a thread hold
// `ldmatrix`'s 8x8 matrices) are answered on a few dozen basis vectors by
// composing one layout with the inverse of the other, not by listing what
// every thread holds.
//
// Values combine by XOR: the image of an input is the XOR of the images of
// its set bits. Output dims are powers of two; a point of the output space
// packs its dims row-major (the last dim in the lowest bits), so for tensor
// coordinates the packed value is the element's flat index.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tritonc {

struct SharedTile;
struct Type;

// Offset: an element's position in a shared-memory tile. Tensor dim d is
// Dim0 + d (a sort's reshapes give tensors many dims).
enum class LayoutDim : unsigned { Register, Lane, Warp, Offset, Dim0 };

LayoutDim tensorLayoutDim(unsigned d);

class LinearLayout {
public:
  // A dim and its size in bits (its extent is 1 << bits).
  using Dims = std::vector<std::pair<LayoutDim, unsigned>>;

  // `images[i][k]`: the packed output of bit k of input dim i.
  LinearLayout(Dims ins, Dims outs, std::vector<std::vector<uint64_t>> images);

  // The distributed layout of `type` (blocked, MMA accumulator, or a slice
  // of either): inputs Register, Lane, Warp, in the thread's element order;
  // outputs the tensor's own dims. Registers never repeat an element, lanes
  // and warps do where the layout is larger than the tensor. None for a
  // tensor without a distributed layout (a scalar, shared memory) or with a
  // dim that is not a power of two.
  static std::optional<LinearLayout> of(const Type &type);
  // Where a swizzled shared-memory tile (SharedLayout.h) puts each element:
  // inputs the tile's (row, column), output its element offset. The swizzle
  // XORs bits of the line into bits of the chunk index, so it is linear.
  static LinearLayout ofSharedTile(const SharedTile &tile);

  const Dims &outs() const { return outs_; }
  // Bits of an input dim; 0 when the layout lacks it.
  unsigned inBits(LayoutDim dim) const;
  unsigned totalInBits() const;
  unsigned totalOutBits() const;
  // The packed output of bit `bit` of input `dim`.
  uint64_t image(LayoutDim dim, unsigned bit) const;
  // The packed output of `value` on input `dim`, all other inputs 0.
  uint64_t apply(LayoutDim dim, uint64_t value) const;
  // The packed output of one value per input dim, in the inputs' order.
  uint64_t apply(const std::vector<uint64_t> &inputs) const;
  // Split a packed output (input) into one value per output (input) dim.
  std::vector<uint64_t> unpackOut(uint64_t packed) const;
  std::vector<uint64_t> unpackIn(uint64_t packed) const;

  // `outer` after `inner`: inner's outputs must be outer's inputs.
  static LinearLayout compose(const LinearLayout &outer, const LinearLayout &inner);
  // A right inverse: a map from outputs to inputs that the layout sends
  // back to the same output. Where several inputs reach an output (the
  // layout replicates), input bits are taken in the inputs' order (the
  // first dim's bits, lowest first, then the next dim's), the first that
  // reaches it winning. None unless every output is reached.
  std::optional<LinearLayout> rightInverse() const;
  // For each point of `to`'s inputs, a point of `from`'s inputs reaching
  // the same output (from's right inverse after `to`). None when `from`
  // misses some output or the outputs differ.
  static std::optional<LinearLayout> sourcesOf(const LinearLayout &from, const LinearLayout &to);

  // The same map with its outputs permuted as a transpose permutes a
  // tensor's dims: output dim i of the result is output dim order[i] of
  // this one.
  LinearLayout transposed(const std::vector<int64_t> &order) const;
  // The same map onto the dims of `shape` (powers of two, as many
  // elements): a reshape keeps each element's row-major flat index, and
  // the packed output of tensor dims is that index.
  LinearLayout reshaped(const std::vector<int64_t> &shape) const;
  // Whether input `dim` has as many bits under `a` and `b` and sends each
  // to the same output: its lanes (warps) hold the same elements under both.
  static bool placesAlike(const LinearLayout &a, const LinearLayout &b, LayoutDim dim);
  // When lanes and warps place elements alike under `held` and `wanted`
  // and each register of `wanted` is one of `held`'s, that register of
  // `held` for each register of `wanted` (the same map in every thread):
  // going from one to the other only renames registers. None otherwise.
  static std::optional<std::vector<unsigned>> registerRenaming(const LinearLayout &held, const LinearLayout &wanted);

  // Whether two inputs reach the same output (some input bit is 0 or
  // dependent on the others).
  bool replicates() const;
  bool operator==(const LinearLayout &o) const = default;
  std::string str() const;

private:
  Dims ins_, outs_;
  std::vector<std::vector<uint64_t>> images_;
};

} // namespace tritonc
