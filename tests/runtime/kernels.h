/* kernels.h - MLIR test kernels for the runtime (emulator) tests and the benchmark. */
#ifndef FLY_TEST_RUNTIME_KERNELS_H
#define FLY_TEST_RUNTIME_KERNELS_H

#define KMOD_BEGIN "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n"
#define KMOD_END "  }\n}\n"

/* 4 threads print their block and thread. */
static const char k_hello[] =
    KMOD_BEGIN "    gpu.func @hello() kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %b = gpu.block_id x\n"
               "      %ti = arith.index_cast %t : index to i32\n"
               "      %bi = arith.index_cast %b : index to i32\n"
               "      \"fly.print\"(%bi, %ti) {format = \"hello from block {} thread {}\"} : (i32, i32) -> ()\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Scalar arguments with format specs. */
static const char k_scalars[] =
    KMOD_BEGIN "    gpu.func @scalars(%x: i32, %f: f32, %n: i64) kernel {\n"
               "      %c0 = arith.constant 0 : i32\n"
               "      %pos = arith.cmpi sgt, %x, %c0 : i32\n"
               "      \"fly.print\"(%x, %f, %f, %x, %x, %f, %pos, %n) {format = \"x={} f={} f6={:.6f} hex={:#x} "
               "r=[{:>8}] e={:e} b={} pct=100% n={} {{lit}}\"} : (i32, f32, f32, i32, i32, f32, i1, i64) -> ()\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* FlyDSL-style vector add: each block takes one 256-element tile of the zipped-divided tensors. */
static const char k_vadd[] = KMOD_BEGIN
    "    gpu.func @vadd(%a: !fly.memref<f32, global, 4096:1>, %b: !fly.memref<f32, global, 4096:1>,\n"
    "                   %c: !fly.memref<f32, global, 4096:1>) kernel {\n"
    "      %tile = \"fly.static\"() : () -> !fly.layout<256:1>\n"
    "      %ta = \"fly.zipped_divide\"(%a, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> "
    "!fly.memref<f32, global, (256,16):(1,256)>\n"
    "      %tb = \"fly.zipped_divide\"(%b, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> "
    "!fly.memref<f32, global, (256,16):(1,256)>\n"
    "      %tc = \"fly.zipped_divide\"(%c, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> "
    "!fly.memref<f32, global, (256,16):(1,256)>\n"
    "      %bid = gpu.block_id x\n"
    "      %tid = gpu.thread_id x\n"
    "      %bi = arith.index_cast %bid : index to i32\n"
    "      %ti = arith.index_cast %tid : index to i32\n"
    "      %sel = \"fly.make_coord\"(%bi) : (i32) -> !fly.int_tuple<(*,?)>\n"
    "      %ba = \"fly.slice\"(%ta, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> "
    "!fly.memref<f32, global, 256:1>\n"
    "      %bb = \"fly.slice\"(%tb, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> "
    "!fly.memref<f32, global, 256:1>\n"
    "      %bc = \"fly.slice\"(%tc, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> "
    "!fly.memref<f32, global, 256:1>\n"
    "      %crd = \"fly.make_coord\"(%ti) : (i32) -> !fly.int_tuple<?>\n"
    "      %x = \"fly.memref.load\"(%ba, %crd) : (!fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> f32\n"
    "      %y = \"fly.memref.load\"(%bb, %crd) : (!fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> f32\n"
    "      %s = arith.addf %x, %y : f32\n"
    "      \"fly.memref.store\"(%s, %bc, %crd) : (f32, !fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> ()\n"
    "      gpu.return\n"
    "    }\n" KMOD_END;

