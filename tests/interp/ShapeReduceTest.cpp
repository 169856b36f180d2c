// Shape ops, reductions and scans on hand-built kernels (row-major tensors).
#include "KernelFixture.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace tritonc;
using namespace tritonc::interp;
using tir::OpKind;
using tritonc::testing::mapKernel;
using tritonc::testing::MapSpec;
using tritonc::testing::runOnce;

namespace {

// Runs `spec` with each input (as T) and returns each output (as R).
template <typename R, typename T>
std::vector<std::vector<R>> run(const MapSpec &spec, const std::vector<std::vector<T>> &inputs) {
  auto f = mapKernel(spec);
  std::vector<HostBuffer> buffers;
  for (size_t i = 0; i < inputs.size(); ++i)
    buffers.push_back(HostBuffer::of(spec.operands[i], inputs[i]));
  int64_t m = 1;
  for (int64_t d : spec.resultShape)
    m *= d;
  for (ScalarKind k : spec.results)
    buffers.push_back(HostBuffer::of(k, std::vector<R>(size_t(m))));
  RunResult r = runOnce(*f, buffers);
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<std::vector<R>> out;
  for (size_t i = inputs.size(); i < buffers.size(); ++i)
    out.push_back(buffers[i].as<R>());
  return out;
}

using I32 = std::vector<int32_t>;
const ScalarKind i32 = ScalarKind::I32;

tir::NamedAttribute attr(tir::AttrKey name, int64_t v) { return {name, v}; }
tir::NamedAttribute attr(tir::AttrKey name, std::string v) { return {name, std::move(v)}; }

} // namespace

TEST_CASE("reduce sums along either axis, and to a scalar", "[interp][reduce]") {
  I32 x{1, 2, 3, 4, 5, 6}; // [[1, 2, 3], [4, 5, 6]]
  CHECK(run<int32_t, int32_t>({OpKind::Reduce, {i32}, {2, 3}, {i32}, {2}, {attr("axis", 1), attr("kind", "sum")}},
                              {x})[0] == I32{6, 15});
  CHECK(run<int32_t, int32_t>({OpKind::Reduce, {i32}, {2, 3}, {i32}, {3}, {attr("axis", 0), attr("kind", "sum")}},
                              {x})[0] == I32{5, 7, 9});
  CHECK(run<int32_t, int32_t>({OpKind::Reduce, {i32}, {6}, {i32}, {}, {attr("axis", 0), attr("kind", "sum")}},
                              {x})[0] == I32{21});
  // Integer sums wrap at the element width.
  CHECK(run<int8_t, int8_t>(
            {OpKind::Reduce, {ScalarKind::I8}, {2}, {ScalarKind::I8}, {}, {attr("axis", 0), attr("kind", "sum")}},
            {{100, 100}})[0] == std::vector<int8_t>{-56});
}

TEST_CASE("reduce max and min: signedness from the type, NaN ignored", "[interp][reduce]") {
  CHECK(run<int32_t, int32_t>({OpKind::Reduce, {i32}, {3}, {i32}, {}, {attr("axis", 0), attr("kind", "max")}},
                              {{-5, 3, -1}})[0] == I32{3});
  CHECK(run<uint32_t, uint32_t>(
            {OpKind::Reduce, {ScalarKind::U32}, {3}, {ScalarKind::U32}, {}, {attr("axis", 0), attr("kind", "max")}},
            {{5, 0xffffffffu, 1}})[0] == std::vector<uint32_t>{0xffffffffu});
  float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(run<float, float>(
            {OpKind::Reduce, {ScalarKind::F32}, {4}, {ScalarKind::F32}, {}, {attr("axis", 0), attr("kind", "max")}},
            {{nan, 2.0f, nan, -1.0f}})[0] == std::vector<float>{2.0f});
  CHECK(run<float, float>(
            {OpKind::Reduce, {ScalarKind::F32}, {3}, {ScalarKind::F32}, {}, {attr("axis", 0), attr("kind", "min")}},
            {{4.0f, nan, -1.5f}})[0] == std::vector<float>{-1.5f});
}

TEST_CASE("argmax and argmin keep the first index among equal values", "[interp][reduce]") {
  auto arg = [](const char *kind, const std::vector<float> &values) {
    MapSpec spec{OpKind::Reduce,
                 {ScalarKind::F32, i32},
                 {2, 4},
                 {ScalarKind::F32, i32},
                 {2},
                 {attr("axis", 1), attr("kind", kind)}};
    auto f = mapKernel(spec);
    std::vector<HostBuffer> buffers{
        HostBuffer::of(ScalarKind::F32, values), HostBuffer::of(i32, I32{0, 1, 2, 3, 0, 1, 2, 3}),
        HostBuffer::of(ScalarKind::F32, std::vector<float>(2)), HostBuffer::of(i32, I32(2))};
    RunResult r = runOnce(*f, buffers);
    REQUIRE(r.ok);
    return std::pair(buffers[2].as<float>(), buffers[3].as<int32_t>());
  };
  auto [maxValues, maxIndex] = arg("argmax", {3, 7, 7, 1, -2, -1, -1, -3});
  CHECK(maxValues == std::vector<float>{7, -1});
  CHECK(maxIndex == I32{1, 1});
  auto [minValues, minIndex] = arg("argmin", {3, 1, 5, 1, 0, 0, 0, 0});
  CHECK(minValues == std::vector<float>{1, 0});
  CHECK(minIndex == I32{1, 0});
}

