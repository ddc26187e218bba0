//===- NcclExchange.cpp - Expert-parallel exchange over NCCL --------------===//
//
// Part of the fp8q project.
//
// fp8q.ep_rank, fp8q.moe_dispatch and fp8q.moe_combine at run time
// (docs/ExpertParallel.md, docs/Runtime.md). NCCL moves the bytes: every
// exchange is ncclSend/ncclRecv pairs between device buffers inside one
// ncclGroupStart/ncclGroupEnd (NCCL's point-to-point API; a rank may send
// to itself, so ranks = 1 takes the same path). libnccl is opened with
// dlopen on first use, like the CUDA driver, so nothing links against it.
//
// One exchange, R ranks, this rank r, E_local = E / R:
//
//   dispatch  check ids, count rows per global expert
//             round 1: every rank sends its [status, T, K, k, count[E]] to
//                      every rank (all-gather): every rank then checks the
//                      ids, the extents and every expert's capacity alike,
//                      so a bad input stops all ranks, none waits forever
//             pack own rows by destination expert e = d * E_local + l,
//                      then (t, j): the dispatch order
//             round 2: rows, scales, sources to each destination rank d;
//                      from each source s its rows, in (l, t, j) order
//             lay out per local expert: sources s in order, zeros after
//
//   combine   check counts and sources, group the rows by destination rank
//             round 1: [status, T, k, N, rows per local expert] to each rank
//             round 2: the rows' sources and bf16 rows to each rank
//             check that every (t, j) of this rank came back exactly once,
//             from the expert experts[t, j] names
//             round 3: every rank's verdict to every rank, so all stop or
//                      none; then scatter the rows to result[t, j]
//
// The operands are host memory (the GPU pipeline's buffers in either memory
// model): the routing and packing run on the host, in exactly the
// reference's order; the packed rows are copied to device buffers, which
// NCCL sends, and the received rows copied back.
//
//===----------------------------------------------------------------------===//

#include "fp8q/Runtime/NcclExchange.h"

#include "CudaDriver.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace fp8q::runtime {
namespace {

//===----------------------------------------------------------------------===//
// The NCCL API (the subset of nccl.h 2.x the exchange uses)
//===----------------------------------------------------------------------===//

/// Environment variable naming the NCCL library to open.
constexpr const char *kNcclLibraryEnv = "FP8Q_NCCL_LIBRARY";
constexpr const char *kDefaultNcclLibrary = "libnccl.so.2";
/// The communicator: FP8Q_EP_RANKS processes, this one FP8Q_EP_RANK.
constexpr const char *kRanksEnv = "FP8Q_EP_RANKS";
constexpr const char *kRankEnv = "FP8Q_EP_RANK";
/// A file through which rank 0 hands ncclGetUniqueId's bytes to the others.
constexpr const char *kIdFileEnv = "FP8Q_NCCL_ID_FILE";
/// Seconds a rank waits for the id file (default kDefaultTimeoutSeconds).
constexpr const char *kTimeoutEnv = "FP8Q_EP_TIMEOUT";
constexpr long kDefaultTimeoutSeconds = 120;

using NcclResult = int; // ncclResult_t
constexpr NcclResult kNcclSuccess = 0;
using NcclComm = void *; // ncclComm_t
/// NOTE: nccl.h: typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; }
/// ncclUniqueId, NCCL_UNIQUE_ID_BYTES = 128, passed by value.
constexpr size_t kUniqueIdBytes = 128;
struct NcclUniqueId {
  char internal[kUniqueIdBytes];
};
/// ncclUint8 in nccl.h's ncclDataType_t: every message is counted in bytes.
constexpr int kNcclUint8 = 1;

struct NcclApi {
  NcclResult (*ncclGetVersion)(int *) = nullptr;
  NcclResult (*ncclGetUniqueId)(NcclUniqueId *) = nullptr;
  NcclResult (*ncclCommInitRank)(NcclComm *, int, NcclUniqueId, int) = nullptr;
  NcclResult (*ncclGroupStart)() = nullptr;
  NcclResult (*ncclGroupEnd)() = nullptr;
  NcclResult (*ncclSend)(const void *, size_t, int, int, NcclComm,
                         CUstream) = nullptr;
  NcclResult (*ncclRecv)(void *, size_t, int, int, NcclComm,
                         CUstream) = nullptr;
  const char *(*ncclGetErrorString)(NcclResult) = nullptr;
  /// Optional (NCCL 2.13 and newer): the last error's details.
  const char *(*ncclGetLastError)(NcclComm) = nullptr;
};

/// nccl.h's ncclResult_t names.
const char *ncclResultName(NcclResult result) {
  static const char *const names[] = {
      "ncclSuccess",       "ncclUnhandledCudaError", "ncclSystemError",
      "ncclInternalError", "ncclInvalidArgument",    "ncclInvalidUsage",
      "ncclRemoteError",   "ncclInProgress"};
  if (result >= 0 && result < static_cast<int>(std::size(names)))
    return names[result];
  return "ncclResult";
}

/// Opens the NCCL library on first use; a missing library or function is a
/// fatal error naming `what` (the op that needed it).
const NcclApi &nccl(const std::string &what) {
  static NcclApi api;
  static bool loaded = false;
  if (loaded)
    return api;
  const char *env = std::getenv(kNcclLibraryEnv);
  std::string path = env && *env ? env : kDefaultNcclLibrary;
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    fatal(what + ": no NCCL library found: cannot load " + path + " (" +
          (error ? error : "unknown error") + "); install NCCL 2, or set " +
          kNcclLibraryEnv +
          " to the library (e.g. the nvidia-nccl wheel's libnccl.so.2)");
  }
  auto resolve = [&](auto &fn, const char *name, bool required) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        dlsym(handle, name));
    if (!fn && required)
      fatal(what + ": " + path + " has no " + name +
            "; NCCL 2.7 or newer is needed (point-to-point send/recv)");
  };
  resolve(api.ncclGetVersion, "ncclGetVersion", true);
  resolve(api.ncclGetUniqueId, "ncclGetUniqueId", true);
  resolve(api.ncclCommInitRank, "ncclCommInitRank", true);
  resolve(api.ncclGroupStart, "ncclGroupStart", true);
  resolve(api.ncclGroupEnd, "ncclGroupEnd", true);
  resolve(api.ncclSend, "ncclSend", true);
  resolve(api.ncclRecv, "ncclRecv", true);
  resolve(api.ncclGetErrorString, "ncclGetErrorString", true);
  resolve(api.ncclGetLastError, "ncclGetLastError", false);
  int version = 0;
  api.ncclGetVersion(&version);
  trace("NCCL " + path + " version " + std::to_string(version));
  loaded = true;
  return api;
}