/* Vector add over n elements with a bounds check (pointer arguments, grid-stride by block). */
static const char k_vadd_n[] =
    KMOD_BEGIN "    gpu.func @vadd_n(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %c: !llvm.ptr<1>, %n: i32) kernel {\n"
               "      %bid = gpu.block_id x\n"
               "      %bd = gpu.block_dim x\n"
               "      %tid = gpu.thread_id x\n"
               "      %o = arith.muli %bid, %bd : index\n"
               "      %i = arith.addi %o, %tid : index\n"
               "      %ii = arith.index_cast %i : index to i32\n"
               "      %in = arith.cmpi slt, %ii, %n : i32\n"
               "      scf.if %in {\n"
               "        %pa = llvm.getelementptr %a[%ii] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n"
               "        %pb = llvm.getelementptr %b[%ii] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n"
               "        %pc = llvm.getelementptr %c[%ii] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32\n"
               "        %x = llvm.load %pa : !llvm.ptr<1> -> f32\n"
               "        %y = llvm.load %pb : !llvm.ptr<1> -> f32\n"
               "        %s = arith.addf %x, %y : f32\n"
               "        llvm.store %s, %pc : f32, !llvm.ptr<1>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Block reduction through LDS with barriers (256 threads per block). */
static const char k_bred[] = KMOD_BEGIN "    gpu.func @bred(%in: memref<1024xf32, 1>, %out: memref<4xf32, 1>) "
                                        "workgroup(%lds : memref<256xf32, 3>) kernel {\n"
                                        "      %t = gpu.thread_id x\n"
                                        "      %b = gpu.block_id x\n"
                                        "      %c0 = arith.constant 0 : index\n"
                                        "      %c1 = arith.constant 1 : index\n"
                                        "      %c8 = arith.constant 8 : index\n"
                                        "      %c128 = arith.constant 128 : index\n"
                                        "      %c256 = arith.constant 256 : index\n"
                                        "      %base = arith.muli %b, %c256 : index\n"
                                        "      %g = arith.addi %base, %t : index\n"
                                        "      %v = memref.load %in[%g] : memref<1024xf32, 1>\n"
                                        "      memref.store %v, %lds[%t] : memref<256xf32, 3>\n"
                                        "      gpu.barrier\n"
                                        "      scf.for %i = %c0 to %c8 step %c1 {\n"
                                        "        %s = arith.shrui %c128, %i : index\n"
                                        "        %p = arith.cmpi ult, %t, %s : index\n"
                                        "        scf.if %p {\n"
                                        "          %o = arith.addi %t, %s : index\n"
                                        "          %x = memref.load %lds[%t] : memref<256xf32, 3>\n"
                                        "          %y = memref.load %lds[%o] : memref<256xf32, 3>\n"
                                        "          %z = arith.addf %x, %y : f32\n"
                                        "          memref.store %z, %lds[%t] : memref<256xf32, 3>\n"
                                        "        }\n"
                                        "        gpu.barrier\n"
                                        "      }\n"
                                        "      %is0 = arith.cmpi eq, %t, %c0 : index\n"
                                        "      scf.if %is0 {\n"
                                        "        %r = memref.load %lds[%c0] : memref<256xf32, 3>\n"
                                        "        memref.store %r, %out[%b] : memref<4xf32, 1>\n"
                                        "      }\n"
                                        "      gpu.return\n"
                                        "    }\n" KMOD_END;

/* Wave reduction with xor shuffles; lane 0 of each wave writes; plus shuffle idx 5 per lane. */
static const char k_wred[] =
    KMOD_BEGIN "    gpu.func @wred(%in: memref<256xf32, 1>, %out: memref<4xf32, 1>, %bc: memref<256xf32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %v0 = memref.load %in[%t] : memref<256xf32, 1>\n"
               "      %w = arith.constant 64 : i32\n"
               "      %o32 = arith.constant 32 : i32\n"
               "      %o16 = arith.constant 16 : i32\n"
               "      %o8 = arith.constant 8 : i32\n"
               "      %o4 = arith.constant 4 : i32\n"
               "      %o2 = arith.constant 2 : i32\n"
               "      %o1 = arith.constant 1 : i32\n"
               "      %o5 = arith.constant 5 : i32\n"
               "      %s1, %k1 = gpu.shuffle xor %v0, %o32, %w : f32\n"
               "      %v1 = arith.addf %v0, %s1 : f32\n"
               "      %s2, %k2 = gpu.shuffle xor %v1, %o16, %w : f32\n"
               "      %v2 = arith.addf %v1, %s2 : f32\n"
               "      %s3, %k3 = gpu.shuffle xor %v2, %o8, %w : f32\n"
               "      %v3 = arith.addf %v2, %s3 : f32\n"
               "      %s4, %k4 = gpu.shuffle xor %v3, %o4, %w : f32\n"
               "      %v4 = arith.addf %v3, %s4 : f32\n"
               "      %s5, %k5 = gpu.shuffle xor %v4, %o2, %w : f32\n"
               "      %v5 = arith.addf %v4, %s5 : f32\n"
               "      %s6, %k6 = gpu.shuffle xor %v5, %o1, %w : f32\n"
               "      %v6 = arith.addf %v5, %s6 : f32\n"
               "      %sx, %kx = gpu.shuffle idx %v0, %o5, %w : f32\n"
               "      memref.store %sx, %bc[%t] : memref<256xf32, 1>\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c64 = arith.constant 64 : index\n"
               "      %lane = arith.remui %t, %c64 : index\n"
               "      %wave = arith.divui %t, %c64 : index\n"
               "      %is0 = arith.cmpi eq, %lane, %c0 : index\n"
               "      scf.if %is0 {\n"
               "        memref.store %v6, %out[%wave] : memref<4xf32, 1>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Atomics on global memory from every thread of every block. */
