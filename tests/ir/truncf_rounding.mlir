// convert-fly-to-rocdl expands arith.truncf with a rounding mode (FlyDSL's x.to(T, rounding_mode=...)) into the
// default to-nearest-even truncf and a one-ulp step of its bits where the mode rounds the other way; LLVM's
// constrained fptrunc, the upstream lowering of the mode, is ignored on AMDGPU. to_nearest_even only loses the
// attribute; a truncf without one stays as it is.
// RUN: flyi-opt %s --pass=convert-fly-to-rocdl | FileCheck %s

// CHECK-LABEL: func.func @up(
// CHECK: %[[Y:.*]] = arith.truncf %arg0 : f32 to f16
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[Y]] : f16 to i16
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i16
// CHECK-NEXT: %[[UP:.*]] = arith.addi %[[B]], %[[ONE]] : i16
// CHECK-NEXT: %[[DN:.*]] = arith.subi %[[B]], %[[ONE]] : i16
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %arg0, %{{.*}} : f32
// CHECK-NEXT: %[[LOW:.*]] = arith.cmpf olt, %[[E]], %arg0 : f32
// CHECK-NEXT: %[[ST:.*]] = arith.select %[[NEG]], %[[DN]], %[[UP]] : i16
// CHECK-NEXT: %[[R:.*]] = arith.select %[[LOW]], %[[ST]], %[[B]] : i16
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[R]] : i16 to f16
// CHECK: return %[[F]]
func.func @up(%a: f32) -> f16 {
  %0 = arith.truncf %a upward : f32 to f16
  return %0 : f16
}

// CHECK-LABEL: func.func @down(
// CHECK: %[[E:.*]] = arith.extf
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %arg0
// CHECK-NEXT: %[[HIGH:.*]] = arith.cmpf ogt, %[[E]], %arg0 : f32
// CHECK-NEXT: %[[ST:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : i16
// CHECK-NEXT: arith.select %[[HIGH]], %[[ST]], %{{.*}} : i16
func.func @down(%a: f32) -> f16 {
  %0 = arith.truncf %a downward : f32 to f16
  return %0 : f16
}

// toward_zero on a vector: a step down in magnitude where |y| > |x|
// CHECK-LABEL: func.func @tz(
// CHECK: %[[Y:.*]] = arith.truncf %arg0 : vector<4xf32> to vector<4xbf16>
// CHECK: %[[B:.*]] = arith.bitcast %[[Y]] : vector<4xbf16> to vector<4xi16>
// CHECK: arith.constant dense<1> : vector<4xi16>
// CHECK: %[[DN:.*]] = arith.subi %[[B]]
// CHECK: %[[AE:.*]] = math.absf %{{.*}} : vector<4xf32>
// CHECK-NEXT: %[[AX:.*]] = math.absf %arg0 : vector<4xf32>
// CHECK-NEXT: %[[AWAY:.*]] = arith.cmpf ogt, %[[AE]], %[[AX]] : vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = arith.select %[[AWAY]], %[[DN]], %[[B]] : vector<4xi1>, vector<4xi16>
// CHECK-NEXT: arith.bitcast %[[R]] : vector<4xi16> to vector<4xbf16>
func.func @tz(%a: vector<4xf32>) -> vector<4xbf16> {
  %0 = arith.truncf %a toward_zero : vector<4xf32> to vector<4xbf16>
  return %0 : vector<4xbf16>
}

// to_nearest_away: a step up where y is below |x| by exactly the distance to the next value (a tie)
// CHECK-LABEL: func.func @away(
// CHECK: %[[UP:.*]] = arith.addi
// CHECK: %[[BELOW:.*]] = arith.cmpf olt
// CHECK: %[[D1:.*]] = arith.subf
// CHECK-NEXT: %[[D2:.*]] = arith.subf
// CHECK-NEXT: %[[TIE:.*]] = arith.cmpf oeq, %[[D1]], %[[D2]] : f64
// CHECK-NEXT: %[[W:.*]] = arith.andi %[[BELOW]], %[[TIE]] : i1
// CHECK-NEXT: arith.select %[[W]], %[[UP]], %{{.*}} : i32
func.func @away(%a: f64) -> f32 {
  %0 = arith.truncf %a to_nearest_away : f64 to f32
  return %0 : f32
}

// CHECK-LABEL: func.func @plain(
// CHECK-NEXT: %[[A:.*]] = arith.truncf %arg0 : f32 to f16
// CHECK-NEXT: %[[B:.*]] = arith.truncf %arg0 : f32 to f16
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @plain(%a: f32) -> (f16, f16) {
  %0 = arith.truncf %a to_nearest_even : f32 to f16
  %1 = arith.truncf %a : f32 to f16
  return %0, %1 : f16, f16
}
