#include "tritonc/support/Source.h"

#include <algorithm>

namespace tritonc {

SourceFile::SourceFile(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n')
      lineStarts_.push_back(i + 1);
}

LineColumn SourceFile::lineColumn(SourceLoc loc) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), loc.offset);
  uint32_t line = uint32_t(it - lineStarts_.begin());
  return {line, loc.offset - lineStarts_[line - 1] + 1};
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  uint32_t begin = lineStarts_[line - 1];
  uint32_t end = line < lineStarts_.size() ? lineStarts_[line] : uint32_t(text_.size());
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r'))
    --end;
  return std::string_view(text_).substr(begin, end - begin);
}

} // namespace tritonc
