// fly.copy_atom_call_ssa(atom, src[, dst][, pred]) (FlyDSL's Fly_CopyAtomCallSSA: AttrSizedOperandSegments, printed
// generically with <{operandSegmentSizes = array<i32: 1, 1, D, P>}>): fly-verify keeps FlyDSL's printed form, and
// fly-layout-lowering (lib/passes/lower_copy.c) makes a buffer atom's call one rocdl.raw.ptr.buffer.load of the
// atom's bits at the view's first element reinterpreted as the result type (a store without results), a pred an
// scf.if (a load's else yields dst).
// RUN: flyi-opt %s --pass=fly-verify | FileCheck %s --check-prefix=RT
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s --check-prefix=GONE
// GONE-NOT: fly.copy_atom_call_ssa
// GONE-NOT: fly.make_copy_atom
// GONE-NOT: fly.make_view

// RT-LABEL: func.func @load128(
// RT: %[[V:.*]] = "fly.copy_atom_call_ssa"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) -> vector<4xi32>
// RT-NEXT: return %[[V]] : vector<4xi32>
// A 128-bit atom from a one-element i32 view reads four i32 from the view's base: byte offset (offset + 0) * 4.
// CHECK-LABEL: func.func @load128(%arg0: !llvm.ptr<8>, %arg1: i32) -> vector<4xi32>
// CHECK: %[[E:.*]] = arith.addi %arg1, %{{.*}} : i32
// CHECK: %[[B:.*]] = arith.muli %[[E]], %{{.*}} : i32
// CHECK: %[[V:.*]] = rocdl.raw.ptr.buffer.load %arg0, %[[B]], %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NEXT: return %[[V]] : vector<4xi32>
func.func @load128(%rsrc: !llvm.ptr<8>, %off: i32) -> vector<4xi32> {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<i32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<1:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<i32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<i32, #fly_rocdl.buffer_desc, 1:1>) -> vector<4xi32>
  return %v : vector<4xi32>
}

// A 32-bit atom into vector<1xi32> from an f32 view: the f32 loaded (no <1 x T> buffer intrinsic), made a vector and
// bitcast to the result's element type.
// CHECK-LABEL: func.func @load32_bitcast(
// CHECK: %[[F:.*]] = rocdl.raw.ptr.buffer.load %arg0, %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[W:.*]] = vector.from_elements %[[F]] : vector<1xf32>
// CHECK-NEXT: %[[I:.*]] = vector.bitcast %[[W]] : vector<1xf32> to vector<1xi32>
// CHECK-NEXT: return %[[I]] : vector<1xi32>
func.func @load32_bitcast(%rsrc: !llvm.ptr<8>, %off: i32) -> vector<1xi32> {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<1:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<32>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>) -> vector<1xi32>
  return %v : vector<1xi32>
}

// A 64-bit atom of Int32 values over an fp8 view (the dualwave attention's V): eight fp8 move as their bits, two i32
// words, at byte offset (offset + 0) * 1; the result needs no further cast.
// CHECK-LABEL: func.func @load64_fp8(
// CHECK: %[[E:.*]] = arith.addi %arg1, %{{.*}} : i32
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[E]], %[[C1]] : i32
// CHECK: %[[V:.*]] = rocdl.raw.ptr.buffer.load %arg0, %[[B]], %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: return %[[V]] : vector<2xi32>
func.func @load64_fp8(%rsrc: !llvm.ptr<8>, %off: i32) -> vector<2xi32> {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f8E4M3FN, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<1:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f8E4M3FN, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f8E4M3FN, #fly_rocdl.buffer_desc, 1:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>, !fly.memref<f8E4M3FN, #fly_rocdl.buffer_desc, 1:1>) -> vector<2xi32>
  return %v : vector<2xi32>
}

// A 128-bit atom over f16 into vector<4xf32>: eight f16 loaded, the bits reinterpreted as four f32.
// CHECK-LABEL: func.func @load128_f16_as_f32(
// CHECK: %[[H:.*]] = rocdl.raw.ptr.buffer.load %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf16>
// CHECK-NEXT: %[[F:.*]] = vector.bitcast %[[H]] : vector<8xf16> to vector<4xf32>
// CHECK-NEXT: return %[[F]] : vector<4xf32>
func.func @load128_f16_as_f32(%rsrc: !llvm.ptr<8>, %off: i32) -> vector<4xf32> {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f16, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<1:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f16, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f16, #fly_rocdl.buffer_desc, 1:1>
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 16>
  %v = "fly.copy_atom_call_ssa"(%a, %b) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 16>, !fly.memref<f16, #fly_rocdl.buffer_desc, 1:1>) -> vector<4xf32>
  return %v : vector<4xf32>
}

// A predicated load: scf.if yielding the loaded value, else dst (the old value).
// RT-LABEL: func.func @load_pred(
// RT: "fly.copy_atom_call_ssa"(%{{.*}}, %{{.*}}, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}>
// CHECK-LABEL: func.func @load_pred(
// CHECK: %[[R:.*]] = scf.if %arg3 -> (vector<2xf32>) {
// CHECK: %[[V:.*]] = rocdl.raw.ptr.buffer.load %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK-NEXT: scf.yield %[[V]] : vector<2xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : vector<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : vector<2xf32>
func.func @load_pred(%rsrc: !llvm.ptr<8>, %off: i32, %old: vector<2xf32>, %pr: i1) -> vector<2xf32> {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<2:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<2:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 2:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>
  %v = "fly.copy_atom_call_ssa"(%a, %b, %old, %pr) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 2:1>, vector<2xf32>, i1) -> vector<2xf32>
  return %v : vector<2xf32>
}

// The store form (no results): src's bits as the view's elements, one rocdl.raw.ptr.buffer.store; under pred an scf.if.
// CHECK-LABEL: func.func @store_pred(
// CHECK: scf.if %arg3 {
// CHECK: %[[F:.*]] = vector.bitcast %arg2 : vector<4xi32> to vector<4xf32>
// CHECK: rocdl.raw.ptr.buffer.store %[[F]], %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @store_pred(%rsrc: !llvm.ptr<8>, %off: i32, %x: vector<4xi32>, %pr: i1) {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<1:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<1:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  "fly.copy_atom_call_ssa"(%a, %x, %b, %pr) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, vector<4xi32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 1:1>, i1) -> ()
  return
}