/// Ends the process for a failed NCCL call:
/// "<what>: <call> failed: <name>: <string> (<last error>); <doing>".
[[noreturn]] void fatalNccl(const std::string &what, const char *call,
                            NcclResult result, NcclComm comm,
                            const std::string &doing) {
  const NcclApi &api = nccl(what);
  std::string message = what + ": " + call +
                        " failed: " + ncclResultName(result) + ": " +
                        api.ncclGetErrorString(result);
  const char *last =
      api.ncclGetLastError ? api.ncclGetLastError(comm) : nullptr;
  if (last && *last)
    message += std::string(" (") + last + ")";
  fatal(message + "; " + doing);
}

//===----------------------------------------------------------------------===//
// The communicator
//===----------------------------------------------------------------------===//

/// A non-negative integer from the environment, or `fallback` if unset.
long envInteger(const std::string &what, const char *name, long fallback) {
  const char *text = std::getenv(name);
  if (!text || !*text)
    return fallback;
  char *end = nullptr;
  errno = 0;
  long value = std::strtol(text, &end, 10);
  if (errno || *end || value < 0)
    fatal(what + ": " + name + "='" + text + "' is not a non-negative integer");
  return value;
}

/// The rank and size from the environment (absent: rank 0 of 1), checked
/// against the op's `ranks`.
struct EpEnvironment {
  int ranks = 1;
  int rank = 0;
};

EpEnvironment readEnvironment(const std::string &what, int64_t opRanks) {
  EpEnvironment env;
  env.ranks = static_cast<int>(envInteger(what, kRanksEnv, 1));
  env.rank = static_cast<int>(envInteger(what, kRankEnv, 0));
  if (env.ranks < 1)
    fatal(what + ": " + kRanksEnv + " must be at least 1");
  if (env.rank >= env.ranks)
    fatal(what + ": " + kRankEnv + " = " + std::to_string(env.rank) +
          " is not a rank of " + kRanksEnv + " = " + std::to_string(env.ranks) +
          " processes");
  if (opRanks != env.ranks)
    fatal(what +
          ": the op was compiled for ranks = " + std::to_string(opRanks) +
          " but this process is one of " + std::to_string(env.ranks) + " (" +
          kRanksEnv + (std::getenv(kRanksEnv) ? "" : " unset") + "); start " +
          std::to_string(opRanks) + " processes with " + kRanksEnv + "=" +
          std::to_string(opRanks) + " and " + kRankEnv + "=0.." +
          std::to_string(opRanks - 1));
  return env;
}

