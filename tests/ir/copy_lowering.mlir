// fly-layout-lowering of copy atoms (lib/passes/lower_copy.c): fly.copy_atom_call(atom, src, dst[, pred]) and
// fly.copy(atom, src, dst[, pred]) become the vector load and store of the atom's values (one wide access for
// contiguous views), a predicate register memref an scf.if on its element per invocation; the atoms
// (fly.make_copy_atom) disappear.
// RUN: flyi-opt %s --pass=fly-verify | FileCheck %s --check-prefix=BEFORE
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s --check-prefix=GONE
// GONE-NOT: fly.copy
// GONE-NOT: fly.make_copy_atom

// BEFORE-LABEL: func.func @u32(
// BEFORE: %[[A:.*]] = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<32>, 32>
// BEFORE: "fly.copy_atom_call"(%[[A]], %arg0, %arg1) : (!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.memref<f32, global, 1:1>, !fly.memref<f32, register, 1:1>) -> ()
// CHECK-LABEL: func.func @u32(%arg0: !fly.ptr<f32, global>, %arg1: !fly.ptr<f32, register>)
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %arg0 : !fly.ptr<f32, global> to !llvm.ptr<1>
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[S]] {alignment = 4 : i64} : !llvm.ptr<1> -> vector<1xf32>
// CHECK-NEXT: %[[D:.*]] = builtin.unrealized_conversion_cast %arg1 : !fly.ptr<f32, register> to !llvm.ptr<5>
// CHECK-NEXT: llvm.store %[[V]], %[[D]] {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<5>
// CHECK-NEXT: return
func.func @u32(%s: !fly.memref<f32, global, 1:1>, %d: !fly.memref<f32, register, 1:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<32>, 32>
  "fly.copy_atom_call"(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<32>, 32>, !fly.memref<f32, global, 1:1>, !fly.memref<f32, register, 1:1>) -> ()
  return
}

// A 128-bit atom moves four f32 as one vector<4xf32> (global_load_dwordx4 / global_store_dwordx4 on gfx942).
// CHECK-LABEL: func.func @u128(
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<5> -> vector<4xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NEXT: return
func.func @u128(%r: !fly.memref<f32, register, 4:1>, %g: !fly.memref<f32, global, 4:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  "fly.copy_atom_call"(%a, %r, %g) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, register, 4:1>, !fly.memref<f32, global, 4:1>) -> ()
  return
}

// Eight f16 values per 128-bit atom; fly.copy of one invocation is the same vector copy.
// CHECK-LABEL: func.func @f16x8(
// CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<8xf16>, !llvm.ptr<5>
func.func @f16x8(%s: !fly.memref<f16, shared, 8:1>, %d: !fly.memref<f16, register, 8:1>) {
  %a = "fly.make_copy_atom"() {valBits = 16 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 16>
  "fly.copy"(%a, %s, %d) : (!fly.copy_atom<!fly.universal_copy<128>, 16>, !fly.memref<f16, shared, 8:1>, !fly.memref<f16, register, 8:1>) -> ()
  return
}

// A predicated call: the i1 element guards the whole invocation.
// CHECK-LABEL: func.func @pred_call(
// CHECK: %[[P:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<5> -> i1
// CHECK-NEXT: scf.if %[[P]] {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr<5>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pred_call(%g: !fly.memref<f32, global, 4:1>, %r: !fly.memref<f32, register, 4:1>, %p: !fly.memref<i1, register, 1:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<128>, 32>
  "fly.copy_atom_call"(%a, %g, %r, %p) : (!fly.copy_atom<!fly.universal_copy<128>, 32>, !fly.memref<f32, global, 4:1>, !fly.memref<f32, register, 4:1>, !fly.memref<i1, register, 1:1>) -> ()
  return
}

