// Finding and running ptxas (Ptxas.h). The PTX and the cubin pass through
// a private temporary folder: ptxas reads and writes only files, and two
// tritonc processes of one parallel build must not share them.
#include "Ptxas.h"

#include <iostream>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef TRITONC_DEFAULT_PTXAS
#define TRITONC_DEFAULT_PTXAS ""
#endif

namespace tritonc {

namespace fs = std::filesystem;

namespace {

bool isExecutableFile(const fs::path &path) {
  std::error_code ec;
  return !path.empty() && fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// Removes the folder and what is in it when the compilation is done with it.
class TemporaryFolder {
public:
  TemporaryFolder() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "tritonc-XXXXXX").string();
    if (!ec && ::mkdtemp(pattern.data()))
      path_ = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ec;
    if (!path_.empty())
      fs::remove_all(path_, ec);
  }
  TemporaryFolder(const TemporaryFolder &) = delete;
  TemporaryFolder &operator=(const TemporaryFolder &) = delete;
  const fs::path &path() const { return path_; }

private:
  fs::path path_;
};

// Runs `argv` and waits; "" on success, else what went wrong. Its standard
// output goes to our standard error: our standard output may be the cubin.
std::string run(const std::vector<std::string> &argv) {
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  pid_t pid = 0;
  int error = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0)
    return std::strerror(error);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return std::strerror(errno);
  if (WIFEXITED(status))
    return WEXITSTATUS(status) == 0 ? "" : "exit status " + std::to_string(WEXITSTATUS(status));
  return "killed by signal " + std::to_string(WTERMSIG(status));
}

} // namespace

std::string findPtxas(const std::optional<std::string> &requested) {
  if (requested)
    return *requested;
  if (isExecutableFile(TRITONC_DEFAULT_PTXAS))
    return TRITONC_DEFAULT_PTXAS;
  const char *path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    if (!dir.empty() && isExecutableFile(fs::path(dir) / "ptxas"))
      return (fs::path(dir) / "ptxas").string();
  return "";
}

std::string whyNoPtxas(const std::optional<std::string> &requested) {
  if (requested)
    return "`--ptxas=` names none";
  std::string path = TRITONC_DEFAULT_PTXAS;
  return path.empty() ? "there is none on PATH" : "there is none at `" + path + "` or on PATH";
}

AssembledCubin assembleCubin(const std::string &ptxas, const std::string &ptx, const std::string &arch,
                             DiagnosticEngine &diags) {
  TemporaryFolder folder;
  if (folder.path().empty()) {
    diags.errorNoLocation(Diag::CannotWriteFile, (fs::temp_directory_path() / "tritonc-XXXXXX").string(),
                          std::strerror(errno));
    return {};
  }
  fs::path input = folder.path() / (arch + ".ptx"), output = folder.path() / (arch + ".cubin");
  std::ofstream(input, std::ios::binary) << ptx;
  std::string failure = run({ptxas, "-arch=" + arch, "-o", output.string(), input.string()});
  std::ifstream in(output, std::ios::binary);
  if (failure.starts_with("exit status")) {
    std::cerr << "tritonc: internal compiler error: ptxas (`" << ptxas << "`) rejected the PTX tritonc wrote for "
              << arch << " (" << failure << "; its messages are above)\n"
              << "this is a bug in tritonc, not in your kernel; please report it with the input file\n";
    return {std::nullopt, true};
  }
  if (failure.empty() && !in)
    failure = "it wrote no cubin";
  if (!failure.empty()) {
    diags.errorNoLocation(Diag::PtxasFailed, ptxas, arch, failure);
    return {};
  }
  std::ostringstream cubin;
  cubin << in.rdbuf();
  return {cubin.str(), false};
}

} // namespace tritonc
