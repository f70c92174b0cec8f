// Runs a program under the filter of system calls Android puts on every app and what it starts
// (as DroidFish starts an engine), for x86-64: a call outside Android's list stops the program
// with SIGSYS, as there. The list is that of Android's C library, bionic (libc/SYSCALLS.TXT with
// SECCOMP_ALLOWLIST_COMMON.TXT and SECCOMP_ALLOWLIST_APP.TXT, less SECCOMP_BLOCKLIST_APP.TXT, as of
// March 2025, for x86-64), without clone3, which Android lets through only from version 15 on.
//
//   android_filter PROGRAM [ARGUMENTS...]
//
// Exit status: the program's, or 2 for no program, 1 when the filter cannot be set or the program
// not started. scripts/check-builds.sh runs the static build under it (src/syscall_filter.cpp).
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <vector>

namespace {

// clang-format off
const long allowed[] = {
    SYS_accept4, SYS_arch_prctl, SYS_bind, SYS_bpf, SYS_brk, SYS_capget, SYS_capset, SYS_chdir,
    SYS_clock_getres, SYS_clock_gettime, SYS_clock_nanosleep, SYS_clone, SYS_close, SYS_close_range,
    SYS_connect, SYS_copy_file_range, SYS_dup, SYS_dup3, SYS_epoll_create1, SYS_epoll_ctl, SYS_epoll_pwait,
    SYS_epoll_pwait2, SYS_eventfd2, SYS_execve, SYS_execveat, SYS_exit, SYS_exit_group, SYS_faccessat,
    SYS_fadvise64, SYS_fallocate, SYS_fchdir, SYS_fchmod, SYS_fchmodat, SYS_fchown, SYS_fchownat, SYS_fcntl,
    SYS_fdatasync, SYS_fgetxattr, SYS_flistxattr, SYS_flock, SYS_fremovexattr, SYS_fsetxattr, SYS_fstat,
    SYS_fstatfs, SYS_fsync, SYS_ftruncate, SYS_futex, SYS_getcpu, SYS_getcwd, SYS_getdents, SYS_getdents64,
    SYS_getegid, SYS_geteuid, SYS_getgid, SYS_getgroups, SYS_getitimer, SYS_getpeername, SYS_getpgid,
    SYS_getpid, SYS_getppid, SYS_getpriority, SYS_getrandom, SYS_getresgid, SYS_getresuid, SYS_getrlimit,
    SYS_getrusage, SYS_getsid, SYS_getsockname, SYS_getsockopt, SYS_gettid, SYS_gettimeofday, SYS_getuid,
    SYS_getxattr, SYS_inotify_add_watch, SYS_inotify_init1, SYS_inotify_rm_watch, SYS_io_cancel,
    SYS_io_destroy, SYS_io_getevents, SYS_io_setup, SYS_io_submit, SYS_ioctl, SYS_ioprio_get, SYS_ioprio_set,
    SYS_kill, SYS_lgetxattr, SYS_linkat, SYS_listen, SYS_listxattr, SYS_llistxattr, SYS_lremovexattr,
    SYS_lseek, SYS_lsetxattr, SYS_madvise, SYS_membarrier, SYS_memfd_create, SYS_mincore, SYS_mkdirat,
    SYS_mknodat, SYS_mlock, SYS_mlock2, SYS_mlockall, SYS_mmap, SYS_mprotect, SYS_mremap, SYS_msync,
    SYS_munlock, SYS_munlockall, SYS_munmap, SYS_nanosleep, SYS_newfstatat, SYS_open, SYS_openat,
    SYS_perf_event_open, SYS_personality, SYS_pidfd_getfd, SYS_pidfd_open, SYS_pidfd_send_signal, SYS_pipe2,
    SYS_pivot_root, SYS_ppoll, SYS_prctl, SYS_pread64, SYS_preadv, SYS_preadv2, SYS_prlimit64,
    SYS_process_madvise, SYS_process_vm_readv, SYS_process_vm_writev, SYS_pselect6, SYS_ptrace, SYS_pwrite64,
    SYS_pwritev, SYS_pwritev2, SYS_quotactl, SYS_read, SYS_readahead, SYS_readlink, SYS_readlinkat,
    SYS_readv, SYS_recvfrom, SYS_recvmmsg, SYS_recvmsg, SYS_removexattr, SYS_renameat, SYS_renameat2,
    SYS_restart_syscall, SYS_rt_sigaction, SYS_rt_sigpending, SYS_rt_sigprocmask, SYS_rt_sigqueueinfo,
    SYS_rt_sigreturn, SYS_rt_sigsuspend, SYS_rt_sigtimedwait, SYS_rt_tgsigqueueinfo,
    SYS_sched_get_priority_max, SYS_sched_get_priority_min, SYS_sched_getaffinity, SYS_sched_getattr,
    SYS_sched_getparam, SYS_sched_getscheduler, SYS_sched_rr_get_interval, SYS_sched_setaffinity,
    SYS_sched_setattr, SYS_sched_setparam, SYS_sched_setscheduler, SYS_sched_yield, SYS_seccomp,
    SYS_sendfile, SYS_sendmmsg, SYS_sendmsg, SYS_sendto, SYS_set_tid_address, SYS_setitimer, SYS_setns,
    SYS_setpgid, SYS_setpriority, SYS_setresuid, SYS_setrlimit, SYS_setsid, SYS_setsockopt, SYS_setxattr,
    SYS_shutdown, SYS_sigaltstack, SYS_signalfd4, SYS_socket, SYS_socketpair, SYS_splice, SYS_stat,
    SYS_statfs, SYS_statx, SYS_symlinkat, SYS_sync, SYS_sync_file_range, SYS_syncfs, SYS_sysinfo, SYS_tee,
    SYS_tgkill, SYS_timer_create, SYS_timer_delete, SYS_timer_getoverrun, SYS_timer_gettime,
    SYS_timer_settime, SYS_timerfd_create, SYS_timerfd_gettime, SYS_timerfd_settime, SYS_times, SYS_tkill,
    SYS_truncate, SYS_umask, SYS_uname, SYS_unlinkat, SYS_unshare, SYS_userfaultfd, SYS_utimensat, SYS_vfork,
    SYS_vmsplice, SYS_wait4, SYS_waitid, SYS_write, SYS_writev,
};
// clang-format on

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs("usage: android_filter PROGRAM [ARGUMENTS...]\n", stderr);
        return 2;
    }
#if !defined(__x86_64__)
    std::fputs("android_filter: only for x86-64\n", stderr);
    return 1;
#else
    std::vector<sock_filter> program;
    // Another architecture's calls (the 32-bit ones) are refused outright; then each allowed call.
    program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
    program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
    program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
    program.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
    for (long number : allowed) {
        program.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, unsigned(number), 0, 1));
        program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    }
    program.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
    const sock_fprog filter{static_cast<unsigned short>(program.size()), program.data()};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
        || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) != 0) {
        std::perror("android_filter: seccomp");
        return 1;
    }
    execv(argv[1], argv + 1);
    std::perror("android_filter: execv");
    return 1;
#endif
}