/// Rank 0 writes `id` to `path` (a file that must not exist yet: a stale
/// one from an earlier run would give the other ranks the wrong id), the
/// others wait for it.
void shareUniqueId(const std::string &what, const EpEnvironment &env,
                   NcclUniqueId &id) {
  const char *path = std::getenv(kIdFileEnv);
  if (!path || !*path)
    fatal(what + ": ranks = " + std::to_string(env.ranks) + " needs " +
          kIdFileEnv +
          ", a path (not existing yet) that every rank can read: rank 0 "
          "writes the NCCL unique id there");
  std::string file = path;
  if (env.rank == 0) {
    std::string temp = file + ".tmp." + std::to_string(getpid());
    int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 ||
        write(fd, id.internal, kUniqueIdBytes) !=
            static_cast<ssize_t>(kUniqueIdBytes) ||
        close(fd) != 0)
      fatal(what + ": cannot write " + temp + " (" + std::strerror(errno) +
            ")");
    // link() publishes the whole file at once and fails if it exists.
    if (link(temp.c_str(), file.c_str()) != 0) {
      int error = errno;
      unlink(temp.c_str());
      fatal(what + ": cannot create " + kIdFileEnv + " " + file + " (" +
            std::strerror(error) + ")" +
            (error == EEXIST ? "; it is left from an earlier run: remove it "
                               "or use a fresh path"
                             : ""));
    }
    unlink(temp.c_str());
    return;
  }
  long timeout = envInteger(what, kTimeoutEnv, kDefaultTimeoutSeconds);
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  while (true) {
    int fd = open(file.c_str(), O_RDONLY);
    if (fd >= 0) {
      ssize_t got = read(fd, id.internal, kUniqueIdBytes);
      close(fd);
      if (got == static_cast<ssize_t>(kUniqueIdBytes))
        return;
      fatal(what + ": " + file + " holds " + std::to_string(got) +
            " bytes, not an NCCL unique id (" + std::to_string(kUniqueIdBytes) +
            " bytes)");
    }
    if (std::chrono::steady_clock::now() > deadline)
      fatal(what + ": rank " + std::to_string(env.rank) + " waited " +
            std::to_string(timeout) + " s for rank 0 to write " + file + " (" +
            kIdFileEnv + "; " + kTimeoutEnv + " sets the wait)");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

/// The process's NCCL communicator and the stream of its exchanges, created
/// by the first dispatch or combine and kept until the process ends (NCCL
/// tears down its proxy threads at exit; destroying the communicator from a
/// global destructor could wait on peers that are gone).
struct Communicator {
  int ranks = 0;
  int rank = 0;
  NcclComm comm = nullptr;
  CUstream stream = nullptr;
};

Communicator &communicator(const std::string &what, int64_t opRanks) {
  static Communicator c;
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  EpEnvironment env = readEnvironment(what, opRanks);
  if (c.comm)
    return c;
  const NcclApi &api = nccl(what);
  NcclUniqueId id;
  std::memset(&id, 0, sizeof(id));
  if (env.rank == 0) {
    NcclResult result = api.ncclGetUniqueId(&id);
    if (result != kNcclSuccess)
      fatalNccl(what, "ncclGetUniqueId", result, nullptr,
                "creating the expert-parallel communicator");
  }
  if (env.ranks > 1)
    shareUniqueId(what, env, id);
  CUresult cu = FP8Q_CU_CALL(cuStreamCreate, &c.stream, 0);
  if (cu != CUDA_SUCCESS)
    fatalCuda(what.c_str(), "cuStreamCreate", cu);
  NcclResult result = api.ncclCommInitRank(&c.comm, env.ranks, id, env.rank);
  if (result != kNcclSuccess)
    fatalNccl(what, "ncclCommInitRank", result, nullptr,
              "joining the communicator as rank " + std::to_string(env.rank) +
                  " of " + std::to_string(env.ranks));
  c.ranks = env.ranks;
  c.rank = env.rank;
  trace("expert-parallel communicator: rank " + std::to_string(c.rank) +
        " of " + std::to_string(c.ranks));
  return c;
}

//===----------------------------------------------------------------------===//
// Device buffers and one exchange round
//===----------------------------------------------------------------------===//

/// A device buffer of the exchange (freed when the round is over).
class DeviceBuffer {
public:
  DeviceBuffer(const std::string &what, size_t bytes) : bytes(bytes) {
    if (bytes == 0)
      return;
    CUresult result = FP8Q_CU_CALL(cuMemAlloc, &ptr, bytes);
    if (result != CUDA_SUCCESS)
      fatalCuda(what.c_str(), "cuMemAlloc", result,
                "allocating " + formatBytes(bytes) +
                    " for the expert-parallel exchange");
  }
  ~DeviceBuffer() {
    if (ptr)
      FP8Q_CU_CALL(cuMemFree, ptr);
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  CUdeviceptr at(size_t offset) const { return ptr + offset; }
  size_t size() const { return bytes; }

private:
  CUdeviceptr ptr = 0;
  size_t bytes;
};

/// One ncclSend or ncclRecv of `bytes` at `buffer` with `peer`.
struct P2p {
  bool send;
  int peer;
  CUdeviceptr buffer;
  size_t bytes;
};

/// Runs one round on the communicator's stream: host `in` -> device
/// `sendBuffer`, the sends and receives in one group, device `recvBuffer`
/// -> host `out`; returns when the stream is done. Messages of 0 bytes are
/// skipped (both sides know every size, so they skip alike).
class Round {
public:
  Round(const std::string &what, Communicator &comm, std::string doing)
      : what(what), comm(comm), doing(std::move(doing)) {}

  void copyIn(CUdeviceptr device, const void *host, size_t bytes) {
    copy(device, reinterpret_cast<CUdeviceptr>(host), bytes);
  }
  void copyOut(void *host, CUdeviceptr device, size_t bytes) {
    copy(reinterpret_cast<CUdeviceptr>(host), device, bytes);
  }
  void send(int peer, CUdeviceptr buffer, size_t bytes) {
    ops.push_back({true, peer, buffer, bytes});
  }
  void recv(int peer, CUdeviceptr buffer, size_t bytes) {
    ops.push_back({false, peer, buffer, bytes});
  }
  /// The group of all sends and receives.
  void exchange() {
    const NcclApi &api = nccl(what);
    check("ncclGroupStart", api.ncclGroupStart());
    for (const P2p &op : ops) {
      if (op.bytes == 0)
        continue;
      void *buffer = reinterpret_cast<void *>(op.buffer);
      if (op.send)
        check("ncclSend", api.ncclSend(buffer, op.bytes, kNcclUint8, op.peer,
                                       comm.comm, comm.stream));
      else
        check("ncclRecv", api.ncclRecv(buffer, op.bytes, kNcclUint8, op.peer,
                                       comm.comm, comm.stream));
    }
    check("ncclGroupEnd", api.ncclGroupEnd());
    ops.clear();
  }
  void synchronize() {
    CUresult result = FP8Q_CU_CALL(cuStreamSynchronize, comm.stream);
    if (result != CUDA_SUCCESS)
      fatalCuda(what.c_str(), "cuStreamSynchronize", result, doing);
  }

private:
  void copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
    if (bytes == 0)
      return;
    CUresult result = FP8Q_CU_CALL(cuMemcpyAsync, dst, src, bytes, comm.stream);
    if (result != CUDA_SUCCESS)
      fatalCuda(what.c_str(), "cuMemcpyAsync", result, doing);
  }
  void check(const char *call, NcclResult result) {
    if (result != kNcclSuccess)
      fatalNccl(what, call, result, comm.comm, doing);
  }

  const std::string &what;
  Communicator &comm;
  std::string doing;
  std::vector<P2p> ops;
};

/// Every rank sends `mine` (the same `count` int64s) to every rank; returns
/// rank p's values at [p * count, (p + 1) * count).
std::vector<int64_t> allGather(const std::string &what, Communicator &comm,
                               const std::vector<int64_t> &mine,
                               const char *doing) {
  size_t bytes = mine.size() * sizeof(int64_t);
  std::vector<int64_t> all(mine.size() * comm.ranks);
  DeviceBuffer sendBuffer(what, bytes), recvBuffer(what, bytes * comm.ranks);
  Round round(what, comm, doing);
  round.copyIn(sendBuffer.at(0), mine.data(), bytes);
  for (int peer = 0; peer < comm.ranks; ++peer) {
    round.send(peer, sendBuffer.at(0), bytes);
    round.recv(peer, recvBuffer.at(peer * bytes), bytes);
  }
  round.exchange();
  round.copyOut(all.data(), recvBuffer.at(0), bytes * comm.ranks);
  round.synchronize();
  return all;
}

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

std::string opName(Fp8qMemRef<const char, 1> *what) {
  return std::string(what->aligned + what->offset,
                     static_cast<size_t>(what->sizes[0]));
}

/// The memref's elements, after checking that it is dense row-major (the
/// lowering passes identity-layout buffers).
template <typename T, int Rank>
T *dense(const std::string &what, const char *name, Fp8qMemRef<T, Rank> *m) {
  int64_t stride = 1;
  for (int dim = Rank - 1; dim >= 0; --dim) {
    if (m->sizes[dim] > 1 && m->strides[dim] != stride)
      fatal(what + ": " + name +
            " is not a dense row-major buffer (the "
            "lowering passes identity layouts)");
    stride *= m->sizes[dim];
  }
  return m->aligned + m->offset;
}

std::string shape(std::initializer_list<int64_t> sizes) {
  std::string text = "[";
  for (int64_t size : sizes)
    text += (text.size() > 1 ? ", " : "") + std::to_string(size);
  return text + "]";
}

/// The status codes of round 1 (0: this rank's input is valid).
enum Status : int64_t { kOk = 0, kBadInput = 1 };

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// Round 1's message: [status, T, K, k, count of global expert 0 .. E-1].
constexpr int kDispatchHeader = 4;

struct DispatchShapes {
  int64_t tokens, k, topk, scaleCols, localExperts, capacity;
};

void dispatch(const std::string &what, Communicator &comm, const uint8_t *codes,
              const float *scales, const int32_t *experts,
              const DispatchShapes &shp, int64_t numExperts, uint8_t *recvCodes,
              float *recvScales, int32_t *counts, int32_t *sources) {
  const int ranks = comm.ranks, rank = comm.rank;
  const int64_t slots = shp.tokens * shp.topk;
  const int64_t el = shp.localExperts, cap = shp.capacity;

  // Check the ids and count this rank's rows per global expert.
  std::vector<int64_t> mine(kDispatchHeader + numExperts, 0);
  int64_t badSlot = -1;
  for (int64_t i = 0; i < slots; ++i) {
    int32_t e = experts[i];
    if (e < 0 || e >= numExperts) {
      badSlot = badSlot < 0 ? i : badSlot;
      continue;
    }
    ++mine[kDispatchHeader + e];
  }
  mine[0] = badSlot < 0 ? kOk : kBadInput;
  mine[1] = shp.tokens;
  mine[2] = shp.k;
  mine[3] = shp.topk;

  // Round 1: every rank learns every rank's counts and status.
  std::vector<int64_t> all =
      allGather(what, comm, mine, "exchanging the dispatch's row counts");
  auto at = [&](int peer, int64_t index) {
    return all[peer * mine.size() + index];
  };
  if (badSlot >= 0)
    fatal(what + ": expert ids must be within [0, num_experts = " +
          std::to_string(numExperts) + ") (experts[" +
          std::to_string(badSlot / shp.topk) + ", " +
          std::to_string(badSlot % shp.topk) +
          "] = " + std::to_string(experts[badSlot]) + " on rank " +
          std::to_string(rank) + ")");
  for (int peer = 0; peer < ranks; ++peer) {
    if (at(peer, 0) != kOk)
      fatal(what + ": expert ids must be within [0, num_experts = " +
            std::to_string(numExperts) + ") (rank " + std::to_string(peer) +
            " has one outside)");
    if (at(peer, 1) != shp.tokens || at(peer, 2) != shp.k ||
        at(peer, 3) != shp.topk)
      fatal(what + ": every rank must pass the same T, K and k: rank " +
            std::to_string(peer) + " has T = " + std::to_string(at(peer, 1)) +
            ", K = " + std::to_string(at(peer, 2)) +
            ", k = " + std::to_string(at(peer, 3)) + ", rank " +
            std::to_string(rank) + " T = " + std::to_string(shp.tokens) +
            ", K = " + std::to_string(shp.k) +
            ", k = " + std::to_string(shp.topk));
  }
  // sources are i32: s * T * k + t * k + j must fit (the same on all ranks).
  if (static_cast<int64_t>(ranks) * slots > INT32_MAX)
    fatal(what + ": " + std::to_string(ranks) + " ranks x T = " +
          std::to_string(shp.tokens) + " x k = " + std::to_string(shp.topk) +
          " (token, slot)s do not fit the i32 sources");
  // Every rank checks every expert, so all stop together.
  for (int64_t e = 0; e < numExperts; ++e) {
    int64_t total = 0;
    for (int peer = 0; peer < ranks; ++peer)
      total += at(peer, kDispatchHeader + e);
    if (total > cap)
      fatal(what + ": more than capacity = " + std::to_string(cap) +
            " rows routed to one expert (" + std::to_string(total) +
            " to expert " + std::to_string(e) + " of rank " +
            std::to_string(e / el) + ")");
  }

  // Pack this rank's rows by global expert (= by destination rank, then
  // local expert), then (t, j).
  const int64_t k = shp.k, sk = shp.scaleCols;
  std::vector<int64_t> first(numExperts + 1, 0);
  for (int64_t e = 0; e < numExperts; ++e)
    first[e + 1] = first[e] + mine[kDispatchHeader + e];
  const int64_t sent = first[numExperts];
  std::vector<uint8_t> packedCodes(sent * k);
  std::vector<float> packedScales(sent * sk);
  std::vector<int32_t> packedSources(sent);
  std::vector<int64_t> cursor(first.begin(), first.end() - 1);
  for (int64_t i = 0; i < slots; ++i) {
    int64_t row = cursor[experts[i]]++, t = i / shp.topk;
    std::memcpy(&packedCodes[row * k], codes + t * k, k);
    std::memcpy(&packedScales[row * sk], scales + t * sk, sk * sizeof(float));
    packedSources[row] = static_cast<int32_t>(rank * slots + i);
  }

  // Round 2: to rank d the rows of its experts; from rank s the rows it
  // sends here, staged by source rank.
  std::vector<int64_t> recvFirst(ranks + 1, 0);
  for (int peer = 0; peer < ranks; ++peer) {
    int64_t rows = 0;
    for (int64_t l = 0; l < el; ++l)
      rows += at(peer, kDispatchHeader + rank * el + l);
    recvFirst[peer + 1] = recvFirst[peer] + rows;
  }
  const int64_t received = recvFirst[ranks];
  DeviceBuffer sendCodes(what, sent * k), sendScales(what, sent * sk * 4),
      sendSources(what, sent * 4);
  DeviceBuffer stageCodes(what, received * k),
      stageScales(what, received * sk * 4), stageSources(what, received * 4);
  std::vector<uint8_t> inCodes(received * k);
  std::vector<float> inScales(received * sk);
  std::vector<int32_t> inSources(received);
  Round round(what, comm, "exchanging the dispatched rows");
  round.copyIn(sendCodes.at(0), packedCodes.data(), sendCodes.size());
  round.copyIn(sendScales.at(0), packedScales.data(), sendScales.size());
  round.copyIn(sendSources.at(0), packedSources.data(), sendSources.size());
  for (int peer = 0; peer < ranks; ++peer) {
    int64_t from = first[peer * el], rows = first[(peer + 1) * el] - from;
    round.send(peer, sendCodes.at(from * k), rows * k);
    round.send(peer, sendScales.at(from * sk * 4), rows * sk * 4);
    round.send(peer, sendSources.at(from * 4), rows * 4);
    int64_t at0 = recvFirst[peer], in = recvFirst[peer + 1] - at0;
    round.recv(peer, stageCodes.at(at0 * k), in * k);
    round.recv(peer, stageScales.at(at0 * sk * 4), in * sk * 4);
    round.recv(peer, stageSources.at(at0 * 4), in * 4);
  }
  round.exchange();
  round.copyOut(inCodes.data(), stageCodes.at(0), stageCodes.size());
  round.copyOut(inScales.data(), stageScales.at(0), stageScales.size());
  round.copyOut(inSources.data(), stageSources.at(0), stageSources.size());
  round.synchronize();

  // Lay out per local expert: source ranks in order, zeros past counts.
  std::memset(recvCodes, 0, el * cap * k);
  std::memset(recvScales, 0, el * cap * sk * sizeof(float));
  std::fill(sources, sources + el * cap, -1);
  std::fill(counts, counts + el, 0);
  int64_t row = 0;
  for (int peer = 0; peer < ranks; ++peer)
    for (int64_t l = 0; l < el; ++l)
      for (int64_t n = at(peer, kDispatchHeader + rank * el + l); n > 0;
           --n, ++row) {
        int64_t c = counts[l]++;
        std::memcpy(recvCodes + (l * cap + c) * k, &inCodes[row * k], k);
        std::memcpy(recvScales + (l * cap + c) * sk, &inScales[row * sk],
                    sk * sizeof(float));
        sources[l * cap + c] = inSources[row];
      }
}

//===----------------------------------------------------------------------===//
// Combine
//===----------------------------------------------------------------------===//

/// Round 1's message to each rank: [status, T, k, N, rows of local expert
/// 0 .. E_local-1 going to that rank].
constexpr int kCombineHeader = 4;

struct CombineShapes {
  int64_t localExperts, capacity, n, tokens, topk;
};

/// RN-even f32 -> bf16 bits, every NaN to 0x7FFF (as cvt.rn.bf16.f32 and
/// reference.f32_to_bf16_bits).
uint16_t toBf16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return 0x7FFF;
  return static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
}