static const char k_atomics[] =
    KMOD_BEGIN "    gpu.func @atom(%acc: memref<1xi32, 1>, %facc: memref<1xf32, 1>, %mx: memref<1xi32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %b = gpu.block_id x\n"
               "      %bd = gpu.block_dim x\n"
               "      %o = arith.muli %b, %bd : index\n"
               "      %g = arith.addi %o, %t : index\n"
               "      %gi = arith.index_cast %g : index to i32\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %one = arith.constant 1.0 : f32\n"
               "      %r0 = memref.atomic_rmw addi %gi, %acc[%c0] : (i32, memref<1xi32, 1>) -> i32\n"
               "      %r1 = memref.atomic_rmw addf %one, %facc[%c0] : (f32, memref<1xf32, 1>) -> f32\n"
               "      %r2 = memref.atomic_rmw maxs %gi, %mx[%c0] : (i32, memref<1xi32, 1>) -> i32\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Half the threads of a wave wait at a barrier while the other half waits at a shuffle: a deadlock (threads that
 * end no longer count at a barrier, as S_BARRIER's ended waves). */
static const char k_deadlock[] = KMOD_BEGIN "    gpu.func @dl(%out: memref<64xf32, 1>) kernel {\n"
                                            "      %t = gpu.thread_id x\n"
                                            "      %c32 = arith.constant 32 : index\n"
                                            "      %p = arith.cmpi ult, %t, %c32 : index\n"
                                            "      scf.if %p {\n"
                                            "        gpu.barrier\n"
                                            "      } else {\n"
                                            "        %v = arith.constant 1.0 : f32\n"
                                            "        %o = arith.constant 1 : i32\n"
                                            "        %w = arith.constant 64 : i32\n"
                                            "        %r, %ok = gpu.shuffle xor %v, %o, %w : f32\n"
                                            "        memref.store %r, %out[%t] : memref<64xf32, 1>\n"
                                            "      }\n"
                                            "      gpu.return\n"
                                            "    }\n" KMOD_END;

/* One thread loops n times over a global read-modify-write (for interrupts). */
static const char k_spin[] = KMOD_BEGIN "    gpu.func @spin(%buf: memref<4xf32, 1>, %n: i64) kernel {\n"
                                        "      %c0 = arith.constant 0 : index\n"
                                        "      %c1 = arith.constant 1 : index\n"
                                        "      %one = arith.constant 1.0 : f32\n"
                                        "      %ni = arith.index_cast %n : i64 to index\n"
                                        "      scf.for %i = %c0 to %ni step %c1 {\n"
                                        "        %v = memref.load %buf[%c0] : memref<4xf32, 1>\n"
                                        "        %w = arith.addf %v, %one : f32\n"
                                        "        memref.store %w, %buf[%c0] : memref<4xf32, 1>\n"
                                        "      }\n"
                                        "      gpu.return\n"
                                        "    }\n" KMOD_END;

