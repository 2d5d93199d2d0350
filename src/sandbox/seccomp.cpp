#include "sandbox/seccomp.hpp"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstdint>
#include <vector>

namespace sandbox {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kArch = AUDIT_ARCH_AARCH64;
#else
#error "the sandbox's seccomp filter knows x86-64 and AArch64 only"
#endif

// On x86-64, x32 system calls carry this bit: refused, a way around the
// numbers checked.
constexpr std::uint32_t kX32Bit = 0x40000000;

constexpr sock_filter statement(std::uint16_t code, std::uint32_t k) {
  return {code, 0, 0, k};
}
constexpr sock_filter jump(std::uint16_t code, std::uint32_t k, std::uint8_t yes, std::uint8_t no) {
  return {code, yes, no, k};
}

constexpr std::uint32_t errno_of(int error) {
  return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA);
}

// The calls refused outright (EPERM): keyrings, io_uring, and what Docker's
// default profile refuses an unprivileged process. (Tracing stays, within
// the sandbox's own processes and user, as Docker allows it: a sanitizer's
// leak check traces its own process.)
constexpr long kRefused[] = {
    SYS_add_key,
    SYS_keyctl,
    SYS_request_key,
    SYS_io_uring_setup,
    SYS_io_uring_enter,
    SYS_io_uring_register,
    SYS_bpf,
    SYS_perf_event_open,
    SYS_userfaultfd,
    SYS_mount,
    SYS_umount2,
    SYS_pivot_root,
    SYS_move_mount,
    SYS_open_tree,
    SYS_fsopen,
    SYS_fsmount,
    SYS_fsconfig,
    SYS_fspick,
    SYS_setns,
    SYS_init_module,
    SYS_finit_module,
    SYS_delete_module,
    SYS_kexec_load,
    SYS_kexec_file_load,
    SYS_reboot,
    SYS_swapon,
    SYS_swapoff,
    SYS_acct,
    SYS_settimeofday,
    SYS_clock_settime,
    SYS_clock_adjtime,
    SYS_adjtimex,
    SYS_quotactl,
    SYS_syslog,
    SYS_vhangup,
    SYS_open_by_handle_at,
    SYS_name_to_handle_at,
    SYS_fanotify_init,
    SYS_lookup_dcookie,
};

}  // namespace

bool confine_system_calls() {
  constexpr std::uint32_t arch = offsetof(seccomp_data, arch);
  constexpr std::uint32_t number = offsetof(seccomp_data, nr);
  // The low half of the first argument: the flags of unshare and clone.
  constexpr std::uint32_t flags = offsetof(seccomp_data, args);
  std::vector<sock_filter> program = {
      statement(BPF_LD | BPF_W | BPF_ABS, arch),
      jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0),
      statement(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),  // another architecture's calls
      statement(BPF_LD | BPF_W | BPF_ABS, number),
      jump(BPF_JMP | BPF_JGE | BPF_K, kX32Bit, 0, 1),
      statement(BPF_RET | BPF_K, errno_of(ENOSYS)),
      jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1),
      statement(BPF_RET | BPF_K, errno_of(ENOSYS)),
  };
  for (const long call : kRefused) {
    program.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 1));
    program.push_back(statement(BPF_RET | BPF_K, errno_of(EPERM)));
  }
  const std::vector<sock_filter> namespaces = {
      jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_unshare, 1, 0),
      jump(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 3),
      statement(BPF_LD | BPF_W | BPF_ABS, flags),
      jump(BPF_JMP | BPF_JSET | BPF_K, CLONE_NEWUSER, 0, 1),
      statement(BPF_RET | BPF_K, errno_of(EPERM)),
      statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  program.insert(program.end(), namespaces.begin(), namespaces.end());
  const sock_fprog filter{static_cast<unsigned short>(program.size()), program.data()};
  return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) == 0;
}

}  // namespace sandbox
