// convert-fly-to-rocdl: fly pointers become LLVM pointers and nothing of the fly dialect may remain.
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering,convert-fly-to-rocdl | FileCheck %s
// RUN: not flyi-opt %s --pass=convert-fly-to-rocdl 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK-LABEL: gpu.func @k(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<3>) kernel
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// ERR: error in stage 'convert-fly-to-rocdl'
// ERR: error: convert-fly-to-rocdl: fly.{{.*}} still uses the fly dialect (not lowered)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%g: !fly.memref<f32, global, 64:1>, %s: !fly.memref<f32, shared, 64:1>) kernel {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %c = "fly.make_coord"(%t) : (i32) -> !fly.int_tuple<?>
      %v = "fly.memref.load"(%g, %c) : (!fly.memref<f32, global, 64:1>, !fly.int_tuple<?>) -> f32
      "fly.memref.store"(%v, %s, %c) : (f32, !fly.memref<f32, shared, 64:1>, !fly.int_tuple<?>) -> ()
      gpu.return
    }
  }
}
