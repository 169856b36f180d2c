// Finding, reading and parsing imported kernel modules (Modules.h).
#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/sema/Modules.h"

#include "tritonc/frontend/Parser.h"

#include "Checker.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tritonc {

namespace fs = std::filesystem;

struct ModuleSet::Owned {
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<ast::Module> ast;
};

namespace {

std::string folderOf(const std::string &file) {
  std::string dir = fs::path(file).parent_path().string();
  return dir.empty() ? "." : dir;
}

// `a.b.c` as the relative path `a/b/c`.
fs::path asPath(const std::string &dotted) {
  fs::path p;
  size_t start = 0;
  while (start <= dotted.size()) {
    size_t dot = dotted.find('.', start);
    if (dot == std::string::npos)
      dot = dotted.size();
    p /= dotted.substr(start, dot - start);
    start = dot + 1;
  }
  return p;
}

bool isFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool isFolder(const fs::path &p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

std::string normalized(const fs::path &p) {
  std::error_code ec;
  fs::path n = fs::weakly_canonical(p, ec);
  return (ec ? p.lexically_normal() : n).string();
}

} // namespace

ModuleSet::ModuleSet(const SourceFile *mainFile, const ast::Module &mainAst, std::vector<std::string> searchPaths) {
  Entry main;
  main.path = mainFile ? mainFile->path() : "";
  main.dir = mainFile ? folderOf(mainFile->path()) : ".";
  main.isPackage = fs::path(main.path).filename() == "__init__.py";
  main.source = mainFile;
  main.ast = &mainAst;
  main.loaded = true;
  entries_.push_back(main);
  if (mainFile)
    filesRead_.push_back(mainFile->path());
  roots_.push_back(main.dir);
  for (std::string &p : searchPaths)
    if (!p.empty())
      roots_.push_back(std::move(p));
}

ModuleSet::~ModuleSet() = default;

void ModuleSet::addHostValue(std::string qualifiedName, ConstexprValue value) {
  hostValues_.emplace_back(std::move(qualifiedName), std::move(value));
}

namespace {

// The value given for `name` of module `module`: under the bare name, or
// the qualified one.
template <typename T>
const T *givenFor(const std::vector<std::pair<std::string, T>> &given, const std::string &module,
                  const std::string &name) {
  for (const auto &[qualified, value] : given)
    if (qualified == name || (!module.empty() && qualified == module + "." + name))
      return &value;
  return nullptr;
}

} // namespace

std::optional<std::string> ModuleSet::readEnvironment(const std::string &name) {
  const char *set = std::getenv(name.c_str());
  std::optional<std::string> value = set ? std::optional<std::string>(set) : std::nullopt;
  bool seen = std::any_of(environmentRead_.begin(), environmentRead_.end(),
                          [&](const auto &read) { return read.first == name; });
  if (!seen)
    environmentRead_.emplace_back(name, value);
  return value;
}

const ConstexprValue *ModuleSet::hostValue(ModuleId id, const std::string &name) const {
  return givenFor(hostValues_, id >= 0 ? entry(id).name : std::string(), name);
}

bool ModuleSet::addHostFunction(std::string qualifiedName, const std::string &dotted) {
  if (dotted == kAsWrittenJit) {
    hostFunctions_.emplace_back(std::move(qualifiedName), dotted);
    return true;
  }
  size_t dot = dotted.rfind('.');
  if (dot == std::string::npos)
    return false;
  std::string module = dotted.substr(0, dot), function = dotted.substr(dot + 1);
  if (module.rfind("tl.", 0) == 0)
    module = "triton.language." + module.substr(3);
  bool name = !function.empty() && std::all_of(function.begin(), function.end(),
                                               [](char c) { return std::isalnum((unsigned char)c) || c == '_'; });
  if (!name || (module != "libdevice" && sema::canonicalModule(module) != "libdevice"))
    return false;
  hostFunctions_.emplace_back(std::move(qualifiedName), "libdevice." + function);
  return true;
}

const std::string *ModuleSet::hostFunction(ModuleId id, const std::string &name) const {
  return givenFor(hostFunctions_, id >= 0 ? entry(id).name : std::string(), name);
}

std::string ModuleSet::describeRoots() const {
  std::string out;
  for (const std::string &r : roots_)
    out += (out.empty() ? "`" : ", `") + r + "`";
  return out;
}

// The module `dotted` under folder `base`, named `name` when first found.
ModuleId ModuleSet::lookup(const std::string &base, const std::string &dotted, const std::string &name) {
  fs::path stem = dotted.empty() ? fs::path(base) : fs::path(base) / asPath(dotted);
  Entry e;
  e.name = name;
  if (!dotted.empty() && isFile(fs::path(stem.string() + ".py"))) {
    e.path = normalized(stem.string() + ".py");
    e.dir = folderOf(e.path);
  } else if (isFile(stem / "__init__.py")) {
    e.path = normalized(stem / "__init__.py");
    e.dir = folderOf(e.path);
    e.isPackage = true;
  } else if (isFolder(stem)) {
    e.path = normalized(stem);
    e.dir = e.path;
    e.isPackage = e.isNamespace = true;
    e.loaded = true;
  } else {
    return kNoModule;
  }
  for (size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].path == e.path || (i == 0 && !entries_[0].path.empty() && normalized(entries_[0].path) == e.path))
      return ModuleId(i);
  entries_.push_back(std::move(e));
  return ModuleId(entries_.size() - 1);
}

ModuleId ModuleSet::find(ModuleId from, int level, const std::string &dotted) {
  if (level == 0) {
    if (dotted.empty())
      return kNoModule;
    for (const std::string &root : roots_)
      if (ModuleId id = lookup(root, dotted, dotted); id != kNoModule)
        return id;
    return kNoModule;
  }
  const Entry &origin = entry(from);
  fs::path base = origin.dir;
  for (int i = 1; i < level; ++i)
    base = base.parent_path();
  std::string name = origin.name;
  // The dotted name of the package the import is relative to, for messages.
  if (!origin.isPackage && name.find('.') != std::string::npos)
    name = name.substr(0, name.rfind('.'));
  else if (!origin.isPackage)
    name.clear();
  std::string shown = std::string(size_t(level), '.') + dotted;
  return lookup(base.string(), dotted, name.empty() ? shown : name + "." + dotted);
}

ModuleId ModuleSet::submodule(ModuleId package, const std::string &name) {
  const Entry &p = entry(package);
  if (!p.isPackage)
    return kNoModule;
  std::string dotted = p.name.empty() ? name : p.name + "." + name;
  return lookup(p.dir, name, dotted);
}

bool ModuleSet::load(ModuleId id, DiagnosticEngine &diags) {
  Entry &e = entries_[size_t(id)];
  if (e.loaded)
    return !e.broken;
  e.loaded = true;
  DiagnosticEngine::Loud loud(diags);
  std::ifstream in(e.path, std::ios::binary);
  if (!in) {
    diags.errorNoLocation(Diag::CannotOpenFile, e.path, std::strerror(errno));
    e.broken = true;
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto owned = std::make_unique<Owned>();
  owned->source = std::make_unique<SourceFile>(e.path, text.str());
  filesRead_.push_back(e.path);
  unsigned before = diags.errorCount();
  {
    DiagnosticEngine::SourceScope scope(diags, owned->source.get());
    owned->ast = parseModule(*owned->source, diags);
    if (owned->ast)
      foldEarlyReturns(*owned->ast);
  }
  e.source = owned->source.get();
  e.ast = owned->ast.get();
  e.broken = diags.errorCount() != before;
  owned_.push_back(std::move(owned));
  return !e.broken;
}

} // namespace tritonc
