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
 * _mlir_ciface_printMemrefF32 stands in for the runner-utils function of the
 * same name (called by programs like examples/tiny_moe_lm.mlir's @main): it
 * does not print the values but dumps them the same way, as memref<N>.bin
 * for the N-th call.
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const unsigned char *data, int64_t bytes) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (int64_t i = 0; i < bytes; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

void fp8q_e2e_dump(const char *name, const void *data, int64_t bytes);

/* The C interface of an unranked memref (mlir/ExecutionEngine/CRunnerUtils.h)
 * and the ranked descriptor it points to: allocated and aligned pointers,
 * offset, then rank sizes and rank strides. */
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

void _mlir_ciface_printMemrefF32(struct UnrankedMemRef *memref) {
  static int calls;
  char name[32];
  const char *base = (const char *)memref->descriptor;
  const float *aligned;
  int64_t offset, elements = 1, expected = 1;
  const int64_t *sizes, *strides;
  memcpy(&aligned, base + sizeof(void *), sizeof(aligned));
  memcpy(&offset, base + 2 * sizeof(void *), sizeof(offset));
  sizes = (const int64_t *)(base + 2 * sizeof(void *) + sizeof(int64_t));
  strides = sizes + memref->rank;
  for (int64_t d = memref->rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected) {
      fprintf(stderr, "gpu_e2e: error: printMemrefF32 of a non-contiguous "
                      "memref\n");
      exit(1);
    }
    expected *= sizes[d];
    elements *= sizes[d];
  }
  snprintf(name, sizeof(name), "memref%d", calls++);
  fp8q_e2e_dump(name, aligned + offset, elements * (int64_t)sizeof(float));
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
