//===- MockNccl.cpp - A CPU test double of NCCL's point-to-point API ------===//
//
// Part of the fp8q project.
//
// libfp8q_mock_nccl.so implements the NCCL functions libFP8QCudaRuntime's
// expert-parallel exchange uses (lib/Runtime/NcclExchange.cpp), so CI tests
// it without GPUs or NCCL, loaded through FP8Q_NCCL_LIBRARY next to the mock
// CUDA driver (FP8Q_CUDA_DRIVER_LIBRARY):
//
// * buffers must be device memory of the mock driver (asked with its
//   cuPointerGetAttribute), as NCCL needs: a host pointer fails with
//   ncclInvalidArgument;
// * ncclSend/ncclRecv are collected between ncclGroupStart and ncclGroupEnd
//   and run at ncclGroupEnd: sends first, then receives, matched per peer in
//   the order they were issued (NCCL's rule); a receive must have the size
//   of its send, else ncclInvalidUsage;
// * a rank sends to itself in memory; ranks of a multi-process communicator
//   (one process per rank, as with NCCL) exchange files in the directory
//   $FP8Q_MOCK_NCCL_DIR: "<id>.<from>-<to>.<n>", written under a temporary
//   name and renamed, read and removed by the receiver, which waits at most
//   $FP8Q_MOCK_NCCL_TIMEOUT seconds (default 60; then ncclSystemError);
// * FP8Q_MOCK_NCCL_FAIL=<function> makes that function fail with
//   ncclSystemError (the runtime's error path);
// * ncclGetLastError says what went wrong.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <thread>
#include <vector>

#define MOCK_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// nccl.h's values.
enum NcclResult : int {
  ncclSuccess = 0,
  ncclSystemError = 2,
  ncclInternalError = 3,
  ncclInvalidArgument = 4,
  ncclInvalidUsage = 5,
};
constexpr int kMockVersion = 22800; // reports itself as 2.28.0
constexpr size_t kIdBytes = 128;
struct NcclUniqueId {
  char internal[kIdBytes];
};
/// ncclDataType_t sizes: int8, uint8, int32, uint32, int64, uint64, f16,
/// f32, f64, bf16.
constexpr size_t kTypeBytes[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};

thread_local std::string gLastError;

NcclResult failWith(NcclResult result, std::string message) {
  gLastError = "mock NCCL: " + std::move(message);
  return result;
}

/// FP8Q_MOCK_NCCL_FAIL names `function`.
bool injectedFailure(const char *function) {
  const char *fail = std::getenv("FP8Q_MOCK_NCCL_FAIL");
  return fail && std::strcmp(fail, function) == 0;
}

/// Asks the mock CUDA driver whether [ptr, ptr + 1) is device memory.
bool isDeviceMemory(const void *ptr) {
  using GetAttribute = int (*)(void *, int, unsigned long long);
  static GetAttribute getAttribute = [] {
    const char *driver = std::getenv("FP8Q_CUDA_DRIVER_LIBRARY");
    void *handle =
        driver ? dlopen(driver, RTLD_NOW | RTLD_NOLOAD | RTLD_LOCAL) : nullptr;
    return handle ? reinterpret_cast<GetAttribute>(
                        dlsym(handle, "cuPointerGetAttribute"))
                  : nullptr;
  }();
  if (!getAttribute)
    return true; // not the mock driver: nothing to ask
  unsigned type = 0;
  // NOTE: cuda.h: CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2, CU_MEMORYTYPE_DEVICE
  // = 2.
  if (getAttribute(&type, 2, reinterpret_cast<unsigned long long>(ptr)) != 0)
    return false;
  return type == 2;
}

struct Op {
  bool send;
  int peer;
  char *buffer;
  size_t bytes;
};

struct Comm {
  int ranks = 0;
  int rank = 0;
  std::string tag;
  std::string dir;
  std::vector<uint64_t> sent, received; // messages per peer
  std::deque<std::vector<char>> toSelf;
};

int gGroupDepth = 0;
std::vector<std::pair<Comm *, Op>> gPending;

long timeoutSeconds() {
  const char *text = std::getenv("FP8Q_MOCK_NCCL_TIMEOUT");
  return text && *text ? std::atol(text) : 60;
}

