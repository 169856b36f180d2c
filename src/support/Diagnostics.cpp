#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <ostream>

namespace tritonc {

namespace {
struct DiagInfo {
  const char *name;
  const char *format;
};
constexpr DiagInfo kDiagInfos[] = {
#define DIAG(Name, Format) {#Name, Format},
#include "tritonc/support/DiagnosticKinds.def"
};
} // namespace

const char *diagName(Diag kind) { return kDiagInfos[int(kind)].name; }
const char *diagFormat(Diag kind) { return kDiagInfos[int(kind)].format; }
int diagCount() { return int(std::size(kDiagInfos)); }

void DiagnosticEngine::emit(Diag kind, const SourceRange *range, const std::string &message) {
  ++errors_;
  if (range && source_) {
    LineColumn lc = source_->lineColumn(range->begin);
    out_ << source_->path() << ':' << lc.line << ':' << lc.column << ": ";
  } else {
    out_ << "tritonc: ";
  }
  out_ << "error: " << message << " [" << diagName(kind) << "]\n";
  if (range && source_)
    printSnippet(*range);
}

void DiagnosticEngine::note(SourceRange range, const std::string &message) {
  if (!source_) {
    out_ << "tritonc: note: " << message << '\n';
    return;
  }
  LineColumn lc = source_->lineColumn(range.begin);
  out_ << source_->path() << ':' << lc.line << ':' << lc.column << ": note: " << message << '\n';
  printSnippet(range);
}

void DiagnosticEngine::printSnippet(SourceRange range) {
  LineColumn begin = source_->lineColumn(range.begin);
  std::string_view line = source_->lineText(begin.line);
  std::string gutter = std::to_string(begin.line);
  std::string blank(gutter.size(), ' ');
  // Control bytes and invalid UTF-8 in the echoed line would garble the
  // terminal; show them as '?' so the caret still lines up.
  std::string shown;
  for (char c : line) {
    unsigned char u = (unsigned char)c;
    shown += (u < 0x20 && c != '\t') || u == 0x7f ? '?' : c;
  }
  out_ << ' ' << gutter << " | " << shown << '\n';
  uint32_t startCol = begin.column - 1;
  uint32_t lineEnd = uint32_t(line.size());
  uint32_t endOffset = std::max(range.end.offset, range.begin.offset + 1);
  uint32_t width = endOffset - range.begin.offset;
  if (startCol + width > lineEnd)
    width = lineEnd > startCol ? lineEnd - startCol : 1;
  std::string marker;
  for (uint32_t i = 0; i < startCol && i < line.size(); ++i)
    marker += line[i] == '\t' ? '\t' : ' ';
  marker += '^';
  if (width > 1)
    marker += std::string(width - 1, '~');
  out_ << ' ' << blank << " | " << marker << '\n';
}

void internalError(const std::string &message) { throw InternalError(message); }

} // namespace tritonc