// fly.copy over two 64-bit invocations of a strided view, one predicate per invocation: each guard moves its
// atom's two consecutive values (column-major) as one vector<2xf32>, the second at element offset 8.
// CHECK-LABEL: func.func @pred_each(
// CHECK: %[[P0:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> i1
// CHECK-NEXT: scf.if %[[P0]] {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf32>, !llvm.ptr<5>
// CHECK-NEXT: }
// CHECK: %[[P1:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> i1
// CHECK-NEXT: scf.if %[[P1]] {
// CHECK: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[G:.*]] = llvm.getelementptr %{{.*}}[%[[C8]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: llvm.load %[[G]] {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf32>, !llvm.ptr<5>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pred_each(%g: !fly.memref<f32, global, (2,2):(1,8)>, %r: !fly.memref<f32, register, (2,2):(1,2)>, %p: !fly.memref<i1, register, 2:1>) {
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly.universal_copy<64>, 32>
  "fly.copy"(%a, %g, %r, %p) : (!fly.copy_atom<!fly.universal_copy<64>, 32>, !fly.memref<f32, global, (2,2):(1,8)>, !fly.memref<f32, register, (2,2):(1,2)>, !fly.memref<i1, register, 2:1>) -> ()
  return
}

// Buffer atoms on #fly_rocdl.buffer_desc memrefs (fly.make_view over the cast of resource and element offset):
// one rocdl.raw.ptr.buffer.load of the atom's width at byte offset (offset + L(i)) * 4 (buffer_load_dwordx4 for
// 128 bits).
// CHECK-LABEL: func.func @buffer128(%arg0: !llvm.ptr<8>, %arg1: i32, %arg2: !fly.ptr<f32, register>)
// CHECK: %[[E:.*]] = arith.addi %arg1, %{{.*}} : i32
// CHECK: %[[B:.*]] = arith.muli %[[E]], %{{.*}} : i32
// CHECK: %[[V:.*]] = rocdl.raw.ptr.buffer.load %arg0, %[[B]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr<5>
// CHECK-NEXT: return
func.func @buffer128(%rsrc: !llvm.ptr<8>, %off: i32, %r: !fly.memref<f32, register, 4:1>) {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<4:1>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<4:1>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>
  "fly.copy_atom_call"(%a, %b, %r) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<128>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, 4:1>, !fly.memref<f32, register, 4:1>) -> ()
  return
}

// A 64-bit buffer atom over a strided (2,2):(1,16) view: one access per invocation (the out-of-range rule holds
// per access), at element offsets 0 and 16; predicated stores sit in their invocation's scf.if.
// CHECK-LABEL: func.func @buffer64_strided(
// CHECK: %[[P0:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> i1
// CHECK-NEXT: scf.if %[[P0]] {
// CHECK: %[[S0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<5> -> vector<2xf32>
// CHECK: rocdl.raw.ptr.buffer.store %[[S0]], %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK-NEXT: }
// CHECK: %[[P1:.*]] = llvm.load %{{.*}} : !llvm.ptr<5> -> i1
// CHECK-NEXT: scf.if %[[P1]] {
// CHECK: arith.constant 16 : i32
// CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK-NEXT: }
// CHECK: rocdl.raw.ptr.buffer.load %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: arith.constant 16 : i32
// CHECK: rocdl.raw.ptr.buffer.load %arg0, %{{.*}}, %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: return
func.func @buffer64_strided(%rsrc: !llvm.ptr<8>, %off: i32, %r: !fly.memref<f32, register, (2,2):(1,2)>, %pr: !fly.memref<i1, register, 2:1>) {
  %p = builtin.unrealized_conversion_cast %rsrc, %off : !llvm.ptr<8>, i32 to !fly.ptr<f32, #fly_rocdl.buffer_desc>
  %l = "fly.static"() : () -> !fly.layout<(2,2):(1,16)>
  %b = "fly.make_view"(%p, %l) : (!fly.ptr<f32, #fly_rocdl.buffer_desc>, !fly.layout<(2,2):(1,16)>) -> !fly.memref<f32, #fly_rocdl.buffer_desc, (2,2):(1,16)>
  %a = "fly.make_copy_atom"() {valBits = 32 : i32} : () -> !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>
  "fly.copy"(%a, %r, %b, %pr) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>, !fly.memref<f32, register, (2,2):(1,2)>, !fly.memref<f32, #fly_rocdl.buffer_desc, (2,2):(1,16)>, !fly.memref<i1, register, 2:1>) -> ()
  "fly.copy"(%a, %b, %r) : (!fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<64>, 32>, !fly.memref<f32, #fly_rocdl.buffer_desc, (2,2):(1,16)>, !fly.memref<f32, register, (2,2):(1,2)>) -> ()
  return
}
