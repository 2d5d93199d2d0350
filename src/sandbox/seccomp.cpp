#include "sandbox/seccomp.hpp"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstdint>
#include <initializer_list>
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

// Refused by name (EPERM), before the allow-list is read: none is in it, but
// naming them keeps the answer Docker's and says what was meant.
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
    SYS_kcmp,
    SYS_pidfd_getfd,
    SYS_process_madvise,
    SYS_chroot,
    SYS_sethostname,
    SYS_setdomainname,
#ifndef GRIDGAMES_SANITIZER_CALLS
    SYS_ptrace,
    SYS_process_vm_readv,
    SYS_process_vm_writev,
#endif
};

// What a judged program may call: the calls of files in its folder,
// memory, threads and processes, signals, clocks, polling, System V and
// POSIX IPC, and its sockets (socket, socketpair, clone, unshare and
// personality are checked further, below).
constexpr long kAllowed[] = {
    // Files and folders.
    SYS_read,
    SYS_write,
    SYS_readv,
    SYS_writev,
    SYS_pread64,
    SYS_pwrite64,
    SYS_preadv,
    SYS_pwritev,
    SYS_preadv2,
    SYS_pwritev2,
    SYS_close,
    SYS_close_range,
    SYS_openat,
    SYS_openat2,
    SYS_lseek,
    SYS_fstat,
    SYS_newfstatat,
    SYS_statx,
    SYS_statfs,
    SYS_fstatfs,
    SYS_getdents64,
    SYS_getcwd,
    SYS_chdir,
    SYS_fchdir,
    SYS_mkdirat,
    SYS_unlinkat,
    SYS_renameat,
    SYS_renameat2,
    SYS_linkat,
    SYS_symlinkat,
    SYS_readlinkat,
    SYS_fchmod,
    SYS_fchmodat,
    SYS_fchown,
    SYS_fchownat,
    SYS_faccessat,
    SYS_faccessat2,
    SYS_truncate,
    SYS_ftruncate,
    SYS_fallocate,
    SYS_fsync,
    SYS_fdatasync,
    SYS_sync,
    SYS_syncfs,
    SYS_sync_file_range,
    SYS_fadvise64,
    SYS_utimensat,
    SYS_mknodat,
    SYS_umask,
    SYS_flock,
    SYS_fcntl,
    SYS_dup,
    SYS_dup3,
    SYS_pipe2,
    SYS_ioctl,
    SYS_copy_file_range,
    SYS_sendfile,
    SYS_splice,
    SYS_tee,
    SYS_vmsplice,
    SYS_readahead,
    SYS_getxattr,
    SYS_lgetxattr,
    SYS_fgetxattr,
    SYS_listxattr,
    SYS_llistxattr,
    SYS_flistxattr,
    SYS_setxattr,
    SYS_lsetxattr,
    SYS_fsetxattr,
    SYS_removexattr,
    SYS_lremovexattr,
    SYS_fremovexattr,
    SYS_inotify_init1,
    SYS_inotify_add_watch,
    SYS_inotify_rm_watch,
    SYS_io_setup,
    SYS_io_destroy,
    SYS_io_submit,
    SYS_io_cancel,
    SYS_io_getevents,
    SYS_io_pgetevents,
    // Memory.
    SYS_brk,
    SYS_mmap,
    SYS_munmap,
    SYS_mremap,
    SYS_mprotect,
    SYS_madvise,
    SYS_msync,
    SYS_mincore,
    SYS_mlock,
    SYS_mlock2,
    SYS_munlock,
    SYS_mlockall,
    SYS_munlockall,
    SYS_membarrier,
    SYS_memfd_create,
    SYS_pkey_alloc,
    SYS_pkey_free,
    SYS_pkey_mprotect,
    // Processes and threads.
    SYS_execve,
    SYS_execveat,
    SYS_exit,
    SYS_exit_group,
    SYS_wait4,
    SYS_waitid,
    SYS_kill,
    SYS_tgkill,
    SYS_tkill,
    SYS_getpid,
    SYS_getppid,
    SYS_gettid,
    SYS_getuid,
    SYS_geteuid,
    SYS_getgid,
    SYS_getegid,
    SYS_getresuid,
    SYS_getresgid,
    SYS_getgroups,
    SYS_setuid,
    SYS_setgid,
    SYS_setreuid,
    SYS_setregid,
    SYS_setresuid,
    SYS_setresgid,
    SYS_setfsuid,
    SYS_setfsgid,
    SYS_setgroups,
    SYS_getpgid,
    SYS_setpgid,
    SYS_getsid,
    SYS_setsid,
    SYS_getpriority,
    SYS_setpriority,
    SYS_getrlimit,
    SYS_setrlimit,
    SYS_prlimit64,
    SYS_getrusage,
    SYS_times,
    SYS_sysinfo,
    SYS_uname,
    SYS_prctl,
    SYS_capget,
    SYS_capset,
    SYS_sched_yield,
    SYS_sched_getaffinity,
    SYS_sched_setaffinity,
    SYS_sched_getparam,
    SYS_sched_setparam,
    SYS_sched_getscheduler,
    SYS_sched_setscheduler,
    SYS_sched_get_priority_max,
    SYS_sched_get_priority_min,
    SYS_sched_rr_get_interval,
    SYS_sched_getattr,
    SYS_sched_setattr,
    SYS_ioprio_get,
    SYS_ioprio_set,
    SYS_getcpu,
    SYS_set_tid_address,
    SYS_set_robust_list,
    SYS_get_robust_list,
    SYS_rseq,
    SYS_futex,
    SYS_futex_waitv,
    SYS_restart_syscall,
    SYS_pidfd_open,
    SYS_pidfd_send_signal,
    SYS_seccomp,
    SYS_landlock_create_ruleset,
    SYS_landlock_add_rule,
    SYS_landlock_restrict_self,
    // Signals.
    SYS_rt_sigaction,
    SYS_rt_sigprocmask,
    SYS_rt_sigreturn,
    SYS_rt_sigsuspend,
    SYS_rt_sigpending,
    SYS_rt_sigtimedwait,
    SYS_rt_sigqueueinfo,
    SYS_rt_tgsigqueueinfo,
    SYS_sigaltstack,
    SYS_signalfd4,
    // Clocks and timers.
    SYS_clock_gettime,
    SYS_clock_getres,
    SYS_clock_nanosleep,
    SYS_nanosleep,
    SYS_gettimeofday,
    SYS_getitimer,
    SYS_setitimer,
    SYS_timer_create,
    SYS_timer_settime,
    SYS_timer_gettime,
    SYS_timer_getoverrun,
    SYS_timer_delete,
    SYS_timerfd_create,
    SYS_timerfd_settime,
    SYS_timerfd_gettime,
    // Waiting for many.
    SYS_ppoll,
    SYS_pselect6,
    SYS_epoll_create1,
    SYS_epoll_ctl,
    SYS_epoll_pwait,
    SYS_epoll_pwait2,
    SYS_eventfd2,
    // System V and POSIX IPC (in the call's own IPC namespace).
    SYS_shmget,
    SYS_shmat,
    SYS_shmdt,
    SYS_shmctl,
    SYS_semget,
    SYS_semop,
    SYS_semtimedop,
    SYS_semctl,
    SYS_msgget,
    SYS_msgsnd,
    SYS_msgrcv,
    SYS_msgctl,
    SYS_mq_open,
    SYS_mq_unlink,
    SYS_mq_timedsend,
    SYS_mq_timedreceive,
    SYS_mq_notify,
    SYS_mq_getsetattr,
    // Sockets the checks below let it make.
    SYS_bind,
    SYS_listen,
    SYS_accept,
    SYS_accept4,
    SYS_connect,
    SYS_getsockname,
    SYS_getpeername,
    SYS_sendto,
    SYS_recvfrom,
    SYS_sendmsg,
    SYS_recvmsg,
    SYS_sendmmsg,
    SYS_recvmmsg,
    SYS_shutdown,
    SYS_setsockopt,
    SYS_getsockopt,
    SYS_getrandom,
#if defined(__x86_64__)
    // x86-64's older names of the same calls.
    SYS_open,
    SYS_creat,
    SYS_stat,
    SYS_lstat,
    SYS_access,
    SYS_pipe,
    SYS_dup2,
    SYS_poll,
    SYS_select,
    SYS_epoll_create,
    SYS_epoll_wait,
    SYS_mkdir,
    SYS_rmdir,
    SYS_unlink,
    SYS_rename,
    SYS_link,
    SYS_symlink,
    SYS_readlink,
    SYS_chmod,
    SYS_chown,
    SYS_lchown,
    SYS_utime,
    SYS_utimes,
    SYS_futimesat,
    SYS_getdents,
    SYS_mknod,
    SYS_fork,
    SYS_vfork,
    SYS_alarm,
    SYS_pause,
    SYS_time,
    SYS_getpgrp,
    SYS_signalfd,
    SYS_eventfd,
    SYS_inotify_init,
    SYS_arch_prctl,
#endif
#ifdef GRIDGAMES_SANITIZER_CALLS
    // The sanitizers' runtime (the sanitizer build's own list).
    SYS_ptrace,
    SYS_process_vm_readv,
#endif
};