template <typename T>
void combine(const std::string &what, Communicator &comm, const T *expertOut,
             const int32_t *sources, const int32_t *counts,
             const int32_t *experts, const CombineShapes &shp,
             uint16_t *result) {
  const int ranks = comm.ranks, rank = comm.rank;
  const int64_t el = shp.localExperts, cap = shp.capacity, n = shp.n;
  const int64_t slots = shp.tokens * shp.topk;
  const int64_t header = kCombineHeader + el;

  // Check this rank's counts and sources; group the rows by the rank they
  // return to (in local expert, then slot order).
  std::string problem;
  std::vector<std::vector<int64_t>> rowsTo(ranks); // (l * C + c)
  std::vector<int64_t> msgs(header * ranks, 0);
  for (int64_t l = 0; l < el && problem.empty(); ++l) {
    if (counts[l] < 0 || counts[l] > cap) {
      problem = "counts must be within [0, capacity = " + std::to_string(cap) +
                "] (counts[" + std::to_string(l) +
                "] = " + std::to_string(counts[l]) + " on rank " +
                std::to_string(rank) + ")";
      break;
    }
    for (int64_t c = 0; c < counts[l]; ++c) {
      int64_t source = sources[l * cap + c];
      if (source < 0 || slots == 0 || source >= ranks * slots) {
        problem = "sources and counts must hold every (token, slot) exactly "
                  "once, in the expert that experts names (sources[" +
                  std::to_string(l) + ", " + std::to_string(c) +
                  "] = " + std::to_string(source) + " on rank " +
                  std::to_string(rank) + ")";
        break;
      }
      int dest = static_cast<int>(source / slots);
      rowsTo[dest].push_back(l * cap + c);
      ++msgs[dest * header + kCombineHeader + l];
    }
  }
  for (int peer = 0; peer < ranks; ++peer) {
    msgs[peer * header + 0] = problem.empty() ? kOk : kBadInput;
    msgs[peer * header + 1] = shp.tokens;
    msgs[peer * header + 2] = shp.topk;
    msgs[peer * header + 3] = n;
  }

  // Round 1: how many rows of each local expert every rank sends here.
  std::vector<int64_t> got(header * ranks);
  {
    size_t bytes = header * sizeof(int64_t);
    DeviceBuffer out(what, bytes * ranks), in(what, bytes * ranks);
    Round round(what, comm, "exchanging the combine's row counts");
    round.copyIn(out.at(0), msgs.data(), out.size());
    for (int peer = 0; peer < ranks; ++peer) {
      round.send(peer, out.at(peer * bytes), bytes);
      round.recv(peer, in.at(peer * bytes), bytes);
    }
    round.exchange();
    round.copyOut(got.data(), in.at(0), in.size());
    round.synchronize();
  }
  if (!problem.empty())
    fatal(what + ": " + problem);
  for (int peer = 0; peer < ranks; ++peer) {
    const int64_t *h = &got[peer * header];
    if (h[0] != kOk)
      fatal(what + ": rank " + std::to_string(peer) +
            " stopped: its counts or sources are invalid");
    if (h[1] != shp.tokens || h[2] != shp.topk || h[3] != n)
      fatal(what + ": every rank must pass the same T, k and N: rank " +
            std::to_string(peer) + " has T = " + std::to_string(h[1]) +
            ", k = " + std::to_string(h[2]) + ", N = " + std::to_string(h[3]) +
            ", rank " + std::to_string(rank) +
            " T = " + std::to_string(shp.tokens) +
            ", k = " + std::to_string(shp.topk) + ", N = " + std::to_string(n));
  }

  // Round 2: the rows (bf16) and their sources, per rank.
  std::vector<int64_t> sendFirst(ranks + 1, 0), recvFirst(ranks + 1, 0);
  for (int peer = 0; peer < ranks; ++peer) {
    sendFirst[peer + 1] = sendFirst[peer] + rowsTo[peer].size();
    int64_t rows = 0;
    for (int64_t l = 0; l < el; ++l)
      rows += got[peer * header + kCombineHeader + l];
    recvFirst[peer + 1] = recvFirst[peer] + rows;
  }
  const int64_t sent = sendFirst[ranks], received = recvFirst[ranks];
  std::vector<uint16_t> packedRows(sent * n);
  std::vector<int32_t> packedSources(sent);
  int64_t row = 0;
  for (int peer = 0; peer < ranks; ++peer)
    for (int64_t slot : rowsTo[peer]) {
      packedSources[row] = sources[slot];
      const T *from = expertOut + slot * n;
      for (int64_t i = 0; i < n; ++i) {
        if constexpr (sizeof(T) == 2)
          packedRows[row * n + i] = from[i];
        else
          packedRows[row * n + i] = toBf16(from[i]);
      }
      ++row;
    }
  std::vector<uint16_t> inRows(received * n);
  std::vector<int32_t> inSources(received);
  {
    DeviceBuffer sendRows(what, sent * n * 2), sendSources(what, sent * 4);
    DeviceBuffer recvRows(what, received * n * 2),
        recvSources(what, received * 4);
    Round round(what, comm, "exchanging the combined rows");
    round.copyIn(sendRows.at(0), packedRows.data(), sendRows.size());
    round.copyIn(sendSources.at(0), packedSources.data(), sendSources.size());
    for (int peer = 0; peer < ranks; ++peer) {
      int64_t from = sendFirst[peer], rows = sendFirst[peer + 1] - from;
      round.send(peer, sendRows.at(from * n * 2), rows * n * 2);
      round.send(peer, sendSources.at(from * 4), rows * 4);
      int64_t to = recvFirst[peer], in = recvFirst[peer + 1] - to;
      round.recv(peer, recvRows.at(to * n * 2), in * n * 2);
      round.recv(peer, recvSources.at(to * 4), in * 4);
    }
    round.exchange();
    round.copyOut(inRows.data(), recvRows.at(0), recvRows.size());
    round.copyOut(inSources.data(), recvSources.at(0), recvSources.size());
    round.synchronize();
  }

  // Every (t, j) of this rank exactly once, from the expert it names.
  std::vector<int64_t> slotRow(slots, -1);
  row = 0;
  for (int peer = 0; peer < ranks && problem.empty(); ++peer)
    for (int64_t l = 0; l < el && problem.empty(); ++l)
      for (int64_t i = got[peer * header + kCombineHeader + l]; i > 0;
           --i, ++row) {
        int64_t slot = inSources[row] - static_cast<int64_t>(rank) * slots;
        if (slot < 0 || slot >= slots || slotRow[slot] >= 0 ||
            experts[slot] != peer * el + l) {
          problem = "sources and counts must hold every (token, slot) "
                    "exactly once, in the expert that experts names (rank " +
                    std::to_string(peer) + ", local expert " +
                    std::to_string(l) + " returned source " +
                    std::to_string(inSources[row]) + " to rank " +
                    std::to_string(rank) + ")";
          break;
        }
        slotRow[slot] = row;
      }
  for (int64_t slot = 0; slot < slots && problem.empty(); ++slot)
    if (slotRow[slot] < 0)
      problem = "sources and counts must hold every (token, slot) exactly "
                "once, in the expert that experts names (experts[" +
                std::to_string(slot / shp.topk) + ", " +
                std::to_string(slot % shp.topk) +
                "] = " + std::to_string(experts[slot]) + " on rank " +
                std::to_string(rank) + " got no row)";

  // Round 3: every rank's verdict, so that all stop or none.
  std::vector<int64_t> verdicts =
      allGather(what, comm, {problem.empty() ? kOk : kBadInput},
                "exchanging the combine's verdicts");
  if (!problem.empty())
    fatal(what + ": " + problem);
  for (int peer = 0; peer < ranks; ++peer)
    if (verdicts[peer] != kOk)
      fatal(what + ": rank " + std::to_string(peer) +
            " stopped: the rows it got back do not match its experts");

  for (int64_t slot = 0; slot < slots; ++slot)
    std::memcpy(result + slot * n, &inRows[slotRow[slot] * n], n * 2);
}

