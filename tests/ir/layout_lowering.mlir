// fly-layout-lowering: static results fold to fly.static and vanish when dead; dynamic
// coordinates become index arithmetic that follows the layout's structure.
// RUN: flyi-opt %s --pass=fly-layout-lowering | FileCheck %s

// Static: everything folds, get_scalar becomes a constant.
// CHECK-LABEL: func.func @crd2idx_static() -> i32
// CHECK-NEXT: %[[C:.*]] = arith.constant 14 : i32
// CHECK-NEXT: return %[[C]]
func.func @crd2idx_static() -> i32 {
  %s = "fly.make_int_tuple"() : () -> !fly.int_tuple<(4,8)>
  %d = "fly.make_int_tuple"() : () -> !fly.int_tuple<(1,4)>
  %l = "fly.make_layout"(%s, %d) : (!fly.int_tuple<(4,8)>, !fly.int_tuple<(1,4)>) -> !fly.layout<(4,8):(1,4)>
  %c = "fly.make_int_tuple"() : () -> !fly.int_tuple<(2,3)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(2,3)>, !fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<14>
  %r = "fly.get_scalar"(%i) : (!fly.int_tuple<14>) -> i32
  return %r : i32
}

// Dynamic coordinate, static layout: c0*1 + c1*4.
// CHECK-LABEL: func.func @crd2idx_dynamic(%arg0: i32, %arg1: i32) -> i32
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %arg1, %[[C4]] : i32
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %[[M]] : i32
// CHECK-NEXT: return %[[A]]
func.func @crd2idx_dynamic(%c0: i32, %c1: i32) -> i32 {
  %l = "fly.static"() : () -> !fly.layout<(4,8):(1,4)>
  %c = "fly.make_int_tuple"(%c0, %c1) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(4,8):(1,4)>) -> !fly.int_tuple<?>
  %r = "fly.get_scalar"(%i) : (!fly.int_tuple<?>) -> i32
  return %r : i32
}

// A 1-D coordinate into a hierarchical layout: split column-major, mode by mode.
// ((2,4),8):((8,1),16) at x = (x%8)%2*8 + (x%8)/2 + (x/8)*16
// CHECK-LABEL: func.func @crd2idx_1d(%arg0: i32) -> i32
// CHECK: %[[LO:.*]] = arith.remsi %arg0, %{{.*}} : i32
// CHECK: %[[HI:.*]] = arith.divsi %arg0, %{{.*}} : i32
// CHECK: %[[A:.*]] = arith.remsi %[[LO]], %{{.*}} : i32
// CHECK: %[[B:.*]] = arith.divsi %[[LO]], %{{.*}} : i32
// CHECK: %[[A8:.*]] = arith.muli %[[A]], %{{.*}} : i32
// CHECK: %[[IN:.*]] = arith.addi %[[A8]], %[[B]] : i32
// CHECK: %[[H16:.*]] = arith.muli %[[HI]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.addi %[[IN]], %[[H16]] : i32
// CHECK: return %[[R]]
func.func @crd2idx_1d(%x: i32) -> i32 {
  %l = "fly.static"() : () -> !fly.layout<((2,4),8):((8,1),16)>
  %c = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<?>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<?>, !fly.layout<((2,4),8):((8,1),16)>) -> !fly.int_tuple<?>
  %r = "fly.get_scalar"(%i) : (!fly.int_tuple<?>) -> i32
  return %r : i32
}

// Dynamic shape: make_layout(shape) computes its compact strides, size multiplies the leaves.
// CHECK-LABEL: func.func @dynamic_layout(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK: %[[Y8:.*]] = arith.muli %arg2, %{{.*}} : i32
// CHECK: %[[I:.*]] = arith.addi %arg1, %[[Y8]] : i32
// CHECK: %[[N:.*]] = arith.muli %{{.*}}, %arg0 : i32
// CHECK: return %[[I]], %[[N]]
func.func @dynamic_layout(%n: i32, %x: i32, %y: i32) -> (i32, i32) {
  %s = "fly.make_int_tuple"(%n) : (i32) -> !fly.int_tuple<(8,?)>
  %l = "fly.make_layout"(%s) : (!fly.int_tuple<(8,?)>) -> !fly.layout<(8,?):(1,8)>
  %c = "fly.make_int_tuple"(%x, %y) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %i = "fly.crd2idx"(%c, %l) : (!fly.int_tuple<(?,?)>, !fly.layout<(8,?):(1,8)>) -> !fly.int_tuple<?>
  %sz = "fly.size"(%l) : (!fly.layout<(8,?):(1,8)>) -> !fly.int_tuple<?{div=8}>
  %a = "fly.get_scalar"(%i) : (!fly.int_tuple<?>) -> i32
  %b = "fly.get_scalar"(%sz) : (!fly.int_tuple<?{div=8}>) -> i32
  return %a, %b : i32, i32
}

