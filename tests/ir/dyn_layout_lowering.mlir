// Dynamic layouts through fly-rewrite-func-signature and fly-layout-lowering: a memref parameter with
// ? leaves becomes a pointer plus a packed struct of its leaves; divides by static tiles compute their
// new extents (ceil-div) and strides from the leaves; slices, element accesses and whole-tile vector
// accesses with dynamic strides become address arithmetic; the kernel compiles to gfx942 ISA.
// RUN: flyi-opt %s --stage=1 | FileCheck %s --check-prefix=SIG
// RUN: flyi-opt %s --stage=3 | FileCheck %s --check-prefix=LOW
// RUN: flyi-opt %s --isa | FileCheck %s --check-prefix=ISA

// SIG: gpu.func @dyn(%arg0: !fly.ptr<f32, global>, %arg1: !llvm.struct<packed (struct<packed (i32)>)>, %arg2: !fly.ptr<f32, global>, %arg3: !llvm.struct<packed (struct<packed (i32, i32)>, struct<packed (i64)>)>)
// SIG: llvm.extractvalue %arg3[1, 0]
// SIG: "fly.make_layout"({{.*}}) -> !fly.layout<(?,?):(?{i64},1)>

// LOW-LABEL: gpu.func @dyn
// LOW: %[[N:.*]] = llvm.extractvalue %arg1[0, 0]
// LOW: %[[RS:.*]] = llvm.extractvalue %arg3[1, 0]
// LOW: %[[C63:.*]] = arith.constant 63 : i32
// LOW: %[[T:.*]] = arith.addi %[[N]], %[[C63]] : i32
// LOW: arith.divsi %[[T]], %{{.*}} : i32
// LOW: arith.muli %{{.*}}, %[[RS]] : i64
// LOW: llvm.store
// LOW: %[[RS4:.*]] = arith.muli %{{.*}}, %[[RS]] : i64
// LOW: llvm.getelementptr %{{.*}}[%[[RS]]]
// LOW-NOT: fly.
// LOW: gpu.return

// ISA: dyn:
// ISA: global_load_dword
// ISA: global_store_dword
// ISA: .kernarg_segment_size: 40

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dyn(%arg0: !fly.memref<f32, global, ?:1>, %arg1: !fly.memref<f32, global, (?,?):(?{i64},1)>) kernel {
      %0 = "fly.static"() : () -> !fly.layout<64:1>
      %1 = "fly.logical_divide"(%arg0, %0) : (!fly.memref<f32, global, ?:1>, !fly.layout<64:1>) -> !fly.memref<f32, global, (64,?):(1,64)>
      %b = gpu.block_id x
      %bi = arith.index_cast %b : index to i32
      %c = "fly.make_coord"(%bi) : (i32) -> !fly.int_tuple<(*,?)>
      %2 = "fly.slice"(%1, %c) : (!fly.memref<f32, global, (64,?):(1,64)>, !fly.int_tuple<(*,?)>) -> !fly.memref<f32, global, 64:1>
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c2 = "fly.make_coord"(%ti) : (i32) -> !fly.int_tuple<?>
      %v = "fly.memref.load"(%2, %c2) : (!fly.memref<f32, global, 64:1>, !fly.int_tuple<?>) -> f32
      %c3 = "fly.make_coord"(%ti, %bi) : (i32, i32) -> !fly.int_tuple<(?,?)>
      "fly.memref.store"(%v, %arg1, %c3) : (f32, !fly.memref<f32, global, (?,?):(?{i64},1)>, !fly.int_tuple<(?,?)>) -> ()
      %3 = "fly.static"() : () -> !fly.tile<[4|8]>
      %4 = "fly.zipped_divide"(%arg1, %3) : (!fly.memref<f32, global, (?,?):(?{i64},1)>, !fly.tile<[4|8]>) -> !fly.memref<f32, global, ((4,8),(?,?)):((?{i64},1),(?{i64},8))>
      %c4 = "fly.make_coord"(%ti, %bi) : (i32, i32) -> !fly.int_tuple<(*,(?,?))>
      %5 = "fly.slice"(%4, %c4) : (!fly.memref<f32, global, ((4,8),(?,?)):((?{i64},1),(?{i64},8))>, !fly.int_tuple<(*,(?,?))>) -> !fly.memref<f32, global, (4,8):(?{i64},1)>
      %6 = "fly.memref.load_vec"(%5) : (!fly.memref<f32, global, (4,8):(?{i64},1)>) -> vector<32xf32>
      %7 = arith.addf %6, %6 : vector<32xf32>
      "fly.memref.store_vec"(%7, %5) : (vector<32xf32>, !fly.memref<f32, global, (4,8):(?{i64},1)>) -> ()
      gpu.return
    }
  }
}
