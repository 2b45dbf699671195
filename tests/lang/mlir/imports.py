# Every module path of flydsl._mlir imports, and the names FlyDSL's kernels take from them resolve.
MODULES = {
    "flydsl._mlir": [],
    "flydsl._mlir.ir": ["Context", "Location", "Module", "InsertionPoint", "Value", "Type", "IntegerType",
                        "F16Type", "F32Type", "BF16Type", "F64Type", "IndexType", "VectorType", "MemRefType",
                        "FunctionType", "Attribute", "IntegerAttr", "FloatAttr", "DenseElementsAttr", "TypeAttr",
                        "UnitAttr", "StringAttr", "ArrayAttr", "BoolAttr", "OpView", "Operation", "Block",
                        "Region", "OpResult", "BlockArgument", "DenseI32ArrayAttr", "DenseI64ArrayAttr",
                        "FlatSymbolRefAttr", "ShapedType", "FloatType", "Float8E4M3FNType", "Float8E5M2Type"],
    "flydsl._mlir.extras": [],
    "flydsl._mlir.extras.types": ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "index", "vector",
                                  "memref", "function", "i", "VectorType"],
    "flydsl._mlir.passmanager": ["PassManager"],
    "flydsl._mlir.dialects": [],
    "flydsl._mlir.dialects.arith": ["constant", "addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi",
                                    "ori", "xori", "shli", "shrui", "shrsi", "addf", "subf", "mulf", "divf",
                                    "negf", "maximumf", "minimumf", "maxnumf", "minnumf", "cmpi", "cmpf",
                                    "select", "extsi", "extui", "trunci", "sitofp", "uitofp", "fptosi", "fptoui",
                                    "extf", "truncf", "bitcast", "index_cast", "CmpIPredicate", "CmpFPredicate",
                                    "FastMathFlags", "ConstantOp", "AddIOp", "MulIOp", "MulFOp", "CmpIOp",
                                    "SelectOp", "BitcastOp", "IndexCastOp"],
    "flydsl._mlir.dialects._arith_ops_gen": ["MulFOp", "AddFOp"],
    "flydsl._mlir.dialects.vector": ["extract", "insert", "extract_strided_slice", "bitcast", "broadcast",
                                     "from_elements", "shuffle", "load", "store", "splat", "reduction",
                                     "CombiningKind", "ExtractOp", "BitCastOp"],
    "flydsl._mlir.dialects.llvm": ["PointerType", "StructType", "IntToPtrOp", "PtrToIntOp", "GEPOp", "LoadOp",
                                   "StoreOp", "AtomicRMWOp", "AtomicBinOp", "AtomicOrdering", "call_intrinsic",
                                   "InlineAsmOp", "inline_asm", "extractvalue", "BitcastOp", "FPExtOp",
                                   "FPTruncOp", "inttoptr", "load", "FenceOp", "ZExtOp", "AddOp", "MulOp",
                                   "ConstantOp", "mlir_poison", "intr_expect", "IntegerOverflowFlags"],
    "flydsl._mlir.dialects.rocdl": ["sched_barrier", "sched_group_barrier", "s_waitcnt", "s_barrier",
                                    "s_setprio", "readfirstlane", "readlane", "ds_bpermute", "permlanex16",
                                    "ballot", "mbcnt_lo", "mbcnt_hi", "make_buffer_rsrc", "MakeBufferRsrcOp",
                                    "raw_ptr_buffer_load", "raw_ptr_buffer_store", "mfma_f32_16x16x16f16",
                                    "update_dpp", "s_wait_dscnt", "iglp_opt"],
    "flydsl._mlir.dialects.scf": ["IfOp", "ForOp", "YieldOp", "yield_"],
    "flydsl._mlir.dialects.gpu": ["thread_id", "block_id", "block_dim", "grid_dim", "barrier", "lane_id",
                                  "AsyncTokenType", "ReturnOp"],
    "flydsl._mlir.dialects.memref": ["alloca", "load", "store", "extract_aligned_pointer_as_index"],
    "flydsl._mlir.dialects.math": ["exp2", "log2", "sqrt", "rsqrt", "absf", "fma", "tanh"],
    "flydsl._mlir.dialects.func": ["FuncOp", "ReturnOp", "CallOp"],
    "flydsl._mlir.dialects.builtin": ["ModuleOp", "unrealized_conversion_cast", "UnrealizedConversionCastOp"],
    "flydsl._mlir.dialects.fly": ["IntTupleType", "extract_aligned_pointer_as_index", "copy_atom_call_ssa",
                                  "mma_atom_call_ssa"],
    "flydsl._mlir.dialects.fly_rocdl": ["TargetAddressSpace", "update_dpp", "ds_bpermute"],
}
total = 0
for path, names in MODULES.items():
    ns = {}
    exec(f"import {path} as m", ns)
    m = ns["m"]
    missing = [n for n in names if not hasattr(m, n)]
    total += len(names)
    print(path, len(names), "missing:" if missing else "ok", *missing)
from flydsl._mlir.dialects import arith, vector  # noqa: E402
from flydsl._mlir import ir as _ir  # noqa: E402
from flydsl._mlir.ir import Context, FunctionType, InsertionPoint, IntegerType, Location, Module  # noqa: E402
print(total, "names")
