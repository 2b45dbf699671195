// Hand-written: the GPU ops convert-gpu-to-rocdl lowers (ids, dims, lane id, subgroup size, shuffles, all_reduce,
// math calls of three widths, LDS globals, dynamic shared memory, barrier, printf). Input of test_pipeline's check.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @lds : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.func @ops(%p: !llvm.ptr<1>, %f: f32, %h: f16, %d: f64) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %l = gpu.lane_id
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim y
      %sg = gpu.subgroup_size : index
      %w = arith.constant 64 : i32
      %o = arith.constant 1 : i32
      %s, %v = gpu.shuffle xor %f, %o, %w : f32
      %s2, %v2 = gpu.shuffle idx %f, %o, %w : f32
      %r = gpu.all_reduce add %f uniform {} : (f32) -> (f32)
      %e = math.exp %h : f16
      %e2 = math.exp %d : f64
      %th = math.tanh %f : f32
      %lg = math.log %f : f32
      %sq = math.sqrt %d : f64
      %sn = math.sin %f : f32
      %g = memref.get_global @lds : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %th, %g[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %g[%l] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.printf "t=%d v=%f\n", %o, %x : i32, f32
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : i8
      memref.store %c1, %dyn[%c0] : memref<?xi8, #gpu.address_space<workgroup>>
      %ti = arith.index_cast %t : index to i64
      %li = arith.index_cast %l : index to i64
      %bi = arith.index_cast %bd : index to i64
      %gi = arith.index_cast %gd : index to i64
      %si = arith.index_cast %sg : index to i64
      llvm.store %ti, %p : i64, !llvm.ptr<1>
      llvm.store %li, %p : i64, !llvm.ptr<1>
      llvm.store %bi, %p : i64, !llvm.ptr<1>
      llvm.store %gi, %p : i64, !llvm.ptr<1>
      llvm.store %si, %p : i64, !llvm.ptr<1>
      llvm.store %s, %p : f32, !llvm.ptr<1>
      llvm.store %s2, %p : f32, !llvm.ptr<1>
      llvm.store %r, %p : f32, !llvm.ptr<1>
      llvm.store %e, %p : f16, !llvm.ptr<1>
      llvm.store %e2, %p : f64, !llvm.ptr<1>
      llvm.store %lg, %p : f32, !llvm.ptr<1>
      llvm.store %sq, %p : f64, !llvm.ptr<1>
      llvm.store %sn, %p : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
