// Exits 0 when this CPU has BMI2 and executes PEXT fast; prints why (used by CpuFeatures.cmake).
#include <cpuid.h>
#include <cstdio>

int main() {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) || !(ebx & (1u << 8))) {
        std::puts("no BMI2");
        return 1;
    }
    char vendor[13] = {};
    __get_cpuid(0, &eax, reinterpret_cast<unsigned*>(vendor), reinterpret_cast<unsigned*>(vendor + 8),
                reinterpret_cast<unsigned*>(vendor + 4));
    __get_cpuid(1, &eax, &ebx, &ecx, &edx);
    unsigned family = ((eax >> 8) & 0xF) + ((eax >> 20) & 0xFF);
    if (vendor[0] == 'A' && family == 0x17) {  // "AuthenticAMD", Zen 1 or Zen 2
        std::puts("BMI2 present but PEXT is slow on AMD Zen 1/2");
        return 1;
    }
    std::puts("BMI2 with fast PEXT");
    return 0;
}
