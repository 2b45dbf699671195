"""flydsl._compiler_surface - the compiler-side names of FlyDSL's surface flyi writes in Python: flydsl.expr.meta's
tracing helpers, flydsl.utils.env's option groups, the compile-backend registry (flydsl.compiler.backends),
diagnostics, the argument registry, and the device-runtime registry (flydsl.runtime.device_runtime).
Used by flydsl.expr._surface, which puts them under FlyDSL's module paths."""

import sys
import contextlib
import os


class _NullContext:
    def __init__(self, *a, **k):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _space_text(space):
    spaces = getattr(sys.modules.get("flydsl.expr"), "AddressSpace", None)
    for k in ("Generic", "Global", "Shared", "Register"):
        if spaces is not None and hasattr(spaces, k) and space is getattr(spaces, k):
            return k.lower()
    s = str(space)
    for k in ("global", "shared", "register", "generic"):
        if k in s.lower():
            return k
    return s

# ---------------------------------------------------------------- meta


def capture_user_location(*args, **kwargs):
    return None


def dsl_loc_tracing(fn=None, **kwargs):
    """Decorator (no effect: flyi attaches the DSL source location to every op)."""
    if fn is None:
        return lambda f: f
    return fn


def dsl_wrap_result(fn=None, **kwargs):
    if fn is None:
        return lambda f: f
    return fn


# Ambient key/value options of the tracing scopes, per thread: a stack of (boundary code, options) frames.
import threading as _threading

_tracing_tls = _threading.local()


def _tracing_stack():
    s = getattr(_tracing_tls, "stack", None)
    if s is None:
        s = _tracing_tls.stack = []
    return s


@contextlib.contextmanager
def tracing_context(func=None, **options):
    """A tracing frame for the `with` block: every key given (None included) shadows the enclosing value;
    func, when given, is the frame's call-site boundary (else the enclosing one is kept)."""
    stack = _tracing_stack()
    boundary = getattr(func, "__code__", None)
    if boundary is None and stack:
        boundary = stack[-1][0]
    stack.append((boundary, dict(options)))
    try:
        yield
    finally:
        stack = _tracing_stack()
        if stack:
            stack.pop()


def tracing_option(key, default=None):
    """The value of key in the innermost tracing frame that sets it, else default."""
    for _, options in reversed(_tracing_stack()):
        if key in options:
            return options[key]
    return default


def lazy_classattr(fn):
    """A class attribute computed once, on first use."""

    class _Lazy:
        def __get__(self, obj, owner):
            v = fn()
            setattr(owner, fn.__name__ if hasattr(fn, "__name__") else "_lazy", v)
            return v

    return _Lazy()


# ---------------------------------------------------------------- utils.env


class _EnvGroup:
    """A group of FlyDSL's environment options (read from the environment at each access)."""

    def __init__(self, prefix, opts):
        self._prefix = prefix
        self._opts = opts

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._opts:
            raise AttributeError(name)
        kind, default, *var = self._opts[name]
        raw = os.environ.get(var[0] if var else self._prefix + name.upper())
        if raw is None:
            return default
        if kind is bool:
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if kind is int:
            try:
                return int(raw)
            except ValueError:
                return default
        return raw

    def __repr__(self):
        return f"<env {self._prefix}*>"


# FlyDSL's options: (type, default[, the variable when it is not the group's prefix + the name])
env_compile = _EnvGroup("FLYDSL_COMPILE_", {"arch": (str, "", "ARCH"), "only": (bool, False),
                                             "compile_only": (bool, False, "COMPILE_ONLY"), "opt_level": (int, 2),
                                             "backend": (str, "rocm"), "llvm_dir": (str, "")})
env_debug = _EnvGroup("FLYDSL_DEBUG_", {"print_after_all": (bool, False), "dump_ir": (bool, False, "FLYDSL_DUMP_IR"),
                                         "dump_asm": (bool, False),
                                         "dump_dir": (str, os.path.join(os.path.expanduser("~"), ".flydsl", "debug"),
                                                      "FLYDSL_DUMP_DIR"),
                                         "ast_diff": (bool, False), "log_to_file": (str, ""),
                                         "log_to_console": (bool, False), "print_origin_ir": (bool, False),
                                         "enable_debug_info": (bool, False), "enable_verifier": (bool, True),
                                         "show_stacktrace": (bool, False), "max_loc_depth": (int, 5),
                                         "log_level": (str, "WARNING")})
env_runtime = _EnvGroup("FLYDSL_RUNTIME_", {"kind": (str, "rocm"), "enable_cache": (bool, True), "cache_dir": (str, ""),
                                             "run_only": (bool, False)})
