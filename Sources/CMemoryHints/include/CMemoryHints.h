#ifndef C_MEMORY_HINTS_H
#define C_MEMORY_HINTS_H

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

/// Asks the processor to fetch the cache line holding `address` for writing, without waiting
/// for it: Swift has no prefetch of its own. A hint only: it faults on no address.
static inline void oqc_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Asks the processor to fetch the cache line holding `address` for reading, without waiting.
static inline void oqc_prefetch_for_reading(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Tells the processor that the thread is spinning on a value another thread will change: it
/// waits a little and lets the core's other thread run.
static inline void oqc_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/// Sets glibc malloc's trim threshold (freed memory at the top of the heap kept rather than
/// handed back to the kernel) and the size above which a block is mapped on its own; returns
/// 1 when both were set, 0 where the C library is not glibc or refused.
static inline int oqc_keep_freed_memory(int trim_threshold, int mmap_threshold) {
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
    return mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1 && mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1;
#else
    (void)trim_threshold;
    (void)mmap_threshold;
    return 0;
#endif
}

#endif
