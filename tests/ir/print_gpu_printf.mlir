// fly-layout-lowering-gpu-printf: fly.print as FlyDSL's fly-layout-lowering lowers it (what the bindings'
// PassManager runs for that pass name): gpu.printf with a C format in a gpu.func, vector.print pieces elsewhere.
// RUN: flyi-opt %s --pass=fly-layout-lowering-gpu-printf | FileCheck %s

// CHECK-LABEL: gpu.func @k(
// CHECK: %[[A:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[H:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: gpu.printf "a=%d i=%ld h=%.2f d=%.2lf {x} 100%\0A", %[[A]], %[[I]], %[[H]], %{{.*}} : i32, i64, f32, f64
// CHECK-NOT: fly.print
gpu.module @m {
  gpu.func @k(%a: i16, %i: index, %h: f16, %d: f64) kernel {
    "fly.print"(%a, %i, %h, %d) {format = "a={} i={} h={:.3f} d={} {{x}} 100%"} : (i16, index, f16, f64) -> ()
    gpu.return
  }
}

// CHECK-LABEL: func.func @host(
// CHECK-NEXT: vector.print str "v="
// CHECK-NEXT: vector.print %{{.*}} : i64 punctuation <no_punctuation>
// CHECK-NEXT: vector.print str " done"
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
func.func @host(%v: i64) {
  "fly.print"(%v) {format = "v={} done"} : (i64) -> ()
  return
}
