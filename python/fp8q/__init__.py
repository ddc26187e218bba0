"""fp8q: DeepSeek-V3-style fine-grained FP8 (E4M3) quantization.

The Python package holds the numpy reference numerics (:mod:`fp8q.reference`),
the executable definition that every fp8q lowering is checked against.
"""

from fp8q.reference import (
    BF16_NAN_BITS,
    F16_NAN_BITS,
    E4M3_MAX,
    E4M3_MAX_CODE,
    E4M3_MIN_NORMAL,
    E4M3_MIN_SUBNORMAL,
    E4M3_NAN_CODE,
    MAX_EXACT_GROUP,
    bf16_bits_to_f32,
    compute_scale,
    dequantize,
    e4m3_decode,
    e4m3_encode_rn_satfinite,
    e4m3_table,
    f16_bits_to_f32,
    f32_to_bf16_bits,
    f32_to_f16_bits,
    from_torch_float8,
    quantize,
    read_tensor,
    round_to_bf16,
    round_to_f16,
    scaled_matmul,
    scales_from_mn_major,
    scales_mn_major,
    tile_amax,
    tile_transpose,
    to_torch_float8,
    write_tensor,
)

__version__ = "0.1.0"

from fp8q.reference import __all__  # noqa: E402,F811 (re-exported names)