// idx2crd: (x % 4, x / 4) for shape (4,8); get_shape forwards the dynamic leaf.
// CHECK-LABEL: func.func @idx2crd(%arg0: i32, %arg1: i32) -> (!fly.int_tuple<(?,?)>, !fly.int_tuple<(?,4)>)
// CHECK: %[[R:.*]] = arith.remsi %arg0, %{{.*}} : i32
// CHECK: %[[Q:.*]] = arith.divsi %arg0, %{{.*}} : i32
// CHECK: %[[T:.*]] = "fly.make_int_tuple"(%[[R]], %[[Q]]) : (i32, i32) -> !fly.int_tuple<(?,?)>
// CHECK: %[[S:.*]] = "fly.make_int_tuple"(%arg1) : (i32) -> !fly.int_tuple<(?,4)>
// CHECK: return %[[T]], %[[S]]
func.func @idx2crd(%x: i32, %m: i32) -> (!fly.int_tuple<(?,?)>, !fly.int_tuple<(?,4)>) {
  %shape = "fly.static"() : () -> !fly.int_tuple<(4,8)>
  %c = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<?>
  %i = "fly.idx2crd"(%c, %shape) : (!fly.int_tuple<?>, !fly.int_tuple<(4,8)>) -> !fly.int_tuple<(?,?)>
  %ms = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<(?,4)>
  %l = "fly.make_layout"(%ms) : (!fly.int_tuple<(?,4)>) -> !fly.layout<(?,4):(1,?)>
  %gs = "fly.get_shape"(%l) : (!fly.layout<(?,4):(1,?)>) -> !fly.int_tuple<(?,4)>
  return %i, %gs : !fly.int_tuple<(?,?)>, !fly.int_tuple<(?,4)>
}


// idx2crd over a layout uses its strides (FlyDSL): (4,64):(64,1) gives ((x / 64) % 4, x % 64); a mode of
// extent 1 gives 0 whatever its stride.
// CHECK-LABEL: func.func @idx2crd_layout(%arg0: i32) -> (!fly.int_tuple<(?,?)>, !fly.int_tuple<(0,?)>)
// CHECK: %[[Q:.*]] = arith.divsi %arg0, %{{.*}} : i32
// CHECK: %[[W:.*]] = arith.remsi %[[Q]], %{{.*}} : i32
// CHECK: %[[L:.*]] = arith.remsi %arg0, %{{.*}} : i32
// CHECK: %[[T:.*]] = "fly.make_int_tuple"(%[[W]], %[[L]]) : (i32, i32) -> !fly.int_tuple<(?,?)>
// CHECK: %[[L2:.*]] = arith.remsi %arg0, %{{.*}} : i32
// CHECK: %[[U:.*]] = "fly.make_int_tuple"(%[[L2]]) : (i32) -> !fly.int_tuple<(0,?)>
// CHECK: return %[[T]], %[[U]]
func.func @idx2crd_layout(%x: i32) -> (!fly.int_tuple<(?,?)>, !fly.int_tuple<(0,?)>) {
  %l = "fly.static"() : () -> !fly.layout<(4,64):(64,1)>
  %c = "fly.make_int_tuple"(%x) : (i32) -> !fly.int_tuple<?>
  %i = "fly.idx2crd"(%c, %l) : (!fly.int_tuple<?>, !fly.layout<(4,64):(64,1)>) -> !fly.int_tuple<(?,?)>
  %l1 = "fly.static"() : () -> !fly.layout<(1,8):(0,1)>
  %j = "fly.idx2crd"(%c, %l1) : (!fly.int_tuple<?>, !fly.layout<(1,8):(0,1)>) -> !fly.int_tuple<(0,?)>
  return %i, %j : !fly.int_tuple<(?,?)>, !fly.int_tuple<(0,?)>
}