/* A store into LDS at an index the caller chooses (past the 64-float allocation for the test). */
static const char k_lds_oob[] =
    KMOD_BEGIN "    gpu.func @lds_oob(%idx: i32) workgroup(%lds : memref<64xf32, 3>) kernel {\n"
               "      %i = arith.index_cast %idx : i32 to index\n"
               "      %one = arith.constant 1.0 : f32\n"
               "      memref.store %one, %lds[%i] : memref<64xf32, 3>\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* LDS element 0 = 1.25, then a store of 3.5 at idx and a load back from idx: out = {LDS[idx], LDS[0]} (past the
 * 64-float allocation: the hardware drops the store and the load reads 0). */
static const char k_lds_past[] = KMOD_BEGIN
    "    gpu.func @lds_past(%idx: i32, %out: memref<2xf32, 1>) workgroup(%lds : memref<64xf32, 3>) kernel {\n"
    "      %i = arith.index_cast %idx : i32 to index\n"
    "      %c0 = arith.constant 0 : index\n"
    "      %c1 = arith.constant 1 : index\n"
    "      %v = arith.constant 3.5 : f32\n"
    "      %w = arith.constant 1.25 : f32\n"
    "      memref.store %w, %lds[%c0] : memref<64xf32, 3>\n"
    "      memref.store %v, %lds[%i] : memref<64xf32, 3>\n"
    "      %r = memref.load %lds[%i] : memref<64xf32, 3>\n"
    "      %s = memref.load %lds[%c0] : memref<64xf32, 3>\n"
    "      memref.store %r, %out[%c0] : memref<2xf32, 1>\n"
    "      memref.store %s, %out[%c1] : memref<2xf32, 1>\n"
    "      gpu.return\n"
    "    }\n" KMOD_END;

/* Kernel arguments of several kinds, for the kernarg layout test (with a print: hidden buffer). */
static const char k_kernargs[] =
    KMOD_BEGIN "    gpu.func @args(%p: !llvm.ptr<1>, %x: i32, %f: f32, %q: !llvm.ptr<1>, %n: i64) kernel {\n"
               "      %v = llvm.load %p : !llvm.ptr<1> -> f32\n"
               "      llvm.store %v, %q : f32, !llvm.ptr<1>\n"
               "      \"fly.print\"(%x, %f, %n) {format = \"{} {} {}\"} : (i32, f32, i64) -> ()\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Row softmax for the benchmark: one thread per row of a 4096x1024 f32 matrix (max, sum of exp,
 * scaled write: three passes over the row). */
static const char k_softmax_rows[] =
    KMOD_BEGIN "    gpu.func @softmax_rows(%x: memref<4194304xf32, 1>, %y: memref<4194304xf32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %b = gpu.block_id x\n"
               "      %bd = gpu.block_dim x\n"
               "      %o = arith.muli %b, %bd : index\n"
               "      %row = arith.addi %o, %t : index\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c1 = arith.constant 1 : index\n"
               "      %cn = arith.constant 1024 : index\n"
               "      %base = arith.muli %row, %cn : index\n"
               "      %ninf = arith.constant 0xFF800000 : f32\n"
               "      %zero = arith.constant 0.0 : f32\n"
               "      %one = arith.constant 1.0 : f32\n"
               "      %m = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %ninf) -> (f32) {\n"
               "        %j = arith.addi %base, %i : index\n"
               "        %v = memref.load %x[%j] : memref<4194304xf32, 1>\n"
               "        %n = arith.maximumf %acc, %v : f32\n"
               "        scf.yield %n : f32\n"
               "      }\n"
               "      %s = scf.for %i = %c0 to %cn step %c1 iter_args(%acc = %zero) -> (f32) {\n"
               "        %j = arith.addi %base, %i : index\n"
               "        %v = memref.load %x[%j] : memref<4194304xf32, 1>\n"
               "        %d = arith.subf %v, %m : f32\n"
               "        %e = math.exp %d : f32\n"
               "        %n = arith.addf %acc, %e : f32\n"
               "        scf.yield %n : f32\n"
               "      }\n"
               "      %r = arith.divf %one, %s : f32\n"
               "      scf.for %i = %c0 to %cn step %c1 {\n"
               "        %j = arith.addi %base, %i : index\n"
               "        %v = memref.load %x[%j] : memref<4194304xf32, 1>\n"
               "        %d = arith.subf %v, %m : f32\n"
               "        %e = math.exp %d : f32\n"
               "        %w = arith.mulf %e, %r : f32\n"
               "        memref.store %w, %y[%j] : memref<4194304xf32, 1>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Block reduction for the benchmark: 16384 blocks of 256 threads sum 4 M floats through LDS. */