constexpr sock_filter statement(std::uint16_t code, std::uint32_t k) {
  return {code, 0, 0, k};
}
constexpr sock_filter jump(std::uint16_t code, std::uint32_t k, std::uint8_t yes, std::uint8_t no) {
  return {code, yes, no, k};
}

constexpr std::uint32_t errno_of(int error) {
  return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA);
}

constexpr std::uint32_t kNumber = offsetof(seccomp_data, nr);
// The low half of the first argument (both architectures are little-endian).
constexpr std::uint32_t kFirstArgument = offsetof(seccomp_data, args);

class Filter {
 public:
  // `call` answers `answer` (a SECCOMP_RET_ value).
  void answer(long call, std::uint32_t answer) {
    program_.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 1));
    program_.push_back(statement(BPF_RET | BPF_K, answer));
  }
  // `call` is allowed when its first argument is one of `values`, else
  // answers `refusal`.
  void allow_first_argument(long call, std::initializer_list<std::uint32_t> values,
                            std::uint32_t refusal) {
    const auto tests = static_cast<std::uint8_t>(values.size());
    program_.push_back(
        jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, tests + 3));
    program_.push_back(statement(BPF_LD | BPF_W | BPF_ABS, kFirstArgument));
    std::uint8_t left = tests;
    for (const std::uint32_t value : values)
      program_.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, value, --left + 1, 0));
    program_.push_back(statement(BPF_RET | BPF_K, refusal));
    program_.push_back(statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  }
  // `call` is allowed unless its first argument has a bit of `bits`, which
  // answers `refusal`.
  void refuse_first_argument_bits(long call, std::uint32_t bits, std::uint32_t refusal) {
    program_.push_back(jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(call), 0, 4));
    program_.push_back(statement(BPF_LD | BPF_W | BPF_ABS, kFirstArgument));
    program_.push_back(jump(BPF_JMP | BPF_JSET | BPF_K, bits, 0, 1));
    program_.push_back(statement(BPF_RET | BPF_K, refusal));
    program_.push_back(statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  }
  void add(sock_filter instruction) { program_.push_back(instruction); }
  // Every check above reloads the call's number first.
  void load_number() { add(statement(BPF_LD | BPF_W | BPF_ABS, kNumber)); }
  bool install() {
    const sock_fprog filter{static_cast<unsigned short>(program_.size()), program_.data()};
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) == 0;
  }

 private:
  std::vector<sock_filter> program_;
};

}  // namespace

