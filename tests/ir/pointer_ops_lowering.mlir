// fly-layout-lowering of FlyDSL's pointer ops: fly.to_llvm_ptr is the LLVM pointer behind the fly pointer (no
// integer casts; its address space the attribute's), fly.apply_swizzle the same address typed with the swizzle,
// which fly.add_offset keeps; after convert-fly-to-rocdl both are the function's !llvm.ptr argument itself.
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering | FileCheck %s
// RUN: flyi-opt %s --pass=fly-rewrite-func-signature,fly-layout-lowering,convert-fly-to-rocdl | FileCheck %s --check-prefix=ROCDL

// CHECK-LABEL: func.func @to_llvm_ptr(%arg0: !fly.ptr<f32, global>) -> !llvm.ptr<1>
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %arg0 : !fly.ptr<f32, global> to !llvm.ptr<1>
// CHECK-NOT: llvm.ptrtoint
// CHECK: return %[[P]] : !llvm.ptr<1>
// ROCDL-LABEL: func.func @to_llvm_ptr(%arg0: !llvm.ptr<1>) -> !llvm.ptr<1>
// ROCDL-NEXT: return %arg0 : !llvm.ptr<1>
func.func @to_llvm_ptr(%p: !fly.ptr<f32, global>) -> !llvm.ptr<1> {
  %r = "fly.to_llvm_ptr"(%p) {llvm_address_space = 1 : i32} : (!fly.ptr<f32, global>) -> !llvm.ptr<1>
  return %r : !llvm.ptr<1>
}

// CHECK-LABEL: func.func @swizzled(%arg0: !fly.ptr<f16, shared>) -> !llvm.ptr<3>
// CHECK-NOT: fly.apply_swizzle
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// ROCDL-LABEL: func.func @swizzled(%arg0: !llvm.ptr<3>) -> !llvm.ptr<3>
// ROCDL-NOT: fly.
// ROCDL: %[[G:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// ROCDL: return %[[G]] : !llvm.ptr<3>
func.func @swizzled(%p: !fly.ptr<f16, shared>) -> !llvm.ptr<3> {
  %s = "fly.static"() : () -> !fly.swizzle<S<3,3,3>>
  %q = "fly.apply_swizzle"(%p, %s) : (!fly.ptr<f16, shared>, !fly.swizzle<S<3,3,3>>) -> !fly.ptr<f16, shared, S<3,3,3>>
  %o = "fly.static"() : () -> !fly.int_tuple<8>
  %a = "fly.add_offset"(%q, %o) : (!fly.ptr<f16, shared, S<3,3,3>>, !fly.int_tuple<8>) -> !fly.ptr<f16, shared, S<3,3,3>>
  %r = "fly.to_llvm_ptr"(%a) {llvm_address_space = 3 : i32} : (!fly.ptr<f16, shared, S<3,3,3>>) -> !llvm.ptr<3>
  return %r : !llvm.ptr<3>
}