template <typename T>
void combineEntry(Fp8qMemRef<T, 3> *expertOut, Fp8qMemRef<int32_t, 2> *sources,
                  Fp8qMemRef<int32_t, 1> *counts,
                  Fp8qMemRef<int32_t, 2> *experts,
                  Fp8qMemRef<uint16_t, 3> *result, int64_t ranks,
                  int64_t numExperts, Fp8qMemRef<const char, 1> *whatRef) {
  std::string what = opName(whatRef);
  CombineShapes shp{expertOut->sizes[0], expertOut->sizes[1],
                    expertOut->sizes[2], experts->sizes[0], experts->sizes[1]};
  if (sources->sizes[0] != shp.localExperts ||
      sources->sizes[1] != shp.capacity ||
      counts->sizes[0] != shp.localExperts || result->sizes[0] != shp.tokens ||
      result->sizes[1] != shp.topk || result->sizes[2] != shp.n || ranks < 1 ||
      numExperts != ranks * shp.localExperts)
    fatal(what + ": operand shapes do not match (expert_out " +
          shape({shp.localExperts, shp.capacity, shp.n}) + ", sources " +
          shape({sources->sizes[0], sources->sizes[1]}) + ", counts " +
          shape({counts->sizes[0]}) + ", experts " +
          shape({shp.tokens, shp.topk}) + ", result " +
          shape({result->sizes[0], result->sizes[1], result->sizes[2]}) +
          ", ranks " + std::to_string(ranks) + ", num_experts " +
          std::to_string(numExperts) + ")");
  ScopedContext context(what.c_str());
  Communicator &comm = communicator(what, ranks);
  combine(what, comm, dense(what, "expert_out", expertOut),
          dense(what, "sources", sources), dense(what, "counts", counts),
          dense(what, "experts", experts), shp, dense(what, "result", result));
}

} // namespace
} // namespace fp8q::runtime