bool confine_system_calls() {
  Filter f;
  f.add(statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
  f.add(jump(BPF_JMP | BPF_JEQ | BPF_K, kArch, 1, 0));
  f.add(statement(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));  // another architecture's calls
  f.load_number();
  f.add(jump(BPF_JMP | BPF_JGE | BPF_K, kX32Bit, 0, 1));
  f.add(statement(BPF_RET | BPF_K, errno_of(ENOSYS)));
  f.answer(SYS_clone3, errno_of(ENOSYS));
  for (const long call : kRefused) f.answer(call, errno_of(EPERM));
  for (const long call : kAllowed) f.answer(call, SECCOMP_RET_ALLOW);
  // The checks of arguments load the argument: each returns, whatever it finds.
  f.allow_first_argument(SYS_socket, {AF_UNIX, AF_INET, AF_INET6}, errno_of(EAFNOSUPPORT));
  f.load_number();
  f.allow_first_argument(SYS_socketpair, {AF_UNIX}, errno_of(EAFNOSUPPORT));
  f.load_number();
  f.refuse_first_argument_bits(SYS_unshare, CLONE_NEWUSER, errno_of(EPERM));
  f.load_number();
  f.refuse_first_argument_bits(SYS_clone, CLONE_NEWUSER, errno_of(EPERM));
  f.load_number();
  // personality: asked, or the plain Linux persona set (as Docker allows).
  f.allow_first_argument(SYS_personality, {0xffffffffu, 0, 8, 0x20000, 0x20008}, errno_of(EPERM));
  f.add(statement(BPF_RET | BPF_K, errno_of(ENOSYS)));
  return f.install();
}

}  // namespace sandbox
