#include "BenchSupport.h"

#include <errno.h>
#include <execinfo.h>
#include <malloc.h>
#include <unistd.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static volatile int counting = 0;
static int64_t count = 0;
static volatile int seen = 0;

static volatile int tracing = 0;
static volatile int inTrace = 0;

/// Writes `size` in decimal to standard error (no printf: it may allocate).
static void writeSize(size_t size) {
  char digits[24];
  int index = sizeof digits;
  digits[--index] = '\n';
  do {
    digits[--index] = (char)('0' + size % 10);
    size /= 10;
  } while (size != 0);
  write(2, "size ", 5);
  write(2, digits + index, sizeof digits - index);
}

static void trace(size_t size) {
  if (inTrace) return;
  inTrace = 1;
  writeSize(size);
  void *frames[10];
  int depth = backtrace(frames, 10);
  // frames[0] is trace, frames[1] note's caller (malloc…): skip both.
  if (depth > 2) backtrace_symbols_fd(frames + 2, depth - 2, 2);
  write(2, "--\n", 3);
  inTrace = 0;
}

/// Counts one allocation of `size` bytes (and traces it, when tracing).
static inline void note(size_t size) {
  seen = 1;
  if (counting) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    if (tracing) trace(size);
  }
}

void *malloc(size_t size) {
  note(size);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  note(count * size);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  // A realloc that grows in place is not a new allocation from the program's point of view, but it does go to
  // the allocator: count it, as malloc-interposer and valgrind do.
  note(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  note(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  note(size);
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  note(size);
  return __libc_memalign(alignment, size);
}

void malloc_counter_start(void) {
  __atomic_store_n(&count, 0, __ATOMIC_RELAXED);
  counting = 1;
}

int64_t malloc_counter_stop(void) {
  counting = 0;
  return __atomic_load_n(&count, __ATOMIC_RELAXED);
}

int malloc_counter_suspend(void) {
  int wasOn = counting;
  counting = 0;
  return wasOn;
}

void malloc_counter_restore(int wasOn) { counting = wasOn; }

void malloc_counter_trace(int on) {
  if (on) {
    // The first backtrace() loads libgcc_s, which allocates: do it before tracing starts.
    void *frames[2];
    backtrace(frames, 2);
  }
  tracing = on;
}

int malloc_counter_is_interposed(void) { return seen; }

size_t heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
