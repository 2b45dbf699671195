// A pass that fails in the middle of the pipeline reports its diagnostics with its stage's name;
// the stages before it are still there.
// RUN: not flyi-opt %s 2>&1 | FileCheck %s
// RUN: not flyi-opt %s --stages 2>&1 | FileCheck %s --check-prefix=STAGES

// CHECK: flyi-opt: error in stage 'fly-layout-lowering':
// CHECK-NEXT: pass 'fly-layout-lowering' failed:
// CHECK-NEXT: :[[# @LINE + 14]]:{{[0-9]+}}: error: fly-layout-lowering: fly.memref.load: a memref defined by scf.if cannot be lowered (expected fly.make_view)
// STAGES: 00_origin
// STAGES-NEXT: 01_fly_rewrite_func_signature
// STAGES-NEXT: 02_fly_canonicalize
// STAGES-NOT: 03_
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: !fly.memref<f32, global, 64:1>, %b: !fly.memref<f32, global, 64:1>, %p: i1) kernel {
      %m = scf.if %p -> !fly.memref<f32, global, 64:1> {
        scf.yield %a : !fly.memref<f32, global, 64:1>
      } else {
        scf.yield %b : !fly.memref<f32, global, 64:1>
      }
      %c = "fly.static"() : () -> !fly.int_tuple<0>
      %x = "fly.memref.load"(%m, %c) : (!fly.memref<f32, global, 64:1>, !fly.int_tuple<0>) -> f32
      "fly.memref.store"(%x, %a, %c) : (f32, !fly.memref<f32, global, 64:1>, !fly.int_tuple<0>) -> ()
      gpu.return
    }
  }
}
