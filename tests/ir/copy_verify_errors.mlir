// Copy atoms that do not fit their operands: fly-verify reports them with the op table's checks
// (lib/ir/ir_ops.c: fly.make_copy_atom, fly.copy_atom_call, fly.copy).
// RUN: not flyi-opt %s --pass=fly-verify 2>&1 | FileCheck %s

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call: 8 values are not one 4-value atom
func.func @too_many(%s: !fly.memref<f32, register, 8:1>, %d: !fly.memref<f32, register, 8:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, register, 8:1>, !fly.memref<f32, register, 8:1>) -> ()
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy: expected memrefs whose elements have the atom's value bits, got !fly.memref<f16, register, 8:1>
func.func @value_bits(%s: !fly.memref<f16, register, 8:1>, %d: !fly.memref<f16, register, 8:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  "fly.copy"(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f16, register, 8:1>, !fly.memref<f16, register, 8:1>) -> ()
  return
}

// CHECK-DAG: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-verify: fly.make_copy_atom: valBits must be the atom's value bits (32)
func.func @val_attr() {
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  return
}
