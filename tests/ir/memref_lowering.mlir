// fly-layout-lowering of views and memory: loads and stores address ptr + crd2idx(coord) through
// llvm.getelementptr; register memrefs are llvm.alloca in address space 5.
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering,convert-fly-to-rocdl | FileCheck %s --check-prefix=ROCDL

// CHECK-LABEL: func.func @load_store(%arg0: !fly.ptr<f32, global>, %arg1: i32, %arg2: i32)
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : !fly.ptr<f32, global> to !llvm.ptr<1>
// CHECK: %[[O:.*]] = arith.addi
// CHECK: %[[G:.*]] = llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: %[[V:.*]] = llvm.load %[[G]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// ROCDL-LABEL: func.func @load_store(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: i32)
// ROCDL-NOT: fly.
// ROCDL: llvm.getelementptr %arg0[
func.func @load_store(%m: !fly.memref<f32, global, (16,8):(8,1)>, %x: i32, %y: i32) {
  %c = "fly.make_coord"(%x, %y) : (i32, i32) -> !fly.int_tuple<(?,?)>
  %v = "fly.memref.load"(%m, %c) : (!fly.memref<f32, global, (16,8):(8,1)>, !fly.int_tuple<(?,?)>) -> f32
  %c2 = "fly.static"() : () -> !fly.int_tuple<(0,3)>
  "fly.memref.store"(%v, %m, %c2) : (f32, !fly.memref<f32, global, (16,8):(8,1)>, !fly.int_tuple<(0,3)>) -> ()
  return
}

// CHECK-LABEL: func.func @registers(%arg0: vector<4xf32>) -> (vector<4xf32>, f32)
// CHECK: %[[N:.*]] = arith.constant 4 : i64
// CHECK: %[[A:.*]] = llvm.alloca %[[N]] x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr<5>
// CHECK: llvm.store %arg0, %[[A]] {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr<5>
// CHECK: llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr<5> -> vector<4xf32>
// CHECK: %[[G:.*]] = llvm.getelementptr %[[A]][%{{.*}}] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, f32
// CHECK: llvm.load %[[G]] {alignment = 4 : i64} : !llvm.ptr<5> -> f32
func.func @registers(%v: vector<4xf32>) -> (vector<4xf32>, f32) {
  %l = "fly.static"() : () -> !fly.layout<4:1>
  %m = "fly.memref.alloca"(%l) : (!fly.layout<4:1>) -> !fly.memref<f32, register, 4:1>
  "fly.memref.store_vec"(%v, %m) : (vector<4xf32>, !fly.memref<f32, register, 4:1>) -> ()
  %r = "fly.memref.load_vec"(%m) : (!fly.memref<f32, register, 4:1>) -> vector<4xf32>
  %c = "fly.static"() : () -> !fly.int_tuple<2>
  %x = "fly.memref.load"(%m, %c) : (!fly.memref<f32, register, 4:1>, !fly.int_tuple<2>) -> f32
  return %r, %x : vector<4xf32>, f32
}

// A strided register layout is loaded element by element.
// CHECK-LABEL: func.func @strided_vec
// CHECK: llvm.alloca %{{.*}} x f16 {alignment = 2 : i64} : (i64) -> !llvm.ptr<5>
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<5> -> f16
// CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>
func.func @strided_vec() -> vector<4xf16> {
  %l = "fly.static"() : () -> !fly.layout<(2,2):(4,1)>
  %m = "fly.memref.alloca"(%l) : (!fly.layout<(2,2):(4,1)>) -> !fly.memref<f16, register, (2,2):(4,1)>
  %r = "fly.memref.load_vec"(%m) : (!fly.memref<f16, register, (2,2):(4,1)>) -> vector<4xf16>
  return %r : vector<4xf16>
}

// Pointers: make_ptr allocates, add_offset and views address through getelementptr.
// CHECK-LABEL: func.func @pointers(%arg0: i32) -> f32
// CHECK: %[[A:.*]] = llvm.alloca %{{.*}} x f32 {alignment = 4 : i64} : (i64) -> !llvm.ptr<5>
// CHECK: %[[G:.*]] = llvm.getelementptr %[[A]][%arg0] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, f32
// CHECK: %[[H:.*]] = llvm.getelementptr %[[G]][%{{.*}}] : (!llvm.ptr<5>, i32) -> !llvm.ptr<5>, f32
// CHECK: %[[V:.*]] = llvm.load %[[H]] {alignment = 4 : i64} : !llvm.ptr<5> -> f32
// CHECK: return %[[V]]
func.func @pointers(%off: i32) -> f32 {
  %p = "fly.make_ptr"() {dictAttrs = {allocSize = 16 : i64}} : () -> !fly.ptr<f32, register>
  %o = "fly.make_int_tuple"(%off) : (i32) -> !fly.int_tuple<?>
  %q = "fly.add_offset"(%p, %o) : (!fly.ptr<f32, register>, !fly.int_tuple<?>) -> !fly.ptr<f32, register>
  %l = "fly.static"() : () -> !fly.layout<(2,4):(1,2)>
  %v = "fly.make_view"(%q, %l) : (!fly.ptr<f32, register>, !fly.layout<(2,4):(1,2)>) -> !fly.memref<f32, register, (2,4):(1,2)>
  %it = "fly.get_iter"(%v) : (!fly.memref<f32, register, (2,4):(1,2)>) -> !fly.ptr<f32, register>
  %ly = "fly.get_layout"(%v) : (!fly.memref<f32, register, (2,4):(1,2)>) -> !fly.layout<(2,4):(1,2)>
  %v2 = "fly.make_view"(%it, %ly) : (!fly.ptr<f32, register>, !fly.layout<(2,4):(1,2)>) -> !fly.memref<f32, register, (2,4):(1,2)>
  %c = "fly.static"() : () -> !fly.int_tuple<(1,1)>
  %x = "fly.memref.load"(%v2, %c) : (!fly.memref<f32, register, (2,4):(1,2)>, !fly.int_tuple<(1,1)>) -> f32
  return %x : f32
}

// Slicing a memref offsets its pointer: row 3 of (16,8):(8,1) starts at 24.
// CHECK-LABEL: func.func @slice_row
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : !fly.ptr<f32, global> to !llvm.ptr<1>
// CHECK: %[[C:.*]] = arith.constant 24 : i32
// CHECK: %[[G:.*]] = llvm.getelementptr %[[P]][%[[C]]]
// CHECK: llvm.getelementptr %[[G]][%arg1]
func.func @slice_row(%m: !fly.memref<f32, global, (16,8):(8,1)>, %j: i32) -> f32 {
  %c = "fly.static"() : () -> !fly.int_tuple<(3,*)>
  %row = "fly.slice"(%m, %c) : (!fly.memref<f32, global, (16,8):(8,1)>, !fly.int_tuple<(3,*)>) -> !fly.memref<f32, global, 8:1>
  %k = "fly.make_coord"(%j) : (i32) -> !fly.int_tuple<?>
  %x = "fly.memref.load"(%row, %k) : (!fly.memref<f32, global, 8:1>, !fly.int_tuple<?>) -> f32
  return %x : f32
}
