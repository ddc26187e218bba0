"""fp8q.device.check_gemm without PyTorch (for the mock CUDA driver).

check_gemm compares a kernel's output with the f32 product of the
dequantized inputs, computed with torch on the GPU; the mock driver has no
torch to go with it. This runs check_gemm.main unchanged except for that
function, computed here with numpy (float64 products of the same
dequantized operands, which is at least as accurate). Everything else -- the
manifest, the upload of the scales in the kernel argument's layout, the
launch through fp8q.runtime, the poisoned output and the comparison with
python/fp8q/reference.py -- is check_gemm's own.

  check_gemm_numpy.py [fp8q.device.check_gemm arguments]   (PYTHONPATH=python)
"""

import sys

import numpy as np


def dequantized_product_numpy(qa, sa, qb, sb, bn: int = 128, group: int = 128):
    from fp8q import reference as ref  # noqa: PLC0415
    table = ref.e4m3_table().astype(np.float64)
    a = table[qa] * np.repeat(sa.astype(np.float64), group, axis=1)
    sbe = np.repeat(sb.astype(np.float64), bn, axis=0)[: qb.shape[0]]
    b = table[qb] * np.repeat(sbe, group, axis=1)
    return (a @ b.T).astype(np.float32)


def main() -> int:
    from fp8q.device import check_gemm  # noqa: PLC0415
    check_gemm.dequantized_product_torch = dequantized_product_numpy
    return check_gemm.main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
