// rocdl_lower.cpp - convert-gpu-to-rocdl (MLIR 22's LowerGpuOpsToROCDLOps pass) with its setup cached
// (rocdl_lower.h). Upstream's pass, on every run: sets the module's llvm.data_layout when missing and
// llvm.emit_c_interface on its func.func ops, parses the chipset, checks the bare-pointer calling convention,
// runs the in-dialect GPU rewrites (all-reduce, global id, shuffle, shuffle promotion to AMDGPU) greedily, then
// builds an LLVMTypeConverter with the GPU address spaces, an LLVMConversionTarget, and the conversion
// patterns of every loaded dialect's ConvertToLLVMPatternInterface plus AMDGPU's and GPU's ROCDL patterns,
// applies them as a partial conversion, and sets rocdl.flat_work_group_size next to each
// rocdl.reqd_work_group_size. This does the same steps in the same order with the same library functions;
// what does not depend on the module (the type converter, the target, both pattern sets frozen) is built
// once per context, chipset, options, index bitwidth, data layout and set of loaded dialects, and kept until
// the context is destroyed (fly_rocdl_lower_forget).
#include "pipeline/rocdl_lower.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mlir/CAPI/IR.h"
#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/IR/DataLayout.h"

using namespace mlir;

namespace {

// The data layout upstream's pass gives a gpu.module that has none (AMDGPU's, as MLIR 22 spells it).
constexpr llvm::StringLiteral kAmdgcnDataLayout =
    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32"
    "-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:"
    "32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:"
    "64-S32-A5-G1-ni:7:8:9";

// What one run's setup depends on.
struct Key {
    MLIRContext *ctx = nullptr;
    std::string chipset, dataLayout;
    unsigned indexBitwidth = 0; // the option
    unsigned derivedBitwidth = 0;
    bool bare = false;
    gpu::amd::Runtime runtime = gpu::amd::Runtime::Unknown;
    std::vector<std::string> allowed;
    size_t ndialects = 0;

    bool operator==(const Key &o) const {
        return ctx == o.ctx && chipset == o.chipset && dataLayout == o.dataLayout && indexBitwidth == o.indexBitwidth &&
               derivedBitwidth == o.derivedBitwidth && bare == o.bare && runtime == o.runtime && allowed == o.allowed &&
               ndialects == o.ndialects;
    }
};

// What it builds.
struct Entry {
    Key key;
    bool failed = false; // an allowed dialect without the conversion interface: the run fails, as upstream's
    std::string failedDialect;
    std::unique_ptr<LLVMTypeConverter> converter;
    std::unique_ptr<LLVMConversionTarget> target;
    FrozenRewritePatternSet rewrites, conversions;
};

std::mutex cacheLock;
std::vector<std::unique_ptr<Entry>> cache;
std::atomic<unsigned long> runs{0}, builds{0}, mismatches{0};

bool canBeCalledWithBarePointers(gpu::GPUFuncOp func) {
    bool canBeBare = true;
    for (Type type : func.getArgumentTypes())
        if (auto memrefTy = dyn_cast<BaseMemRefType>(type))
            canBeBare &= LLVMTypeConverter::canConvertToBarePtr(memrefTy);
    return canBeBare;
}

// Builds what upstream's runOnOperation builds after its greedy rewrite, in the same order.
void build(Entry &e, const LowerToLLVMOptions &options, amdgpu::Chipset chipset) {
    MLIRContext *ctx = e.key.ctx;
    {
        RewritePatternSet patterns(ctx);
        populateGpuRewritePatterns(patterns);
        populateGpuPromoteShuffleToAMDGPUPatterns(patterns, chipset);
        e.rewrites = FrozenRewritePatternSet(std::move(patterns));
    }
    e.converter = std::make_unique<LLVMTypeConverter>(ctx, options);
    amdgpu::populateCommonGPUTypeAndAttributeConversions(*e.converter);
    RewritePatternSet llvmPatterns(ctx);
    e.target = std::make_unique<LLVMConversionTarget>(*ctx);
    llvm::SmallDenseSet<StringRef> allowedSet;
    for (const std::string &s : e.key.allowed) allowedSet.insert(s);
    for (Dialect *dialect : ctx->getLoadedDialects()) {
        bool allowed = allowedSet.contains(dialect->getNamespace());
        if (!allowedSet.empty() && !allowed) continue;
        auto *iface = dyn_cast<ConvertToLLVMPatternInterface>(dialect);
        if (!iface) {
            if (allowed) {
                e.failed = true;
                e.failedDialect = dialect->getNamespace().str();
                return;
            }
            continue;
        }
        iface->populateConvertToLLVMConversionPatterns(*e.target, *e.converter, llvmPatterns);
    }
    populateAMDGPUToROCDLConversionPatterns(*e.converter, llvmPatterns, chipset);
    populateGpuToROCDLConversionPatterns(*e.converter, llvmPatterns, e.key.runtime, chipset);
    configureGpuToROCDLConversionLegality(*e.target);
    e.conversions = FrozenRewritePatternSet(std::move(llvmPatterns));
}

// The entry for this key, built on first use (cacheLock held).
Entry *lookup(const Key &key, const LowerToLLVMOptions &options, amdgpu::Chipset chipset) {
    for (auto &e : cache)
        if (e->key == key) return e.get();
    auto e = std::make_unique<Entry>();
    e->key = key;
    build(*e, options, chipset);
    builds++;
    cache.push_back(std::move(e));
    return cache.back().get();
}

struct CachedRocdlPass : public PassWrapper<CachedRocdlPass, OperationPass<gpu::GPUModuleOp>> {
    MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CachedRocdlPass)

