// Copy atoms that do not fit their operands: fly-verify reports them with the op table's checks
// (lib/ir/ir_ops.c: fly.make_copy_atom, fly.copy_atom_call, fly.copy, fly.copy_atom_call_ssa).
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

// copy_atom_call_ssa: the result must hold the atom's bits (FlyDSL bitcasts the loaded i128 to it).
// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: the result vector<2xi32> has 64 bits but the atom moves 128
func.func @ssa_bits(%b: !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) -> vector<2xi32>
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: src: a buffer copy atom needs a #fly_rocdl.buffer_desc memref
func.func @ssa_not_buffer(%b: !fly.memref<i32, global, 4:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<i32, global, 4:1>) -> vector<4xi32>
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: a predicated load needs dst: the result when pred is false
func.func @ssa_pred_no_dst(%b: !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>, %p: i1) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b, %p) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>, i1) -> i32
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: expected an i1 pred, got i32
func.func @ssa_pred_i32(%b: !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>, %old: i32, %p: i32) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b, %old, %p) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>, i32, i32) -> i32
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: operandSegmentSizes array<i32: 1, 1, 1, 0> does not fit 2 operands (copyAtom, src, optional dst, optional pred)
func.func @ssa_segments(%b: !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) -> i32
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.copy_atom_call_ssa: without a result it stores: it needs a dst memref
func.func @ssa_store_no_dst(%x: i32) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  "fly.copy_atom_call_ssa"(%a, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, i32) -> ()
  return
}
