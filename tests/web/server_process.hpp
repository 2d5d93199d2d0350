// `gridgames serve` as a child process, for the programs that measure it
// from outside (tests/web/load.cpp, bench/web_fanout.cpp): started with its
// output on a pipe (its first line is its address), and its memory and
// processor time read from /proc.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace web_test {

struct ServerProcess {
  pid_t pid = -1;
  int port = 0;  // 0: it did not print its address
};

// Runs `program` with `args` (serve and its options), with at most
// `files` file descriptors (0: the test's own limit).
inline ServerProcess start_server(const char* program, std::vector<std::string> args,
                                  rlim_t files = 0) {
  int out[2];
  if (pipe(out) != 0) return {};
  args.insert(args.begin(), program);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit limit{files, files};
    if (files > 0) setrlimit(RLIMIT_NOFILE, &limit);
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execv(program, argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string line;
  char c;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  const std::size_t colon = line.rfind(':');
  if (line.rfind("http://127.0.0.1:", 0) != 0 || colon == std::string::npos) return {pid, 0};
  return {pid, std::atoi(line.c_str() + colon + 1)};
}

// A figure of the process's memory in KiB ("VmRSS:" now, "VmHWM:" its
// peak), or -1.
inline long memory_kib(pid_t pid, const std::string& key) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string word;
  long value = 0;
  while (status >> word) {
    if (word == key) {
      status >> value;
      return value;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

// The processor time the process has used, user and system, in ms (or -1).
inline double cpu_ms(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string field;
  // After "pid (name)": fields 3 on; utime and stime are the 14th and 15th.
  std::getline(stat, field, ')');
  double ticks = 0;
  for (int i = 3; i <= 15 && stat >> field; ++i)
    if (i >= 14) ticks += std::atof(field.c_str());
  return stat ? ticks * 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK)) : -1;
}

}  // namespace web_test
