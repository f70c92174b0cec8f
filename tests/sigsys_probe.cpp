// Sends itself, in its first thread and in a second one, the signal a seccomp filter sends for a
// system call it refuses (SIGSYS with si_code SYS_SECCOMP) from inside a system call: linked with
// src/syscall_filter.cpp as a static build links it, the handler must make that call return
// ENOSYS in both threads. This checks the handler's answer where no filter can be set, on AArch64
// under qemu-user (scripts/release.sh); on x86-64 scripts/check-builds.sh sets a real filter. The
// signal is queued, not forced as a filter's is, so it does not show whether a thread starting with
// every signal blocked survives: release.sh checks the symbols for that.
//
// Prints one line; exit status 0 when both calls returned ENOSYS, 1 otherwise. Without the handler
// the signal ends the program (status 128 + SIGSYS).
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

namespace {

// The errno of rt_tgsigqueueinfo sending this thread a filter's SIGSYS, 0 when it succeeded.
int refused_call() {
    siginfo_t info;
    std::memset(&info, 0, sizeof info);
    info.si_signo = SIGSYS;
    info.si_code = 1;  // SYS_SECCOMP
    return syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGSYS, &info) == -1 ? errno : 0;
}

}  // namespace

int main() {
    const int first = refused_call();
    int second = -1;
    std::thread([&] { second = refused_call(); }).join();
    std::printf("first thread: %s; second thread: %s\n", std::strerror(first), std::strerror(second));
    return first == ENOSYS && second == ENOSYS ? 0 : 1;
}
