// fly.print with FlyDSL's "{}" placeholders becomes gpu.printf (int tuples print inline).
// RUN: flyi-opt %s --pass=fly-layout-lowering | FileCheck %s

// CHECK-LABEL: func.func @prints(%arg0: i32, %arg1: f32, %arg2: index)
// CHECK: %[[F:.*]] = arith.extf %arg1 : f32 to f64
// CHECK: %[[I:.*]] = arith.index_cast %arg2 : index to i64
// CHECK: gpu.printf "x = %d f = %f i = %ld t = (4,%d) l = 32 {} 100%%", %arg0, %[[F]], %[[I]], %arg0 : i32, f64, i64, i32
func.func @prints(%x: i32, %f: f32, %i: index) {
  %t = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<(4,?)>
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %n = "fly.size"(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<32>
  "fly.print"(%x, %f, %i, %t, %n) {format = "x = {} f = {} i = {} t = {} l = {} {{}} 100%"} : (i32, f32, index, !fly.int_tuple<(4,?)>, !fly.int_tuple<32>) -> ()
  return
}
