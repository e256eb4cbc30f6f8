// Counts the heap allocations of each thread, for the tests that check that a warmed-up step
// allocates nothing (Tests/DynamicsTests/AllocationTests.swift).
//
// On Linux with glibc the test program's own malloc, calloc, realloc and the aligned
// allocators replace the C library's for the whole process (a symbol of the executable comes
// before a shared library's), count, and hand over to glibc's implementation (__libc_*).
// The count is per thread, so tests running in parallel on other threads do not disturb it.
// Elsewhere (macOS) nothing is replaced and `heap_counter_available()` is 0: the tests that
// need the count are skipped there.

#include "HeapCounter.h"

#include <errno.h>  // also defines __GLIBC__ (through features.h) with glibc
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocations __attribute__((tls_model("initial-exec")));

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *result = p;
    return 0;
}

void free(void *pointer) {
    __libc_free(pointer);
}

int heap_counter_available(void) { return 1; }
unsigned long long heap_counter_thread_allocations(void) { return allocations; }
#else
int heap_counter_available(void) { return 0; }
unsigned long long heap_counter_thread_allocations(void) { return 0; }
#endif