TEST_CASE("scan: inclusive sums, forward and reverse", "[interp][scan]") {
  CHECK(run<int32_t, int32_t>({OpKind::Scan, {i32}, {4}, {i32}, {4}, {attr("axis", 0), attr("kind", "sum")}},
                              {{1, 2, 3, 4}})[0] == I32{1, 3, 6, 10});
  CHECK(run<int32_t, int32_t>(
            {OpKind::Scan, {i32}, {4}, {i32}, {4}, {attr("axis", 0), attr("kind", "sum"), attr("reverse", 1)}},
            {{1, 2, 3, 4}})[0] == I32{10, 9, 7, 4});
  // [[1, 2], [3, 4]] along axis 0.
  CHECK(run<int32_t, int32_t>({OpKind::Scan, {i32}, {2, 2}, {i32}, {2, 2}, {attr("axis", 0), attr("kind", "sum")}},
                              {{1, 2, 3, 4}})[0] == I32{1, 2, 4, 6});
}

TEST_CASE("trans, broadcast, expand_dims and reshape move elements row-major", "[interp][shape]") {
  I32 x{1, 2, 3, 4, 5, 6};
  CHECK(run<int32_t, int32_t>({OpKind::Trans, {i32}, {2, 3}, {i32}, {3, 2}, {{"order", std::vector<int64_t>{1, 0}}}},
                              {x})[0] == I32{1, 4, 2, 5, 3, 6});
  CHECK(run<int32_t, int32_t>({OpKind::Broadcast, {i32}, {1, 3}, {i32}, {2, 3}}, {{1, 2, 3}})[0] ==
        I32{1, 2, 3, 1, 2, 3});
  CHECK(run<int32_t, int32_t>({OpKind::Broadcast, {i32}, {2, 1}, {i32}, {2, 3}}, {{1, 2}})[0] == I32{1, 1, 1, 2, 2, 2});
  CHECK(run<int32_t, int32_t>({OpKind::ExpandDims, {i32}, {3}, {i32}, {1, 3}, {attr("axis", 0)}}, {{7, 8, 9}})[0] ==
        I32{7, 8, 9});
  CHECK(run<int32_t, int32_t>({OpKind::Reshape, {i32}, {2, 3}, {i32}, {3, 2}}, {x})[0] == x);
}

TEST_CASE("math and libdevice calls", "[interp][math]") {
  std::vector<float> x{0.0f, 1.0f, 4.0f};
  CHECK(run<float, float>({OpKind::Math, {ScalarKind::F32}, {3}, {ScalarKind::F32}, {3}, {attr("fn", "sqrt")}},
                          {x})[0] == std::vector<float>{0.0f, 1.0f, 2.0f});
  CHECK(run<float, float>({OpKind::ExternCall,
                           {ScalarKind::F32, ScalarKind::F32},
                           {2},
                           {ScalarKind::F32},
                           {2},
                           {attr("symbol", "__nv_powf")}},
                          {{2.0f, 3.0f}, {3.0f, 2.0f}})[0] == std::vector<float>{8.0f, 9.0f});
  CHECK(run<double, double>(
            {OpKind::ExternCall, {ScalarKind::F64}, {1}, {ScalarKind::F64}, {1}, {attr("symbol", "__nv_exp")}},
            {{1.0}})[0] == std::vector<double>{std::exp(1.0)});
  // Rounding-mode arithmetic names the width first: __nv_fdiv_rn, __nv_ddiv_rn.
  CHECK(run<float, float>({OpKind::ExternCall,
                           {ScalarKind::F32, ScalarKind::F32},
                           {2},
                           {ScalarKind::F32},
                           {2},
                           {attr("symbol", "__nv_fdiv_rn")}},
                          {{1.0f, 9.0f}, {4.0f, 3.0f}})[0] == std::vector<float>{0.25f, 3.0f});
  CHECK(run<double, double>({OpKind::ExternCall,
                             {ScalarKind::F64, ScalarKind::F64},
                             {1},
                             {ScalarKind::F64},
                             {1},
                             {attr("symbol", "__nv_ddiv_rn")}},
                            {{1.0}, {8.0}})[0] == std::vector<double>{0.125});

  auto f =
      mapKernel({OpKind::ExternCall, {ScalarKind::F32}, {1}, {ScalarKind::F32}, {1}, {attr("symbol", "__nv_nopef")}});
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, std::vector<float>{1}),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>{0})};
  RunResult r = runOnce(*f, buffers);
  REQUIRE_FALSE(r.ok);
  CHECK(r.message == "the interpreter has no libdevice function `__nv_nopef` returning f32 in program (0, 0, 0)");
}
