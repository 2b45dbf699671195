// The whole pipeline on a FlyDSL-style vector add: each block takes one 256-element tile of the
// zipped-divided tensors and each thread one element.
// RUN: flyi-opt %s --stages | FileCheck %s --check-prefix=STAGES
// RUN: flyi-opt %s --isa | FileCheck %s --check-prefix=ISA942
// RUN: flyi-opt %s --isa --target=gfx950 | FileCheck %s --check-prefix=ISA950
// RUN: flyi-opt %s --llvm | FileCheck %s --check-prefix=LLVM
// RUN: flyi-opt %s --stats | FileCheck %s --check-prefix=STATS
// RUN: flyi-opt %s --stage=3 | FileCheck %s --check-prefix=LOWERED
// RUN: flyi-opt %s --hsaco=%t.hsaco && llvm-readelf -h --notes %t.hsaco | FileCheck %s --check-prefix=ELF942
// RUN: flyi-opt %s --target=gfx950 --hsaco=%t.hsaco && llvm-readelf -h %t.hsaco | FileCheck %s --check-prefix=ELF950

// STAGES: 00_origin origin
// STAGES-NEXT: 01_fly_rewrite_func_signature fly-rewrite-func-signature
// STAGES-NEXT: 02_fly_canonicalize fly-canonicalize
// STAGES-NEXT: 03_fly_layout_lowering fly-layout-lowering {{.*}} changed
// STAGES-NEXT: 04_fly_int_swizzle_simplify fly-int-swizzle-simplify {{.*}} unchanged
// STAGES-NEXT: 05_canonicalize canonicalize
// STAGES-NEXT: 06_fly_convert_atom_call_to_ssa_form
// STAGES-NEXT: 07_fly_promote_regmem_to_vectorssa
// STAGES-NEXT: 08_convert_fly_to_rocdl
// STAGES-NEXT: 09_canonicalize
// STAGES-NEXT: 10_convert_scf_to_cf_cse_convert_gpu_to_rocdl gpu.module(convert-scf-to-cf,cse,convert
// STAGES-NEXT: 11_rocdl_attach_target
// STAGES-NEXT: 12_convert_scf_to_cf
// STAGES-NEXT: 13_convert_cf_to_llvm
// STAGES-NEXT: 14_gpu_to_llvm
// STAGES-NEXT: 15_convert_vector_to_llvm
// STAGES-NEXT: 16_convert_arith_to_llvm
// STAGES-NEXT: 17_convert_func_to_llvm
// STAGES-NEXT: 18_reconcile_unrealized_casts
// STAGES-NEXT: 19_gpu_module_to_binary gpu-module-to-binary
// STAGES-NEXT: 20_llvm_ir llvm-ir
// STAGES-NEXT: 21_final_isa isa

// ISA942: .amdgcn_target "amdgcn-amd-amdhsa--gfx942
// ISA942: vadd:
// ISA942-DAG: global_load_dword
// ISA942-DAG: global_store_dword
// ISA942: s_endpgm
// ISA942: .amdhsa_next_free_vgpr
// ISA950: .amdgcn_target "amdgcn-amd-amdhsa--gfx950
// ISA950: global_load_dword
// ISA950: s_endpgm

// LLVM: define amdgpu_kernel void @vadd(ptr addrspace(1) {{.*}}, ptr addrspace(1) {{.*}}, ptr addrspace(1)
// LLVM: getelementptr float, ptr addrspace(1)
// LLVM: load float, ptr addrspace(1)
// LLVM: store float

// STATS: kernel: vadd
// STATS-NEXT: target: gfx942
// STATS-NEXT: vgpr: {{[1-9][0-9]*}}
// STATS-NEXT: agpr: 0
// STATS-NEXT: sgpr: {{[1-9][0-9]*}}
// STATS: scratch_bytes: 0
// STATS-NEXT: lds_bytes: 0
// STATS-NEXT: wave_size: 64
// STATS-NEXT: max_workgroup_size: 256
// STATS-NEXT: occupancy: 8 waves/SIMD (limited by waves)

// LOWERED-LABEL: gpu.func @vadd(%arg0: !fly.ptr<f32, global>, %arg1: !fly.ptr<f32, global>, %arg2: !fly.ptr<f32, global>)
// LOWERED-NOT: "fly.
// LOWERED: arith.muli %{{.*}}, %{{.*}} : i32
// LOWERED: llvm.getelementptr
// LOWERED: llvm.load
// LOWERED: llvm.store

// ELF942: Machine: {{ *}}EM_AMDGPU
// ELF942: Flags: {{.*}}gfx942
// ELF942: .name: {{ *}}vadd
// ELF942: amdhsa.target: amdgcn-amd-amdhsa--gfx942
// ELF950: Machine: {{ *}}EM_AMDGPU
// ELF950: Flags: {{.*}}gfx950

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: !fly.memref<f32, global, 4096:1>, %b: !fly.memref<f32, global, 4096:1>,
                   %c: !fly.memref<f32, global, 4096:1>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tile = "fly.static"() : () -> !fly.layout<256:1>
      %ta = "fly.zipped_divide"(%a, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> !fly.memref<f32, global, (256,16):(1,256)>
      %tb = "fly.zipped_divide"(%b, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> !fly.memref<f32, global, (256,16):(1,256)>
      %tc = "fly.zipped_divide"(%c, %tile) : (!fly.memref<f32, global, 4096:1>, !fly.layout<256:1>) -> !fly.memref<f32, global, (256,16):(1,256)>
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bi = arith.index_cast %bid : index to i32
      %ti = arith.index_cast %tid : index to i32
      %sel = "fly.make_coord"(%bi) : (i32) -> !fly.int_tuple<(*,?)>
      %ba = "fly.slice"(%ta, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> !fly.memref<f32, global, 256:1>
      %bb = "fly.slice"(%tb, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> !fly.memref<f32, global, 256:1>
      %bc = "fly.slice"(%tc, %sel) : (!fly.memref<f32, global, (256,16):(1,256)>, !fly.int_tuple<(*,?)>) -> !fly.memref<f32, global, 256:1>
      %crd = "fly.make_coord"(%ti) : (i32) -> !fly.int_tuple<?>
      %x = "fly.memref.load"(%ba, %crd) : (!fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> f32
      %y = "fly.memref.load"(%bb, %crd) : (!fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> f32
      %s = arith.addf %x, %y : f32
      "fly.memref.store"(%s, %bc, %crd) : (f32, !fly.memref<f32, global, 256:1>, !fly.int_tuple<?>) -> ()
      gpu.return
    }
  }
}