using namespace fp8q::runtime;

extern "C" {

int64_t _mlir_ciface_fp8q_ep_rank(int64_t ranks,
                                  Fp8qMemRef<const char, 1> *what) {
  return readEnvironment(opName(what), ranks).rank;
}

void _mlir_ciface_fp8q_moe_dispatch(
    Fp8qMemRef<uint8_t, 2> *codes, Fp8qMemRef<float, 2> *scales,
    Fp8qMemRef<int32_t, 2> *experts, Fp8qMemRef<uint8_t, 3> *recvCodes,
    Fp8qMemRef<float, 3> *recvScales, Fp8qMemRef<int32_t, 1> *counts,
    Fp8qMemRef<int32_t, 2> *sources, int64_t ranks, int64_t numExperts,
    Fp8qMemRef<const char, 1> *whatRef) {
  std::string what = opName(whatRef);
  DispatchShapes shp{codes->sizes[0],     codes->sizes[1],
                     experts->sizes[1],   scales->sizes[1],
                     recvCodes->sizes[0], recvCodes->sizes[1]};
  if (scales->sizes[0] != shp.tokens || experts->sizes[0] != shp.tokens ||
      recvCodes->sizes[2] != shp.k ||
      recvScales->sizes[0] != shp.localExperts ||
      recvScales->sizes[1] != shp.capacity ||
      recvScales->sizes[2] != shp.scaleCols ||
      counts->sizes[0] != shp.localExperts ||
      sources->sizes[0] != shp.localExperts ||
      sources->sizes[1] != shp.capacity || ranks < 1 ||
      numExperts != ranks * shp.localExperts)
    fatal(what + ": operand shapes do not match (codes " +
          shape({shp.tokens, shp.k}) + ", scales " +
          shape({scales->sizes[0], shp.scaleCols}) + ", experts " +
          shape({experts->sizes[0], shp.topk}) + ", recv_codes " +
          shape({shp.localExperts, shp.capacity, recvCodes->sizes[2]}) +
          ", ranks " + std::to_string(ranks) + ", num_experts " +
          std::to_string(numExperts) + ")");
  ScopedContext context(what.c_str());
  Communicator &comm = communicator(what, ranks);
  dispatch(what, comm, dense(what, "codes", codes),
           dense(what, "scales", scales), dense(what, "experts", experts), shp,
           numExperts, dense(what, "recv_codes", recvCodes),
           dense(what, "recv_scales", recvScales),
           dense(what, "counts", counts), dense(what, "sources", sources));
}

void _mlir_ciface_fp8q_moe_combine_bf16(Fp8qMemRef<uint16_t, 3> *expertOut,
                                        Fp8qMemRef<int32_t, 2> *sources,
                                        Fp8qMemRef<int32_t, 1> *counts,
                                        Fp8qMemRef<int32_t, 2> *experts,
                                        Fp8qMemRef<uint16_t, 3> *result,
                                        int64_t ranks, int64_t numExperts,
                                        Fp8qMemRef<const char, 1> *what) {
  combineEntry(expertOut, sources, counts, experts, result, ranks, numExperts,
               what);
}

void _mlir_ciface_fp8q_moe_combine_f32(Fp8qMemRef<float, 3> *expertOut,
                                       Fp8qMemRef<int32_t, 2> *sources,
                                       Fp8qMemRef<int32_t, 1> *counts,
                                       Fp8qMemRef<int32_t, 2> *experts,
                                       Fp8qMemRef<uint16_t, 3> *result,
                                       int64_t ranks, int64_t numExperts,
                                       Fp8qMemRef<const char, 1> *what) {
  combineEntry(expertOut, sources, counts, experts, result, ranks, numExperts,
               what);
}

} // extern "C"
