#ifndef HEAP_COUNTER_H
#define HEAP_COUNTER_H

/// 1 where allocations are counted (Linux with glibc), 0 elsewhere.
int heap_counter_available(void);
/// Heap allocations (malloc, calloc, realloc, aligned) made so far by the calling thread.
unsigned long long heap_counter_thread_allocations(void);

#endif
