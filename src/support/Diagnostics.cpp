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

namespace {
// Past this many errors the rest are likely consequences of the first ones.
constexpr unsigned kMaxErrors = 20;
} // namespace

void DiagnosticEngine::emit(Diag kind, const SourceRange *range, const std::string &message, bool warning) {
  if (quiet_) {
    suppressed_ += !warning;
    return;
  }
  errors_ += !warning;
  if (errors_ > kMaxErrors) {
    if (errors_ == kMaxErrors + 1)
      out_ << "tritonc: note: too many errors; stopping here\n";
    return;
  }
  const SourceRange *shown = range && redirect_ ? &redirect_->site_ : range;
  if (shown && source_) {
    LineColumn lc = source_->lineColumn(shown->begin);
    out_ << source_->path() << ':' << lc.line << ':' << lc.column << ": ";
  } else {
    out_ << "tritonc: ";
  }
  out_ << (warning ? "warning: " : "error: ") << message << " [" << diagName(kind) << "]\n";
  if (shown && source_)
    printSnippet(*source_, *shown);
  if (range && redirect_) {
    LineColumn lc = redirect_->inner_->lineColumn(range->begin);
    out_ << redirect_->inner_->path() << ':' << lc.line << ':' << lc.column << ": note: in " << redirect_->what_
         << '\n';
    printSnippet(*redirect_->inner_, *range);
  }
}

DiagnosticEngine::Redirect::Redirect(DiagnosticEngine &d, SourceRange site, const SourceFile *inner, std::string what)
    : d_(d), site_(site), inner_(inner), what_(std::move(what)), outer_(d.redirect_) {
  if (!outer_)
    d_.redirect_ = this;
}

DiagnosticEngine::Redirect::~Redirect() {
  if (!outer_)
    d_.redirect_ = nullptr;
}

void DiagnosticEngine::note(SourceRange range, const std::string &message) {
  if (quiet_)
    return;
  if (!source_) {
    out_ << "tritonc: note: " << message << '\n';
    return;
  }
  if (redirect_)
    range = redirect_->site_;
  LineColumn lc = source_->lineColumn(range.begin);
  out_ << source_->path() << ':' << lc.line << ':' << lc.column << ": note: " << message << '\n';
  printSnippet(*source_, range);
}

namespace {
// Length of the valid UTF-8 sequence at `i`, or 0 if the bytes there are not one.
size_t utf8Length(std::string_view s, size_t i) {
  unsigned char c = (unsigned char)s[i];
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || i + n > s.size())
    return 0;
  for (size_t k = 1; k < n; ++k)
    if (((unsigned char)s[i + k] >> 6) != 0x2)
      return 0;
  return n;
}
constexpr size_t kSnippetWidth = 200;
} // namespace

void DiagnosticEngine::printSnippet(const SourceFile &file, SourceRange range) {
  LineColumn begin = file.lineColumn(range.begin);
  std::string_view line = file.lineText(begin.line);
  // Very long lines are shown as a window around the caret.
  size_t caret = begin.column - 1;
  size_t windowStart = caret > kSnippetWidth / 2 ? caret - kSnippetWidth / 2 : 0;
  line = line.substr(std::min(windowStart, line.size()), kSnippetWidth);
  caret -= windowStart;
  std::string gutter = std::to_string(begin.line);
  std::string blank(gutter.size(), ' ');
  // Control bytes and invalid UTF-8 would garble the terminal; each shows
  // as '?'. The marker advances one column per shown character.
  std::string shown, marker;
  uint32_t width =
      std::max<uint32_t>(1, range.end.offset > range.begin.offset ? range.end.offset - range.begin.offset : 1);
  bool markerStarted = false;
  for (size_t i = 0; i < line.size();) {
    size_t n = utf8Length(line, i);
    unsigned char c = (unsigned char)line[i];
    bool printable = n > 0 && !(n == 1 && ((c < 0x20 && c != '\t') || c == 0x7f));
    size_t advance = n ? n : 1;
    shown += printable ? std::string(line.substr(i, n)) : std::string("?");
    if (i < caret)
      marker += line[i] == '\t' ? '\t' : ' ';
    else if (i < caret + width) {
      marker += markerStarted ? '~' : '^';
      markerStarted = true;
    }
    i += advance;
  }
  if (!markerStarted)
    marker += '^';
  out_ << ' ' << gutter << " | " << shown << '\n';
  out_ << ' ' << blank << " | " << marker << '\n';
}

void internalError(const std::string &message) { throw InternalError(message); }

} // namespace tritonc
