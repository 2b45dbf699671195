// fly.print with FlyDSL's "{}" placeholders becomes a record in the printf buffer: a hidden
// trailing !llvm.ptr<1> argument, the format table on the function (kinds:text, int tuples
// inline), an atomic reservation and the stores of the format id, the size and 64-bit slots.
// RUN: flyi-opt %s --pass=fly-layout-lowering | FileCheck %s

// CHECK-LABEL: func.func @prints(%arg0: i32, %arg1: f32, %arg2: index, %arg3: !llvm.ptr<1>)
// CHECK-SAME: fly.printf = ["ifii:x = {} f = {:.3f} i = {} t = (4,{}) l = 32 {{[{][{][}][}]}} 100%"], fly.printf_arg = 3 : i32
// CHECK: %[[A:.*]] = arith.extsi %arg0 : i32 to i64
// CHECK: %[[F:.*]] = arith.extf %arg1 : f32 to f64
// CHECK: %[[I:.*]] = arith.index_cast %arg2 : index to i64
// CHECK: %[[H:.*]] = llvm.atomicrmw add %arg3, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : i32, !llvm.ptr<1>
// CHECK: llvm.store %[[A]], %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<1>
// CHECK: llvm.store %[[F]], %{{.*}} {alignment = 8 : i64} : f64, !llvm.ptr<1>
// CHECK: llvm.store %[[I]], %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<1>
// CHECK: } else {
// CHECK: llvm.atomicrmw add
func.func @prints(%x: i32, %f: f32, %i: index) {
  %t = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<(4,?)>
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %n = "fly.size"(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<32>
  "fly.print"(%x, %f, %i, %t, %n) {format = "x = {} f = {:.3f} i = {} t = {} l = {} {{}} 100%"} : (i32, f32, index, !fly.int_tuple<(4,?)>, !fly.int_tuple<32>) -> ()
  return
}
