#ifndef C_MEMORY_HINTS_H
#define C_MEMORY_HINTS_H

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

#endif
