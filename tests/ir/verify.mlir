// fly-verify checks every fly op against the op table: names, arity, operand kinds and the
// result type that lib/layout infers (what the builders produce).
// RUN: flyi-opt %s --pass=fly-verify 2>&1 | FileCheck %s
// RUN: not flyi-opt %s --pass=fly-canonicalize 2>&1 | FileCheck %s --check-prefix=STAGE

// STAGE: error in stage 'fly-verify'
// CHECK-DAG: :[[# @LINE + 4]]:{{[0-9]+}}: error: fly-verify: fly.crd2idx: result type !fly.int_tuple<15> does not match the inferred !fly.int_tuple<14>
func.func @wrong_result() {
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %c = "fly.static"() : () -> !fly.int_tuple<(2,3)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(2,3)>, !fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<15>
  return
}

// CHECK-DAG: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-verify: unknown fly op 'fly.crd2idxx'
func.func @unknown(%c: !fly.int_tuple<2>) {
  %i = "fly.crd2idxx"(%c) : (!fly.int_tuple<2>) -> !fly.int_tuple<2>
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.size takes 1 operand, got 2
func.func @arity() {
  %c = "fly.static"() : () -> !fly.int_tuple<(2,3)>
  %i = "fly.size"(%c, %c) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<(2,3)>) -> !fly.int_tuple<6>
  return
}

// CHECK-DAG: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-verify: fly.make_int_tuple: 1 operands for 2 dynamic leaves
func.func @leaves(%x: i32) {
  %t = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<(?,?)>
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.logical_divide: expected a !fly.layout type, got !fly.int_tuple<8>
func.func @kinds() {
  %c = "fly.static"() : () -> !fly.int_tuple<8>
  %d = "fly.logical_divide"(%c, %c) : (!fly.int_tuple<8>, !fly.int_tuple<8>) -> !fly.layout<8:1>
  return
}

// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.static: expected a fully static fly type, got !fly.int_tuple<?>
// CHECK-DAG: :[[# @LINE + 3]]:{{[0-9]+}}: error: fly-verify: fly.print: needs a string attribute 'format'
func.func @misc() {
  %c = "fly.static"() : () -> !fly.int_tuple<?>
  "fly.print"(%c) : (!fly.int_tuple<?>) -> ()
  return
}

// Correct ops pass, dynamic-leaf annotations may differ from the inferred ones.
// CHECK-NOT: @good
func.func @good(%x: i32) {
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %c = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<(?,3)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(?,3)>, !fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<?>
  return
}
