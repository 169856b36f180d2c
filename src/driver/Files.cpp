#include "tritonc/driver/Files.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace tritonc {

bool readFile(const std::string &path, std::string &text, DiagnosticEngine &diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.errorNoLocation(Diag::CannotOpenFile, path, std::strerror(errno));
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

bool writeFile(const std::string &path, const std::string &text, DiagnosticEngine &diags) {
  if (path == "-") {
    std::cout << text;
    return bool(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    diags.errorNoLocation(Diag::CannotWriteFile, path, std::strerror(errno));
    return false;
  }
  return true;
}

bool updateFile(const std::string &path, const std::string &text, DiagnosticEngine &diags) {
  if (path != "-") {
    std::ifstream old(path, std::ios::binary);
    std::ostringstream buffer;
    if (old && (buffer << old.rdbuf()) && buffer.str() == text)
      return true;
  }
  return writeFile(path, text, diags);
}

} // namespace tritonc
