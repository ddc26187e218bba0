//===- fp8q-runtime-check.cpp - exercise libFP8QCudaRuntime ---------------===//
//
// Part of the fp8q project.
//
// A program linked against libFP8QCudaRuntime that calls the mgpu* ABI the
// way MLIR host code does, without MLIR. Used by test/Runtime:
//
//   fp8q-runtime-check              every entry point: memory, memset, copies,
//                                   a PTX kernel JIT-loaded and launched (also
//                                   as a cluster launch on sm_90+), events,
//                                   host registration, tensor maps; checks
//                                   the results and prints "PASS"
//   fp8q-runtime-check init         create and destroy a stream only
//   fp8q-runtime-check load FILE    mgpuModuleLoad the file (cubin/fatbin)
//   fp8q-runtime-check jit FILE     mgpuModuleLoadJIT the file (PTX)
//   fp8q-runtime-check alloc BYTES  mgpuMemAlloc
//   fp8q-runtime-check device N     mgpuSetDefaultDevice(N), then init
//   fp8q-runtime-check switch N     init on the default device, then
//                                   mgpuSetDefaultDevice(N)
//   fp8q-runtime-check kernel NAME  look up kernel NAME in the PTX module
//   fp8q-runtime-check tma-bad      encode a tensor map with a 300-row box
//   fp8q-runtime-check ptx-sized    mgpuModuleLoad the PTX kernel with its
//                                   size and no NUL, right before an
//                                   unreadable page (reading past the image
//                                   faults)
//   fp8q-runtime-check empty        a tensor map of a 0x256 memref and a
//                                   launch over it with an empty grid
//   fp8q-runtime-check tma-many N   N tensor maps of different extents (a
//                                   program whose GEMMs move from address to
//                                   address); the runtime's device copies
//                                   must stay bounded; the first map's copy
//                                   is released and made again
//
// Runtime errors end the process with exit status 1 and a message; a failed
// result check prints "FAIL: ..." and exits with status 2.
//
// The kernel is named mock_add_i64 so that the mock driver of the CI tests
// (test/Runtime/MockCuda) executes it on the host too.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Runtime/CudaRuntime.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

/// Exit status of a failed result check (runtime errors exit with 1).
constexpr int kCheckFailedExitCode = 2;
/// Elements of the test vectors; not a multiple of the block size, so the
/// kernel's bounds check matters.
constexpr int64_t kElements = 1000;
constexpr int64_t kBlock = 128;
/// CUtensorMapDataType UINT8, CUtensorMapSwizzle 128B (cuda.h values).
constexpr int64_t kTensorMapUint8 = 0;
constexpr int64_t kSwizzle128B = 3;

/// y[i] += x[i] for i < n, int64 (sm_80 PTX, JIT-compiled for any newer GPU).
constexpr const char *kAddPtx = R"(.version 7.0
.target sm_80
.address_size 64

.visible .entry mock_add_i64(.param .u64 x, .param .u64 y, .param .u64 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.u64 %rd3, [n];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mul.wide.u32 %rd4, %r1, %r2;
  cvt.u64.u32 %rd5, %r3;
  add.s64 %rd6, %rd4, %rd5;
  setp.ge.s64 %p1, %rd6, %rd3;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd7, %rd1;
  cvta.to.global.u64 %rd8, %rd2;
  shl.b64 %rd9, %rd6, 3;
  add.s64 %rd10, %rd7, %rd9;
  add.s64 %rd11, %rd8, %rd9;
  ld.global.u64 %rd4, [%rd10];
  ld.global.u64 %rd5, [%rd11];
  add.s64 %rd5, %rd5, %rd4;
  st.global.u64 [%rd11], %rd5;
DONE:
  ret;
}
)";

/// A ranked memref descriptor as MLIR passes it.
template <int Rank> struct MemRefDescriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

int checks = 0;

void expect(bool ok, const std::string &what) {
  ++checks;
  if (ok)
    return;
  std::printf("FAIL: %s\n", what.c_str());
  std::exit(kCheckFailedExitCode);
}

