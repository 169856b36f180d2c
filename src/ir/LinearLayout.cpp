#include "tritonc/ir/LinearLayout.h"

#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/support/Diagnostics.h"

#include <bit>
#include <fmt/format.h>

namespace tritonc {

namespace {

unsigned bitsOf(int64_t extent) { return unsigned(std::countr_zero(uint64_t(extent))); }
bool isPowerOfTwo(int64_t x) { return x > 0 && std::has_single_bit(uint64_t(x)); }
unsigned topBit(uint64_t v) { return 63 - unsigned(std::countl_zero(v)); }

// An XOR basis of images, each kept under its highest bit together with
// the packed input that produces it (Gaussian elimination over GF(2)).
struct XorBasis {
  std::vector<uint64_t> image = std::vector<uint64_t>(64, 0), input = std::vector<uint64_t>(64, 0);
  // Adds the image of `from`; false when it is a combination of those
  // already in (the layout reaches it twice).
  bool add(uint64_t v, uint64_t from) {
    while (v) {
      unsigned top = topBit(v);
      if (!image[top]) {
        image[top] = v;
        input[top] = from;
        return true;
      }
      v ^= image[top];
      from ^= input[top];
    }
    return false;
  }
  // The input producing `target`, a combination of the basis.
  uint64_t inputOf(uint64_t target) const {
    uint64_t from = 0;
    while (target) {
      unsigned top = topBit(target);
      target ^= image[top];
      from ^= input[top];
    }
    return from;
  }
};

unsigned totalBits(const LinearLayout::Dims &dims) {
  unsigned n = 0;
  for (const auto &[dim, bits] : dims)
    n += bits;
  return n;
}

// Where each dim's bits start in the packed value: the last dim lowest.
std::vector<unsigned> packedOffsets(const LinearLayout::Dims &dims) {
  std::vector<unsigned> offsets(dims.size());
  unsigned offset = 0;
  for (size_t i = dims.size(); i-- > 0;) {
    offsets[i] = offset;
    offset += dims[i].second;
  }
  return offsets;
}

uint64_t lowBits(unsigned n) { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }

std::vector<uint64_t> unpack(const LinearLayout::Dims &dims, uint64_t packed) {
  std::vector<unsigned> offsets = packedOffsets(dims);
  std::vector<uint64_t> out;
  for (size_t i = 0; i < dims.size(); ++i) // a dim of no bits may sit at offset 64
    out.push_back(dims[i].second ? packed >> offsets[i] & lowBits(dims[i].second) : 0);
  return out;
}

uint64_t pack(const LinearLayout::Dims &dims, const std::vector<uint64_t> &values) {
  std::vector<unsigned> offsets = packedOffsets(dims);
  uint64_t packed = 0;
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i].second)
      packed |= values[i] << offsets[i];
  return packed;
}

std::string layoutDimName(LayoutDim dim) {
  switch (dim) {
  case LayoutDim::Register: return "register";
  case LayoutDim::Lane: return "lane";
  case LayoutDim::Warp: return "warp";
  case LayoutDim::Offset: return "offset";
  default: return fmt::format("dim{}", unsigned(dim) - unsigned(LayoutDim::Dim0));
  }
}

} // namespace

LayoutDim tensorLayoutDim(unsigned d) { return LayoutDim(unsigned(LayoutDim::Dim0) + d); }

LinearLayout::LinearLayout(Dims ins, Dims outs, std::vector<std::vector<uint64_t>> images)
    : ins_(std::move(ins)), outs_(std::move(outs)), images_(std::move(images)) {
  TRITONC_CHECK(images_.size() == ins_.size() && totalBits(outs_) <= 64 && totalBits(ins_) <= 64,
                "linear layout with mismatched inputs or more than 64 bits a side");
  for (size_t i = 0; i < ins_.size(); ++i) {
    TRITONC_CHECK(images_[i].size() == ins_[i].second, "linear layout input with the wrong number of images");
    for (uint64_t image : images_[i])
      TRITONC_CHECK((image & ~lowBits(totalBits(outs_))) == 0, "linear layout image outside its outputs");
  }
}

