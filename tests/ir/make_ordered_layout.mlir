// fly.make_ordered_layout(shape, order): the layout whose strides follow the order's mode order (a leaf
// order, FlyDSL's 0, is column-major), as make_rmem_tensor(shape) emits it; a static one folds to fly.static.
// RUN: flyi-opt %s --pass=fly-verify,fly-canonicalize | FileCheck %s

// CHECK-LABEL: func.func @ordered
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(2,(3,4)):(1,(2,6))>
// CHECK-NEXT: "fly.static"() : () -> !fly.layout<(2,3,4):(12,4,1)>
// CHECK-NEXT: return
func.func @ordered() -> (!fly.layout<(2,(3,4)):(1,(2,6))>, !fly.layout<(2,3,4):(12,4,1)>) {
  %s = "fly.static"() : () -> !fly.int_tuple<(2,(3,4))>
  %z = "fly.static"() : () -> !fly.int_tuple<0>
  %a = "fly.make_ordered_layout"(%s, %z) : (!fly.int_tuple<(2,(3,4))>, !fly.int_tuple<0>) -> !fly.layout<(2,(3,4)):(1,(2,6))>
  %t = "fly.static"() : () -> !fly.int_tuple<(2,3,4)>
  %o = "fly.static"() : () -> !fly.int_tuple<(2,1,0)>
  %b = "fly.make_ordered_layout"(%t, %o) : (!fly.int_tuple<(2,3,4)>, !fly.int_tuple<(2,1,0)>) -> !fly.layout<(2,3,4):(12,4,1)>
  return %a, %b : !fly.layout<(2,(3,4)):(1,(2,6))>, !fly.layout<(2,3,4):(12,4,1)>
}
