// fly-rewrite-func-signature: static DSL arguments leave the signature (re-materialised with
// fly.static), memrefs become pointers, dynamic leaves travel in packed LLVM structs.
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature | FileCheck %s

// CHECK-LABEL: func.func @static_args(%arg0: i32)
// CHECK-NEXT: "fly.static"() : () -> !fly.int_tuple<(4,8)>
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
func.func @static_args(%t: !fly.int_tuple<(4,8)>, %x: i32, %l: !fly.layout<(4,8):(1,4)>) {
  "fly.print"(%t, %x) {format = "{} {}"} : (!fly.int_tuple<(4,8)>, i32) -> ()
  %n = "fly.size"(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<32>
  return
}

// CHECK-LABEL: func.func @static_memref(%arg0: !fly.ptr<f32, global>)
// CHECK-NEXT: %[[L:.*]] = "fly.static"() : () -> !fly.layout<32:1>
// CHECK-NEXT: "fly.make_view"(%arg0, %[[L]]) : (!fly.ptr<f32, global>, !fly.layout<32:1>) -> !fly.memref<f32, global, 32:1>
func.func @static_memref(%m: !fly.memref<f32, global, 32:1>) {
  %n = "fly.size"(%m) : (!fly.memref<f32, global, 32:1>) -> !fly.int_tuple<32>
  return
}

// CHECK-LABEL: func.func @dynamic_tuple(%arg0: !llvm.struct<packed (i32, i64)>)
// CHECK-NEXT: %[[A:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: %[[B:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<packed (i32, i64)>
// CHECK-NEXT: "fly.make_int_tuple"(%[[A]], %[[B]]) : (i32, i64) -> !fly.int_tuple<(?,4,?{i64})>
func.func @dynamic_tuple(%t: !fly.int_tuple<(?,4,?{i64})>) {
  "fly.print"(%t) {format = "{}"} : (!fly.int_tuple<(?,4,?{i64})>) -> ()
  return
}

// CHECK-LABEL: func.func @dynamic_memref(%arg0: !fly.ptr<f16, shared>, %arg1: !llvm.struct<packed (struct<packed (i32)>, struct<packed (i32)>)>)
// CHECK-NEXT: llvm.extractvalue %arg1[0, 0]
// CHECK-NEXT: %[[S:.*]] = "fly.make_int_tuple"
// CHECK-SAME: -> !fly.int_tuple<(16,?)>
// CHECK-NEXT: llvm.extractvalue %arg1[1, 0]
// CHECK-NEXT: %[[D:.*]] = "fly.make_int_tuple"
// CHECK-SAME: -> !fly.int_tuple<(1,?)>
// CHECK-NEXT: %[[L:.*]] = "fly.make_layout"(%[[S]], %[[D]])
// CHECK-NEXT: "fly.make_view"(%arg0, %[[L]])
func.func @dynamic_memref(%m: !fly.memref<f16, shared, (16,?):(1,?)>) {
  %n = "fly.size"(%m) : (!fly.memref<f16, shared, (16,?):(1,?)>) -> !fly.int_tuple<?{div=16}>
  return
}

// Kernels too; declarations only change their type.
// CHECK-LABEL: gpu.func @kernel(%arg0: !fly.ptr<f32, global>) kernel
// CHECK: func.func private @decl(!llvm.struct<packed (i32, i32)>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%t: !fly.int_tuple<(4,8)>, %m: !fly.memref<f32, global, 8:1>) kernel {
      %n = "fly.size"(%m) : (!fly.memref<f32, global, 8:1>) -> !fly.int_tuple<8>
      gpu.return
    }
  }
  func.func private @decl(!fly.int_tuple<(?,?)>)
}