std::optional<LinearLayout> LinearLayout::of(const Type &type) {
  if (!type.isTensor() || !type.layout || !type.layout->isSet() || type.layout->shared)
    return std::nullopt;
  for (int64_t extent : type.shape)
    if (!isPowerOfTwo(extent))
      return std::nullopt;
  const Layout &layout = *type.layout;
  std::vector<int64_t> parent = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  // Parent coordinates (already reduced modulo the shape) to the flat
  // index, which size-1 sliced dims leave as the tensor's own.
  auto flat = [&](const std::vector<int64_t> &coords) {
    uint64_t index = 0;
    for (size_t d = 0; d < parent.size(); ++d)
      index = index * uint64_t(parent[d]) + uint64_t(coords[d] % parent[d]);
    return index;
  };
  Dims outs;
  for (unsigned d = 0; d < type.shape.size(); ++d)
    outs.push_back({tensorLayoutDim(d), bitsOf(type.shape[d])});

  std::vector<std::vector<unsigned>> indices = perThreadIndices(type);
  Dims ins{{LayoutDim::Register, bitsOf(int64_t(indices.size()))}, {LayoutDim::Lane, 5}, {LayoutDim::Warp, 0}};
  unsigned warps = 1;
  for (unsigned w : layout.warpsPerCTA())
    warps *= w;
  ins[2].second = bitsOf(warps);
  std::vector<std::vector<uint64_t>> images(3);
  for (unsigned k = 0; k < ins[0].second; ++k) {
    const std::vector<unsigned> &index = indices[size_t(1) << k];
    std::vector<int64_t> coords;
    for (size_t d = 0; d < parent.size(); ++d)
      coords.push_back(registerOffset(groups[d], index[d]));
    images[0].push_back(flat(coords));
  }
  for (unsigned source = 1; source <= 2; ++source)
    for (unsigned k = 0; k < ins[source].second; ++k) {
      BitSource wanted = source == 1 ? BitSource::Lane : BitSource::Warp;
      std::vector<int64_t> coords(parent.size(), 0);
      for (size_t d = 0; d < parent.size(); ++d)
        for (const BitGroup &g : groups[d])
          if (g.source == wanted && k >= g.shift && k - g.shift < unsigned(std::countr_zero(g.count)))
            coords[d] += (int64_t(1) << (k - g.shift)) * g.stride;
      images[source].push_back(flat(coords));
    }
  return LinearLayout(std::move(ins), std::move(outs), std::move(images));
}

LinearLayout LinearLayout::ofSharedTile(const SharedTile &tile) {
  const SwizzledLayout &s = tile.swizzle;
  int64_t rows = tile.colMajor ? s.rowElements : s.lines, cols = tile.colMajor ? s.lines : s.rowElements;
  TRITONC_CHECK(isPowerOfTwo(rows) && isPowerOfTwo(cols), "a shared tile whose dims are not powers of two");
  Dims ins{{tensorLayoutDim(0), bitsOf(rows)}, {tensorLayoutDim(1), bitsOf(cols)}};
  std::vector<std::vector<uint64_t>> images(2);
  for (unsigned k = 0; k < ins[0].second; ++k)
    images[0].push_back(uint64_t(tile.offset(int64_t(1) << k, 0)));
  for (unsigned k = 0; k < ins[1].second; ++k)
    images[1].push_back(uint64_t(tile.offset(0, int64_t(1) << k)));
  return LinearLayout(std::move(ins), {{LayoutDim::Offset, bitsOf(rows * cols)}}, std::move(images));
}

unsigned LinearLayout::inBits(LayoutDim dim) const {
  for (const auto &[d, bits] : ins_)
    if (d == dim)
      return bits;
  return 0;
}

unsigned LinearLayout::totalInBits() const { return totalBits(ins_); }
unsigned LinearLayout::totalOutBits() const { return totalBits(outs_); }

uint64_t LinearLayout::image(LayoutDim dim, unsigned bit) const {
  for (size_t i = 0; i < ins_.size(); ++i)
    if (ins_[i].first == dim)
      return bit < images_[i].size() ? images_[i][bit] : 0;
  return 0;
}

uint64_t LinearLayout::apply(LayoutDim dim, uint64_t value) const {
  uint64_t out = 0;
  for (; value; value &= value - 1)
    out ^= image(dim, unsigned(std::countr_zero(value)));
  return out;
}

uint64_t LinearLayout::apply(const std::vector<uint64_t> &inputs) const {
  TRITONC_CHECK(inputs.size() == ins_.size(), "linear layout applied to the wrong number of inputs");
  uint64_t out = 0;
  for (size_t i = 0; i < ins_.size(); ++i)
    out ^= apply(ins_[i].first, inputs[i]);
  return out;
}

std::vector<uint64_t> LinearLayout::unpackOut(uint64_t packed) const { return unpack(outs_, packed); }
std::vector<uint64_t> LinearLayout::unpackIn(uint64_t packed) const { return unpack(ins_, packed); }

LinearLayout LinearLayout::compose(const LinearLayout &outer, const LinearLayout &inner) {
  TRITONC_CHECK(inner.outs_ == outer.ins_, "composing layouts whose dims do not meet");
  std::vector<std::vector<uint64_t>> images;
  for (const std::vector<uint64_t> &dimImages : inner.images_) {
    images.emplace_back();
    for (uint64_t image : dimImages)
      images.back().push_back(outer.apply(outer.unpackIn(image)));
  }
  return LinearLayout(inner.ins_, outer.outs_, std::move(images));
}

