// Fly types parse and print back in FlyDSL's spelling; fly-canonicalize re-spells them canonically.
// RUN: flyi-opt %s --pass=fly-verify | FileCheck %s --check-prefix=RAW
// RUN: flyi-opt %s --pass=fly-canonicalize | FileCheck %s

// RAW-LABEL: func.func @types
// RAW-SAME: !fly.layout<(4, 8) : (1, 4)>
// CHECK-LABEL: func.func @types
// CHECK-SAME: %arg0: !fly.layout<(4,8):(1,4)>
// CHECK-SAME: %arg1: !fly.memref<f32, global, (4,8):(1,4)>
// CHECK-SAME: %arg2: !fly.ptr<i8, shared, align<1024>>
// CHECK-SAME: %arg3: !fly.ptr<bf16, shared, S<3,3,3>>
// CHECK-SAME: %arg4: !fly.composed_layout<S<3,0,3> o 0 o (8,8):(8,1)>
// CHECK-SAME: %arg5: !fly.tile<[2:7|(3,6):(1,3)]>
// CHECK-SAME: %arg6: !fly.swizzle<S<3,3,3>>
// CHECK-SAME: %arg7: !fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>
// CHECK-SAME: %arg8: !fly.copy_atom<!fly.universal_copy<64>, 16>
// CHECK-SAME: %arg9: !fly.int_tuple<(?,?{i64 div=16})>
// CHECK-SAME: %arg10: !fly.universal_fma<1x1x1, (f32, f32) -> f32>
// CHECK-SAME: %arg11: !fly.ptr<f32, #fly_rocdl.buffer_desc>
// CHECK-SAME: %arg12: !fly.ptr<f32, global>
// CHECK-SAME: %arg13: !fly.memref<f16, register, 8:1, align<16>>
func.func @types(%a: !fly.layout<(4, 8) : (1, 4)>, %b: !fly.memref<f32, global, (4, 8) : (1, 4)>,
                 %c: !fly.ptr<i8, shared, align<1024>>, %d: !fly.ptr<bf16, shared, S<3,3,3>>,
                 %e: !fly.composed_layout<S<3,0,3> o 0 o (8,8):(8,1)>, %f: !fly.tile<[2:7|(3,6):(1,3)]>,
                 %g: !fly.swizzle<S<3,3,3>>, %h: !fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>,
                 %i: !fly.copy_atom<!fly.universal_copy<64>, 16>, %j: !fly.int_tuple<(?, ?{i64 div=16})>,
                 %k: !fly.universal_fma<1x1x1, (f32, f32) -> f32>, %l: !fly.ptr<f32, #fly_rocdl.buffer_desc>,
                 %m: !fly.ptr<f32, global, align<4>>, %n: !fly.memref<f16, register, 8:1, align<16>>) {
  return
}

// Op results are re-spelled too, so every use sees one uniqued type.
// CHECK-LABEL: func.func @results
// CHECK: "fly.static"() : () -> !fly.layout<((2,2),8):((1,4),2)>
// CHECK: "fly.make_view"(%arg0, %{{.*}}) : (!fly.ptr<f32, global>, !fly.layout<((2,2),8):((1,4),2)>) -> !fly.memref<f32, global, ((2,2),8):((1,4),2)>
func.func @results(%p: !fly.ptr<f32, global>) -> !fly.memref<f32, global, ((2,2),8):((1,4),2)> {
  %0 = "fly.static"() : () -> !fly.layout<((2, 2), 8) : ((1, 4), 2)>
  %1 = "fly.make_view"(%p, %0) : (!fly.ptr<f32, global>, !fly.layout<((2, 2), 8) : ((1, 4), 2)>) -> !fly.memref<f32, global, ((2,2),8):((1,4),2)>
  return %1 : !fly.memref<f32, global, ((2,2),8):((1,4),2)>
}
