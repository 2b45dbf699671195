// fly-canonicalize: every op whose result type lib/layout computed as fully static becomes
// fly.static of that type (the value lives in the type), and dead fly ops disappear.
// RUN: flyi-opt %s --pass=fly-verify,fly-canonicalize | FileCheck %s

// CHECK-LABEL: func.func @construct
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(4,8):(1E0,1E1)>
// CHECK-NEXT: return
func.func @construct() -> (!fly.layout<(4,8):(1,4)>, !fly.layout<(4,8):(1,4)>, !fly.layout<(4,8):(1E0,1E1)>) {
  %s = "fly.make_shape"() : () -> !fly.int_tuple<(4,8)>
  %d = "fly.make_stride"() : () -> !fly.int_tuple<(1,4)>
  %l = "fly.make_layout"(%s, %d) : (!fly.int_tuple<(4,8)>, !fly.int_tuple<(1,4)>) -> !fly.layout<(4,8):(1,4)>
  %c = "fly.make_layout"(%s) : (!fly.int_tuple<(4,8)>) -> !fly.layout<(4,8):(1,4)>
  %i = "fly.make_identity_layout"(%s) : (!fly.int_tuple<(4,8)>) -> !fly.layout<(4,8):(1E0,1E1)>
  return %l, %c, %i : !fly.layout<(4,8):(1,4)>, !fly.layout<(4,8):(1,4)>, !fly.layout<(4,8):(1E0,1E1)>
}