std::vector<char> readFile(const char *path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fp8q-runtime-check: cannot read %s\n", path);
    std::exit(kCheckFailedExitCode);
  }
  std::vector<char> data((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  data.push_back('\0');
  return data;
}

void launchAdd(void *function, void *stream, void *x, void *y, int64_t n,
               bool cluster) {
  void *args[] = {&x, &y, &n};
  int64_t blocks = (n + kBlock - 1) / kBlock;
  if (cluster) {
    blocks = (blocks + 1) / 2 * 2; // a multiple of the cluster size 2
    mgpuLaunchClusterKernel(function, 2, 1, 1, blocks, 1, 1, kBlock, 1, 1, 0,
                            stream, args, nullptr);
  } else {
    mgpuLaunchKernel(function, blocks, 1, 1, kBlock, 1, 1, 0, stream, args,
                     nullptr, 3);
  }
}

/// Runs every entry point and checks what can be checked.
int runAll(bool cluster) {
  void *stream = mgpuStreamCreate();
  std::vector<int64_t> hostX(kElements), hostY(kElements, 0);
  for (int64_t i = 0; i < kElements; ++i)
    hostX[i] = i * 3 - 7;
  const uint64_t bytes = kElements * sizeof(int64_t);

  // Host registration of a memref, as gpu.host_register does.
  MemRefDescriptor<1> hostMemRef = {hostX.data(), hostX.data(), 0, {kElements},
                                    {1}};
  mgpuMemHostRegisterMemRef(1, &hostMemRef, sizeof(int64_t));

  void *x = mgpuMemAlloc(bytes, stream, 0);
  void *y = mgpuMemAlloc(bytes, stream, 0);
  expect(x && y && x != y, "mgpuMemAlloc returns distinct buffers");
  expect(mgpuMemAlloc(0, stream, 0) == nullptr, "a 0-byte allocation is null");
  mgpuMemcpy(x, hostX.data(), bytes, stream);
  mgpuMemset32(y, 1, 2 * kElements, stream); // int64 words 0x0000000100000001
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kAddPtx), 2);
  void *function = mgpuModuleGetFunction(module, "mock_add_i64");
  launchAdd(function, stream, x, y, kElements, /*cluster=*/false);
  if (cluster)
    launchAdd(function, stream, x, y, kElements, /*cluster=*/true);

  // Events: a second stream waits for the first, then copies back.
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  void *other = mgpuStreamCreate();
  mgpuStreamWaitEvent(other, event);
  mgpuMemcpy(hostY.data(), y, bytes, other);
  mgpuStreamSynchronize(other);
  mgpuEventSynchronize(event);
  const int64_t ones = 0x0000000100000001LL;
  bool ok = true;
  for (int64_t i = 0; i < kElements; ++i)
    ok &= hostY[i] == ones + (cluster ? 2 : 1) * hostX[i];
  expect(ok, "y = memset + x (+ x again by the cluster launch)");

  // 16-bit memset and an empty grid (which must launch nothing).
  std::vector<uint16_t> halves(kElements, 0);
  mgpuMemset16(y, 0xBEEF, kElements, stream);
  launchAdd(function, stream, x, y, 0, /*cluster=*/false);
  mgpuMemcpy(halves.data(), y, kElements * sizeof(uint16_t), stream);
  mgpuStreamSynchronize(stream);
  ok = true;
  for (uint16_t h : halves)
    ok &= h == 0xBEEF;
  expect(ok, "mgpuMemset16 fills 16-bit words");

  // Tensor maps: a 2-D u8 map over y; equal descriptors share a device copy.
  MemRefDescriptor<2> tile = {y, y, 0, {8, 64}, {64, 1}};
  int64_t box[2] = {8, 64};
  void *map1 = mgpuTensorMapEncodeTiledMemref(2, &tile, kTensorMapUint8, 0,
                                              kSwizzle128B, 0, 0, box);
  void *map2 = mgpuTensorMapEncodeTiledMemref(2, &tile, kTensorMapUint8, 0,
                                              kSwizzle128B, 0, 0, box);
  expect(map1 && map1 == map2, "identical tensor maps share one device copy");
  // By value: the same map encoded into host memory (the map itself is
  // opaque; the driver wrote it), nothing copied to the device.
  alignas(128) unsigned char hostMap[128];
  std::memset(hostMap, 0xFF, sizeof(hostMap));
  mgpuTensorMapEncodeTiledHost(hostMap, 2, &tile, kTensorMapUint8, 0,
                               kSwizzle128B, 0, 0, box);
  bool written = false;
  for (unsigned char byte : hostMap)
    written |= byte != 0xFF;
  expect(written, "a tensor map encoded into host memory");

  mgpuEventDestroy(event);
  mgpuStreamDestroy(other);
  mgpuMemFree(x, stream);
  mgpuMemFree(y, stream);
  mgpuMemFree(nullptr, stream);
  mgpuModuleUnload(module);
  mgpuMemHostUnregisterMemRef(1, &hostMemRef, sizeof(int64_t));
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  std::printf("fp8q-runtime-check: PASS (%d checks%s)\n", checks,
              cluster ? ", cluster launch" : "");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "all";
  const char *arg = argc > 2 ? argv[2] : nullptr;
  if (mode == "all" || mode == "all-cluster")
    return runAll(mode == "all-cluster");
  if (mode == "init") {
    mgpuStreamDestroy(mgpuStreamCreate());
    std::printf("fp8q-runtime-check: initialized\n");
    return 0;
  }
  if (mode == "load" && arg) {
    std::vector<char> data = readFile(arg);
    mgpuModuleUnload(mgpuModuleLoad(data.data(), data.size() - 1));
    std::printf("fp8q-runtime-check: loaded %s\n", arg);
    return 0;
  }
  if (mode == "jit" && arg) {
    std::vector<char> data = readFile(arg);
    mgpuModuleUnload(mgpuModuleLoadJIT(data.data(), 4));
    std::printf("fp8q-runtime-check: loaded %s\n", arg);
    return 0;
  }
  if (mode == "alloc" && arg) {
    void *ptr = mgpuMemAlloc(std::strtoull(arg, nullptr, 10), nullptr, 0);
    mgpuMemFree(ptr, nullptr);
    std::printf("fp8q-runtime-check: allocated %s bytes\n", arg);
    return 0;
  }
  if (mode == "device" && arg) {
    mgpuSetDefaultDevice(std::atoi(arg));
    mgpuStreamDestroy(mgpuStreamCreate());
    std::printf("fp8q-runtime-check: initialized device %s\n", arg);
    return 0;
  }
  if (mode == "switch" && arg) {
    mgpuStreamDestroy(mgpuStreamCreate());
    mgpuSetDefaultDevice(std::atoi(arg));
    std::printf("fp8q-runtime-check: switched to device %s\n", arg);
    return 0;
  }
  if (mode == "kernel" && arg) {
    void *module = mgpuModuleLoadJIT(const_cast<char *>(kAddPtx), 2);
    mgpuModuleGetFunction(module, arg);
    std::printf("fp8q-runtime-check: found kernel %s\n", arg);
    return 0;
  }
  if (mode == "tma-bad") {
    void *buffer = mgpuMemAlloc(1 << 16, nullptr, 0);
    MemRefDescriptor<2> view = {buffer, buffer, 0, {256, 256}, {256, 1}};
    int64_t box[2] = {300, 64};
    mgpuTensorMapEncodeTiledMemref(2, &view, kTensorMapUint8, 0, kSwizzle128B,
                                   0, 0, box);
    return 0;
  }
  if (mode == "ptx-sized") {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t size = std::strlen(kAddPtx);
    size_t span = (size + page - 1) / page * page;
    void *pages = mmap(nullptr, span + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    expect(pages != MAP_FAILED &&
               mprotect(static_cast<char *>(pages) + span, page,
                        PROT_NONE) == 0,
           "map a page followed by an unreadable one");
    char *image = static_cast<char *>(pages) + span - size;
    std::memcpy(image, kAddPtx, size);
    void *module = mgpuModuleLoad(image, size);
    mgpuModuleGetFunction(module, "mock_add_i64");
    mgpuModuleUnload(module);
    std::printf("fp8q-runtime-check: loaded %zu bytes of PTX without a NUL\n",
                size);
    return 0;
  }
  if (mode == "empty") {
    void *buffer = mgpuMemAlloc(1 << 16, nullptr, 0);
    MemRefDescriptor<2> view = {buffer, buffer, 0, {0, 256}, {256, 1}};
    int64_t box[2] = {64, 128};
    void *map = mgpuTensorMapEncodeTiledMemref(2, &view, kTensorMapUint8, 0,
                                               kSwizzle128B, 0, 0, box);
    expect(map != nullptr, "a tensor map for the empty memref");
    void *module = mgpuModuleLoadJIT(const_cast<char *>(kAddPtx), 2);
    void *function = mgpuModuleGetFunction(module, "mock_add_i64");
    int64_t n = 0;
    void *params[] = {&buffer, &buffer, &n};
    mgpuLaunchKernel(function, 0, 1, 1, kBlock, 1, 1, 0, nullptr, params,
                     nullptr, 3);
    mgpuModuleUnload(module);
    mgpuMemFree(buffer, nullptr);
    std::printf("fp8q-runtime-check: empty tensor map and launch\n");
    return 0;
  }
  if (mode == "tma-many" && arg) {
    int64_t count = std::atoll(arg);
    void *buffer = mgpuMemAlloc(1 << 20, nullptr, 0);
    int64_t box[2] = {8, 128};
    auto encode = [&](int64_t rows) {
      MemRefDescriptor<2> view = {buffer, buffer, 0, {rows, 128}, {128, 1}};
      return mgpuTensorMapEncodeTiledMemref(2, &view, kTensorMapUint8, 0,
                                            kSwizzle128B, 0, 0, box);
    };
    void *first = encode(8);
    expect(first && encode(8) == first, "an equal map shares its copy");
    for (int64_t i = 1; i < count; ++i)
      expect(encode(8 + i % 8000) != nullptr, "a tensor map");
    expect(encode(8) != nullptr, "the first map, encoded again");
    mgpuMemFree(buffer, nullptr);
    std::printf("fp8q-runtime-check: %lld tensor maps\n",
                static_cast<long long>(count));
    return 0;
  }
  std::fprintf(stderr,
               "usage: fp8q-runtime-check [all|all-cluster|init|load FILE|"
               "jit FILE|alloc BYTES|device N|switch N|kernel NAME|tma-bad|"
               "ptx-sized|empty|tma-many N]\n");
  return kCheckFailedExitCode;
}
