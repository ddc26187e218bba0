"""compare_printed_f32.py GOT QUANT F32 LIMIT: the printMemrefF32 arrays in
three files (the expert-parallel quantized graph, the single-rank quantized
graph, the unquantized graph), prints ||got - quant|| / ||quant - f32|| and
||got - f32|| / ||quant - f32|| and fails (exit 1) if the second exceeds
LIMIT: the expert-parallel graph must stay about as close to the f32 graph
as the single-rank FP8 graph (it differs from it by the combine's bf16
rounding, which moves some re-quantized codes)."""
import re
import sys

import numpy as np


def load(path):
    text = open(path).read()
    text = text[text.index("data =") + 6:]
    return np.array([float(v) for v in
                     re.findall(r"-?(?:[0-9.]+(?:e[-+]?[0-9]+)?|nan|inf)", text)])


got, quant, f32 = (load(p) for p in sys.argv[1:4])
limit = float(sys.argv[4])
if not (got.size == quant.size == f32.size) or got.size == 0:
    sys.exit(f"FAIL: sizes {got.size}, {quant.size}, {f32.size}")
error = np.linalg.norm(quant - f32)
to_quant, to_f32 = np.linalg.norm(got - quant) / error, np.linalg.norm(got - f32) / error
print(f"{got.size} values: ||ep - fp8|| / ||fp8 - f32|| = {to_quant:.3f}, "
      f"||ep - f32|| / ||fp8 - f32|| = {to_f32:.3f} (limit {limit})")
if not np.isfinite(to_f32) or to_f32 > limit:
    print("FAIL")
    sys.exit(1)
print("PASS")
