/*===- moe_e2e_print.c - printMemrefI32 without the MLIR runner utils -----===*
 *
 * Part of the fp8q project.
 *
 * The suites of test/Integration (cpu_harness.py) print every result with
 * `func.call @printMemrefI32(tensor<*xi32>)`, which mlir-runner resolves in
 * libmlir_runner_utils.so. That library needs libMLIR.so and libLLVM.so, so
 * the ahead-of-time executables of scripts/device/build_moe_e2e.sh link this
 * instead: the same call (an unranked memref passed as rank and descriptor
 * pointer), printing a rank-1 memref in the format the harness parses
 * (parse_printed: "sizes = [N] ... data = \n[v, v, ...]").
 *
 *===----------------------------------------------------------------------===*/

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A rank-1 memref descriptor (MLIR's C interface). */
struct MemRef1 {
  int32_t *allocated;
  int32_t *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
};

void printMemrefI32(int64_t rank, void *descriptor) {
  const struct MemRef1 *m = (const struct MemRef1 *)descriptor;
  if (rank != 1) {
    fprintf(stderr, "moe_e2e: printMemrefI32 of rank %" PRId64
                    " (only rank 1 is printed)\n", rank);
    exit(1);
  }
  printf("Unranked Memref rank = 1 offset = %" PRId64 " sizes = [%" PRId64
         "] strides = [%" PRId64 "] data = \n[",
         m->offset, m->sizes[0], m->strides[0]);
  for (int64_t i = 0; i < m->sizes[0]; ++i)
    printf(i ? ", %" PRId32 : "%" PRId32,
           m->aligned[m->offset + i * m->strides[0]]);
  printf("]\n");
}
