# A parsed module (ir.Module.parse, or after PassManager.run) is IR that can be edited as MLIR's bindings edit
# it: an op's attributes set or deleted (its line rewritten; the kernel keyword, sym_name and properties stay
# where the syntax puts them), op.clone(), InsertionPoint(op).insert / at_block_begin(block).insert, op.erase(),
# a module's own attributes; ops handed out before an edit stay valid after it. On top of it: RocmBackend's
# pipeline fragments and lower_compile_hints (waves_per_eu), fly-rocdl-cluster-attr inside gpu.module(...),
# translate_module_to_llvmir, and flydsl.compiler.external_llvm (another install's mlir-opt makes the binary;
# here a stand-in shell script).
import json
import os
import tempfile

from flydsl._mlir import ir
from flydsl._mlir._mlir_libs._mlirDialectsLLVM import translate_module_to_llvmir
from flydsl._mlir.passmanager import PassManager
from flydsl.compiler import external_llvm as ext
from flydsl.compiler.backends.rocm import RocmBackend
from flydsl.compiler.jit_function import _create_mlir_context

SRC = """module {
  gpu.module @m {
    gpu.func @a() kernel attributes {rocdl.waves_per_eu = 3 : i32, passthrough = [["keep", "yes"]]} { gpu.return }
    gpu.func @b() kernel { gpu.return }
    gpu.func @helper() { gpu.return }
  }
  func.func @host(%x: i32) -> i32 {
    %c = arith.constant 7 : i32
    %s = arith.addi %x, %c : i32
    return %s : i32
  }
}"""

with _create_mlir_context() as ctx, ir.Location.unknown(ctx):
    m = ir.Module.parse(SRC)
    gpu_mod, host = [op.operation for op in m.body.operations]
    funcs = list(gpu_mod.regions[0].blocks[0].operations)
    print("ops:", gpu_mod.name, ir.StringAttr(gpu_mod.attributes["sym_name"]).value,
          [(f.name, ir.StringAttr(f.attributes["sym_name"]).value, "gpu.kernel" in f.attributes) for f in funcs])
    print("a's attributes:", sorted(funcs[0].attributes))
    a, b, helper = funcs
    b.attributes["rocdl.waves_per_eu"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 2)
    a.attributes["rocdl.flat_work_group_size"] = ir.StringAttr.get("64,64")
    del a.attributes["passthrough"]
    add = host.regions[0].blocks[0].operations[1]
    add.attributes["tag"] = ir.UnitAttr.get()
    m.operation.attributes["gpu.container_module"] = ir.UnitAttr.get()
    print("edited:")
    print(m)
    # clone the helper in front of a, then erase the original (spans handed out before stay right)
    ir.InsertionPoint(a).insert(helper.clone())
    helper.erase()
    ir.InsertionPoint.at_block_begin(host.regions[0].blocks[0]).insert(add.operation.clone())
    print("moved:", [f.name + " @" + ir.StringAttr(f.attributes["sym_name"]).value
                     for f in m.body.operations[0].regions[0].blocks[0].operations])
    try:
        helper.erase()
    except RuntimeError as e:
        print("erasing twice: RuntimeError:", e)
    try:
        m.operation.verify()
    except RuntimeError as e:
        print("a clone of the add at the block's start uses the constant before it is made: verify fails:",
              str(e).count("does not dominate") > 0)

    backend = RocmBackend(RocmBackend.make_target("gfx942"))
    frags = backend.pipeline_fragments(compile_hints={"waves_per_eu": 2, "maxnreg": 128})
    pre, binary = backend.external_binary_pipeline_fragments(compile_hints={"waves_per_eu": 2, "maxnreg": 128})
    print("fragments:", frags == [*pre, binary], len(pre), pre[-1], binary)
    print("gpu.module fragment:", [f for f in pre if f.startswith("gpu.module(")])
    for bad in (True, "2", -1):
        try:
            backend.lower_compile_hints(ir.Module.parse(SRC), compile_hints={"waves_per_eu": bad})
        except (TypeError, ValueError) as e:
            print(f"waves_per_eu={bad!r}: {type(e).__name__}: {e}")

    k = ir.Module.parse("""module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {rocdl.waves_per_eu = 1 : i32} { gpu.return }
  }
}""")
    backend.lower_compile_hints(k, compile_hints={"waves_per_eu": 4})
    PassManager.parse("builtin.module(" + ",".join(pre) + ")").run(k.operation)
    llvm_ir = translate_module_to_llvmir(k.body.operations[0].operation)
    print("LLVM:", [ln for ln in llvm_ir.splitlines() if ln.startswith("attributes #0")][0].count('"amdgpu-waves-per-eu"="4"'))

    c = ir.Module.parse("""module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @k() attributes {passthrough = [["keep", "yes"]], rocdl.cluster_dims = "2,2,1", rocdl.kernel} {
      llvm.return
    }
  }
}""")
    PassManager.parse("builtin.module(gpu.module(cse,fly-rocdl-cluster-attr))").run(c.operation)
    print("cluster:", [ln.strip() for ln in str(c).splitlines() if "llvm.func" in ln])

    d = tempfile.mkdtemp()
    os.makedirs(d + "/llvm/bin")
    tool = d + "/llvm/bin/mlir-opt"
    with open(tool, "w") as f:
        f.write('#!/bin/sh\nwhile [ "$1" != "-o" ]; do shift; done\nprintf "%s\\n" "$@" > "$2.argv"\n'
                'printf \'module attributes {gpu.container_module} {\\n  gpu.binary @kernels '
                '[#gpu.object<#rocdl.target<chip = "gfx942">, bin = "ELF">]\\n}\\n\' > "$2"\n')
    os.chmod(tool, 0o755)
    os.environ["FLYDSL_COMPILE_LLVM_DIR"] = d + "/llvm"
    fp = ext.external_llvm_fingerprint()
    print("fingerprint:", fp.startswith("external-binary:" + os.path.realpath(d + "/llvm") + ":"), len(fp.split(":")[-1]))
    h = ir.Module.parse("""module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx942">] {
    llvm.func @kernel() attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
  llvm.func @host() {
    llvm.return
  }
}""")
    ext.run_external_binary_codegen(h, 'gpu-module-to-binary{format=fatbin opts=""}', work_dir=d + "/work",
                                    stage_prefix="s", llvm_options={"enable-post-misched": False, "x": 4})
    print("after external codegen:")
    print(h)
    print("files:", sorted(os.listdir(d + "/work")))
    print("input holds only the device module:", "llvm.func @host" not in open(d + "/work/s_input.mlir").read())
    print("argv tail:", open(d + "/work/s_external_output.mlir.argv").read().split()[-2:])
    os.environ["FLYDSL_COMPILE_LLVM_DIR"] = ""
    try:
        ext.run_external_binary_codegen(h, "x")
    except ext.ExternalLLVMError as e:
        print("ExternalLLVMError:", e)
