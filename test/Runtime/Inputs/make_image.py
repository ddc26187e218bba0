"""Writes a minimal GPU module image for the runtime's error-path tests.

  make_image.py cubin OUT SM [ARCH]  64-byte ELF64 header of a CUDA cubin
                                     (EI_OSABI 0x41, ABI version 8, e_flags
                                     naming SM) followed, if ARCH is given, by
                                     the ptxas note "-arch ARCH"
  make_image.py ptx OUT TARGET       PTX text with ".target TARGET"
  make_image.py mock OUT             an image the mock driver accepts

Only the mock driver loads these; they hold no code.
"""

import struct
import sys

ELF_HEADER_BYTES = 64
CUDA_OSABI = 0x41
CUBIN_ABI_VERSION = 8
E_FLAGS_OFFSET = 48


def cubin(sm, arch=None):
    header = bytearray(ELF_HEADER_BYTES)
    header[0:4] = b"\x7fELF"
    header[4] = 2  # ELFCLASS64
    header[5] = 1  # little endian
    header[6] = 1  # EV_CURRENT
    header[7] = CUDA_OSABI
    header[8] = CUBIN_ABI_VERSION
    struct.pack_into("<I", header, E_FLAGS_OFFSET, (int(sm) << 8) | 0x4)
    note = ("-O 3 -arch %s " % arch).encode() + b"\0" if arch else b""
    return bytes(header) + note


def main(argv):
    kind, out = argv[1], argv[2]
    if kind == "cubin":
        data = cubin(argv[3], argv[4] if len(argv) > 4 else None)
    elif kind == "ptx":
        data = (".version 8.0\n.target %s\n.address_size 64\n" % argv[3]).encode() + b"\0"
    elif kind == "mock":
        data = b"FP8QMOCK\0"
    else:
        raise SystemExit("unknown image kind " + kind)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