    CachedRocdlPass() = default;
    CachedRocdlPass(const CachedRocdlPass &other) : PassWrapper(other) {}

    StringRef getArgument() const override { return FLY_ROCDL_LOWER_PASS; }
    StringRef getDescription() const override {
        return "convert-gpu-to-rocdl with its conversion patterns built once per context and options";
    }
    StringRef getName() const override { return "FlyCachedConvertGpuToRocdl"; }

    void getDependentDialects(DialectRegistry &registry) const override {
        registry.insert<ROCDL::ROCDLDialect, amdgpu::AMDGPUDialect, cf::ControlFlowDialect, memref::MemRefDialect>();
        registerConvertToLLVMDependentDialectLoading(registry);
    }

    Option<std::string> chipset{*this, "chipset", llvm::cl::desc("Chipset that these operations will run on"),
                                llvm::cl::init("gfx000")};
    Option<unsigned> indexBitwidth{*this, "index-bitwidth",
                                   llvm::cl::desc("Bitwidth of the index type, 0 to use size of machine word"),
                                   llvm::cl::init(0)};
    Option<bool> useBarePtrCallConv{*this, "use-bare-ptr-memref-call-conv",
                                    llvm::cl::desc("Replace memref arguments in GPU functions with bare pointers"),
                                    llvm::cl::init(false)};
    Option<gpu::amd::Runtime> runtime{
        *this, "runtime", llvm::cl::desc("Runtime code will be run on"), llvm::cl::init(gpu::amd::Runtime::Unknown),
        llvm::cl::values(clEnumValN(gpu::amd::Runtime::Unknown, "unknown", "Unknown (default)"),
                         clEnumValN(gpu::amd::Runtime::HIP, "HIP", "HIP"),
                         clEnumValN(gpu::amd::Runtime::OpenCL, "OpenCL", "OpenCL"))};
    ListOption<std::string> allowedDialects{*this, "allowed-dialects",
                                            llvm::cl::desc("Run conversion patterns of only the specified dialects")};

    void runOnOperation() override;
    // FLYI_PIPELINE_CHECK_ROCDL=1: upstream's pass on a copy taken before this run, compared with the result.
    void check(gpu::GPUModuleOp before, gpu::GPUModuleOp after);
};

