//===- MockCuda.cpp - a CPU test double of the CUDA driver API ------------===//
//
// Part of the fp8q project.
//
// libfp8q_mock_cuda.so implements the part of the CUDA driver API that
// libFP8QCudaRuntime and python/fp8q/runtime.py use, on the CPU, so that CI
// machines without a GPU can run their host logic end to end: "device"
// memory is host memory, a "module" is accepted or rejected by the
// architecture it names, and a few kernels (below) are executed on the host.
// It is a test tool only, selected with FP8Q_CUDA_DRIVER_LIBRARY.
//
// Behaviour, from the environment:
//   FP8Q_MOCK_CUDA_DEVICES   number of devices (default 1; 0: cuInit fails
//                            with CUDA_ERROR_NO_DEVICE)
//   FP8Q_MOCK_CUDA_CC        compute capability as "90" (default) or "80"
//   FP8Q_MOCK_CUDA_MEMORY    bytes of device memory (default 1 GiB)
//   FP8Q_MOCK_CUDA_LOG       if set, each launch, module load and tensor map
//                            is printed to stderr as "mock-cuda: ..."
//   FP8Q_MOCK_CUDA_CORRUPT   "flip": selftest_* kernels flip the lowest bit
//                            of their first output code; "skip": they write
//                            nothing (to test that checkers notice)
//   FP8Q_MOCK_CUDA_GEMM_PARTIAL_BITS
//                            if set to b (1..24), the GEMM keeps b
//                            significant bits of each 128-K partial sum
//                            (truncated toward zero): a stand-in for the
//                            tensor cores' limited accumulation, to see how
//                            a program's results respond to it
// Like the real driver, the first successful cuInit registers an exit
// handler after which the driver is shut down: calls from global destructors
// (modules unloaded by MLIR host code) get CUDA_ERROR_DEINITIALIZED.
// Module images: an ELF cubin is accepted if its e_flags name the device's
// SM, PTX if its .target is not newer than the device, and any image that
// starts with "FP8QMOCK"; every other image fails with
// CUDA_ERROR_NO_BINARY_FOR_GPU / CUDA_ERROR_INVALID_PTX / INVALID_IMAGE.
// Kernels named "missing*" do not exist. Kernels executed on the host:
//   mock_add_i64(const int64 *x, int64 *y, int64 n): y[i] += x[i]
//   selftest_*: the self-test quantizers of python/fp8q/device/selftest_kernels.py
//   (same names, parameters and bit-exact results as their CUDA C);
//   fp8q_quantize_* / fp8q_tile_transpose_* / fp8q_block_transpose_*: the
//   kernels of convert-fp8q-to-gpu (docs/GPU.md, "Kernel names" and "Kernel
//   ABI"), with the reference numerics. Their pointer parameters must lie in memory from
//   cuMemAlloc, as on a GPU without pageable memory access (an H200 on x86):
//   otherwise the launch fails with CUDA_ERROR_ILLEGAL_ADDRESS.
//   fp8q_scaled_matmul_*: the GEMM kernel (gemm=wgmma), with the exact
//   reference numerics (python/fp8q/reference.py scaled_matmul, not the
//   tensor cores' limited accumulation), the same pointer rule, and its two
//   tensor maps are passed by value (128-byte __grid_constant__ parameters)
//   and must hold (as this mock's cuTensorMapEncodeTiled writes them) the
//   address of the A / B argument; a `_tma` kernel's third map (`out_map`)
//   that of `out`, as u8 [M, 2N] with 64 x 128-byte boxes.
//
// The types are declared here (not taken from cuda.h) so that the mock
// builds without CUDA; the launch structs' layout is asserted.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#define MOCK_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

//===----------------------------------------------------------------------===//
// The driver API's types and constants (subset, same values as cuda.h)
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct MockContext;
struct MockModule;
struct MockFunction;
struct MockStream;
struct MockEvent;
using CUcontext = MockContext *;
using CUmodule = MockModule *;
using CUfunction = MockFunction *;
using CUstream = MockStream *;
using CUevent = MockEvent *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
constexpr CUresult CUDA_ERROR_DEINITIALIZED = 4;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
constexpr CUresult CUDA_ERROR_INVALID_IMAGE = 200;
constexpr CUresult CUDA_ERROR_INVALID_CONTEXT = 201;
constexpr CUresult CUDA_ERROR_NO_BINARY_FOR_GPU = 209;
constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;
constexpr CUresult CUDA_ERROR_INVALID_HANDLE = 400;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_ILLEGAL_ADDRESS = 700;
constexpr CUresult CUDA_ERROR_LAUNCH_FAILED = 719;
constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;

constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr int CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
constexpr unsigned CU_MEMORYTYPE_HOST = 1;
constexpr unsigned CU_MEMORYTYPE_DEVICE = 2;
constexpr int CU_GET_PROC_ADDRESS_SUCCESS = 0;
constexpr int CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1;

/// Mock device properties (those of an H100/H200 where it matters).
constexpr int kMultiprocessors = 132;
constexpr int kL2Bytes = 50 * 1024 * 1024;
constexpr int kMaxSharedOptIn = 227 * 1024;
constexpr int kDriverVersion = 13000;
constexpr unsigned long long kDefaultMemory = 1ULL << 30;
constexpr size_t kAllocationAlignment = 256;

