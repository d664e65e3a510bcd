// C support for signals-bench: an exact heap-allocation counter, the heap bytes in use, and glibc's backtrace() (execinfo.h, which the
// Glibc module does not export) for counting stack frames.
//
// Allocations are counted while counting is on.
// The executable defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc and memalign itself and
// forwards them to glibc's own entry points (__libc_malloc, …). Because the Swift runtime and every library
// are linked against the symbol `malloc`, the dynamic linker binds them to these definitions: every heap
// allocation in the process passes through here. No dependency, no sampling: an exact count.
#ifndef SIGNALS_BENCH_SUPPORT_H
#define SIGNALS_BENCH_SUPPORT_H

#include <execinfo.h>
#include <stddef.h>
#include <stdint.h>

/// Starts counting allocations from zero.
void malloc_counter_start(void);

/// Stops counting and returns the number of allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign calls) made since `malloc_counter_start`.
int64_t malloc_counter_stop(void);

/// While on, every counted allocation also writes the innermost frames of its caller's stack to standard
/// error (backtrace_symbols_fd, which does not allocate): where the allocations of a subscription come from.
void malloc_counter_trace(int on);

/// Pauses counting and returns whether it was on; `malloc_counter_restore` with that value resumes it. For
/// untimed work inside a counted run (resetting an Observation model), which must not be counted.
int malloc_counter_suspend(void);

/// Resumes counting if `wasOn` (from `malloc_counter_suspend`) says it was on; the count goes on from where it was.
void malloc_counter_restore(int wasOn);

/// Whether the interposed malloc is the one the process uses (checked once at startup).
int malloc_counter_is_interposed(void);

/// The heap bytes the process holds now: glibc's mallinfo2() over all arenas, bytes in allocated chunks
/// (`uordblks`, malloc's per-chunk overhead included) plus bytes in chunks mapped on their own (`hblkhd`).
/// The difference around building something is what that thing holds.
size_t heap_bytes_in_use(void);

#endif
