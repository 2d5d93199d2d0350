#!/usr/bin/env python3
"""A submission that tries what a confined call may not do (sandbox/seccomp.hpp)
and what it may: prints each refused thing that worked ("escaped: ..."), each
allowed thing that failed ("refused: ..."), then "checked". A grade whose
expected output is "checked" alone passes only if every answer was right.
The numbers are x86-64's; elsewhere it checks the socket families only."""
import ctypes
import errno
import platform
import socket

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

# Socket families other than unix and internet: refused (EAFNOSUPPORT).
REFUSED_FAMILIES = [
    ("vsock", 40, socket.SOCK_STREAM, 0),
    ("netlink route", 16, socket.SOCK_RAW, 0),
    ("netlink audit", 16, socket.SOCK_RAW, 9),
    ("netlink uevent", 16, socket.SOCK_DGRAM, 15),
    ("packet", 17, socket.SOCK_RAW, 0),
    ("bluetooth", 31, socket.SOCK_STREAM, 3),
    ("alg", 38, socket.SOCK_SEQPACKET, 0),
    ("xdp", 44, socket.SOCK_RAW, 0),
    ("can", 29, socket.SOCK_RAW, 1),
    ("tipc", 30, socket.SOCK_RDM, 0),
    ("rds", 21, socket.SOCK_SEQPACKET, 0),
    ("key", 15, socket.SOCK_RAW, 2),
]
ALLOWED_FAMILIES = [("unix", 1), ("inet", 2), ("inet6", 10)]

# x86-64 system calls refused by the filter, each with arguments that would
# do something if it were allowed (or at least be read by the kernel).
CLONE_NEWUSER = 0x10000000
REFUSED_CALLS = [
    ("add_key", 248, (b"user", b"probe", b"x", 1, -3)),
    ("keyctl", 250, (0, -3, 0, 0, 0)),
    ("io_uring_setup", 425, (4, ctypes.create_string_buffer(120))),
    ("bpf", 321, (0, 0, 0)),
    ("perf_event_open", 298, (ctypes.create_string_buffer(128), 0, -1, -1, 0)),
    ("userfaultfd", 323, (0,)),
    ("unshare a user namespace", 272, (CLONE_NEWUSER,)),
    ("clone a user namespace", 56, (CLONE_NEWUSER | 17, 0, 0, 0, 0)),
    ("setns", 308, (0, 0)),
    ("mount", 165, (b"none", b"/tmp", b"tmpfs", 0, 0)),
    ("chroot", 161, (b"/",)),
    ("kcmp", 312, (1, 1, 0, 0, 0)),
    ("pidfd_getfd", 438, (0, 0, 0)),
    ("process_madvise", 440, (0, 0, 0, 0, 0)),
    ("open_by_handle_at", 304, (0, 0, 0)),
    ("fanotify_init", 300, (0, 0)),
    ("kexec_load", 246, (0, 0, 0, 0)),
    ("mbind (unlisted)", 237, (0, 0, 0, 0, 0, 0)),
    ("move_pages (unlisted)", 279, (0, 0, 0, 0, 0, 0)),
    ("migrate_pages (unlisted)", 256, (0, 0, 0, 0)),
    ("memfd_secret (unlisted)", 447, (0,)),
    ("cachestat (unlisted)", 451, (0, 0, 0, 0)),
    ("x32 read", 0x40000000, (0, 0, 0)),
]


def main():
    lines = []
    for name, family, kind, protocol in REFUSED_FAMILIES:
        try:
            socket.socket(family, kind, protocol).close()
            lines.append("escaped: a socket of " + name)
        except OSError as error:
            if error.errno not in (errno.EAFNOSUPPORT, errno.EPERM):
                lines.append("refused otherwise: %s (%s)" % (name, error))
    try:
        socket.socketpair(2, socket.SOCK_STREAM)
        lines.append("escaped: an internet socketpair")
    except OSError:
        pass
    for name, family in ALLOWED_FAMILIES:
        try:
            with socket.socket(family, socket.SOCK_STREAM) as s:
                if family != 1:
                    s.bind(("127.0.0.1", 0) if family == 2 else ("::1", 0))
        except OSError as error:
            lines.append("refused: a socket of %s (%s)" % (name, error))
    if platform.machine() == "x86_64":
        for name, number, args in REFUSED_CALLS:
            ctypes.set_errno(0)
            if libc.syscall(number, *args) >= 0:
                lines.append("escaped: " + name)
        # ptrace and the memory of the first process (the sandbox's own).
        if libc.syscall(101, 16, 1, 0, 0) == 0:  # PTRACE_ATTACH
            lines.append("escaped: traced the first process")
    lines.append("checked")
    print("\n".join(lines))


main()