void CachedRocdlPass::runOnOperation() {
    gpu::GPUModuleOp m = getOperation();
    MLIRContext *ctx = m.getContext();
    runs++;
    static const bool checking = [] {
        const char *v = std::getenv("FLYI_PIPELINE_CHECK_ROCDL");
        return v && *v && std::string(v) != "0";
    }();
    OwningOpRef<gpu::GPUModuleOp> before;
    if (checking) before = cast<gpu::GPUModuleOp>(m->clone());

    auto llvmDataLayout = m->getAttrOfType<StringAttr>(LLVM::LLVMDialect::getDataLayoutAttrName());
    if (!llvmDataLayout) {
        llvmDataLayout = StringAttr::get(ctx, kAmdgcnDataLayout);
        m->setAttr(LLVM::LLVMDialect::getDataLayoutAttrName(), llvmDataLayout);
    }
    for (auto func : m.getOps<func::FuncOp>())
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(), UnitAttr::get(ctx));

    FailureOr<amdgpu::Chipset> maybeChipset = amdgpu::Chipset::parse(chipset);
    if (failed(maybeChipset)) {
        emitError(UnknownLoc::get(ctx), "Invalid chipset name: " + chipset);
        return signalPassFailure();
    }

    LowerToLLVMOptions options(ctx, DataLayout(cast<DataLayoutOpInterface>(m.getOperation())));
    options.dataLayout = llvm::DataLayout(llvmDataLayout.getValue());
    if (indexBitwidth != kDeriveIndexBitwidthFromDataLayout) options.overrideIndexBitwidth(indexBitwidth);
    if (useBarePtrCallConv) {
        options.useBarePtrCallConv = true;
        WalkResult canUseBarePointers = m.walk([](gpu::GPUFuncOp func) -> WalkResult {
            return canBeCalledWithBarePointers(func) ? WalkResult::advance() : WalkResult::interrupt();
        });
        if (canUseBarePointers.wasInterrupted()) {
            emitError(UnknownLoc::get(ctx), "bare pointer calling convention requires all memrefs to "
                                            "have static shape and use the identity map");
            return signalPassFailure();
        }
    }

    Key key;
    key.ctx = ctx;
    key.chipset = chipset;
    key.dataLayout = llvmDataLayout.getValue().str();
    key.indexBitwidth = indexBitwidth;
    key.derivedBitwidth = options.getIndexBitwidth();
    key.bare = useBarePtrCallConv;
    key.runtime = runtime;
    key.allowed.assign(allowedDialects.begin(), allowedDialects.end());
    key.ndialects = ctx->getLoadedDialects().size();
    Entry *e;
    {
        std::lock_guard<std::mutex> g(cacheLock);
        e = lookup(key, options, *maybeChipset);
    }

    // The in-dialect lowering first (it makes ops that the conversion then lowers).
    (void)applyPatternsGreedily(m, e->rewrites);
    if (e->failed) {
        m.emitError() << "dialect does not implement ConvertToLLVMPatternInterface: " << e->failedDialect;
        return signalPassFailure();
    }
    if (failed(applyPartialConversion(m, *e->target, e->conversions))) signalPassFailure();

    auto *rocdlDialect = ctx->getLoadedDialect<ROCDL::ROCDLDialect>();
    auto reqdHelper = rocdlDialect->getReqdWorkGroupSizeAttrHelper();
    auto flatHelper = rocdlDialect->getFlatWorkGroupSizeAttrHelper();
    m.walk([&](LLVM::LLVMFuncOp op) {
        if (!reqdHelper.isAttrPresent(op)) return;
        uint32_t flatSize = 1;
        for (uint32_t size : reqdHelper.getAttr(op).asArrayRef()) flatSize *= size;
        flatHelper.setAttr(op, StringAttr::get(ctx, Twine(flatSize) + "," + Twine(flatSize)));
    });
    if (checking) check(before.release(), m);
}

void CachedRocdlPass::check(gpu::GPUModuleOp before, gpu::GPUModuleOp after) {
    ConvertGpuOpsToROCDLOpsOptions o;
    o.chipset = chipset;
    o.indexBitwidth = indexBitwidth;
    o.useBarePtrCallConv = useBarePtrCallConv;
    o.runtime = runtime;
    o.allowedDialects.assign(allowedDialects.begin(), allowedDialects.end());
    // in a module of its own, with the attributes of the one it comes from (a gpu.module's passes look up)
    OwningOpRef<ModuleOp> top = ModuleOp::create(before.getLoc());
    if (Operation *parent = after->getParentOp()) (*top)->setAttrs(parent->getAttrDictionary());
    top->push_back(before);
    PassManager pm(before.getContext());
    pm.nest<gpu::GPUModuleOp>().addPass(createConvertGpuOpsToROCDLOps(o));
    bool upstreamOk = succeeded(pm.run(*top));
    std::string a, b;
    llvm::raw_string_ostream sa(a), sb(b);
    OpPrintingFlags flags;
    flags.assumeVerified();
    before->print(sa, flags);
    after->print(sb, flags);
    if (upstreamOk && a == b) return;
    mismatches++;
    std::fprintf(stderr, "flyi: %s differs from convert-gpu-to-rocdl for gpu.module @%s (%s)\n", FLY_ROCDL_LOWER_PASS,
                 after.getName().str().c_str(), upstreamOk ? "other text" : "upstream failed");
}

} // namespace

extern "C" void fly_rocdl_lower_register(void) {
    static std::once_flag once;
    std::call_once(once, [] { PassRegistration<CachedRocdlPass>(); });
}

extern "C" void fly_rocdl_lower_forget(MlirContext ctx) {
    MLIRContext *c = unwrap(ctx);
    std::lock_guard<std::mutex> g(cacheLock);
    for (size_t i = cache.size(); i-- > 0;)
        if (cache[i]->key.ctx == c) cache.erase(cache.begin() + (long)i);
}

extern "C" int fly_rocdl_lower_stats(unsigned long counts[3]) {
    counts[0] = runs.load();
    counts[1] = builds.load();
    counts[2] = mismatches.load();
    std::lock_guard<std::mutex> g(cacheLock);
    return (int)cache.size();
}
