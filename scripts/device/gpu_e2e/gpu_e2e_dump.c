/*===- gpu_e2e_dump.c - raw dumps for the GPU end-to-end program ----------===*
 *
 * Part of the fp8q project.
 *
 * fp8q_e2e_dump, called by gpu_e2e.mlir's @main for every input and result:
 * writes the bytes to $FP8Q_E2E_OUT/<name>.bin (default: the current
 * directory) and prints one line with the size and an FNV-1a hash, so a log
 * shows what was computed even without the files. Plain C with no
 * dependency but libc: the executable must run where no LLVM is installed
 * (the runner-utils libraries of LLVM 22 need libLLVM and libMLIR).
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const unsigned char *data, int64_t bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (int64_t i = 0; i < bytes; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

void fp8q_e2e_dump(const char *name, const void *data, int64_t bytes) {
  const char *dir = getenv("FP8Q_E2E_OUT");
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s.bin", dir && *dir ? dir : ".", name);
  FILE *file = fopen(path, "wb");
  if (!file || fwrite(data, 1, (size_t)bytes, file) != (size_t)bytes ||
      fclose(file) != 0) {
    fprintf(stderr, "gpu_e2e: error: cannot write %s\n", path);
    exit(1);
  }
  printf("dump %-4s %8lld bytes  fnv1a64 %016llx\n", name, (long long)bytes,
         (unsigned long long)fnv1a((const unsigned char *)data, bytes));
  fflush(stdout);
}