std::string messagePath(const Comm &c, int from, int to, uint64_t n) {
  return c.dir + "/" + c.tag + "." + std::to_string(from) + "-" +
         std::to_string(to) + "." + std::to_string(n);
}

NcclResult runSend(Comm &c, const Op &op) {
  if (op.peer == c.rank) {
    c.toSelf.emplace_back(op.buffer, op.buffer + op.bytes);
    return ncclSuccess;
  }
  std::string path = messagePath(c, c.rank, op.peer, c.sent[op.peer]++);
  std::string temp = path + ".tmp";
  FILE *f = std::fopen(temp.c_str(), "wb");
  if (!f || std::fwrite(op.buffer, 1, op.bytes, f) != op.bytes ||
      std::fclose(f) != 0 || std::rename(temp.c_str(), path.c_str()) != 0)
    return failWith(ncclSystemError,
                    "cannot write " + temp + ": " + std::strerror(errno));
  return ncclSuccess;
}

NcclResult runRecv(Comm &c, const Op &op) {
  if (op.peer == c.rank) {
    if (c.toSelf.empty())
      return failWith(ncclInvalidUsage,
                      "rank " + std::to_string(c.rank) +
                          " receives from itself without a matching send");
    std::vector<char> data = std::move(c.toSelf.front());
    c.toSelf.pop_front();
    if (data.size() != op.bytes)
      return failWith(ncclInvalidUsage,
                      "rank " + std::to_string(c.rank) + " receives " +
                          std::to_string(op.bytes) + " bytes from itself, " +
                          "the send has " + std::to_string(data.size()));
    std::memcpy(op.buffer, data.data(), op.bytes);
    return ncclSuccess;
  }
  std::string path = messagePath(c, op.peer, c.rank, c.received[op.peer]++);
  long timeout = timeoutSeconds();
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  while (access(path.c_str(), F_OK) != 0) {
    if (std::chrono::steady_clock::now() > deadline)
      return failWith(ncclSystemError,
                      "rank " + std::to_string(c.rank) + " waited " +
                          std::to_string(timeout) + " s for " + path +
                          " from rank " + std::to_string(op.peer));
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  struct stat info;
  if (stat(path.c_str(), &info) != 0)
    return failWith(ncclSystemError, "cannot stat " + path);
  if (static_cast<size_t>(info.st_size) != op.bytes)
    return failWith(ncclInvalidUsage,
                    "rank " + std::to_string(c.rank) + " receives " +
                        std::to_string(op.bytes) + " bytes from rank " +
                        std::to_string(op.peer) + ", the send has " +
                        std::to_string(info.st_size));
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f || std::fread(op.buffer, 1, op.bytes, f) != op.bytes)
    return failWith(ncclSystemError, "cannot read " + path);
  std::fclose(f);
  std::remove(path.c_str());
  return ncclSuccess;
}

/// Sends first (they never wait), then receives in issue order.
NcclResult runPending() {
  std::vector<std::pair<Comm *, Op>> ops;
  ops.swap(gPending);
  for (auto &[comm, op] : ops)
    if (op.send)
      if (NcclResult r = runSend(*comm, op))
        return r;
  for (auto &[comm, op] : ops)
    if (!op.send)
      if (NcclResult r = runRecv(*comm, op))
        return r;
  for (auto &[comm, op] : ops)
    if (!comm->toSelf.empty())
      return failWith(ncclInvalidUsage, "a send to self has no receive");
  return ncclSuccess;
}

NcclResult enqueue(bool send, void *buffer, size_t count, int type, int peer,
                   void *comm) {
  const char *name = send ? "ncclSend" : "ncclRecv";
  if (injectedFailure(name))
    return failWith(ncclSystemError,
                    std::string("injected failure of ") + name);
  auto *c = static_cast<Comm *>(comm);
  if (!c)
    return failWith(ncclInvalidArgument, std::string(name) + ": null comm");
  if (type < 0 || type >= static_cast<int>(std::size(kTypeBytes)))
    return failWith(ncclInvalidArgument, "unknown data type");
  if (peer < 0 || peer >= c->ranks)
    return failWith(ncclInvalidArgument,
                    std::string(name) + ": peer " + std::to_string(peer) +
                        " is not a rank of " + std::to_string(c->ranks));
  size_t bytes = count * kTypeBytes[type];
  if (bytes && !isDeviceMemory(buffer))
    return failWith(ncclInvalidArgument,
                    std::string(name) + ": the buffer is not device memory");
  gPending.push_back({c, {send, peer, static_cast<char *>(buffer), bytes}});
  return gGroupDepth ? ncclSuccess : runPending();
}

} // namespace

