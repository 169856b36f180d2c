// User diagnostics in the style of DESIGN.md §7:
//   path:line:col: error: message [DiagName]
//    12 |   x = foo(
//       |       ^~~
// Compiler bugs go through internalError(), never through this path.
#pragma once

#include "tritonc/support/Source.h"

#include <fmt/format.h>

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <utility>

namespace tritonc {

enum class Diag {
#define DIAG(Name, Format) Name,
#include "tritonc/support/DiagnosticKinds.def"
};

const char *diagName(Diag kind);
const char *diagFormat(Diag kind);
int diagCount();

class DiagnosticEngine {
public:
  explicit DiagnosticEngine(std::ostream &out) : out_(out) {}

  // Diagnostics with a location refer to this file.
  void setSource(const SourceFile *file) { source_ = file; }
  const SourceFile *source() const { return source_; }

  template <typename... Args> void error(Diag kind, SourceRange range, Args &&...args) {
    emit(kind, &range, fmt::format(fmt::runtime(diagFormat(kind)), std::forward<Args>(args)...));
  }
  // For errors that have no place in the source (command line, files).
  template <typename... Args> void errorNoLocation(Diag kind, Args &&...args) {
    emit(kind, nullptr, fmt::format(fmt::runtime(diagFormat(kind)), std::forward<Args>(args)...));
  }
  void note(SourceRange range, const std::string &message);
  // What compiles, but not as the user may expect (a decorator option
  // tritonc reads differently from Triton); not counted as an error.
  template <typename... Args> void warning(Diag kind, SourceRange range, Args &&...args) {
    emit(kind, &range, fmt::format(fmt::runtime(diagFormat(kind)), std::forward<Args>(args)...), true);
  }

  unsigned errorCount() const { return errors_; }

  // Where other tools' messages go, as they wrote them (ptxas's).
  std::ostream &stream() { return out_; }

  // While quiet, errors are neither printed nor counted: for evaluating
  // module-level code that may be host-only Python, which only matters if a
  // kernel uses it.
  bool isQuiet() const { return quiet_ > 0; }

  class Quiet {
  public:
    explicit Quiet(DiagnosticEngine &d) : d_(d) { ++d_.quiet_; }
    ~Quiet() { --d_.quiet_; }
    Quiet(const Quiet &) = delete;
    Quiet &operator=(const Quiet &) = delete;

  private:
    DiagnosticEngine &d_;
  };
  bool hasErrors() const { return errors_ != 0; }
  // Errors dropped while quiet: whether quietly parsed host code was in
  // the kernel subset after all.
  unsigned suppressedCount() const { return suppressed_; }

  // Lifts an enclosing Quiet for its lifetime: for a mistake that matters
  // whatever the caller was doing (an imported module that does not parse).
  class Loud {
  public:
    explicit Loud(DiagnosticEngine &d) : d_(d), saved_(d.quiet_) { d_.quiet_ = 0; }
    ~Loud() { d_.quiet_ = saved_; }
    Loud(const Loud &) = delete;
    Loud &operator=(const Loud &) = delete;

  private:
    DiagnosticEngine &d_;
    unsigned saved_;
  };

  // Makes `file` the source for its lifetime: for code of another module
  // (an imported `@jit` helper), whose locations refer to its own file.
  class SourceScope {
  public:
    SourceScope(DiagnosticEngine &d, const SourceFile *file) : d_(d), saved_(d.source_) { d_.source_ = file; }
    ~SourceScope() { d_.source_ = saved_; }
    SourceScope(const SourceScope &) = delete;
    SourceScope &operator=(const SourceScope &) = delete;

  private:
    DiagnosticEngine &d_;
    const SourceFile *saved_;
  };

  // While a Redirect lives, diagnostics are shown at `site` in the main
  // file, each error followed by a note at its own place in `inner`: for
  // code the user did not write (tritonc's standard library), whose
  // mistakes are the caller's. Nested redirects keep the outermost site.
  class Redirect {
  public:
    Redirect(DiagnosticEngine &d, SourceRange site, const SourceFile *inner, std::string what);
    ~Redirect();
    Redirect(const Redirect &) = delete;
    Redirect &operator=(const Redirect &) = delete;

  private:
    friend class DiagnosticEngine;
    DiagnosticEngine &d_;
    SourceRange site_;
    const SourceFile *inner_;
    std::string what_;
    Redirect *outer_;
  };

private:
  void emit(Diag kind, const SourceRange *range, const std::string &message, bool warning = false);
  void printSnippet(const SourceFile &file, SourceRange range);

  std::ostream &out_;
  const SourceFile *source_ = nullptr;
  unsigned errors_ = 0;
  unsigned quiet_ = 0;
  unsigned suppressed_ = 0;
  Redirect *redirect_ = nullptr; // the outermost active one
};

// A broken compiler invariant. Caught by the driver and reported as an
// internal error with exit code 2, distinct from user errors (exit code 1).
class InternalError : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

[[noreturn]] void internalError(const std::string &message);

#define TRITONC_CHECK(cond, message)                                                                                   \
  do {                                                                                                                 \
    if (!(cond))                                                                                                       \
      ::tritonc::internalError(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": " + (message));             \
  } while (0)

} // namespace tritonc
