// fly-layout-lowering (lib/passes/lower_copy.c) refuses a buffer copy atom without a #fly_rocdl.buffer_desc memref.
// RUN: not flyi-opt %s --pass=fly-layout-lowering 2>&1 | FileCheck %s
// CHECK: error in stage 'fly-layout-lowering'
// CHECK: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-layout-lowering: fly.copy_atom_call: a buffer copy atom needs a #fly_rocdl.buffer_desc memref as source or destination
func.func @buffer_atom_plain(%s: !fly.memref<f32, register, 1:1>, %d: !fly.memref<f32, register, 1:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, !fly.memref<f32, register, 1:1>, !fly.memref<f32, register, 1:1>) -> ()
  return
}
