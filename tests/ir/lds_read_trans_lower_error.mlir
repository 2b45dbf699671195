// fly-layout-lowering (lib/passes/lower_copy.c) refuses an LDSReadTrans copy whose source values of one lane are
// not consecutive in LDS (the instruction reads 64 contiguous bits per lane).
// RUN: not flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering 2>&1 | FileCheck %s
// CHECK: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-layout-lowering: fly.copy_atom_call: an LDSReadTrans atom reads each lane's values from consecutive LDS elements; this source's are not
func.func @strided(%s: !fly.memref<bf16, shared, 4:2>, %d: !fly.memref<bf16, register, 4:1>) {
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 16>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 16>, !fly.memref<bf16, shared, 4:2>, !fly.memref<bf16, register, 4:1>) -> ()
  return
}
