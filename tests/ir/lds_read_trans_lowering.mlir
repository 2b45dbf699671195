// fly-layout-lowering of gfx950's transposing LDS read atoms (!fly_rocdl.cdna4.lds_read_trans<trans = Gb, N>,
// lib/passes/lower_copy.c): each atom invocation is one rocdl.ds.read.tr<G>.b<N> of the lane's first LDS value,
// typed as FlyDSL's CopyOpCDNA4LdsReadTransposeType emits it (tr16: vector<4xi16>, tr8 / tr4: vector<2xi32>),
// bitcast to the destination's values and stored into the register memref; a fly.copy of two invocations reads
// twice, from the second atom's LDS offset, into the fragment's second half.
// RUN: flyi-opt %s --pass=fly-verify | FileCheck %s --check-prefix=BEFORE
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s --check-prefix=GONE
// GONE-NOT: fly.copy
// GONE-NOT: fly.make_copy_atom

// BEFORE-LABEL: func.func @tr16(
// BEFORE: "fly.copy_atom_call"(%{{.*}}, %arg0, %arg1) : (!fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 16>, !fly.memref<bf16, shared, 4:1>, !fly.memref<bf16, register, 4:1>) -> ()
// CHECK-LABEL: func.func @tr16(%arg0: !fly.ptr<bf16, shared>, %arg1: !fly.ptr<bf16, register>)
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr<3> to !fly.ptr<bf16, shared>
// CHECK-NEXT: %[[P:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !fly.ptr<bf16, shared> to !llvm.ptr<3>
// CHECK-NEXT: %[[R:.*]] = rocdl.ds.read.tr16.b64 %[[P]] : <3> -> vector<4xi16>
// CHECK-NEXT: %[[V:.*]] = vector.bitcast %[[R]] : vector<4xi16> to vector<4xbf16>
// CHECK-NEXT: %[[D:.*]] = builtin.unrealized_conversion_cast %arg1 : !fly.ptr<bf16, register> to !llvm.ptr<5>
// CHECK-NEXT: llvm.store %[[V]], %[[D]] {alignment = 2 : i64} : vector<4xbf16>, !llvm.ptr<5>
// CHECK-NEXT: return
func.func @tr16(%s: !fly.memref<bf16, shared, 4:1>, %d: !fly.memref<bf16, register, 4:1>) {
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 16>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>, 16>, !fly.memref<bf16, shared, 4:1>, !fly.memref<bf16, register, 4:1>) -> ()
  return
}

// CHECK-LABEL: func.func @tr8x2(
// CHECK: %[[R0:.*]] = rocdl.ds.read.tr8.b64 %{{.*}} : <3> -> vector<2xi32>
// CHECK-NEXT: %[[V0:.*]] = vector.bitcast %[[R0]] : vector<2xi32> to vector<8xi8>
// CHECK: llvm.store %[[V0]], %{{.*}} {alignment = 1 : i64} : vector<8xi8>, !llvm.ptr<5>
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: llvm.getelementptr %{{.*}}[%[[C64]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[R1:.*]] = rocdl.ds.read.tr8.b64 %{{.*}} : <3> -> vector<2xi32>
// CHECK-NEXT: %[[V1:.*]] = vector.bitcast %[[R1]] : vector<2xi32> to vector<8xi8>
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[D1:.*]] = llvm.getelementptr %{{.*}}[%[[C8]]] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, i8
// CHECK: llvm.store %[[V1]], %[[D1]] {alignment = 1 : i64} : vector<8xi8>, !llvm.ptr<5>
// CHECK-NEXT: return
func.func @tr8x2(%s: !fly.memref<i8, shared, (8,2):(1,64)>, %d: !fly.memref<i8, register, 16:1>) {
  %a = "fly.make_copy_atom"() {valBits = 8 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 8b, 64>, 8>
  "fly.copy"(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 8b, 64>, 8>, !fly.memref<i8, shared, (8,2):(1,64)>, !fly.memref<i8, register, 16:1>) -> ()
  return
}

// CHECK-LABEL: func.func @tr4(
// CHECK: %[[R:.*]] = rocdl.ds.read.tr4.b64 %{{.*}} : <3> -> vector<2xi32>
// CHECK-NEXT: vector.bitcast %[[R]] : vector<2xi32> to vector<16xi4>
func.func @tr4(%s: !fly.memref<i4, shared, 16:1>, %d: !fly.memref<i4, register, 16:1>) {
  %a = "fly.make_copy_atom"() {valBits = 4 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 4b, 64>, 4>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly_rocdl.cdna4.lds_read_trans<trans = 4b, 64>, 4>, !fly.memref<i4, shared, 16:1>, !fly.memref<i4, register, 16:1>) -> ()
  return
}
