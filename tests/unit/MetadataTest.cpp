// The metadata JSON: exact text for a typical kernel, and the escaping and
// empty-collection corners.
#include "tritonc/host/Metadata.h"

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {

KernelInfo vectorAdd() {
  KernelInfo info;
  info.name = "add_kernel";
  info.entry = "add_kernel";
  info.arch = "sm_90a";
  info.numWarps = 4;
  info.numStages = 3;
  info.threadsPerBlock = 128;
  info.sharedBytes = 0;
  info.params = {{"x_ptr", "*fp32", 16}, {"y_ptr", "*fp32", 16}, {"output_ptr", "*fp32", 0}, {"n_elements", "i32", 1}};
  info.constexprs = {{"BLOCK_SIZE", "1024"}, {"ACT", "\"relu\""}};
  info.signature = "*fp32:16, *fp32:16, *fp32, i32:1, 1024, 'relu'";
  return info;
}

} // namespace

TEST_CASE("metadata: exact text for vector add", "[metadata]") {
  CHECK(writeMetadataJson(vectorAdd()) == R"({
  "name": "add_kernel",
  "entry": "add_kernel",
  "arch": "sm_90a",
  "num_warps": 4,
  "num_stages": 3,
  "threads_per_block": 128,
  "shared_bytes": 0,
  "params": [
    {"name": "x_ptr", "type": "*fp32:16"},
    {"name": "y_ptr", "type": "*fp32:16"},
    {"name": "output_ptr", "type": "*fp32"},
    {"name": "n_elements", "type": "i32:1"}
  ],
  "constexprs": {
    "BLOCK_SIZE": 1024,
    "ACT": "relu"
  },
  "signature": "*fp32:16, *fp32:16, *fp32, i32:1, 1024, 'relu'"
}
)");
}

TEST_CASE("metadata: empty params and constexprs", "[metadata]") {
  KernelInfo info;
  info.name = info.entry = "noop";
  info.arch = "sm_80";
  std::string json = writeMetadataJson(info);
  CHECK(json.find("  \"params\": [],\n") != std::string::npos);
  CHECK(json.find("  \"constexprs\": {},\n") != std::string::npos);
  CHECK(json.find("  \"signature\": \"\"\n}\n") != std::string::npos);
}

TEST_CASE("metadata: strings are escaped", "[metadata]") {
  CHECK(jsonQuote("plain") == "\"plain\"");
  CHECK(jsonQuote("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(jsonQuote("\n\t\r\b\f") == "\"\\n\\t\\r\\b\\f\"");
  CHECK(jsonQuote(std::string("\x01\x1f", 2)) == "\"\\u0001\\u001f\"");
  CHECK(jsonQuote("caf\xc3\xa9") == "\"caf\xc3\xa9\""); // UTF-8 passes through

  KernelInfo info = vectorAdd();
  info.signature = "x=\"a\"";
  CHECK(writeMetadataJson(info).find(R"("signature": "x=\"a\"")") != std::string::npos);
}

TEST_CASE("metadata: parameter type spelling includes the hint", "[metadata]") {
  CHECK(paramTypeSpelling({"p", "*fp16", 16}) == "*fp16:16");
  CHECK(paramTypeSpelling({"p", "*bf16", 0}) == "*bf16");
  CHECK(paramTypeSpelling({"n", "i64", 16}) == "i64:16");
  CHECK(paramTypeSpelling({"n", "u32", 1}) == "u32:1");
  CHECK(paramTypeSpelling({"f", "fp32", 0}) == "fp32");
}