MOCK_EXPORT int ncclGetVersion(int *version) {
  *version = kMockVersion;
  return ncclSuccess;
}

MOCK_EXPORT const char *ncclGetErrorString(int result) {
  switch (result) {
  case ncclSuccess:
    return "no error";
  case ncclSystemError:
    return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
  case ncclInternalError:
    return "internal error - please report this issue to the NCCL developers";
  case ncclInvalidArgument:
    return "invalid argument (run with NCCL_DEBUG=WARN for details)";
  case ncclInvalidUsage:
    return "invalid usage (run with NCCL_DEBUG=WARN for details)";
  default:
    return "unknown result code";
  }
}

MOCK_EXPORT const char *ncclGetLastError(void *) { return gLastError.c_str(); }

MOCK_EXPORT int ncclGetUniqueId(NcclUniqueId *id) {
  if (injectedFailure("ncclGetUniqueId"))
    return failWith(ncclSystemError, "injected failure of ncclGetUniqueId");
  static std::atomic<unsigned> counter{0};
  std::memset(id, 0, sizeof(*id));
  std::snprintf(
      id->internal, kIdBytes, "mock%08x%08x%04x",
      static_cast<unsigned>(getpid()),
      static_cast<unsigned>(
          std::chrono::steady_clock::now().time_since_epoch().count()),
      counter++ & 0xffffu);
  return ncclSuccess;
}

MOCK_EXPORT int ncclCommInitRank(void **comm, int ranks, NcclUniqueId id,
                                 int rank) {
  if (injectedFailure("ncclCommInitRank"))
    return failWith(ncclSystemError, "injected failure of ncclCommInitRank");
  if (ranks < 1 || rank < 0 || rank >= ranks)
    return failWith(ncclInvalidArgument, "rank " + std::to_string(rank) +
                                             " of " + std::to_string(ranks));
  if (std::strncmp(id.internal, "mock", 4) != 0)
    return failWith(ncclInvalidArgument,
                    "the unique id was not made by ncclGetUniqueId");
  auto *c = new Comm;
  c->ranks = ranks;
  c->rank = rank;
  c->tag.assign(id.internal, strnlen(id.internal, kIdBytes));
  c->sent.assign(ranks, 0);
  c->received.assign(ranks, 0);
  if (ranks > 1) {
    const char *dir = std::getenv("FP8Q_MOCK_NCCL_DIR");
    if (!dir || !*dir) {
      delete c;
      return failWith(ncclInvalidUsage,
                      "FP8Q_MOCK_NCCL_DIR must name a directory shared by "
                      "the ranks");
    }
    c->dir = dir;
  }
  *comm = c;
  return ncclSuccess;
}

MOCK_EXPORT int ncclGroupStart() {
  ++gGroupDepth;
  return ncclSuccess;
}

MOCK_EXPORT int ncclGroupEnd() {
  if (gGroupDepth == 0)
    return failWith(ncclInvalidUsage, "ncclGroupEnd without ncclGroupStart");
  if (--gGroupDepth)
    return ncclSuccess;
  if (injectedFailure("ncclGroupEnd")) {
    gPending.clear();
    return failWith(ncclSystemError, "injected failure of ncclGroupEnd");
  }
  return runPending();
}

MOCK_EXPORT int ncclSend(const void *buffer, size_t count, int type, int peer,
                         void *comm, void *) {
  return enqueue(true, const_cast<void *>(buffer), count, type, peer, comm);
}

MOCK_EXPORT int ncclRecv(void *buffer, size_t count, int type, int peer,
                         void *comm, void *) {
  return enqueue(false, buffer, count, type, peer, comm);
}
