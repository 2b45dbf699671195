// fly-rocdl-cluster-attr (FlyDSL's): an llvm.func's rocdl.cluster_dims string becomes an amdgpu-cluster-dims
// entry at the end of its passthrough list (made when it has none) and the attribute goes; functions without it
// are untouched. It runs as a fly pass inside a gpu.module(...) nesting group too, next to upstream passes.
// RUN: flyi-opt %s --pass=fly-rocdl-cluster-attr | FileCheck %s
// RUN: flyi-opt %s '--pass=gpu.module(cse,fly-rocdl-cluster-attr)' | FileCheck %s
// RUN: not flyi-opt %s '--pass=gpu.module(cse,no-such-pass,fly-rocdl-cluster-attr)' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: gpu.module @m
// CHECK: llvm.func @with_list() attributes {passthrough = {{\[\[}}"keep", "yes"], ["amdgpu-cluster-dims", "2,2,1"]], rocdl.kernel}
// CHECK: llvm.func @without_list() attributes {passthrough = {{\[\[}}"amdgpu-cluster-dims", "4,1,1"]]}
// CHECK: llvm.func @plain() {
// CHECK-NOT: rocdl.cluster_dims
// BAD: cannot add pass 'no-such-pass'
module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @with_list() attributes {passthrough = [["keep", "yes"]], rocdl.cluster_dims = "2,2,1", rocdl.kernel} {
      llvm.return
    }
    llvm.func @without_list() attributes {rocdl.cluster_dims = "4,1,1"} {
      llvm.return
    }
    llvm.func @plain() {
      llvm.return
    }
  }
}