static const char k_bred_big[] = KMOD_BEGIN "    gpu.func @bred_big(%in: memref<4194304xf32, 1>, %out: "
                                            "memref<16384xf32, 1>) workgroup(%lds : memref<256xf32, 3>) kernel {\n"
                                            "      %t = gpu.thread_id x\n"
                                            "      %b = gpu.block_id x\n"
                                            "      %c0 = arith.constant 0 : index\n"
                                            "      %c1 = arith.constant 1 : index\n"
                                            "      %c8 = arith.constant 8 : index\n"
                                            "      %c128 = arith.constant 128 : index\n"
                                            "      %c256 = arith.constant 256 : index\n"
                                            "      %base = arith.muli %b, %c256 : index\n"
                                            "      %g = arith.addi %base, %t : index\n"
                                            "      %v = memref.load %in[%g] : memref<4194304xf32, 1>\n"
                                            "      memref.store %v, %lds[%t] : memref<256xf32, 3>\n"
                                            "      gpu.barrier\n"
                                            "      scf.for %i = %c0 to %c8 step %c1 {\n"
                                            "        %s = arith.shrui %c128, %i : index\n"
                                            "        %p = arith.cmpi ult, %t, %s : index\n"
                                            "        scf.if %p {\n"
                                            "          %o = arith.addi %t, %s : index\n"
                                            "          %x = memref.load %lds[%t] : memref<256xf32, 3>\n"
                                            "          %y = memref.load %lds[%o] : memref<256xf32, 3>\n"
                                            "          %z = arith.addf %x, %y : f32\n"
                                            "          memref.store %z, %lds[%t] : memref<256xf32, 3>\n"
                                            "        }\n"
                                            "        gpu.barrier\n"
                                            "      }\n"
                                            "      %is0 = arith.cmpi eq, %t, %c0 : index\n"
                                            "      scf.if %is0 {\n"
                                            "        %r = memref.load %lds[%c0] : memref<256xf32, 3>\n"
                                            "        memref.store %r, %out[%b] : memref<16384xf32, 1>\n"
                                            "      }\n"
                                            "      gpu.return\n"
                                            "    }\n" KMOD_END;

/* Cross-lane operations beyond 32-bit shuffles, one wave of 64 lanes: f64 shuffle down 3 within
 * 16 lanes, i64 shuffle up 2, readlane 7, ds_bpermute reversing the wave, ballot of lane % 3 == 0,
 * readfirstlane among lanes >= 5. */