env_autotune = _EnvGroup("FLYDSL_AUTOTUNE_", {"config_dir": (str, "")})  # offline config artifacts; "" turns them off


def log():
    """FlyDSL's logger (the warnings go to stderr)."""
    return _Logger()


class _Logger:
    def _emit(self, msg, *a):
        sys.stderr.write((msg % a if a else str(msg)) + "\n")

    def debug(self, *a, **k):
        pass

    def info(self, *a, **k):
        pass

    def warning(self, msg, *a, **k):
        self._emit("WARNING: " + str(msg), *a)

    def error(self, msg, *a, **k):
        self._emit("ERROR: " + str(msg), *a)


# ---------------------------------------------------------------- compiler


class GPUTarget:
    """A compile target: backend, arch and warp size."""

    def __init__(self, backend="rocm", arch="gfx942", warp_size=64):
        self.backend, self.arch, self.warp_size = backend, arch, warp_size

    def __repr__(self):
        return f"GPUTarget(backend='{self.backend}', arch='{self.arch}', warp_size={self.warp_size})"

    def __eq__(self, o):
        return isinstance(o, GPUTarget) and (self.backend, self.arch, self.warp_size) == (o.backend, o.arch, o.warp_size)

    def __hash__(self):
        return hash((self.backend, self.arch, self.warp_size))


def _arch():
    a = os.environ.get("ARCH") or os.environ.get("FLYDSL_COMPILE_ARCH") or "gfx942"
    return a


class BaseBackend:
    """A compile backend (flyi has one: rocm, for gfx942 and gfx950)."""

    name = "base"

    def __init__(self, target=None):
        self.target = target or GPUTarget(arch=_arch())


class RocmBackend(BaseBackend):
    name = "rocm"

    @staticmethod
    def supports_target(target):
        return target.backend == "rocm"

    @classmethod
    def make_target(cls, arch):
        """The GPUTarget of arch (wave32 for RDNA's gfx10/11/12, else 64 lanes)."""
        return GPUTarget(backend="rocm", arch=arch, warp_size=32 if str(arch).startswith(("gfx10", "gfx11", "gfx12"))
                         else 64)

    def _pipeline_parts(self, compile_hints):
        """FlyDSL's ROCm pass pipeline under compile_hints: the passes before the device binary, and the
        gpu-module-to-binary element (its opts carry -g and the waves_per_eu / maxnreg hints as LLVM flags)."""
        import flydsl.utils.env as env

        h = dict(compile_hints or {})
        chip = self.target.arch
        debug = bool(env.debug.enable_debug_info)
        flags = (["-g"] if debug else []) + ([f"--amdgpu-waves-per-eu={h['waves_per_eu']}"] if h.get("waves_per_eu")
                                             else []) + ([f"--amdgpu-num-vgpr={h['maxnreg']}"] if h.get("maxnreg") else [])
        yes = lambda b: "true" if b else "false"
        target_opts = (f"O=2 abi=600 chip={chip} correct-sqrt=true daz=false fast={yes(h.get('fast_fp_math'))} "
                       f"features= finite-only=false module= triple=amdgcn-amd-amdhsa "
                       f"unsafe-math={yes(h.get('unsafe_fp_math'))} wave64={yes(self.make_target(chip).warp_size == 64)}")
        pre = ["fly-rewrite-func-signature", "fly-canonicalize", "fly-layout-lowering", "fly-int-swizzle-simplify",
               "canonicalize", "fly-convert-atom-call-to-ssa-form", "fly-promote-regmem-to-vectorssa",
               "convert-fly-to-rocdl", "canonicalize",
               f"gpu.module(convert-scf-to-cf,cse,convert-gpu-to-rocdl{{chipset={chip} index-bitwidth=0 runtime=HIP "
               f"use-bare-ptr-memref-call-conv=true}},fly-rocdl-cluster-attr)",
               "rocdl-attach-target{" + target_opts + "}", "convert-scf-to-cf", "convert-cf-to-llvm",
               "gpu-to-llvm{use-bare-pointers-for-host=true use-bare-pointers-for-kernels=true}",
               "convert-vector-to-llvm", "convert-arith-to-llvm", "convert-func-to-llvm", "reconcile-unrealized-casts"]
        if debug:
            pre.append("ensure-debug-info-scope-on-llvm-func{emission-kind=LineTablesOnly}")
        return pre, 'gpu-module-to-binary{format=fatbin opts="' + " ".join(flags) + '"}'

    def pipeline_fragments(self, *, compile_hints):
        """FlyDSL's pass pipeline under compile_hints, as the list of its elements (PassManager.parse takes them
        joined, inside builtin.module(...)). flyc asks for it for every compile of a kernel launched by a jit
        function with compile hints; flyi's own compile runs the same passes (fly-pipeline's stages)."""
        pre, binary = self._pipeline_parts(compile_hints)
        return [*pre, binary]

    def external_binary_pipeline_fragments(self, *, compile_hints):
        """(the passes before the device binary, the gpu-module-to-binary element), as an external LLVM runs them."""
        return self._pipeline_parts(compile_hints)

    def lower_compile_hints(self, module, *, compile_hints):
        """The waves_per_eu hint (an int >= 0; 0 or None: the kernels' own) as rocdl.waves_per_eu on each kernel
        gpu.func of module (device helpers keep theirs)."""
        wpe = (compile_hints or {}).get("waves_per_eu")
        if wpe is None:
            return
        if isinstance(wpe, bool) or not isinstance(wpe, int):
            raise TypeError(f"waves_per_eu must be a non-negative int, got {wpe!r}")
        if wpe < 0:
            raise ValueError(f"waves_per_eu must be >= 0, got {wpe}")
        if wpe == 0:
            return
        from flydsl._mlir import ir

        attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), wpe)
        for top in module.body.operations:
            if top.operation.name != "gpu.module":
                continue
            for op in top.regions[0].blocks[0].operations:
                if op.operation.name == "gpu.func" and ("kernel" in op.attributes or "gpu.kernel" in op.attributes):
                    op.attributes["rocdl.waves_per_eu"] = attr

    def gpu_module_targets(self):
        return [f'#rocdl.target<chip = "{self.target.arch}">']


