// The kernel modules one compilation reads: the kernel file itself and the
// `.py` files it imports, found the way Python finds them from the kernel's
// folder. Absolute imports (`import pkg.utils`, `from pkg import f`) search
// the kernel file's folder, then each search path in order (`-I DIR`, then
// the entries of TRITONC_PATH, which the driver passes in); relative ones
// (`from .utils import f`, `from .. import consts`) start at the importing
// module's folder. `a/b.py`, `a/b/__init__.py` (a package) and a folder
// `a/b/` without `__init__.py` (a namespace package) are modules.
//
// Files are read and parsed on first use only, so a module a kernel never
// reaches is never read; every file read is recorded for build systems
// (`--depfile`, the metadata's "sources"). Triton's own modules
// (`triton`, `triton.language...`) are not files: sema knows them.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/ConstexprValue.h"
#include "tritonc/support/Diagnostics.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

using ModuleId = int;
constexpr ModuleId kNoModule = -1;
constexpr ModuleId kMainModule = 0;

// `--host-value NAME=triton.jit`: NAME is its module's `@triton.jit`
// function as written.
inline constexpr const char *kAsWrittenJit = "triton.jit";

class ModuleSet {
public:
  // `mainFile` and `mainAst` stay the caller's; `searchPaths` are searched
  // after the kernel file's folder.
  ModuleSet(const SourceFile *mainFile, const ast::Module &mainAst, std::vector<std::string> searchPaths);
  ~ModuleSet();
  ModuleSet(const ModuleSet &) = delete;
  ModuleSet &operator=(const ModuleSet &) = delete;

  struct Entry {
    std::string name; // dotted, as first imported ("pkg.utils"); "" for the kernel file
    std::string path; // the file, or the folder of a namespace package
    std::string dir;  // where its relative imports start and its submodules live
    bool isPackage = false;
    bool isNamespace = false;           // a folder without `__init__.py`: no code
    const SourceFile *source = nullptr; // null until loaded, and for a namespace package
    const ast::Module *ast = nullptr;
    bool loaded = false, broken = false;
  };

  // The module `dotted` imported from `from` with `level` leading dots
  // (0: absolute), or kNoModule. `dotted` may be empty for `from . import x`.
  ModuleId find(ModuleId from, int level, const std::string &dotted);
  // The submodule `name` of package `package`, or kNoModule.
  ModuleId submodule(ModuleId package, const std::string &name);
  // Reads and parses `id` on first use, reporting its syntax errors even
  // under DiagnosticEngine::Quiet; false when it cannot be used.
  bool load(ModuleId id, DiagnosticEngine &diags);

  const Entry &entry(ModuleId id) const { return entries_[size_t(id)]; }
  // Where absolute imports are searched, for messages: "`dir1`, `dir2`".
  std::string describeRoots() const;
  // Every file read, the kernel file first.
  const std::vector<std::string> &filesRead() const { return filesRead_; }
  // Every environment variable module code read (`os.environ.get`), with
  // the value it had (nullopt: unset), first read first: a build whose
  // environment differs may compile differently, as Python would import
  // differently.
  std::optional<std::string> readEnvironment(const std::string &name);
  const std::vector<std::pair<std::string, std::optional<std::string>>> &environmentRead() const {
    return environmentRead_;
  }

  // Values the host gives for module-level names that only Python code
  // computes (`--host-value NAME=VALUE`): NAME is the bare name, for any
  // module, or `dotted.module.name`.
  void addHostValue(std::string qualifiedName, ConstexprValue value);
  const ConstexprValue *hostValue(ModuleId id, const std::string &name) const;
  // Or a libdevice function the name is bound to, for a module that picks
  // its math library at run time (FlagGems' `tanh = tl_extra_shim.tanh`):
  // `dotted` is `libdevice.tanh` or the Python module path of a libdevice
  // module and the function; false when it names no libdevice function.
  // `triton.jit` (kAsWrittenJit) says the name is the `@triton.jit`
  // function the module defines under it, as written, though another
  // decorator wraps it (FlagGems' `@pointwise_dynamic`).
  bool addHostFunction(std::string qualifiedName, const std::string &dotted);
  const std::string *hostFunction(ModuleId id, const std::string &name) const;

private:
  ModuleId lookup(const std::string &base, const std::string &dotted, const std::string &name);

  std::vector<Entry> entries_;
  std::vector<std::string> roots_;
  std::vector<std::string> filesRead_;
  std::vector<std::pair<std::string, std::optional<std::string>>> environmentRead_;
  std::vector<std::pair<std::string, ConstexprValue>> hostValues_;
  std::vector<std::pair<std::string, std::string>> hostFunctions_;
  struct Owned;
  std::vector<std::unique_ptr<Owned>> owned_;
};

} // namespace tritonc