static const char k_xlane[] =
    KMOD_BEGIN "    gpu.func @xlane(%fin: memref<64xf64, 1>, %iin: memref<64xi64, 1>, %of: memref<64xf64, 1>,\n"
               "                    %oi: memref<64xi64, 1>, %orl: memref<64xi32, 1>, %obp: memref<64xi32, 1>,\n"
               "                    %oball: memref<1xi64, 1>, %orfl: memref<64xi32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %ti = arith.index_cast %t : index to i32\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c3 = arith.constant 3 : index\n"
               "      %c5 = arith.constant 5 : index\n"
               "      %i2 = arith.constant 2 : i32\n"
               "      %i3 = arith.constant 3 : i32\n"
               "      %i4 = arith.constant 4 : i32\n"
               "      %i7 = arith.constant 7 : i32\n"
               "      %i10 = arith.constant 10 : i32\n"
               "      %i16 = arith.constant 16 : i32\n"
               "      %i63 = arith.constant 63 : i32\n"
               "      %i64 = arith.constant 64 : i32\n"
               "      %f = memref.load %fin[%t] : memref<64xf64, 1>\n"
               "      %sf, %vf = gpu.shuffle down %f, %i3, %i16 : f64\n"
               "      memref.store %sf, %of[%t] : memref<64xf64, 1>\n"
               "      %x = memref.load %iin[%t] : memref<64xi64, 1>\n"
               "      %sx, %vx = gpu.shuffle up %x, %i2, %i64 : i64\n"
               "      memref.store %sx, %oi[%t] : memref<64xi64, 1>\n"
               "      %v10 = arith.muli %ti, %i10 : i32\n"
               "      %rl = rocdl.readlane %v10, %i7 : (i32, i32) -> i32\n"
               "      memref.store %rl, %orl[%t] : memref<64xi32, 1>\n"
               "      %rev = arith.subi %i63, %ti : i32\n"
               "      %addr = arith.muli %rev, %i4 : i32\n"
               "      %bp = rocdl.ds_bpermute %addr, %v10 : (i32, i32) -> i32\n"
               "      memref.store %bp, %obp[%t] : memref<64xi32, 1>\n"
               "      %m3 = arith.remui %t, %c3 : index\n"
               "      %p3 = arith.cmpi eq, %m3, %c0 : index\n"
               "      %ball = rocdl.ballot %p3 : i64\n"
               "      %is0 = arith.cmpi eq, %t, %c0 : index\n"
               "      scf.if %is0 {\n"
               "        memref.store %ball, %oball[%c0] : memref<1xi64, 1>\n"
               "      }\n"
               "      %ge5 = arith.cmpi uge, %t, %c5 : index\n"
               "      scf.if %ge5 {\n"
               "        %rf = rocdl.readfirstlane %v10 : i32\n"
               "        memref.store %rf, %orfl[%t] : memref<64xi32, 1>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Atomics on LDS: every thread adds its id to an LDS counter (addi), takes the max (maxs) and
 * adds 0.5 to an f32 (addf); thread 0 writes the three results after a barrier. */
static const char k_lds_atomics[] =
    KMOD_BEGIN "    gpu.func @lds_atom(%out: memref<3xi32, 1>, %fout: memref<1xf32, 1>) workgroup(%li : memref<2xi32, "
               "3>, %lf : memref<1xf32, 3>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %ti = arith.index_cast %t : index to i32\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c1 = arith.constant 1 : index\n"
               "      %c2 = arith.constant 2 : index\n"
               "      %h = arith.constant 0.5 : f32\n"
               "      %r0 = memref.atomic_rmw addi %ti, %li[%c0] : (i32, memref<2xi32, 3>) -> i32\n"
               "      %r1 = memref.atomic_rmw maxs %ti, %li[%c1] : (i32, memref<2xi32, 3>) -> i32\n"
               "      %r2 = memref.atomic_rmw addf %h, %lf[%c0] : (f32, memref<1xf32, 3>) -> f32\n"
               "      gpu.barrier\n"
               "      %is0 = arith.cmpi eq, %t, %c0 : index\n"
               "      scf.if %is0 {\n"
               "        %a = memref.load %li[%c0] : memref<2xi32, 3>\n"
               "        %m = memref.load %li[%c1] : memref<2xi32, 3>\n"
               "        %f = memref.load %lf[%c0] : memref<1xf32, 3>\n"
               "        memref.store %a, %out[%c0] : memref<3xi32, 1>\n"
               "        memref.store %m, %out[%c1] : memref<3xi32, 1>\n"
               "        memref.store %f, %fout[%c0] : memref<1xf32, 1>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* A loop without memory accesses (only arithmetic on an iter_arg): interrupts must still stop it. */
static const char k_spin_pure[] =
    KMOD_BEGIN "    gpu.func @spin_pure(%out: memref<1xi64, 1>, %n: i64) kernel {\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c1 = arith.constant 1 : index\n"
               "      %k = arith.constant 6364136223846793005 : i64\n"
               "      %ni = arith.index_cast %n : i64 to index\n"
               "      %r = scf.for %i = %c0 to %ni step %c1 iter_args(%x = %n) -> (i64) {\n"
               "        %y = arith.muli %x, %k : i64\n"
               "        %z = arith.addi %y, %n : i64\n"
               "        scf.yield %z : i64\n"
               "      }\n"
               "      memref.store %r, %out[%c0] : memref<1xi64, 1>\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* f32 -> f16 and bf16 (arith.truncf: round to nearest even) and back (arith.extf), per thread. */