_backends = {"rocm": RocmBackend}


def register_backend(name, cls, *args, **kwargs):
    _backends[name] = cls


def compile_backend_name():
    return os.environ.get("FLYDSL_COMPILE_BACKEND", "rocm")


def _make_backend(name, arch):
    if name not in _backends:
        raise ValueError(f"unknown compile backend {name!r}; registered: {sorted(_backends)}")
    return _backends[name](GPUTarget(backend=name, arch=arch))


# FlyDSL memoizes its backends; flyi makes one per call (ARCH is read each time), so clearing is a no-op
_make_backend.cache_clear = lambda: None


def get_backend(name=None, arch=None):
    return _make_backend(name or compile_backend_name(), arch or _arch())


def current_target():
    return GPUTarget(arch=_arch())


def resolve_llvm_address_space(space):
    s = _space_text(space)
    return {"global": 1, "shared": 3, "register": 5, "generic": 0}.get(s, space)


class JitArgumentRegistry:
    """FlyDSL's adaptors of host values to jit arguments: register(py_type, dsl_type=None)(constructor); get(py_type)
    is (constructor, dsl type), (None, None) for a type without one (base classes count). flyi's own host values
    (tensors, numbers, streams, pointers) are adapted by flydsl.compiler.jit_argument."""

    registry = {}

    @classmethod
    def register(cls, py_type, *args, dsl_type=None, **kwargs):
        def deco(adaptor):
            cls.registry[py_type] = (adaptor, dsl_type if dsl_type is not None else adaptor)
            return adaptor

        return deco

    @classmethod
    def get(cls, py_type):
        for t in getattr(py_type, "__mro__", (py_type,)):
            if t in cls.registry:
                return cls.registry[t]
        return (None, None)


class CompilationContext:
    """The compilation in progress, one per thread as FlyDSL's (flyi traces inside its own tracer): create() makes
    the current one for a with block; link_libs keeps the bitcode libraries in first-use order."""

    _current = _threading.local()
    _compile_hints = _threading.local()

    def __init__(self):
        self.gpu_module_op = None
        self.gpu_module_body = None
        self.kernel_counter = 0
        self._kernel_names = set()
        self.stream_arg = None
        self.link_libs = []
        self._link_libs_seen = set()
        self.post_load_processors = []

    @classmethod
    def get_current(cls):
        return getattr(cls._current, "value", None)

    @classmethod
    @contextlib.contextmanager
    def create(cls):
        prev = getattr(cls._current, "value", None)
        ctx = cls()
        cls._current.value = ctx
        try:
            yield ctx
        finally:
            cls._current.value = prev

    def add_link_lib(self, path):
        if path in self._link_libs_seen:
            return
        self._link_libs_seen.add(path)
        self.link_libs.append(path)

    def next_kernel_id(self):
        kid = self.kernel_counter
        self.kernel_counter += 1
        return kid

    @classmethod
    @contextlib.contextmanager
    def compile_hints(cls, hints):
        """Hints for the compiles inside this thread's block (merged into the enclosing ones, nested dicts
        shallowly); flyi's pipeline keeps them and does not act on them."""
        prev = getattr(cls._compile_hints, "data", None)
        merged = dict(prev or {})
        for k, v in dict(hints or {}).items():
            merged[k] = {**merged[k], **v} if isinstance(v, dict) and isinstance(merged.get(k), dict) else v
        cls._compile_hints.data = merged
        try:
            yield
        finally:
            cls._compile_hints.data = prev

    @classmethod
    def get_compile_hints(cls):
        return getattr(cls._compile_hints, "data", None) or {}


