// Finding and running ptxas (Ptxas.h). The PTX and the cubin pass through
// a private temporary folder: ptxas reads and writes only files, and two
// tritonc processes of one parallel build must not share them.
#include "Ptxas.h"
#include "RegisterBudget.h"

#include "tritonc/codegen/Codegen.h"

#include <iostream>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fcntl.h>
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
// output and error both go to `log`.
std::string run(const std::vector<std::string> &argv, const fs::path &log) {
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
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

AssembledCubin assembleCubin(const std::string &ptxas, const std::string &ptx, const Target &target, int sharedBytes,
                             DiagnosticEngine &diags) {
  TemporaryFolder folder;
  if (folder.path().empty()) {
    diags.errorNoLocation(Diag::CannotWriteFile, (fs::temp_directory_path() / "tritonc-XXXXXX").string(),
                          std::strerror(errno));
    return {};
  }
  fs::path log = folder.path() / "ptxas.log";
  const std::string &arch = target.name();
  struct Attempt {
    fs::path cubin;
    std::string failure, messages;
    std::optional<PtxasUsage> usage;
  };
  // Each attempt in files of its own, so that the one kept needs no rerun.
  auto assemble = [&](const std::string &text, const std::string &stem) {
    fs::path input = folder.path() / (stem + ".ptx");
    std::ofstream(input, std::ios::binary) << text;
    Attempt attempt;
    attempt.cubin = folder.path() / (stem + ".cubin");
    attempt.failure = run({ptxas, "-v", "-arch=" + arch, "-o", attempt.cubin.string(), input.string()}, log);
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line))
      attempt.messages += line + "\n";
    attempt.usage = parsePtxasUsage(attempt.messages);
    return attempt;
  };
  Attempt attempt = assemble(ptx, arch);
  std::optional<std::string> changedPtx;
  // Offsets kept 64 bits wide for the copies (splitWideMultiplies) cost
  // registers; where ptxas spills, the recomputed form is kept if it spills
  // less (the two-loop causal attention: 108 -> 28 bytes).
  if (attempt.failure.empty() && attempt.usage && attempt.usage->spillStoreBytes > 0) {
    if (std::string joined = joinWideMultiplies(ptx); joined != ptx) {
      Attempt retry = assemble(joined, arch + ".joined");
      if (retry.failure.empty() && retry.usage && retry.usage->spillStoreBytes < attempt.usage->spillStoreBytes) {
        changedPtx = std::move(joined);
        attempt = std::move(retry);
      }
    }
  }
  const std::string &chosen = changedPtx ? *changedPtx : ptx;
  if (attempt.failure.empty() && attempt.usage) {
    if (std::optional<std::string> budgeted = withFullRegisterBudget(chosen, *attempt.usage, target)) {
      Attempt retry = assemble(*budgeted, arch + ".budget");
      if (retry.failure.empty() && retry.usage && retry.usage->spillStoreBytes < attempt.usage->spillStoreBytes) {
        changedPtx = std::move(budgeted);
        attempt = std::move(retry);
      }
    } else if (std::optional<std::string> stepped = withOccupancyStep(chosen, *attempt.usage, sharedBytes, target)) {
      Attempt retry = assemble(*stepped, arch + ".occupancy");
      if (retry.failure.empty() && retry.usage && retry.usage->spillStoreBytes == 0 &&
          (!retry.usage->wgmmaSerialized || attempt.usage->wgmmaSerialized)) {
        changedPtx = std::move(stepped);
        attempt = std::move(retry);
      }
    }
  }
  // ptxas's warnings and errors, as it wrote them; not its report.
  std::istringstream messages(attempt.messages);
  for (std::string line; std::getline(messages, line);)
    if (line.find("ptxas info") == std::string::npos && line.find("bytes stack frame") == std::string::npos)
      diags.stream() << line << "\n";
  std::ifstream in(attempt.cubin, std::ios::binary);
  if (attempt.failure.starts_with("exit status")) {
    diags.stream() << "tritonc: internal compiler error: ptxas (`" << ptxas << "`) rejected the PTX tritonc wrote for "
                   << arch << " (" << attempt.failure << "; its messages are above)\n"
                   << "this is a bug in tritonc, not in your kernel; please report it with the input file\n";
    return {std::nullopt, true, std::nullopt, std::nullopt};
  }
  if (attempt.failure.empty() && !in)
    attempt.failure = "it wrote no cubin";
  if (!attempt.failure.empty()) {
    diags.errorNoLocation(Diag::PtxasFailed, ptxas, arch, attempt.failure);
    return {};
  }
  std::ostringstream cubin;
  cubin << in.rdbuf();
  return {cubin.str(), false, std::move(changedPtx), attempt.usage};
}

} // namespace tritonc