static const char k_cvt[] = KMOD_BEGIN "    gpu.func @cvt(%in: memref<16xf32, 1>, %h: memref<16xf16, 1>, %bf: "
                                       "memref<16xbf16, 1>, %back: memref<32xf32, 1>) kernel {\n"
                                       "      %t = gpu.thread_id x\n"
                                       "      %c16 = arith.constant 16 : index\n"
                                       "      %x = memref.load %in[%t] : memref<16xf32, 1>\n"
                                       "      %a = arith.truncf %x : f32 to f16\n"
                                       "      %b = arith.truncf %x : f32 to bf16\n"
                                       "      memref.store %a, %h[%t] : memref<16xf16, 1>\n"
                                       "      memref.store %b, %bf[%t] : memref<16xbf16, 1>\n"
                                       "      %ea = arith.extf %a : f16 to f32\n"
                                       "      %eb = arith.extf %b : bf16 to f32\n"
                                       "      %t2 = arith.addi %t, %c16 : index\n"
                                       "      memref.store %ea, %back[%t] : memref<32xf32, 1>\n"
                                       "      memref.store %eb, %back[%t2] : memref<32xf32, 1>\n"
                                       "      gpu.return\n"
                                       "    }\n" KMOD_END;

/* Buffer resources: a (na floats of records) read per thread (past the end: 0) into x (64 floats
 * of records), and a + 1 stored into o (no floats of records: stores past them are dropped). */
static const char k_buf[] =
    KMOD_BEGIN "    gpu.func @bufk(%a: !llvm.ptr<1>, %o: !llvm.ptr<1>, %x: !llvm.ptr<1>, %na: i32, %no: i32) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %ti = arith.index_cast %t : index to i32\n"
               "      %c4 = arith.constant 4 : i32\n"
               "      %off = arith.muli %ti, %c4 : i32\n"
               "      %nba = arith.muli %na, %c4 : i32\n"
               "      %nbo = arith.muli %no, %c4 : i32\n"
               "      %nba64 = arith.extui %nba : i32 to i64\n"
               "      %nbo64 = arith.extui %nbo : i32 to i64\n"
               "      %nbx = arith.constant 256 : i64\n"
               "      %s = arith.constant 0 : i16\n"
               "      %z = arith.constant 0 : i32\n"
               "      %ra = rocdl.make.buffer.rsrc %a, %s, %nba64, %z : !llvm.ptr<1> to !llvm.ptr<8>\n"
               "      %ro = rocdl.make.buffer.rsrc %o, %s, %nbo64, %z : !llvm.ptr<1> to !llvm.ptr<8>\n"
               "      %rx = rocdl.make.buffer.rsrc %x, %s, %nbx, %z : !llvm.ptr<1> to !llvm.ptr<8>\n"
               "      %v = rocdl.raw.ptr.buffer.load %ra, %off, %z, %z : f32\n"
               "      rocdl.raw.ptr.buffer.store %v, %rx, %off, %z, %z : f32\n"
               "      %one = arith.constant 1.0 : f32\n"
               "      %y = arith.addf %v, %one : f32\n"
               "      rocdl.raw.ptr.buffer.store %y, %ro, %off, %z, %z : f32\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Block reduction through a static LDS global (memref.global in the workgroup address space). */
