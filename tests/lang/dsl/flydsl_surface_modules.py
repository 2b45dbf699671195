# FlyDSL's module paths and the values behind them: `import flydsl.expr.X` / `from ... import`
# for the submodules, the Fly dialect enums and MLIR-level type objects (printed as FlyDSL prints
# them, compared by value), T's MLIR types, the vector type aliases, inline Struct[...], the
# abstract numeric classes, flydsl.utils.env, the compile backend and device runtime registries,
# and names for targets flyi does not compile for (their use names the target).
import os
import flydsl.expr.numeric
import flydsl.expr.gpu
import flydsl.expr.rocdl.cdna3
import flydsl.compiler.backends as backends
from flydsl.expr.numeric import Float32, Int32, Integer, Float, NumericMeta
from flydsl.expr.typing import T, Float16x4, Int8x16, VectorAlias
from flydsl.expr.primitive import GemmTraversalOrder, IntTupleType, LayoutType, PointerType, AtomicOp
from flydsl.expr.rocdl.enum import SyncScope as RocdlSyncScope, TargetAddressSpace
from flydsl.expr.struct import Struct, is_struct_type
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.runtime.device_runtime import get_device_runtime, COMPILE_BACKEND_TO_RUNTIME_KIND
from flydsl.utils import env
import flydsl.expr as fx

print(flydsl.expr.numeric.Float32 is fx.Float32, flydsl.expr.gpu is fx.gpu, flydsl.expr.rocdl.cdna3.s_waitcnt.__name__)
print(sorted(m for m in __import__("sys").modules if m.startswith("flydsl.expr.rocdl")))
print(GemmTraversalOrder.MNK, int(GemmTraversalOrder.NKM_Serpentine), [str(o) for o in AtomicOp])
print(fx.SyncScope.System == "", fx.SyncScope.SingleThread, RocdlSyncScope.Agent, RocdlSyncScope.WavefrontOneAs)
print(int(TargetAddressSpace.Shared), fx.CachePolicy.CacheGlobal, fx.MmaOperand.C)
print(IntTupleType.get((4, (2, 8))), IntTupleType.get((4, 8)) == IntTupleType.get((4, 8)),
      IntTupleType.get((4, 8)) == IntTupleType.get((8, 4)))
print(PointerType.get(Float32, fx.AddressSpace.Shared, 16), fx.TileType.get((8, 8)), fx.ComposedLayoutType)
print(fx.MemRefType.get(Float32, LayoutType.get((4, 8), (1, 4)), fx.AddressSpace.Register))
print(fx.UniversalAtomicMax(Int32, RocdlSyncScope.Workgroup), fx.UniversalFMA(Float32))
print(T.i32, T.bf16, T.f8, T.i8x16, T.vec(4, T.f32), T.index, T.i32 == T.i32, T.f16 != T.bf16)
print(Float16x4, issubclass(Float16x4, fx.Vector), Int8x16.ir_type, VectorAlias(Float32, 2).ir_type)
print(isinstance(Float32, NumericMeta), isinstance(Int32(3), Integer), isinstance(Float32(1.0), Float),
      isinstance(Float32(1.0), Integer))
S = Struct["slots": fx.Array[Float32, 4], "n": Int32]
print(S, is_struct_type(S), is_struct_type(Int32))
print(CompilationContext.get_current(), backends.compile_backend_name(), backends.get_backend().name)
print(backends.current_target(), backends.resolve_llvm_address_space(fx.AddressSpace.Shared))
print(get_device_runtime().kind, COMPILE_BACKEND_TO_RUNTIME_KIND)
os.environ["FLYDSL_RUNTIME_ENABLE_CACHE"] = "0"
os.environ["ARCH"] = "gfx950"  # FlyDSL's env.compile.arch reads ARCH
print(env.runtime.enable_cache, env.compile.arch, env.debug.dump_ir)
del os.environ["ARCH"]
for use in (lambda: fx.rocdl.WMMA(16, 16, 16, Float32), lambda: fx.rocdl.cluster.cluster_barrier(),
            lambda: fx.rocdl.rdna4.WMMA(), lambda: fx.rocdl.cdna5.anything(), lambda: fx.coop.BlockScan(1, 2)):
    try:
        use()
    except (NotImplementedError, TypeError) as e:
        print(type(e).__name__ + ":", e)
