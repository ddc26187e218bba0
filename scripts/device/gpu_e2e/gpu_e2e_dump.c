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
 * memrefCopy (what memref.copy between non-contiguous views lowers to) and
 * __truncsfbf2 (f32 to bf16, which GCC 12's libgcc lacks) stand in for the
 * runner-utils and compiler-rt functions that exported graphs call.
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

/* Copies src to dst element by element (elemSize bytes each) over any
 * strides; both have the same rank and sizes (memref.copy's verifier). */
void memrefCopy(int64_t elemSize, struct UnrankedMemRef *src,
                struct UnrankedMemRef *dst) {
  const int64_t rank = src->rank;
  const char *s = (const char *)src->descriptor;
  const char *d = (const char *)dst->descriptor;
  char *sAligned, *dAligned;
  int64_t sOffset, dOffset, elements = 1;
  memcpy(&sAligned, s + sizeof(void *), sizeof(sAligned));
  memcpy(&dAligned, d + sizeof(void *), sizeof(dAligned));
  memcpy(&sOffset, s + 2 * sizeof(void *), sizeof(sOffset));
  memcpy(&dOffset, d + 2 * sizeof(void *), sizeof(dOffset));
  const int64_t *sizes = (const int64_t *)(s + 2 * sizeof(void *) + 8);
  const int64_t *sStrides = sizes + rank;
  const int64_t *dStrides =
      (const int64_t *)(d + 2 * sizeof(void *) + 8) + rank;
  for (int64_t r = 0; r < rank; ++r)
    elements *= sizes[r];
  int64_t index[rank > 0 ? rank : 1];
  memset(index, 0, sizeof(index));
  for (int64_t e = 0; e < elements; ++e) {
    int64_t sPos = sOffset, dPos = dOffset;
    for (int64_t r = 0; r < rank; ++r) {
      sPos += index[r] * sStrides[r];
      dPos += index[r] * dStrides[r];
    }
    memcpy(dAligned + dPos * elemSize, sAligned + sPos * elemSize,
           (size_t)elemSize);
    for (int64_t r = rank - 1; r >= 0; --r) { /* odometer, last dim fastest */
      if (++index[r] < sizes[r])
        break;
      index[r] = 0;
    }
  }
}

/* f32 to bf16, rounding to nearest even; NaN stays a quiet NaN. The x86-64
 * ABI returns a __bf16 in the low 16 bits of xmm0: a float whose low bits are
 * the bf16 bits lands there. */
float __truncsfbf2(float value) {
  uint32_t bits, out;
  memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    out = (bits >> 16) | 0x40u;
  else
    out = (bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16;
  float result;
  memcpy(&result, &out, sizeof(result));
  return result;
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