def _pack_ciface_args(*args):
    """flydsl.compiler.jit_executor._pack_ciface_args: the argument array of MLIR's packed-args (_mlir_ciface)
    wrapper, one holder cell per argument holding its address; _keepalive holds the cells."""
    import ctypes

    holders = [ctypes.c_void_p(ctypes.addressof(a)) for a in args]
    packed = (ctypes.c_void_p * len(args))()
    for i, h in enumerate(holders):
        packed[i] = ctypes.addressof(h)
    result = ctypes.c_void_p(ctypes.addressof(packed))
    result._keepalive = (packed, holders, args)
    return result


_FFI_TYPES = ("int32", "uint32", "int64", "uint64", "float32", "float64")


class ExternFunction:
    """flydsl.expr.extern.ffi(symbol, arg_types, ret_type): an external device function. flyi checks the
    declaration as FlyDSL does; calling one is an error, since flyi links no external bitcode."""

    def __init__(self, symbol, arg_types, ret_type, is_pure=False, bitcode_path=None, module_init_fn=None):
        if bitcode_path is not None or module_init_fn is not None:
            raise TypeError(
                "flydsl.expr.extern.ffi is link-agnostic and does not accept bitcode_path/module_init_fn; wrap it "
                "with flydsl.compiler.extern_link.link_extern(..., bitcode_path=..., module_init_fn=...) instead")
        for t in list(arg_types) + [ret_type]:
            if t != "void" and t not in _FFI_TYPES:
                raise ValueError(f"ffi: unknown type {t!r}. Supported: {list(_FFI_TYPES)} or 'void'.")
        self.symbol = symbol
        self._arg_type_names = list(arg_types)
        self._ret_type_name = ret_type
        self.is_pure = is_pure

    def __call__(self, *args):
        if len(args) != len(self._arg_type_names):
            raise TypeError(f"ffi {self.symbol!r} expects {len(self._arg_type_names)} argument(s), got {len(args)}")
        raise NotImplementedError(f"ffi {self.symbol!r}: flyi cannot call external device functions (it links no "
                                  "external bitcode)")

    def __repr__(self):
        return f"ffi(symbol={self.symbol!r}, args={self._arg_type_names}, ret={self._ret_type_name!r})"


class KernelFunction:
    """The class of @flyc.kernel functions' compile-time state (flyi's kernels are its own objects)."""

    @classmethod
    def get_current(cls):
        return None


class DeviceRuntime:
    """The runtime kernels launch on (flyi: its emulator, or HIP); subclasses name their kind."""

    kind = "base"

    def device_count(self):
        return 1

    def current_device_id(self):
        return 0


class RocmDeviceRuntime(DeviceRuntime):
    kind = "rocm"


# The registry keeps its state on flydsl.runtime.device_runtime itself (_EXTRA_MAPPINGS, _instance,
# _runtime_cls_override, _builtin_runtimes), where FlyDSL has it and its tests reset it.
COMPILE_BACKEND_TO_RUNTIME_KIND = {"rocm": "rocm"}


def _dr():
    m = sys.modules.get("flydsl.runtime.device_runtime")
    if m is None:
        __import__("flydsl.runtime.device_runtime")
        m = sys.modules["flydsl.runtime.device_runtime"]
    for k, v in (("_EXTRA_MAPPINGS", {}), ("_instance", None), ("_runtime_cls_override", None),
                 ("_builtin_runtimes", {"rocm": RocmDeviceRuntime})):
        if k not in m.__dict__:
            setattr(m, k, v)
    return m


def register_compile_runtime_mapping(compile_backend, runtime_kind):
    """Maps compile backend id compile_backend to device-runtime kind runtime_kind (both case-folded)."""
    _dr()._EXTRA_MAPPINGS[compile_backend.strip().lower()] = runtime_kind.strip().lower()