static const char k_gred[] =
    KMOD_BEGIN "    memref.global \"private\" @red_lds : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "    memref.global \"private\" @flag_lds : memref<4xi32, 3>\n"
               "    gpu.func @gred(%in: memref<1024xf32, 1>, %out: memref<4xf32, 1>) kernel {\n"
               "      %lds = memref.get_global @red_lds : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "      %fl = memref.get_global @flag_lds : memref<4xi32, 3>\n"
               "      %t = gpu.thread_id x\n"
               "      %b = gpu.block_id x\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c1 = arith.constant 1 : index\n"
               "      %c8 = arith.constant 8 : index\n"
               "      %c128 = arith.constant 128 : index\n"
               "      %c256 = arith.constant 256 : index\n"
               "      %base = arith.muli %b, %c256 : index\n"
               "      %g = arith.addi %base, %t : index\n"
               "      %v = memref.load %in[%g] : memref<1024xf32, 1>\n"
               "      memref.store %v, %lds[%t] : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "      gpu.barrier\n"
               "      scf.for %i = %c0 to %c8 step %c1 {\n"
               "        %s = arith.shrui %c128, %i : index\n"
               "        %p = arith.cmpi ult, %t, %s : index\n"
               "        scf.if %p {\n"
               "          %o = arith.addi %t, %s : index\n"
               "          %x = memref.load %lds[%t] : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "          %y = memref.load %lds[%o] : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "          %z = arith.addf %x, %y : f32\n"
               "          memref.store %z, %lds[%t] : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "        }\n"
               "        gpu.barrier\n"
               "      }\n"
               "      %is0 = arith.cmpi eq, %t, %c0 : index\n"
               "      scf.if %is0 {\n"
               "        %r = memref.load %lds[%c0] : memref<256xf32, #gpu.address_space<workgroup>>\n"
               "        memref.store %r, %out[%b] : memref<4xf32, 1>\n"
               "        %one = arith.constant 1 : i32\n"
               "        memref.store %one, %fl[%c0] : memref<4xi32, 3>\n"
               "      }\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* Dynamic shared memory (smem= bytes at launch): each thread stores 2 * in[t], then reads its
 * mirror lane's value after a barrier. */
static const char k_dyn[] =
    KMOD_BEGIN "    gpu.func @dyn(%in: memref<64xf32, 1>, %out: memref<64xf32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c63 = arith.constant 63 : index\n"
               "      %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>\n"
               "      %v = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, "
               "#gpu.address_space<workgroup>>\n"
               "      %x = memref.load %in[%t] : memref<64xf32, 1>\n"
               "      %x2 = arith.addf %x, %x : f32\n"
               "      memref.store %x2, %v[%t] : memref<64xf32, #gpu.address_space<workgroup>>\n"
               "      gpu.barrier\n"
               "      %m = arith.subi %c63, %t : index\n"
               "      %y = memref.load %v[%m] : memref<64xf32, #gpu.address_space<workgroup>>\n"
               "      memref.store %y, %out[%t] : memref<64xf32, 1>\n"
               "      gpu.return\n"
               "    }\n" KMOD_END;

/* fp8 conversions: in[t] to E4M3FN, E4M3FNUZ, E5M2, E5M2FNUZ (bits to q[32 k + t]) and back to
 * f32 (back[32 k + t]). */
#define K_F8_ONE(k, T) \
    "      %q" #k " = arith.truncf %x : f32 to " T "\n" \
    "      %i" #k " = arith.bitcast %q" #k " : " T " to i8\n" \
    "      %o" #k " = arith.addi %t, %c" #k " : index\n" \
    "      memref.store %i" #k ", %q[%o" #k "] : memref<128xi8, 1>\n" \
    "      %e" #k " = arith.extf %q" #k " : " T " to f32\n" \
    "      memref.store %e" #k ", %back[%o" #k "] : memref<128xf32, 1>\n"
static const char k_f8[] =
    KMOD_BEGIN "    gpu.func @f8(%in: memref<32xf32, 1>, %q: memref<128xi8, 1>, %back: memref<128xf32, 1>) kernel {\n"
               "      %t = gpu.thread_id x\n"
               "      %c0 = arith.constant 0 : index\n"
               "      %c32 = arith.constant 32 : index\n"
               "      %c64 = arith.constant 64 : index\n"
               "      %c96 = arith.constant 96 : index\n"
               "      %x = memref.load %in[%t] : memref<32xf32, 1>\n" K_F8_ONE(0, "f8E4M3FN")
K_F8_ONE(32, "f8E4M3FNUZ")
K_F8_ONE(64, "f8E5M2")
K_F8_ONE(96, "f8E5M2FNUZ")
"      gpu.return\n"
    "    }\n" KMOD_END;

#endif