std::optional<LinearLayout> LinearLayout::rightInverse() const {
  // Inputs are offered earliest first, so an output reached twice keeps
  // its first producer.
  XorBasis basis;
  std::vector<unsigned> inOffsets = packedOffsets(ins_);
  for (size_t i = 0; i < ins_.size(); ++i)
    for (unsigned k = 0; k < ins_[i].second; ++k)
      basis.add(images_[i][k], uint64_t(1) << (inOffsets[i] + k));
  for (unsigned bit = 0; bit < totalOutBits(); ++bit)
    if (!basis.image[bit])
      return std::nullopt;
  std::vector<unsigned> outOffsets = packedOffsets(outs_);
  std::vector<std::vector<uint64_t>> images;
  for (size_t o = 0; o < outs_.size(); ++o) {
    images.emplace_back();
    for (unsigned k = 0; k < outs_[o].second; ++k)
      images.back().push_back(basis.inputOf(uint64_t(1) << (outOffsets[o] + k)));
  }
  return LinearLayout(outs_, ins_, std::move(images));
}

std::optional<LinearLayout> LinearLayout::sourcesOf(const LinearLayout &from, const LinearLayout &to) {
  if (from.outs_ != to.outs_)
    return std::nullopt;
  std::optional<LinearLayout> inverse = from.rightInverse();
  if (!inverse)
    return std::nullopt;
  return compose(*inverse, to);
}

LinearLayout LinearLayout::transposed(const std::vector<int64_t> &order) const {
  TRITONC_CHECK(permutesDims(order, outs_.size()), "a transpose's order that does not permute the output dims");
  Dims outs;
  for (unsigned i = 0; i < order.size(); ++i)
    outs.push_back({tensorLayoutDim(i), outs_[size_t(order[i])].second});
  std::vector<std::vector<uint64_t>> images;
  for (const std::vector<uint64_t> &dimImages : images_) {
    images.emplace_back();
    for (uint64_t image : dimImages) {
      std::vector<uint64_t> coords = unpackOut(image), permuted;
      for (int64_t from : order)
        permuted.push_back(coords[size_t(from)]);
      images.back().push_back(pack(outs, permuted));
    }
  }
  return LinearLayout(ins_, std::move(outs), std::move(images));
}

LinearLayout LinearLayout::reshaped(const std::vector<int64_t> &shape) const {
  Dims outs;
  for (unsigned d = 0; d < shape.size(); ++d) {
    TRITONC_CHECK(isPowerOfTwo(shape[d]), "a reshape to a dim that is not a power of two");
    outs.push_back({tensorLayoutDim(d), bitsOf(shape[d])});
  }
  TRITONC_CHECK(totalBits(outs) == totalOutBits(), "a reshape that changes the element count");
  return LinearLayout(ins_, std::move(outs), images_);
}

bool LinearLayout::placesAlike(const LinearLayout &a, const LinearLayout &b, LayoutDim dim) {
  if (a.inBits(dim) != b.inBits(dim))
    return false;
  for (unsigned k = 0; k < a.inBits(dim); ++k)
    if (a.image(dim, k) != b.image(dim, k))
      return false;
  return true;
}

std::optional<std::vector<unsigned>> LinearLayout::registerRenaming(const LinearLayout &held,
                                                                    const LinearLayout &wanted) {
  if (held.outs_ != wanted.outs_ || !placesAlike(held, wanted, LayoutDim::Lane) ||
      !placesAlike(held, wanted, LayoutDim::Warp))
    return std::nullopt;
  std::vector<unsigned> registerOfBit;
  for (unsigned k = 0; k < wanted.inBits(LayoutDim::Register); ++k) {
    std::optional<unsigned> match;
    for (unsigned i = 0; i < held.inBits(LayoutDim::Register) && !match; ++i)
      if (held.image(LayoutDim::Register, i) == wanted.image(LayoutDim::Register, k))
        match = 1u << i;
    if (!match)
      return std::nullopt;
    registerOfBit.push_back(*match);
  }
  std::vector<unsigned> map;
  for (unsigned r = 0; r < (1u << registerOfBit.size()); ++r) {
    unsigned source = 0;
    for (unsigned k = 0; k < registerOfBit.size(); ++k)
      if (r >> k & 1)
        source ^= registerOfBit[k];
    map.push_back(source);
  }
  return map;
}

bool LinearLayout::replicates() const {
  XorBasis basis;
  for (const std::vector<uint64_t> &dimImages : images_)
    for (uint64_t image : dimImages)
      if (!basis.add(image, 0))
        return true;
  return false;
}

std::string LinearLayout::str() const {
  auto dimList = [](const Dims &dims) {
    std::string s;
    for (const auto &[dim, bits] : dims)
      s += fmt::format("{}{}:{}", s.empty() ? "" : ", ", layoutDimName(dim), int64_t(1) << bits);
    return s;
  };
  std::string s = fmt::format("[{}] -> [{}]", dimList(ins_), dimList(outs_));
  for (size_t i = 0; i < ins_.size(); ++i) {
    s += fmt::format("\n  {}:", layoutDimName(ins_[i].first));
    for (uint64_t image : images_[i]) {
      std::vector<uint64_t> coords = unpackOut(image);
      s += " (";
      for (size_t d = 0; d < coords.size(); ++d)
        s += fmt::format("{}{}", d ? ", " : "", coords[d]);
      s += ")";
    }
  }
  return s;
}

} // namespace tritonc
