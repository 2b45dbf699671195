// fly-layout-lowering of pointer loads and stores and of LDS placement: fly.ptr.load / fly.ptr.store are one
// llvm.load / llvm.store through the pointer (any result type: a vector through an f32 pointer); a shared
// fly.make_ptr {allocBytes, allocAlign} becomes an LDS memref.global of the module (one per op, numbered) and
// its address; fly.get_dyn_shared the address of gpu.dynamic_shared_memory.
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s

// CHECK-DAG: memref.global "private" @__flyi_lds_0 : memref<512xi8, 3> = uninitialized {alignment = 16 : i64}
// CHECK-DAG: memref.global "private" @__flyi_lds_1 : memref<4xi8, 3> = uninitialized {alignment = 4 : i64}

// CHECK-LABEL: func.func @ptr_ops(%arg0: !fly.ptr<f32, global>, %arg1: f32)
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : !fly.ptr<f32, global> to !llvm.ptr<1>
// CHECK: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: %[[Q:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: llvm.store %arg1, %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<4xf32>
func.func @ptr_ops(%p: !fly.ptr<f32, global>, %x: f32) -> (f32, vector<4xf32>) {
  %v = "fly.ptr.load"(%p) : (!fly.ptr<f32, global>) -> f32
  %o = "fly.static"() : () -> !fly.int_tuple<3>
  %q = "fly.add_offset"(%p, %o) : (!fly.ptr<f32, global>, !fly.int_tuple<3>) -> !fly.ptr<f32, global>
  "fly.ptr.store"(%x, %q) : (f32, !fly.ptr<f32, global>) -> ()
  %w = "fly.ptr.load"(%p) : (!fly.ptr<f32, global>) -> vector<4xf32>
  return %v, %w : f32, vector<4xf32>
}

// CHECK-LABEL: func.func @lds()
// CHECK: %[[G0:.*]] = memref.get_global @__flyi_lds_0 : memref<512xi8, 3>
// CHECK: memref.extract_aligned_pointer_as_index %[[G0]] : memref<512xi8, 3> -> index
// CHECK: %[[A:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: memref.get_global @__flyi_lds_1 : memref<4xi8, 3>
// CHECK: %[[B:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[D:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.extract_aligned_pointer_as_index %[[D]]
// CHECK: %[[DP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[X:.*]] = llvm.load %[[A]] {alignment = 1 : i64} : !llvm.ptr<3> -> i8
// CHECK: llvm.store %[[X]], %[[B]] {alignment = 1 : i64} : i8, !llvm.ptr<3>
// CHECK: llvm.store %[[X]], %[[DP]] {alignment = 1 : i64} : i8, !llvm.ptr<3>
func.func @lds() {
  %a = "fly.make_ptr"() {dictAttrs = {allocAlign = 16 : i64, allocBytes = 512 : i64}} : () -> !fly.ptr<i8, shared>
  %b = "fly.make_ptr"() {dictAttrs = {allocAlign = 4 : i64, allocBytes = 4 : i64}} : () -> !fly.ptr<i8, shared>
  %d = "fly.get_dyn_shared"() : () -> !fly.ptr<i8, shared>
  %x = "fly.ptr.load"(%a) : (!fly.ptr<i8, shared>) -> i8
  "fly.ptr.store"(%x, %b) : (i8, !fly.ptr<i8, shared>) -> ()
  "fly.ptr.store"(%x, %d) : (i8, !fly.ptr<i8, shared>) -> ()
  return
}