// CHECK-LABEL: func.func @queries
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<(4,8)>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<(8,1)>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<32>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<32>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<17>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<(1,5)>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<8:1>
// CHECK-NOT: fly.get_shape
// CHECK-NOT: fly.crd2idx
// CHECK: return
func.func @queries() -> (!fly.int_tuple<(4,8)>, !fly.int_tuple<(8,1)>, !fly.int_tuple<32>, !fly.int_tuple<32>, !fly.int_tuple<17>, !fly.int_tuple<(1,5)>, !fly.layout<8:1>) {
  %l = "fly.static"() : () -> !fly.layout<(4,8):(8,1)>
  %s = "fly.get_shape"(%l) : (!fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<(4,8)>
  %d = "fly.get_stride"(%l) : (!fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<(8,1)>
  %n = "fly.size"(%l) : (!fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<32>
  %m = "fly.cosize"(%l) : (!fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<32>
  %c = "fly.static"() : () -> !fly.int_tuple<(2,1)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(2,1)>, !fly.layout<(4,8):(8,1)>) -> !fly.int_tuple<17>
  %k = "fly.static"() : () -> !fly.int_tuple<21>
  %x = "fly.idx2crd"(%k, %s) : (!fly.int_tuple<21>, !fly.int_tuple<(4,8)>) -> !fly.int_tuple<(1,5)>
  %sc = "fly.static"() : () -> !fly.int_tuple<(2,*)>
  %sl = "fly.slice"(%l, %sc) : (!fly.layout<(4,8):(8,1)>, !fly.int_tuple<(2,*)>) -> !fly.layout<8:1>
  return %s, %d, %n, %m, %i, %x, %sl : !fly.int_tuple<(4,8)>, !fly.int_tuple<(8,1)>, !fly.int_tuple<32>, !fly.int_tuple<32>, !fly.int_tuple<17>, !fly.int_tuple<(1,5)>, !fly.layout<8:1>
}

// CHECK-LABEL: func.func @algebra
// CHECK-DAG: "fly.static"() : () -> !fly.layout<((2,4),1):((1,2),0)>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<((2,4),(2,2)):((1,4),(2,16))>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<((2,4),2,2):((1,4),2,16)>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<(2,4):(1,2)>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<4:2>
// CHECK-DAG: "fly.static"() : () -> !fly.layout<32:1>
// CHECK-DAG: "fly.static"() : () -> !fly.int_tuple<(5,11)>
// CHECK: return
func.func @algebra() -> (!fly.layout<((2,4),1):((1,2),0)>, !fly.layout<((2,4),(2,2)):((1,4),(2,16))>, !fly.layout<((2,4),2,2):((1,4),2,16)>, !fly.layout<(2,4):(1,2)>, !fly.layout<4:2>, !fly.layout<32:1>, !fly.int_tuple<(5,11)>) {
  %a = "fly.static"() : () -> !fly.layout<8:1>
  %b = "fly.static"() : () -> !fly.layout<(2,4):(1,2)>
  %ld = "fly.logical_divide"(%a, %b) : (!fly.layout<8:1>, !fly.layout<(2,4):(1,2)>) -> !fly.layout<((2,4),1):((1,2),0)>
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %t = "fly.static"() : () -> !fly.tile<[2|4]>
  %zd = "fly.zipped_divide"(%l, %t) : (!fly.layout<(4,8):(1,4)>, !fly.tile<[2|4]>) -> !fly.layout<((2,4),(2,2)):((1,4),(2,16))>
  %td = "fly.tiled_divide"(%l, %t) : (!fly.layout<(4,8):(1,4)>, !fly.tile<[2|4]>) -> !fly.layout<((2,4),2,2):((1,4),2,16)>
  %p = "fly.static"() : () -> !fly.layout<(2,4):(1,2)>
  %q = "fly.static"() : () -> !fly.layout<16:2>
  %co = "fly.composition"(%q, %p) : (!fly.layout<16:2>, !fly.layout<(2,4):(1,2)>) -> !fly.layout<(2,4):(2,4)>
  %u = "fly.static"() : () -> !fly.layout<2:1>
  %n = "fly.static"() : () -> !fly.int_tuple<8>
  %cm = "fly.complement"(%u, %n) : (!fly.layout<2:1>, !fly.int_tuple<8>) -> !fly.layout<4:2>
  %co2 = "fly.coalesce"(%l) : (!fly.layout<(4,8):(1,4)>) -> !fly.layout<32:1>
  %x = "fly.static"() : () -> !fly.int_tuple<(2,3)>
  %y = "fly.static"() : () -> !fly.int_tuple<(3,8)>
  %z = "fly.int_tuple_add"(%x, %y) : (!fly.int_tuple<(2,3)>, !fly.int_tuple<(3,8)>) -> !fly.int_tuple<(5,11)>
  %co3 = "fly.composition"(%l, %b) : (!fly.layout<(4,8):(1,4)>, !fly.layout<(2,4):(1,2)>) -> !fly.layout<(2,4):(1,2)>
  return %ld, %zd, %td, %co3, %cm, %co2, %z : !fly.layout<((2,4),1):((1,2),0)>, !fly.layout<((2,4),(2,2)):((1,4),(2,16))>, !fly.layout<((2,4),2,2):((1,4),2,16)>, !fly.layout<(2,4):(1,2)>, !fly.layout<4:2>, !fly.layout<32:1>, !fly.int_tuple<(5,11)>
}

// Dynamic results stay, dead pure ops go.
// CHECK-LABEL: func.func @dynamic
// CHECK-NEXT: %[[T:.*]] = "fly.make_int_tuple"(%arg0)
// CHECK-NEXT: %[[S:.*]] = "fly.size"(%[[T]]) : (!fly.int_tuple<(4,?)>) -> !fly.int_tuple<?{div=4}>
// CHECK-NEXT: return %[[S]]
func.func @dynamic(%x: i32) -> !fly.int_tuple<?{div=4}> {
  %t = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<(4,?)>
  %s = "fly.size"(%t) : (!fly.int_tuple<(4,?)>) -> !fly.int_tuple<?{div=4}>
  %dead = "fly.size"(%t) : (!fly.int_tuple<(4,?)>) -> !fly.int_tuple<?{div=4}>
  return %s : !fly.int_tuple<?{div=4}>
}