struct CUlaunchAttributeValue {
  union {
    char pad[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
  };
};
struct CUlaunchAttribute {
  int id;
  char pad[8 - sizeof(int)];
  CUlaunchAttributeValue value;
};
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

// NOTE: these must match cuda.h's layout (CUDA 12 and 13), which the
// runtime passes to cuLaunchKernelEx.
static_assert(sizeof(CUlaunchAttribute) == 72, "CUlaunchAttribute layout");
static_assert(sizeof(CUlaunchConfig) == 56, "CUlaunchConfig layout");
static_assert(offsetof(CUlaunchConfig, hStream) == 32, "CUlaunchConfig layout");
static_assert(offsetof(CUlaunchConfig, numAttrs) == 48, "CUlaunchConfig layout");

//===----------------------------------------------------------------------===//
// Mock state
//===----------------------------------------------------------------------===//

struct MockContext {
  int device;
};
struct MockModule {
  std::string kind;
};
struct MockFunction {
  std::string name;
};
struct MockStream {
  int unused;
};
struct MockEvent {
  double milliseconds = 0.0;
};

struct MockState {
  std::mutex mutex;
  bool initialized = false;
  int devices = 1;
  int ccMajor = 9, ccMinor = 0;
  unsigned long long memory = kDefaultMemory;
  unsigned long long used = 0;
  std::map<CUdeviceptr, size_t> allocations;
  MockContext primary{0};
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

MockState &state() {
  static MockState *instance = new MockState();
  return *instance;
}

thread_local std::vector<CUcontext> tContextStack;

/// Set by the exit handler that cuInit registers, like the real driver's:
/// it runs before the host program's global destructors, whose calls then
/// fail with CUDA_ERROR_DEINITIALIZED.
std::atomic<bool> gDriverShutDown{false};

void shutDownDriver() { gDriverShutDown = true; }

void logf(const char *format, const std::string &text) {
  if (std::getenv("FP8Q_MOCK_CUDA_LOG"))
    std::fprintf(stderr, format, text.c_str());
}

bool isDevicePointer(const void *ptr, size_t bytes) {
  MockState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto address = reinterpret_cast<CUdeviceptr>(ptr);
  auto it = s.allocations.upper_bound(address);
  if (it == s.allocations.begin())
    return false;
  --it;
  return address >= it->first && address + bytes <= it->first + it->second;
}

//===----------------------------------------------------------------------===//
// Numerics of the self-test kernels (docs: python/fp8q/reference.py)
//===----------------------------------------------------------------------===//

constexpr float kE4M3Max = 448.0f;
/// The NaN that PTX max.NaN.f32 and the other f32 instructions return.
constexpr uint32_t kCanonicalNaNBits = 0x7FFFFFFFu;
constexpr float kSelfTestEps = 1e-4f;
constexpr int64_t kGroup = 128;

float bitsToFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

uint32_t floatToBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

/// cvt.rn.satfinite.e4m3x2.f32 on one value, on the bits (RN-even, subnormal
/// quantum 2^-9, saturation to +-448, NaN -> 0x7F, sign of zero kept).
uint8_t encodeE4M3(float x) {
  uint32_t bits = floatToBits(x);
  uint32_t negative = bits >> 31;
  int32_t magnitude = static_cast<int32_t>(bits & 0x7FFFFFFFu);
  if (magnitude > 0x7F800000)
    return 0x7F;
  int32_t exponent = magnitude >> 23;
  int32_t significand = magnitude & 0x7FFFFF;
  if (exponent != 0)
    significand |= 0x800000;
  exponent = std::max(exponent, 1);
  int32_t shift = 20 + std::clamp(121 - exponent, 0, 6);
  int32_t kept = significand >> shift;
  int32_t dropped = significand & ((1 << shift) - 1);
  int32_t half = 1 << (shift - 1);
  bool roundUp = dropped > half || (dropped == half && (kept & 1));
  int32_t code = (std::max(exponent - 121, 0) << 3) + kept + (roundUp ? 1 : 0);
  code = std::min(code, 0x7E);
  return static_cast<uint8_t>(code | (negative << 7));
}

float decodeE4M3(uint8_t code) {
  int exponent = (code >> 3) & 0xF, mantissa = code & 7;
  float sign = (code & 0x80) ? -1.0f : 1.0f;
  if (exponent == 0xF && mantissa == 7)
    return NAN;
  if (exponent == 0)
    return sign * std::ldexp(static_cast<float>(mantissa), -9);
  return sign * std::ldexp(static_cast<float>(8 + mantissa), exponent - 10);
}

float nanMax(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  return std::max(a, b);
}

float scaleOf(float amax, bool pow2) {
  float ratio = amax / kE4M3Max;
  if (!pow2 || !std::isfinite(ratio) || ratio == 0.0f)
    return ratio;
  int exponent = 0;
  float mantissa = std::frexp(ratio, &exponent);
  return mantissa == 0.5f ? ratio : std::ldexp(1.0f, exponent);
}

/// Quantizes an R x C array given by `value(r, c)` with tiles tr x tc.
/// Codes go to q[r*C + c] (or q[c*R + r] if transposed); the scale of tile
/// (i, j) to s[i*ceil(C/tc) + j] (or s[j*ceil(R/tr) + i]).
template <typename ValueFn>
void quantizeHost(ValueFn value, int64_t rows, int64_t cols, int64_t tr,
                  int64_t tc, bool transpose, bool pow2, uint8_t *q, float *s,
                  float eps = kSelfTestEps) {
  int64_t tilesR = (rows + tr - 1) / tr, tilesC = (cols + tc - 1) / tc;
  for (int64_t i = 0; i < tilesR; ++i) {
    for (int64_t j = 0; j < tilesC; ++j) {
      int64_t r1 = std::min(rows, (i + 1) * tr), c1 = std::min(cols, (j + 1) * tc);
      float amax = 0.0f;
      for (int64_t r = i * tr; r < r1; ++r)
        for (int64_t c = j * tc; c < c1; ++c)
          amax = nanMax(amax, std::fabs(value(r, c)));
      amax = nanMax(amax, eps);
      float scale = scaleOf(amax, pow2);
      float rcp = 1.0f / scale;
      if (transpose)
        s[j * tilesR + i] = scale;
      else
        s[i * tilesC + j] = scale;
      for (int64_t r = i * tr; r < r1; ++r)
        for (int64_t c = j * tc; c < c1; ++c) {
          uint8_t code = encodeE4M3(value(r, c) * rcp);
          if (transpose)
            q[c * rows + r] = code;
          else
            q[r * cols + c] = code;
        }
    }
  }
}

template <typename T> T param(void **params, int index) {
  T value;
  std::memcpy(&value, params[index], sizeof(T));
  return value;
}

bool runHostKernel(const std::string &name, void **params);

/// Runs a host kernel, corrupting its result if FP8Q_MOCK_CUDA_CORRUPT asks;
/// returns false if `name` is not one.
bool runHostKernelMaybeCorrupt(const std::string &name, void **params) {
  const char *corrupt = std::getenv("FP8Q_MOCK_CUDA_CORRUPT");
  bool selfTest = name.rfind("selftest_", 0) == 0;
  if (selfTest && corrupt && std::strcmp(corrupt, "skip") == 0)
    return true;
  if (!runHostKernel(name, params))
    return false;
  if (selfTest && corrupt && std::strcmp(corrupt, "flip") == 0) {
    int firstOutput = name == "selftest_tile_transpose" ? 2 : 1;
    *param<uint8_t *>(params, firstOutput) ^= 1;
  }
  return true;
}

/// Runs a host kernel; returns false if `name` is not one.
bool runHostKernel(const std::string &name, void **params) {
  if (name == "mock_add_i64") {
    auto *x = param<const int64_t *>(params, 0);
    auto *y = param<int64_t *>(params, 1);
    auto n = param<int64_t>(params, 2);
    for (int64_t i = 0; i < n; ++i)
      y[i] += x[i];
    return true;
  }
  if (name.rfind("selftest_quantize_", 0) == 0) {
    auto *src = param<const uint16_t *>(params, 0);
    bool fused = name == "selftest_quantize_fused";
    auto rows = param<int64_t>(params, fused ? 5 : 3);
    auto cols = param<int64_t>(params, fused ? 6 : 4);
    auto value = [&](int64_t r, int64_t c) {
      return bitsToFloat(static_cast<uint32_t>(src[r * cols + c]) << 16);
    };
    auto *q = param<uint8_t *>(params, 1);
    auto *s = param<float *>(params, 2);
    if (name == "selftest_quantize_1x128")
      quantizeHost(value, rows, cols, 1, kGroup, false, false, q, s);
    else if (name == "selftest_quantize_1x128_pow2")
      quantizeHost(value, rows, cols, 1, kGroup, false, true, q, s);
    else if (name == "selftest_quantize_128x1_t")
      quantizeHost(value, rows, cols, kGroup, 1, true, false, q, s);
    else if (name == "selftest_quantize_128x128")
      quantizeHost(value, rows, cols, kGroup, kGroup, false, false, q, s);
    else if (fused) {
      quantizeHost(value, rows, cols, 1, kGroup, false, false, q, s);
      quantizeHost(value, rows, cols, kGroup, 1, true, false,
                   param<uint8_t *>(params, 3), param<float *>(params, 4));
    } else
      return false;
    return true;
  }
  if (name == "selftest_tile_transpose") {
    auto *q = param<const uint8_t *>(params, 0);
    auto *s = param<const float *>(params, 1);
    auto rows = param<int64_t>(params, 4);
    auto cols = param<int64_t>(params, 5);
    int64_t groups = (cols + kGroup - 1) / kGroup;
    // The transposed array [K, M] at (k, m) is x'[m, k] = f32(q) * s.
    auto value = [&](int64_t k, int64_t m) {
      return decodeE4M3(q[m * cols + k]) * s[m * groups + k / kGroup];
    };
    quantizeHost(value, cols, rows, 1, kGroup, false, false,
                 param<uint8_t *>(params, 2), param<float *>(params, 3));
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// fp8q kernels (convert-fp8q-to-gpu), executed on the host
//===----------------------------------------------------------------------===//

/// One variant of fp8q's Hopper kernels, parsed from its name.
struct Fp8qKernel {
  enum Kind { RowWise, Block, BlockT, ColumnWiseT, Fused, TileTranspose } kind;
  /// 'f' f32, 'b' bf16, 'h' f16, 'e' E4M3 (tile_transpose).
  char source;
  bool pow2;
  /// `_mn`: the scale arrays are the transposed tile grids (mn_major).
  bool mnMajor = false;
  float eps = kSelfTestEps;
};

/// Consumes `prefix` from `text` if it starts with it.
bool consume(std::string &text, const std::string &prefix) {
  if (text.compare(0, prefix.size(), prefix) != 0)
    return false;
  text.erase(0, prefix.size());
  return true;
}

/// Parses `fp8q_quantize_<kind>_<src>_<mode>[_mn][_eps<bits>]` or
/// `fp8q_tile_transpose_1x128_<mode>[_eps<bits>]`.
/// NOTE: the one place a kernel's variant is parsed from its name: the
/// compiler carries it as the `fp8q.kernel` attribute and never parses names
/// (docs/GPU.md, "Kernel configuration"), but a driver only sees the module
/// image and the function name.
bool parseFp8qKernel(std::string name, Fp8qKernel &kernel) {
  if (consume(name, "fp8q_tile_transpose_1x128_")) {
    kernel.kind = Fp8qKernel::TileTranspose;
    kernel.source = 'e';
  } else if (consume(name, "fp8q_quantize_")) {
    if (consume(name, "1x128_128x1t_"))
      kernel.kind = Fp8qKernel::Fused;
    else if (consume(name, "1x128_"))
      kernel.kind = Fp8qKernel::RowWise;
    else if (consume(name, "128x128_"))
      kernel.kind = Fp8qKernel::Block;
    else if (consume(name, "128x128t_"))
      kernel.kind = Fp8qKernel::BlockT;
    else if (consume(name, "128x1t_"))
      kernel.kind = Fp8qKernel::ColumnWiseT;
    else
      return false;
    if (consume(name, "f32_"))
      kernel.source = 'f';
    else if (consume(name, "bf16_"))
      kernel.source = 'b';
    else if (consume(name, "f16_"))
      kernel.source = 'h';
    else
      return false;
  } else {
    return false;
  }
  if (consume(name, "fp32"))
    kernel.pow2 = false;
  else if (consume(name, "pow2"))
    kernel.pow2 = true;
  else
    return false;
  if (kernel.kind != Fp8qKernel::TileTranspose && consume(name, "_mn"))
    kernel.mnMajor = true;
  if (consume(name, "_eps")) {
    if (name.size() != 8)
      return false;
    kernel.eps = bitsToFloat(
        static_cast<uint32_t>(std::strtoul(name.c_str(), nullptr, 16)));
    name.clear();
  }
  return name.empty();
}

/// IEEE binary16 to f32 (exact).
float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  int exponent = (bits >> 10) & 0x1F, mantissa = bits & 0x3FF;
  if (exponent == 0x1F)
    return bitsToFloat(sign | 0x7F800000u | (mantissa << 13));
  float magnitude =
      exponent == 0
          ? std::ldexp(static_cast<float>(mantissa), -24)
          : std::ldexp(static_cast<float>(1024 + mantissa), exponent - 25);
  return sign ? -magnitude : magnitude;
}

/// Element `index` of a source array of `kernel`'s element type, in f32.
float loadSource(const void *base, int64_t index, char source) {
  switch (source) {
  case 'f':
    return static_cast<const float *>(base)[index];
  case 'b':
    return bitsToFloat(
        static_cast<uint32_t>(static_cast<const uint16_t *>(base)[index])
        << 16);
  case 'h':
    return halfToFloat(static_cast<const uint16_t *>(base)[index]);
  default:
    return decodeE4M3(static_cast<const uint8_t *>(base)[index]);
  }
}

/// Logs and returns CUDA_ERROR_ILLEGAL_ADDRESS unless every (pointer, bytes)
/// of `pointers` is device memory.
CUresult checkDevicePointers(
    const std::string &name,
    const std::vector<std::pair<const void *, int64_t>> &pointers) {
  for (auto [p, bytes] : pointers) {
    if (!isDevicePointer(p, static_cast<size_t>(bytes))) {
      char text[160];
      std::snprintf(text, sizeof(text), "%p (%lld bytes) is not device memory",
                    p, static_cast<long long>(bytes));
      logf("mock-cuda: illegal address in %s\n", name + ": " + text);
      return CUDA_ERROR_ILLEGAL_ADDRESS;
    }
  }
  return CUDA_SUCCESS;
}

/// f32 to bf16 bits, RN-even (NaN kept quiet).
uint16_t floatToBf16(float f) {
  uint32_t bits = floatToBits(f);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7FFFu + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

/// `x` with its significand truncated (toward zero) to `bits` bits.
float truncateBits(float x, int bits) {
  uint32_t mask = ~((1u << (24 - bits)) - 1u);
  return std::isfinite(x) ? bitsToFloat(floatToBits(x) & mask) : x;
}

/// Runs `fp8q_scaled_matmul_1x128_<128x128|1x128>_<bf16|f32>[_acc][_amn]
/// [_tma][_grouped_<contiguous|masked>][_g<G>][_pi<P>][_m<BM>n<BN>s<S>c<C>]`
/// (arguments a, a_map, sa, b, b_map, sb, [groups], [c], out, [out_map], M,
/// N, K, [G, [C]]; `_tma`: out_map, a u8 map over out's [M, 2N] bytes with
/// 64 x 128-byte boxes, checked as this mock encodes it) with
/// python/fp8q/reference.py's scaled_matmul numerics: per G-K group the exact
/// sum of the code products rounded once to f32, times
/// f32(sa * sb), accumulated in f32 with separate roundings; then + C and
/// the output rounding. A grouped kernel computes the rows of group g
/// (contiguous: [offsets[g], offsets[g+1]); masked: [g C, g C + counts[g]))
/// against b[g] and leaves the other rows of `out` alone.
/// CUDA_ERROR_NOT_FOUND if `name` is not such a kernel.
CUresult runScaledMatmul(const std::string &name, void **params) {
  std::string rest = name;
  if (!consume(rest, "fp8q_scaled_matmul_1x128_"))
    return CUDA_ERROR_NOT_FOUND;
  bool rowScales;
  if (consume(rest, "128x128_"))
    rowScales = false;
  else if (consume(rest, "1x128_"))
    rowScales = true;
  else
    return CUDA_ERROR_NOT_FOUND;
  bool bf16Out;
  if (consume(rest, "bf16"))
    bf16Out = true;
  else if (consume(rest, "f32"))
    bf16Out = false;
  else
    return CUDA_ERROR_NOT_FOUND;
  bool accumulate = consume(rest, "_acc");
  // `_amn`: A's scales are [K/G, M] (mn_major).
  bool aMnMajor = consume(rest, "_amn");
  // `_tma`: the TMA-store epilogue, an `out_map` argument after `out`.
  bool tmaStore = consume(rest, "_tma");
  // `_grouped_contiguous` / `_grouped_masked`: G weights, a `groups` array.
  bool contiguous = consume(rest, "_grouped_contiguous");
  bool masked = !contiguous && consume(rest, "_grouped_masked");
  bool grouped = contiguous || masked;
  // `_g<G>`: scale groups of G K elements (default 128); the rest of the
  // name (promotion interval and rounding `_muladd`, tiling) does not change
  // the numerics the mock computes: the reference's, exact partial sums
  // (the device's tensor-core partials and fused promotion differ within
  // check_gemm's tolerance).
  int64_t group = kGroup;
  if (consume(rest, "_g")) {
    group = std::atoll(rest.c_str());
    if (group <= 0 || group % kGroup != 0)
      return CUDA_ERROR_NOT_FOUND;
  }
  int cIndex = grouped ? 7 : 6;
  int outIndex = accumulate ? cIndex + 1 : cIndex;
  int sizeIndex = tmaStore ? outIndex + 2 : outIndex + 1;
  auto m = param<int64_t>(params, sizeIndex);
  auto n = param<int64_t>(params, sizeIndex + 1);
  auto k = param<int64_t>(params, sizeIndex + 2);
  int64_t numGroups = grouped ? param<int64_t>(params, sizeIndex + 3) : 1;
  int64_t capacity = masked ? param<int64_t>(params, sizeIndex + 4) : 0;
  if (masked && m > 0 && capacity <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  int64_t groups = k / group;
  int64_t outBytes = bf16Out ? 2 : 4;
  const char *bits = std::getenv("FP8Q_MOCK_CUDA_GEMM_PARTIAL_BITS");
  int partialBits = bits ? std::atoi(bits) : 24;
  if (partialBits < 1 || partialBits > 24)
    return CUDA_ERROR_INVALID_VALUE;
  auto *a = param<const uint8_t *>(params, 0);
  auto *sa = param<const float *>(params, 2);
  auto *b = param<const uint8_t *>(params, 3);
  auto *sb = param<const float *>(params, 5);
  const auto *groupIndex =
      grouped ? param<const int32_t *>(params, 6) : nullptr;
  const void *c = accumulate ? param<const void *>(params, cIndex) : nullptr;
  void *out = param<void *>(params, outIndex);
  int64_t sbRows = rowScales ? n : (n + group - 1) / group;
  std::vector<std::pair<const void *, int64_t>> pointers = {
      {a, m * k},
      {sa, m * groups * 4},
      {b, numGroups * n * k},
      {sb, numGroups * sbRows * groups * 4},
      {out, m * n * outBytes}};
  if (grouped)
    pointers.push_back({groupIndex, (contiguous ? numGroups + 1 : numGroups) * 4});
  if (accumulate)
    pointers.push_back({c, m * n * outBytes});
  if (CUresult result = checkDevicePointers(name, pointers))
    return result;
  // The tensor maps: passed by value (the 128 bytes are the parameter, a
  // __grid_constant__), encoded on A and B themselves. A map passed as a
  // pointer (to a device copy) names no operand here and fails.
  std::vector<std::pair<int, const void *>> maps = {{1, a}, {4, b}};
  if (tmaStore)
    maps.push_back({outIndex + 1, out});
  for (auto [mapIndex, operand] : maps) {
    const void *address;
    std::memcpy(&address, params[mapIndex], sizeof(address));
    if (address != operand) {
      char text[200];
      std::snprintf(text, sizeof(text),
                    "the tensor map (argument %d, by value) is encoded on %p, "
                    "not on the operand %p",
                    mapIndex, address, operand);
      logf("mock-cuda: illegal address in %s\n", name + ": " + text);
      return CUDA_ERROR_ILLEGAL_ADDRESS;
    }
  }
  if (tmaStore) {
    // The out_map as the kernel reads it: u8 (type 0), [M, 2N] bytes, rows
    // 2N bytes apart, boxes of 64 rows x 128 bytes, the 128-byte swizzle (3).
    std::string expected = "type 0 dims " + std::to_string(2 * n) + " " +
                           std::to_string(m) + " strides " +
                           std::to_string(2 * n) +
                           " box 128/1 64/1 interleave 0 swizzle 3 ";
    const char *text = static_cast<const char *>(params[outIndex + 1]) + 8;
    if (!bf16Out || std::strncmp(text, expected.c_str(), expected.size())) {
      logf("mock-cuda: invalid out_map in %s\n",
           name + ": '" + text + "', expected '" + expected + "...'");
      return CUDA_ERROR_INVALID_VALUE;
    }
  }

  // The group of row i (-1: in none).
  auto groupOf = [&](int64_t i) -> int64_t {
    if (!grouped)
      return 0;
    if (masked) {
      int64_t g = i / capacity;
      return g < numGroups && i % capacity < groupIndex[g] ? g : -1;
    }
    for (int64_t g = 0; g < numGroups; ++g)
      if (groupIndex[g] <= i && i < groupIndex[g + 1])
        return g;
    return -1;
  };
  for (int64_t i = 0; i < m; ++i) {
    int64_t rowGroup = groupOf(i);
    if (rowGroup < 0)
      continue;
    const uint8_t *bg = b + rowGroup * n * k;
    const float *sbg = sb + rowGroup * sbRows * groups;
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int64_t g = 0; g < groups; ++g) {
        // Every product is a multiple of 2^-18 below 2^18 in magnitude: the
        // double sum of a group is exact.
        double exact = 0.0;
        for (int64_t kk = g * group; kk < (g + 1) * group; ++kk)
          exact += static_cast<double>(decodeE4M3(a[i * k + kk])) *
                   decodeE4M3(bg[j * k + kk]);
        float partial = truncateBits(static_cast<float>(exact), partialBits);
        float scale = sa[aMnMajor ? g * m + i : i * groups + g] *
                      sbg[(rowScales ? j : j / group) * groups + g];
        float term = partial * scale;
        acc = acc + term;
      }
      int64_t index = i * n + j;
      if (accumulate) {
        float addend =
            bf16Out ? bitsToFloat(static_cast<uint32_t>(
                                      static_cast<const uint16_t *>(c)[index])
                                  << 16)
                    : static_cast<const float *>(c)[index];
        acc = addend + acc;
      }
      if (bf16Out)
        static_cast<uint16_t *>(out)[index] = floatToBf16(acc);
      else
        static_cast<float *>(out)[index] = acc;
    }
  }
  return CUDA_SUCCESS;
}

/// Runs `fp8q_block_transpose_128x128` (arguments q, scale, q_t, scale_t, M,
/// K): the exact permutation q_t[k, m] = q[m, k], scale_t[j, i] = scale[i, j]
/// of the 128x128 block grid.
CUresult runBlockTranspose(const std::string &name, void **params) {
  auto rows = param<int64_t>(params, 4);
  auto cols = param<int64_t>(params, 5);
  int64_t rowTiles = (rows + kGroup - 1) / kGroup;
  int64_t colTiles = (cols + kGroup - 1) / kGroup;
  auto *q = param<const uint8_t *>(params, 0);
  auto *s = param<const float *>(params, 1);
  auto *qT = param<uint8_t *>(params, 2);
  auto *sT = param<float *>(params, 3);
  int64_t scaleBytes = rowTiles * colTiles * 4;
  if (CUresult result = checkDevicePointers(
          name, {{q, rows * cols}, {s, scaleBytes}, {qT, rows * cols},
                 {sT, scaleBytes}}))
    return result;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      qT[c * rows + r] = q[r * cols + c];
  for (int64_t i = 0; i < rowTiles; ++i)
    for (int64_t j = 0; j < colTiles; ++j)
      sT[j * rowTiles + i] = s[i * colTiles + j];
  return CUDA_SUCCESS;
}

/// Runs an fp8q kernel; CUDA_ERROR_NOT_FOUND if `name` is not one, and
/// CUDA_ERROR_ILLEGAL_ADDRESS if a pointer is not device memory of the size
/// the kernel accesses.
CUresult runFp8qKernel(const std::string &name, void **params) {
  if (name.rfind("fp8q_scaled_matmul_", 0) == 0)
    return runScaledMatmul(name, params);
  if (name == "fp8q_block_transpose_128x128")
    return runBlockTranspose(name, params);
  Fp8qKernel kernel;
  if (!parseFp8qKernel(name, kernel))
    return CUDA_ERROR_NOT_FOUND;
  bool fused = kernel.kind == Fp8qKernel::Fused;
  bool transpose = kernel.kind == Fp8qKernel::TileTranspose;
  int sizeIndex = fused ? 5 : (transpose ? 4 : 3);
  auto rows = param<int64_t>(params, sizeIndex);
  auto cols = param<int64_t>(params, sizeIndex + 1);
  int64_t rowTiles = (rows + kGroup - 1) / kGroup;
  int64_t colTiles = (cols + kGroup - 1) / kGroup;
  int64_t sourceBytes = kernel.source == 'f' ? 4 : kernel.source == 'e' ? 1 : 2;

  // The pointers and the bytes each covers, in parameter order.
  std::vector<std::pair<void *, int64_t>> pointers;
  auto pointer = [&](int index, int64_t bytes) {
    void *p = param<void *>(params, index);
    pointers.push_back({p, bytes});
    return p;
  };
  const void *src = pointer(0, rows * cols * sourceBytes);
  auto scalesOf = [&](Fp8qKernel::Kind kind) -> int64_t {
    switch (kind) {
    case Fp8qKernel::RowWise:
      return rows * colTiles;
    case Fp8qKernel::Block:
    case Fp8qKernel::BlockT:
      return rowTiles * colTiles;
    default:
      return cols * rowTiles;
    }
  };
  std::vector<void *> outputs;
  if (transpose) {
    pointer(1, rows * colTiles * 4);
    outputs = {pointer(2, rows * cols), pointer(3, cols * rowTiles * 4)};
  } else if (fused) {
    outputs = {pointer(1, rows * cols),
               pointer(2, scalesOf(Fp8qKernel::RowWise) * 4),
               pointer(3, rows * cols),
               pointer(4, scalesOf(Fp8qKernel::ColumnWiseT) * 4)};
  } else {
    outputs = {pointer(1, rows * cols), pointer(2, scalesOf(kernel.kind) * 4)};
  }
  std::vector<std::pair<const void *, int64_t>> checked(pointers.begin(),
                                                        pointers.end());
  if (CUresult result = checkDevicePointers(name, checked))
    return result;

  auto value = [&](int64_t r, int64_t c) {
    return loadSource(src, r * cols + c, kernel.source);
  };
  auto *q = static_cast<uint8_t *>(outputs[0]);
  auto *s = static_cast<float *>(outputs[1]);
  switch (kernel.kind) {
  case Fp8qKernel::RowWise:
    quantizeHost(value, rows, cols, 1, kGroup, false, kernel.pow2, q, s,
                 kernel.eps);
    break;
  case Fp8qKernel::Block:
    quantizeHost(value, rows, cols, kGroup, kGroup, false, kernel.pow2, q, s,
                 kernel.eps);
    break;
  case Fp8qKernel::BlockT:
    quantizeHost(value, rows, cols, kGroup, kGroup, true, kernel.pow2, q, s,
                 kernel.eps);
    break;
  case Fp8qKernel::ColumnWiseT:
    quantizeHost(value, rows, cols, kGroup, 1, true, kernel.pow2, q, s,
                 kernel.eps);
    break;
  case Fp8qKernel::Fused:
    quantizeHost(value, rows, cols, 1, kGroup, false, kernel.pow2, q, s,
                 kernel.eps);
    quantizeHost(value, rows, cols, kGroup, 1, true, kernel.pow2,
                 static_cast<uint8_t *>(outputs[2]),
                 static_cast<float *>(outputs[3]), kernel.eps);
    break;
  case Fp8qKernel::TileTranspose: {
    // The transposed array [K, M] at (k, m) is x'[m, k] = f32(q) * s.
    const auto *scales = param<const float *>(params, 1);
    auto dequantized = [&](int64_t k, int64_t m) {
      return value(m, k) * scales[m * colTiles + k / kGroup];
    };
    quantizeHost(dequantized, cols, rows, 1, kGroup, false, kernel.pow2, q, s,
                 kernel.eps);
    break;
  }
  }
  // mn_major: each scale array is the transpose of the [gridRows, gridCols]
  // tile grid computed above.
  if (kernel.mnMajor) {
    auto transposeGrid = [](float *grid, int64_t gridRows, int64_t gridCols) {
      std::vector<float> copy(grid, grid + gridRows * gridCols);
      for (int64_t r = 0; r < gridRows; ++r)
        for (int64_t c = 0; c < gridCols; ++c)
          grid[c * gridRows + r] = copy[r * gridCols + c];
    };
    if (kernel.kind == Fp8qKernel::RowWise || kernel.kind == Fp8qKernel::Fused)
      transposeGrid(s, rows, colTiles);
    if (kernel.kind == Fp8qKernel::Block)
      transposeGrid(s, rowTiles, colTiles);
    if (kernel.kind == Fp8qKernel::BlockT)
      transposeGrid(s, colTiles, rowTiles);
    if (kernel.kind == Fp8qKernel::ColumnWiseT)
      transposeGrid(s, cols, rowTiles);
    if (kernel.kind == Fp8qKernel::Fused)
      transposeGrid(static_cast<float *>(outputs[3]), cols, rowTiles);
  }
  // NOTE: the kernels take max(amax, eps) with max.NaN.f32, which returns
  // the canonical NaN 0x7FFFFFFF, so a NaN scale has these bits on the GPU
  // (checked on an H200); the host arithmetic above keeps other payloads.
  for (size_t output = 1; output < outputs.size(); output += 2) {
    auto *scales = static_cast<uint32_t *>(outputs[output]);
    int64_t count = pointers[output + (transpose ? 2 : 1)].second / 4;
    for (int64_t i = 0; i < count; ++i)
      if ((scales[i] & 0x7FFFFFFFu) > 0x7F800000u)
        scales[i] = kCanonicalNaNBits;
  }
  return CUDA_SUCCESS;
}

std::string dims(unsigned x, unsigned y, unsigned z) {
  return std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
}

CUresult launch(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz, unsigned smem,
                void **params, void **extra, const std::string &cluster) {
  if (!f)
    return CUDA_ERROR_INVALID_HANDLE;
  if (tContextStack.empty() || !tContextStack.back())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!gx || !gy || !gz || !bx || !by || !bz || bx * by * bz > 1024 ||
      smem > static_cast<unsigned>(kMaxSharedOptIn) || (!params && !extra))
    return CUDA_ERROR_INVALID_VALUE;
  logf("mock-cuda: launch %s\n",
       f->name + " grid " + dims(gx, gy, gz) + " block " + dims(bx, by, bz) +
           cluster + " smem " + std::to_string(smem));
  if (params && f->name.rfind("fp8q_", 0) == 0) {
    CUresult result = runFp8qKernel(f->name, params);
    return result == CUDA_ERROR_NOT_FOUND ? CUDA_ERROR_LAUNCH_FAILED : result;
  }
  if (params && !runHostKernelMaybeCorrupt(f->name, params) &&
      f->name.rfind("selftest_", 0) == 0)
    return CUDA_ERROR_LAUNCH_FAILED;
  return CUDA_SUCCESS;
}

/// Architecture number (90 for sm_90a) after `marker` in `text`, or -1.
int findArch(const std::string &text, const char *marker) {
  size_t at = text.find(marker);
  if (at == std::string::npos)
    return -1;
  return std::atoi(text.c_str() + at + std::strlen(marker));
}

CUresult loadImage(CUmodule *module, const void *image, std::string *log) {
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  if (tContextStack.empty() || !tContextStack.back())
    return CUDA_ERROR_INVALID_CONTEXT;
  MockState &s = state();
  int deviceSm = s.ccMajor * 10 + s.ccMinor;
  const char *data = static_cast<const char *>(image);
  std::string kind;
  if (std::memcmp(data, "FP8QMOCK", 8) == 0) {
    kind = "mock image";
  } else if (std::memcmp(data, "\x7f" "ELF", 4) == 0) {
    uint32_t flags;
    std::memcpy(&flags, data + 48, sizeof(flags));
    int sm = static_cast<unsigned char>(data[8]) >= 8 ? (flags >> 8) & 0xff
                                                      : flags & 0xff;
    if (sm != deviceSm)
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    kind = "cubin sm_" + std::to_string(sm);
  } else {
    std::string text(data, strnlen(data, 1 << 20));
    int target = findArch(text, ".target sm_");
    if (target < 0)
      return CUDA_ERROR_INVALID_IMAGE;
    if (target > deviceSm) {
      *log = "ptxas fatal   : SM version specified by .target is higher than "
             "default SM version assumed";
      return CUDA_ERROR_INVALID_PTX;
    }
    kind = "PTX sm_" + std::to_string(target);
  }
  logf("mock-cuda: module load %s\n", kind);
  *module = new MockModule{kind};
  return CUDA_SUCCESS;
}

CUresult copyBytes(void *dst, const void *src, size_t bytes) {
  if (bytes && (!dst || !src))
    return CUDA_ERROR_INVALID_VALUE;
  std::memmove(dst, src, bytes);
  return CUDA_SUCCESS;
}

CUresult requireContext() {
  if (gDriverShutDown)
    return CUDA_ERROR_DEINITIALIZED;
  if (!state().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (tContextStack.empty() || !tContextStack.back())
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

struct KnownError {
  CUresult code;
  const char *name;
  const char *text;
};
constexpr KnownError kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for execution on the device"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED",
     "operation not supported"},
};

} // namespace

//===----------------------------------------------------------------------===//
// Initialization, devices, contexts
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuInit(unsigned flags) {
  MockState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (const char *v = std::getenv("FP8Q_MOCK_CUDA_DEVICES"))
    s.devices = std::atoi(v);
  if (const char *v = std::getenv("FP8Q_MOCK_CUDA_CC")) {
    int cc = std::atoi(v);
    s.ccMajor = cc / 10;
    s.ccMinor = cc % 10;
  }
  if (const char *v = std::getenv("FP8Q_MOCK_CUDA_MEMORY"))
    s.memory = std::strtoull(v, nullptr, 10);
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (s.devices <= 0)
    return CUDA_ERROR_NO_DEVICE;
  if (!s.initialized)
    std::atexit(shutDownDriver);
  s.initialized = true;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDriverGetVersion(int *version) {
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = kDriverVersion;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuGetErrorName(CUresult error, const char **name) {
  for (const KnownError &known : kErrors)
    if (known.code == error) {
      *name = known.name;
      return CUDA_SUCCESS;
    }
  *name = nullptr;
  return CUDA_ERROR_INVALID_VALUE;
}

MOCK_EXPORT CUresult cuGetErrorString(CUresult error, const char **text) {
  for (const KnownError &known : kErrors)
    if (known.code == error) {
      *text = known.text;
      return CUDA_SUCCESS;
    }
  *text = nullptr;
  return CUDA_ERROR_INVALID_VALUE;
}

MOCK_EXPORT CUresult cuDeviceGetCount(int *count) {
  if (!state().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  *count = state().devices;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (!state().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (ordinal < 0 || ordinal >= state().devices)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::snprintf(name, length, "Mock GPU sm_%d%d", state().ccMajor,
                state().ccMinor);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDeviceGetAttribute(int *value, int attribute,
                                          CUdevice) {
  MockState &s = state();
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = s.ccMajor;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = s.ccMinor;
    break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = kMultiprocessors;
    break;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    *value = kL2Bytes;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = kMaxSharedOptIn;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice) {
  *bytes = state().memory;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *context,
                                              CUdevice device) {
  if (!state().initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (device < 0 || device >= state().devices)
    return CUDA_ERROR_INVALID_DEVICE;
  *context = &state().primary;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuDevicePrimaryCtxRelease_v2(CUdevice) {
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxGetCurrent(CUcontext *context) {
  if (gDriverShutDown)
    return CUDA_ERROR_DEINITIALIZED;
  *context = tContextStack.empty() ? nullptr : tContextStack.back();
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxSetCurrent(CUcontext context) {
  if (tContextStack.empty())
    tContextStack.push_back(context);
  else
    tContextStack.back() = context;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxPushCurrent_v2(CUcontext context) {
  if (gDriverShutDown)
    return CUDA_ERROR_DEINITIALIZED;
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  tContextStack.push_back(context);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxPopCurrent_v2(CUcontext *context) {
  if (tContextStack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (context)
    *context = tContextStack.back();
  tContextStack.pop_back();
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxGetDevice(CUdevice *device) {
  if (CUresult r = requireContext())
    return r;
  *device = tContextStack.back()->device;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuCtxSynchronize() { return requireContext(); }

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  std::string log;
  return loadImage(module, image, &log);
}

MOCK_EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                        unsigned numOptions, int *options,
                                        void **values) {
  std::string log;
  CUresult result = loadImage(module, image, &log);
  char *buffer = nullptr;
  size_t size = 0;
  for (unsigned i = 0; i < numOptions; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      buffer = static_cast<char *>(values[i]);
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      size = reinterpret_cast<size_t>(values[i]);
  }
  if (buffer && size)
    std::snprintf(buffer, size, "%s", log.c_str());
  return result;
}

MOCK_EXPORT CUresult cuModuleUnload(CUmodule module) {
  if (gDriverShutDown)
    return CUDA_ERROR_DEINITIALIZED;
  if (!module)
    return CUDA_ERROR_INVALID_HANDLE;
  delete module;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                                         const char *name) {
  if (!module)
    return CUDA_ERROR_INVALID_HANDLE;
  if (std::strncmp(name, "missing", 7) == 0)
    return CUDA_ERROR_NOT_FOUND;
  *function = new MockFunction{name};
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuFuncSetAttribute(CUfunction function, int, int) {
  return function ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

MOCK_EXPORT CUresult cuFuncGetAttribute(int *value, int, CUfunction function) {
  *value = 0;
  return function ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

MOCK_EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy,
                                    unsigned gz, unsigned bx, unsigned by,
                                    unsigned bz, unsigned smem, CUstream,
                                    void **params, void **extra) {
  return launch(f, gx, gy, gz, bx, by, bz, smem, params, extra, "");
}

MOCK_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
                                      CUfunction f, void **params,
                                      void **extra) {
  if (!config)
    return CUDA_ERROR_INVALID_VALUE;
  std::string cluster;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &attribute = config->attrs[i];
    if (attribute.id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      continue;
    const auto &dim = attribute.value.clusterDim;
    if (!dim.x || !dim.y || !dim.z || config->gridDimX % dim.x ||
        config->gridDimY % dim.y || config->gridDimZ % dim.z)
      return CUDA_ERROR_INVALID_VALUE;
    cluster = " cluster " + dims(dim.x, dim.y, dim.z);
  }
  return launch(f, config->gridDimX, config->gridDimY, config->gridDimZ,
                config->blockDimX, config->blockDimY, config->blockDimZ,
                config->sharedMemBytes, params, extra, cluster);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuStreamCreate(CUstream *stream, unsigned) {
  if (CUresult r = requireContext())
    return r;
  *stream = new MockStream{0};
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuStreamDestroy_v2(CUstream stream) {
  if (!stream)
    return CUDA_ERROR_INVALID_HANDLE;
  delete stream;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuStreamSynchronize(CUstream) { return requireContext(); }

MOCK_EXPORT CUresult cuStreamWaitEvent(CUstream, CUevent event, unsigned) {
  return event ? requireContext() : CUDA_ERROR_INVALID_HANDLE;
}

MOCK_EXPORT CUresult cuEventCreate(CUevent *event, unsigned) {
  if (CUresult r = requireContext())
    return r;
  *event = new MockEvent();
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuEventDestroy_v2(CUevent event) {
  if (!event)
    return CUDA_ERROR_INVALID_HANDLE;
  delete event;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuEventRecord(CUevent event, CUstream) {
  if (!event)
    return CUDA_ERROR_INVALID_HANDLE;
  std::chrono::duration<double, std::milli> elapsed =
      std::chrono::steady_clock::now() - state().start;
  event->milliseconds = elapsed.count();
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuEventSynchronize(CUevent event) {
  return event ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

MOCK_EXPORT CUresult cuEventElapsedTime_v2(float *ms, CUevent start,
                                           CUevent end) {
  if (!start || !end)
    return CUDA_ERROR_INVALID_HANDLE;
  *ms = static_cast<float>(end->milliseconds - start->milliseconds);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuEventElapsedTime(float *ms, CUevent start,
                                        CUevent end) {
  return cuEventElapsedTime_v2(ms, start, end);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  if (CUresult r = requireContext())
    return r;
  if (bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  MockState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (bytes > s.memory - s.used)
    return CUDA_ERROR_OUT_OF_MEMORY;
  size_t rounded = (bytes + kAllocationAlignment - 1) / kAllocationAlignment *
                   kAllocationAlignment;
  void *memory = std::aligned_alloc(kAllocationAlignment, rounded);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *ptr = reinterpret_cast<CUdeviceptr>(memory);
  s.allocations[*ptr] = bytes;
  s.used += bytes;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes,
                                       unsigned) {
  return cuMemAlloc_v2(ptr, bytes);
}

MOCK_EXPORT CUresult cuMemFree_v2(CUdeviceptr ptr) {
  if (gDriverShutDown)
    return CUDA_ERROR_DEINITIALIZED;
  MockState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.allocations.find(ptr);
  if (it == s.allocations.end())
    return CUDA_ERROR_INVALID_VALUE;
  s.used -= it->second;
  s.allocations.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemGetInfo_v2(size_t *freeBytes, size_t *totalBytes) {
  MockState &s = state();
  *freeBytes = s.memory - s.used;
  *totalBytes = s.memory;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuPointerGetAttribute(void *data, int attribute,
                                           CUdeviceptr ptr) {
  if (attribute != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    return CUDA_ERROR_NOT_SUPPORTED;
  *static_cast<unsigned *>(data) =
      isDevicePointer(reinterpret_cast<void *>(ptr), 1) ? CU_MEMORYTYPE_DEVICE
                                                         : CU_MEMORYTYPE_HOST;
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return copyBytes(reinterpret_cast<void *>(dst),
                   reinterpret_cast<void *>(src), bytes);
}

MOCK_EXPORT CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
                                   size_t bytes, CUstream) {
  return cuMemcpy(dst, src, bytes);
}

MOCK_EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                     size_t bytes) {
  if (!isDevicePointer(reinterpret_cast<void *>(dst), bytes))
    return CUDA_ERROR_INVALID_VALUE;
  return copyBytes(reinterpret_cast<void *>(dst), src, bytes);
}

MOCK_EXPORT CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src,
                                     size_t bytes) {
  if (!isDevicePointer(reinterpret_cast<void *>(src), bytes))
    return CUDA_ERROR_INVALID_VALUE;
  return copyBytes(dst, reinterpret_cast<void *>(src), bytes);
}

MOCK_EXPORT CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src,
                                     size_t bytes) {
  return cuMemcpy(dst, src, bytes);
}

MOCK_EXPORT CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src,
                                          size_t bytes, CUstream) {
  return cuMemcpy(dst, src, bytes);
}

MOCK_EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src,
                                          size_t bytes, CUstream) {
  return cuMemcpyHtoD_v2(dst, src, bytes);
}

MOCK_EXPORT CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src,
                                          size_t bytes, CUstream) {
  return cuMemcpyDtoH_v2(dst, src, bytes);
}

MOCK_EXPORT CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value,
                                   size_t count) {
  if (!isDevicePointer(reinterpret_cast<void *>(dst), count))
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(reinterpret_cast<void *>(dst), value, count);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value,
                                     size_t count, CUstream) {
  return cuMemsetD8_v2(dst, value, count);
}

MOCK_EXPORT CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value,
                                      size_t count, CUstream) {
  if (!isDevicePointer(reinterpret_cast<void *>(dst), count * 4))
    return CUDA_ERROR_INVALID_VALUE;
  auto *words = reinterpret_cast<uint32_t *>(dst);
  std::fill(words, words + count, value);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value,
                                      size_t count, CUstream) {
  if (!isDevicePointer(reinterpret_cast<void *>(dst), count * 2))
    return CUDA_ERROR_INVALID_VALUE;
  auto *halves = reinterpret_cast<uint16_t *>(dst);
  std::fill(halves, halves + count, value);
  return CUDA_SUCCESS;
}

MOCK_EXPORT CUresult cuMemHostRegister_v2(void *ptr, size_t bytes, unsigned) {
  return ptr && bytes ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

MOCK_EXPORT CUresult cuMemHostUnregister(void *ptr) {
  return ptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuTensorMapEncodeTiled(
    void *tensorMap, int dataType, unsigned rank, void *address,
    const uint64_t *dims, const uint64_t *strides, const unsigned *box,
    const unsigned *elementStrides, int interleave, int swizzle, int l2,
    int oob) {
  if (!tensorMap || rank < 1 || rank > 5)
    return CUDA_ERROR_INVALID_VALUE;
  // The mock's tensor map records its parameters in readable form.
  std::string text = "type " + std::to_string(dataType) + " dims";
  for (unsigned i = 0; i < rank; ++i)
    text += " " + std::to_string(dims[i]);
  text += " strides";
  for (unsigned i = 0; i + 1 < rank; ++i)
    text += " " + std::to_string(strides[i]);
  text += " box";
  for (unsigned i = 0; i < rank; ++i)
    text += " " + std::to_string(box[i]) + "/" +
            std::to_string(elementStrides[i]);
  text += " interleave " + std::to_string(interleave) + " swizzle " +
          std::to_string(swizzle) + " l2 " + std::to_string(l2) + " oob " +
          std::to_string(oob);
  logf("mock-cuda: tensor map %s\n", text);
  std::memset(tensorMap, 0, 128);
  std::memcpy(tensorMap, &address, sizeof(address));
  std::snprintf(static_cast<char *>(tensorMap) + 8, 120, "%s", text.c_str());
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// cuGetProcAddress (cuda-python resolves every function through it)
//===----------------------------------------------------------------------===//

MOCK_EXPORT CUresult cuGetProcAddress_v2(const char *symbol, void **function,
                                         int, uint64_t, int *status) {
  static const char *kVersioned[] = {
      "cuDeviceTotalMem",   "cuDevicePrimaryCtxRelease", "cuCtxPushCurrent",
      "cuCtxPopCurrent",    "cuStreamDestroy",           "cuEventDestroy",
      "cuMemAlloc",         "cuMemFree",                 "cuMemGetInfo",
      "cuMemcpyHtoD",       "cuMemcpyDtoH",              "cuMemcpyDtoD",
      "cuMemcpyDtoDAsync",
      "cuMemcpyHtoDAsync",  "cuMemcpyDtoHAsync",         "cuMemsetD8",
      "cuMemHostRegister",  "cuEventElapsedTime",        "cuGetProcAddress"};
  std::string name = symbol;
  for (const char *versioned : kVersioned)
    if (name == versioned) {
      name += "_v2";
      break;
    }
  // Resolve in this library, wherever it was loaded from.
  void *found = nullptr;
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&cuInit), &info) && info.dli_fname)
    if (void *self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD))
      found = dlsym(self, name.c_str());
  *function = found;
  if (status)
    *status = found ? CU_GET_PROC_ADDRESS_SUCCESS
                    : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return found ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}