def register_device_runtime(cls, *, kind=None, force=False):
    """Makes cls the process's device runtime class (before the first get_device_runtime(), unless force);
    kind also registers it under that FLYDSL_RUNTIME_KIND."""
    m = _dr()
    if m._instance is not None and not force:
        raise RuntimeError("Cannot register a device runtime after get_device_runtime() has been called "
                           "(unless force=True).")
    if m._runtime_cls_override is not None and not force:
        raise ValueError("A custom device runtime class is already registered (use force=True to replace).")
    m._runtime_cls_override = cls
    if kind is not None:
        m._builtin_runtimes[kind.strip().lower()] = cls


def _expected_kind(backend):
    m, key = _dr(), backend.strip().lower()
    if key in m._EXTRA_MAPPINGS:
        return m._EXTRA_MAPPINGS[key]
    if key in COMPILE_BACKEND_TO_RUNTIME_KIND:
        return COMPILE_BACKEND_TO_RUNTIME_KIND[key]
    raise ValueError(f"No device-runtime kind mapped for compile backend {backend!r}. "
                     "Register a mapping with register_compile_runtime_mapping().")


def _env_kind():
    return (os.environ.get("FLYDSL_RUNTIME_KIND") or "rocm").strip().lower()


def _mismatch(backend, expected, actual, what):
    return RuntimeError(f"Compile backend {backend!r} requires device runtime kind {expected!r}, but {what} "
                        f"{actual!r}. Align FLYDSL_COMPILE_BACKEND with FLYDSL_RUNTIME_KIND (and extension "
                        "mappings), or use a matching pair of register_backend / register_device_runtime.")


def ensure_compile_runtime_pairing_from_env(compile_backend_id=None):
    """Raises when the backend's runtime kind differs from the one the environment / registration select;
    creates no runtime."""
    b = compile_backend_id or (os.environ.get("FLYDSL_COMPILE_BACKEND") or "rocm").lower()
    expected = _expected_kind(b)
    m = _dr()
    actual = str(m._runtime_cls_override.kind) if m._runtime_cls_override is not None else _env_kind()
    if actual != expected:
        raise _mismatch(b, expected, actual, "FLYDSL_RUNTIME_KIND (and registration) resolve to")


def ensure_compile_runtime_compatible(compile_backend_id=None, *, runtime=None):
    """Raises when the backend's runtime kind differs from runtime's (default: the process's runtime)."""
    b = compile_backend_id or compile_backend_name()
    expected = _expected_kind(b)
    rt = runtime if runtime is not None else get_device_runtime()
    if rt.kind != expected:
        raise _mismatch(b, expected, rt.kind, "the active runtime is")


def get_device_runtime():
    """The process's DeviceRuntime (made, after the pairing check, on the first call)."""
    m = _dr()
    if m._instance is None:
        ensure_compile_runtime_pairing_from_env((os.environ.get("FLYDSL_COMPILE_BACKEND") or "rocm").lower())
        cls = m._runtime_cls_override
        if cls is None:
            kind = _env_kind()
            cls = m._builtin_runtimes.get(kind)
            if cls is None:
                known = ", ".join(sorted(m._builtin_runtimes)) or "(none)"
                raise ValueError(f"Unknown FLYDSL_RUNTIME_KIND={kind!r}. Built-in kinds: {known}")
        m._instance = cls()
    return m._instance



# ---------------------------------------------------------------- flyc.compile[hints]


class CompileCallable:
    """flyc.compile, subscriptable as FlyDSL's: flyc.compile[{"fast_fp_math": True}](jit_fn, *args) merges the
    hints into jit_fn.compile_hints, then compiles; with no arguments it returns the hinted function (FlyDSL's
    deferred form). The bare flyc.compile(jit_fn, ...) is flyi's compile (a CompiledKernel, run=/debug_info=); as
    FlyDSL's, it also runs the kernels, unless run=False or FLYDSL_COMPILE_ONLY=1.
    Hints flyi reads: fastmath / fast_fp_math (the kernel-level fast-math flags of the kernels the function
    launches); the others are kept on the function."""

    def __init__(self, compile_hints=None):
        self._compile_hints = compile_hints

    def __getitem__(self, hints):
        if not isinstance(hints, dict):
            raise TypeError(f"flyc.compile[...] expects a dict of compile hints, got {type(hints).__name__}")
        return CompileCallable(compile_hints=hints)

    def __call__(self, func, *args, **kwargs):
        if self._compile_hints and type(func).__name__ == "JitFunction":
            func.compile_hints = {**func.compile_hints, **self._compile_hints}
        if self._compile_hints is not None and not args and not kwargs:
            return func
        return sys.modules["flydsl.compiler"]._compile_now(func, *args, **kwargs)

    def __repr__(self):
        return "flyc.compile" + ("" if self._compile_hints is None else f"[{self._compile_hints!r}]")
