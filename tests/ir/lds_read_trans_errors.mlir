// gfx950's transposing LDS read atoms that do not fit: fly-verify (lib/ir/ir_ops.c) refuses a (granularity, bits)
// pair FlyDSL's CopyOpCDNA4LdsReadTransposeType::verify refuses, and values of another width than the granularity (lds_read_trans_lower_error.mlir: the lowering's check).
// RUN: not flyi-opt %s --pass=fly-verify 2>&1 | FileCheck %s --check-prefix=VERIFY

// VERIFY-DAG: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-verify: fly.make_copy_atom: expected an lds_read_trans atom of (4, 64), (8, 64), (6, 96) or (16, 64) over values of its granularity, got !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 96>, 16>
func.func @bad_pair(%s: !fly.memref<bf16, shared, 6:1>, %d: !fly.memref<bf16, register, 6:1>) {
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 96>, 16>
  return
}

// VERIFY-DAG: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-verify: fly.make_copy_atom: expected an lds_read_trans atom of (4, 64), (8, 64), (6, 96) or (16, 64) over values of its granularity, got !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 8>
func.func @bad_width() {
  %a = "fly.make_copy_atom"() {valBits = 8 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 8>
  return
}
