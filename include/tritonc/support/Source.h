// A source buffer and positions inside it. Locations are byte offsets so
// tokens and AST nodes stay small; line/column are computed only when a
// diagnostic is printed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tritonc {

struct SourceLoc {
  uint32_t offset = 0;
};

struct SourceRange {
  SourceLoc begin;
  SourceLoc end; // one past the last byte
  static SourceRange at(uint32_t begin, uint32_t end) { return {{begin}, {end}}; }
  SourceRange to(SourceRange other) const { return {begin, other.end}; }
};

struct LineColumn {
  uint32_t line = 1;   // 1-based
  uint32_t column = 1; // 1-based, in bytes
};

class SourceFile {
public:
  SourceFile(std::string path, std::string text);

  const std::string &path() const { return path_; }
  std::string_view text() const { return text_; }
  LineColumn lineColumn(SourceLoc loc) const;
  std::string_view lineText(uint32_t line) const; // without the newline

private:
  std::string path_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
};

} // namespace tritonc
