// A statically linked Linux build that a GUI on Android can run (DroidFish and the others there
// start the engine as a child of the app). Android runs every app, and every program it starts,
// under a seccomp filter that lets through only the system calls of Android's own C library and
// stops the process with SIGSYS at any other. glibc makes such calls at every start (set_robust_list,
// rseq) and in every new thread (set_robust_list, and on x86-64 clone3, let through from Android 15
// on), and has a fallback for each when the kernel answers ENOSYS; the filter's signal kills the
// process before it can take one. So the binary enters at sente_start, which has a SIGSYS sent by a
// filter answered with ENOSYS before glibc's own start runs. glibc starts each new thread with every
// signal blocked, and a blocked SIGSYS from a filter kills the process whatever its handler, so its
// threads are made here too, with clone (glibc's own fallback from clone3), each unblocking SIGSYS
// before glibc's start of the thread runs; that start puts the creator's signal mask back.
//
// src/Makefile links this file into static builds for x86-64 and AArch64 with glibc alone (their
// linker options -e and --wrap reach into glibc's archive; a dynamic build runs glibc's loader
// first, and Android has none). It is compiled for the plain CPU, as the CPU check is: it runs
// before that check, and before glibc has set up anything (no thread pointer, no errno), so it
// makes its system calls itself. Outside a filter no SIGSYS comes and nothing here changes what
// the engine does, except that a SIGSYS no filter sent (kill -SYS) is ignored.
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <ucontext.h>

#include <cerrno>
#include <cstdint>

#if !defined(__linux__) || !defined(__GLIBC__) || !(defined(__x86_64__) || defined(__aarch64__))
#error "syscall_filter.cpp is for Linux on x86-64 or AArch64 with glibc"
#endif

namespace {

// si_code of a SIGSYS sent by a seccomp filter (SYS_SECCOMP, which glibc's headers do not name).
constexpr int SysSeccomp = 1;
// sa_flags bit saying that sa_restorer returns from the handler (SA_RESTORER, the same on both).
constexpr unsigned long SaRestorer = 0x04000000;
constexpr std::uint64_t SigsysBit = std::uint64_t(1) << (SIGSYS - 1);

// The kernel's struct sigaction for rt_sigaction, which is not glibc's.
struct KernelSigaction {
    void (*handler)(int, siginfo_t*, void*);
    unsigned long flags;
    void (*restorer)();
    std::uint64_t mask;
};

// The kernel's struct clone_args, as far as glibc fills it for a thread.
struct CloneArgs {
    std::uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls;
};

// What a new thread runs, kept at the top of its own stack until it has read it.
struct ThreadStart {
    int (*function)(void*);
    void* argument;
};

[[gnu::always_inline]] inline long system_call(long number, long a, long b, long c, long d) {
#if defined(__x86_64__)
    register long r10 asm("r10") = d;
    long result;
    asm volatile("syscall"
                 : "=a"(result)
                 : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10)
                 : "rcx", "r11", "memory");
    return result;
#else
    register long x8 asm("x8") = number;
    register long x0 asm("x0") = a;
    register long x1 asm("x1") = b;
    register long x2 asm("x2") = c;
    register long x3 asm("x3") = d;
    asm volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
    return x0;
#endif
}

__attribute__((no_stack_protector)) void unblock_sigsys() {
    const std::uint64_t set = SigsysBit;
    system_call(SYS_rt_sigprocmask, SIG_UNBLOCK, long(&set), 0, sizeof set);
}

// The system call the filter refused returns -ENOSYS, as on a kernel without it.
__attribute__((no_stack_protector)) void answer_enosys(int, siginfo_t* info, void* context) {
    if (info->si_code != SysSeccomp) return;
    auto* state = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
    state->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
#else
    state->uc_mcontext.regs[0] = static_cast<unsigned long long>(-ENOSYS);
#endif
}

__attribute__((no_stack_protector)) int run_thread(void* start) {
    const ThreadStart what = *static_cast<const ThreadStart*>(start);
    unblock_sigsys();
    return what.function(what.argument);
}

}  // namespace

extern "C" {

void sente_return_from_handler();

// Called by sente_start before glibc's _start.
__attribute__((no_stack_protector, used)) void sente_answer_filtered_calls() {
    KernelSigaction action;
    action.handler = answer_enosys;
    action.flags = SA_SIGINFO | SA_RESTART | SaRestorer;
    action.restorer = sente_return_from_handler;
    action.mask = 0;
    system_call(SYS_rt_sigaction, SIGSYS, long(&action), 0, sizeof action.mask);
    unblock_sigsys();
}

// glibc's one way to make a thread (and posix_spawn's child), called with every signal blocked: the
// same thread made with clone. The stack grows down from stack + stack_size; its top 16 bytes hold
// what the thread runs.
int __wrap___clone_internal(CloneArgs* args, int (*function)(void*), void* argument) {
    if (!args->stack) {  // as glibc's fallback to clone answers (clone3 would share the caller's stack)
        errno = EINVAL;
        return -1;
    }
    const std::uint64_t top = (args->stack + args->stack_size) & ~std::uint64_t(15);
    auto* start = reinterpret_cast<ThreadStart*>(top - sizeof(ThreadStart));
    static_assert(sizeof(ThreadStart) % 16 == 0);
    start->function = function;
    start->argument = argument;
    return clone(run_thread, start, int(args->flags | args->exit_signal), start,
                 reinterpret_cast<pid_t*>(args->parent_tid), reinterpret_cast<void*>(args->tls),
                 reinterpret_cast<pid_t*>(args->child_tid));
}

}  // extern "C"

// The entry point (the linker's -e) and the handler's way back (rt_sigreturn: 15 on x86-64, 139 on
// AArch64, in the form unwinders recognise). The entry keeps the register the kernel hands to _start
// and the stack as it was.
#if defined(__x86_64__)
asm(R"(
    .pushsection .text
    .globl sente_start
    .type sente_start, @function
sente_start:
    push %rdx
    sub $8, %rsp
    call sente_answer_filtered_calls
    add $8, %rsp
    pop %rdx
    jmp _start
    .size sente_start, . - sente_start

    .globl sente_return_from_handler
    .type sente_return_from_handler, @function
sente_return_from_handler:
    movq $15, %rax
    syscall
    .size sente_return_from_handler, . - sente_return_from_handler
    .popsection
)");
#else
asm(R"(
    .pushsection .text
    .globl sente_start
    .type sente_start, %function
sente_start:
    stp x0, x30, [sp, #-16]!
    bl sente_answer_filtered_calls
    ldp x0, x30, [sp], #16
    b _start
    .size sente_start, . - sente_start

    .globl sente_return_from_handler
    .type sente_return_from_handler, %function
sente_return_from_handler:
    mov x8, #139
    svc #0
    .size sente_return_from_handler, . - sente_return_from_handler
    .popsection
)");
#endif
