// convert-fly-to-rocdl expands the math ops no later lowering handles: clampf (a clamp, NaN propagating),
// isinf / isnormal (ordered compares of |x|), fpowi (powf of |x| with x's sign for odd n), ipowi (square and
// multiply over the exponent's bits), arith.ceildivsi / ceildivui / floordivsi (truncating division and remainder,
// stepped by one), on scalars and vectors; the ops the upstream lowering has stay.
// RUN: flyi-opt %s --pass=convert-fly-to-rocdl | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NOT: math.clampf
// CHECK: %[[MX:.*]] = arith.maximumf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT: arith.minimumf %[[MX]], %arg2 fastmath<fast> : f32
// CHECK: %[[A:.*]] = math.absf %arg0 : f32
// CHECK-NEXT: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-NEXT: arith.cmpf oeq, %[[A]], %[[INF]] : f32
// CHECK: %[[A2:.*]] = math.absf %arg0 : f32
// CHECK-NEXT: %[[MIN:.*]] = arith.constant 1.17549435E-38 : f32
// CHECK-NEXT: %[[GE:.*]] = arith.cmpf oge, %[[A2]], %[[MIN]] : f32
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[A2]], %{{.*}} : f32
// CHECK-NEXT: arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[NF:.*]] = arith.sitofp %arg3 : i32 to f32
// CHECK: %[[P:.*]] = math.powf %{{.*}}, %[[NF]] : f32
// CHECK: %[[ODD:.*]] = arith.cmpi ne
// CHECK: %[[S:.*]] = math.copysign %[[P]], %arg0 : f32
// CHECK-NEXT: arith.select %[[ODD]], %[[S]], %[[P]] : f32
// CHECK-NOT: math.ipowi
// CHECK: arith.divsi
// CHECK-COUNT-32: arith.shrui
// CHECK: math.isnan %arg0 : f32
// CHECK-LABEL: func.func @v(
// CHECK: arith.maximumf %arg0, %arg1 : vector<4xf16>
// CHECK: arith.constant dense<6.103520e-05> : vector<4xf16>
// CHECK: arith.cmpf oge, %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK: arith.andi %{{.*}}, %{{.*}} : vector<4xi1>
// CHECK-NOT: math.
// CHECK: return
// CHECK-LABEL: func.func @d(
// CHECK-NOT: ceildiv
// CHECK: %[[Q:.*]] = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %[[R:.*]] = arith.remsi %arg0, %arg1 : i32
// CHECK: %[[NZ:.*]] = arith.cmpi ne, %[[R]], %{{.*}} : i32
// CHECK-NEXT: %[[X:.*]] = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %[[SAME:.*]] = arith.cmpi sge, %[[X]], %{{.*}} : i32
// CHECK-NEXT: %[[UP:.*]] = arith.andi %[[NZ]], %[[SAME]] : i1
// CHECK-NEXT: %[[ONE:.*]] = arith.extui %[[UP]] : i1 to i32
// CHECK-NEXT: arith.addi %[[Q]], %[[ONE]] : i32
// CHECK: arith.divui %arg0, %arg1 : i32
// CHECK: arith.remui %arg0, %arg1 : i32
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.subi
// CHECK: arith.divsi %arg2, %arg3 : vector<4xi64>
// CHECK: arith.extui %{{.*}} : vector<4xi1> to vector<4xi64>
// CHECK: arith.index_castui %{{.*}} : i1 to index
// CHECK: return
module {
  func.func @f(%a: f32, %b: f32, %c: f32, %n: i32) -> (f32, i1, i1, f32, i32, i1) {
    %0 = math.clampf %a to [%b, %c] fastmath<fast> : f32
    %1 = math.isinf %a : f32
    %2 = math.isnormal %a : f32
    %3 = math.fpowi %a, %n : f32, i32
    %4 = math.ipowi %n, %n : i32
    %5 = math.isnan %a : f32
    return %0, %1, %2, %3, %4, %5 : f32, i1, i1, f32, i32, i1
  }
  func.func @v(%a: vector<4xf16>, %b: vector<4xf16>) -> (vector<4xf16>, vector<4xi1>) {
    %0 = math.clampf %a to [%b, %b] : vector<4xf16>
    %1 = math.isnormal %a : vector<4xf16>
    return %0, %1 : vector<4xf16>, vector<4xi1>
  }
  func.func @d(%a: i32, %b: i32, %v: vector<4xi64>, %w: vector<4xi64>, %i: index, %j: index)
      -> (i32, i32, i32, vector<4xi64>, index) {
    %0 = arith.ceildivsi %a, %b : i32
    %1 = arith.ceildivui %a, %b : i32
    %2 = arith.floordivsi %a, %b : i32
    %3 = arith.ceildivsi %v, %w : vector<4xi64>
    %4 = arith.ceildivsi %i, %j : index
    return %0, %1, %2, %3, %4 : i32, i32, i32, vector<4xi64>, index
  }
}
