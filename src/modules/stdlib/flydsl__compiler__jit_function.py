"""flydsl.compiler.jit_function - what identifies a @flyc.jit function's compiled code, as FlyDSL computes it.

flyi's JitFunction is a C type (src/flydsl/api/dsl_modules.c); the FlyDSL methods programs and tests call on it
(_ensure_sig, _ensure_cache_manager, _resolve_and_make_cache_key, _build_full_cache_key, _check_globals_drift, ...)
are written here and installed on that type when flydsl.compiler is made. Before each top-level call the C code
calls _prepare_call, which checks the values (scalars and containers, by content) of the module globals the
function reads against those at its first call (a change raises RuntimeError naming the global; rebinding a
function or another object is not a change for flyi, which runs a launcher's host code at every call and keys
each kernel compile on the functions it reaches) and returns the call's cache key (None where an argument has
no cache signature; flyi then keys on the arguments' types).

The key has FlyDSL's parts: ("_env_", the values of the environment variables that change code generation),
("_target_", the GPUTarget), ("_hints_", the effective compile hints), one (name, signature) per argument, the
globals the function reads ("_globals_", by value), and ("_self_type_", cls) for a method. The function's own
identity (manager_key) hashes its source, the sources of the helpers and kernels it reaches, the manager keys of
the jit functions it calls and the scalar and enum values its closures capture."""

import enum
import hashlib
import inspect
import os
import sys
import threading
import types

_c = sys.modules["flydsl.compiler"]
_s = sys.modules.get("flydsl.expr._surface") or __import__("flydsl.expr._surface")
_s = sys.modules["flydsl.expr._surface"]

jit = _c.jit
JitFunction = type(_c.jit(lambda: None))
CompiledFunction = _c.CompiledFunction  # what flyc.compile returns (flyi's CompiledKernel)
MlirCompiler = _s.MlirCompiler
EXTRA_SOURCE_DIRS = []

# the environment variables whose values change the code a compile makes, whatever the target
_CACHE_INVALIDATING_ENV_VARS = ("FLYDSL_COMPILE_OPT_LEVEL", "FLYDSL_COMPILE_BACKEND", "FLYDSL_COMPILE_LLVM_DIR",
                                "FLYDSL_DEBUG_ENABLE_DEBUG_INFO", "FLYDSL_EXTRA_SOURCE_DIRS")

_MISSING = object()


def _flydsl_key():
    """The compiler's own identity in a disk cache key (flyi's version; tests replace it)."""
    return _s._flydsl_key()


def _cache_invalidating_env_values():
    """Those variables' values now (read at every call: a change mid-process must change the key)."""
    return tuple((n, os.environ.get(n, "")) for n in _CACHE_INVALIDATING_ENV_VARS)


def _is_kernel(obj):
    return isinstance(obj, JitFunction) and obj._flyi_kernel


def _is_enum_member(val):
    # flyi's fx enums (fx.ReductionOp.ADD, ...) are named module objects
    return isinstance(val, enum.Enum) or (isinstance(val, types.ModuleType) and isinstance(getattr(val, "name", None), str))


def _enum_text(val):
    if isinstance(val, enum.Enum):
        return f"{type(val).__qualname__}.{val.name}"
    return f"enum.{val.name}"


def _snapshot_global_value(val, *, stable, _path=()):
    """A summary of a global's value: scalars and built-in containers by value (recursively); a callable by its
    module and qualified name (stable) or its id (not stable: a rebinding in the process is a change); another
    object by its type (stable) or its id and type."""
    if val is None or isinstance(val, (bool, int, float, str, bytes)):
        return ("scalar", val)
    if isinstance(val, (tuple, list, set, frozenset, dict)):
        if id(val) in _path:
            return ("cycle", type(val).__qualname__)
        _path = _path + (id(val),)
        if isinstance(val, dict):
            items = [(_snapshot_global_value(k, stable=stable, _path=_path),
                      _snapshot_global_value(v, stable=stable, _path=_path)) for k, v in val.items()]
            return ("dict", tuple(sorted(items, key=repr)))
        elems = [_snapshot_global_value(v, stable=stable, _path=_path) for v in val]
        if isinstance(val, (set, frozenset)):
            elems = sorted(elems, key=repr)
        return (type(val).__qualname__, tuple(elems))
    if _is_enum_member(val):
        return ("enum", _enum_text(val))
    if callable(val):
        if stable:
            return ("callable", getattr(val, "__module__", "?"),
                    getattr(val, "__qualname__", None) or getattr(val, "__name__", "?"))
        return ("callable", id(val))
    if stable:
        return ("obj", type(val).__qualname__)
    return ("obj", id(val), type(val).__qualname__)


def _get_underlying_func(obj):
    """The Python function behind a jit/kernel function, a bound method or a function; None for anything else."""
    if isinstance(obj, JitFunction):
        return obj.func
    if isinstance(obj, types.MethodType):
        return obj.__func__
    if isinstance(obj, types.FunctionType):
        return obj
    return None


def _source_file(func):
    try:
        return inspect.getfile(func)
    except (TypeError, OSError):
        return ""


def _is_user_function(func, rootFile):
    """Whether func is defined in the directory of rootFile (the user's code, not a library's)."""
    f = _source_file(func)
    if not f or not rootFile:
        return False
    return os.path.dirname(os.path.abspath(f)) == os.path.dirname(os.path.abspath(rootFile))


def _owner_class_from_func(func):
    """The class a method is defined in, found through its qualified name (None for a function or a local)."""
    parts = getattr(func, "__qualname__", "").split(".")[:-1]
    if not parts or "<locals>" in parts:
        return None
    obj = func.__globals__.get(parts[0])
    for p in parts[1:]:
        obj = getattr(obj, p, None)
        if obj is None:
            return None
    return obj if isinstance(obj, type) else None


def _closure_items(func):
    code = func.__code__
    if not code.co_freevars or not getattr(func, "__closure__", None):
        return []
    out = []
    for name, cell in zip(code.co_freevars, func.__closure__):
        try:
            out.append((name, cell.cell_contents))
        except ValueError:  # an empty cell
            pass
    return out


def _discover_global_refs(func, owner_cls=None):
    """The module globals func reads, and those its jit/kernel functions, same-directory helpers, closures and
    (with owner_cls) class-member helpers read: a sorted list of (name, module name, globals dict). Depends on the
    code only, so it is computed once per (function, owner class)."""
    rootFile = _source_file(func)
    refs = {}
    seen = set()

    def walk(f, cls=None):
        if id(f) in seen:
            return
        seen.add(id(f))
        g = getattr(f, "__globals__", {})
        mod = g.get("__name__", "?")
        for name in f.__code__.co_names:
            if name in g and (name, mod) not in refs:
                val = g[name]
                refs[(name, mod)] = g
                u = _get_underlying_func(val)
                if u is not None and (isinstance(val, JitFunction) or _is_user_function(u, rootFile)):
                    walk(u)
            if cls is not None:
                u = _get_underlying_func(getattr(cls, name, None))
                if u is not None and _is_user_function(u, rootFile):
                    walk(u, cls)
        for _n, val in _closure_items(f):
            u = _get_underlying_func(val)
            if u is not None:
                walk(u)

    walk(func, owner_cls or _owner_class_from_func(func))
    return [(name, mod, refs[(name, mod)]) for name, mod in sorted(refs)]


def _snapshot_refs(refs, *, stable):
    """{(name, module): summary} of the current values of refs (a name deleted since is left out)."""
    return {(name, mod): _snapshot_global_value(g[name], stable=stable) for name, mod, g in refs if name in g}


def _get_func_source(func):
    try:
        return inspect.getsource(func)
    except (OSError, TypeError):
        code = func.__code__
        return f"{code.co_filename}:{code.co_firstlineno}:{code.co_qualname}:{code.co_names!r}"


def _collect_closure_scalar_vals(func, visited_ids=None):
    """"name=value" for each scalar, tuple or enum member the closures of func (and of the functions they
    capture, as "via:name:...") hold: compile-time parameters of kernel factories."""
    if visited_ids is None:
        visited_ids = set()
    if id(func) in visited_ids:
        return []
    visited_ids.add(id(func))
    out = []
    for name, val in _closure_items(func):
        if val is None or isinstance(val, (bool, int, float, str, tuple)):
            out.append(f"{name}={val!r}")
        elif _is_enum_member(val):
            out.append(f"{name}={_enum_text(val)}")
        else:
            u = _get_underlying_func(val)
            if u is not None and id(u) not in visited_ids:
                out.extend(f"via:{name}:{v}" for v in _collect_closure_scalar_vals(u, visited_ids))
    return out


_key_computation = threading.local()


def _keys_in_progress():
    """The ids of the functions whose keys this thread is computing (a cycle of jit functions stops there)."""
    s = getattr(_key_computation, "stack", None)
    if s is None:
        s = _key_computation.stack = set()
    return s


def _collect_class_member_dependency_sources(func, rootFile, owner_cls, visited):
    out = []
    for name in func.__code__.co_names:
        u = _get_underlying_func(getattr(owner_cls, name, None))
        if u is None or id(u) in visited or not _is_user_function(u, rootFile):
            continue
        visited.add(id(u))
        out.append(f"class:{owner_cls.__qualname__}.{name}:{_get_func_source(u)}")
        out.extend(_collect_dependency_sources(u, rootFile, visited, owner_cls=owner_cls))
    return out


def _collect_dependency_sources(func, rootFile, visited=None, owner_cls=None):
    """The sources of what func calls: kernels and same-directory helpers by source (recursively), jit functions
    by their manager_key (which covers what they call), through globals, closures and class members."""
    if visited is None:
        visited = set()
    out = []

    def emit(prefix, name, val, u):
        if isinstance(val, JitFunction) and not val._flyi_kernel:
            if id(val.func) in _keys_in_progress():
                out.append(f"{prefix}jit-recursive:{name}:{getattr(val.func, '__qualname__', name)}")
            else:
                val._ensure_cache_manager()
                out.append(f"{prefix}jit:{name}:{val.manager_key}")
            return
        out.append(f"{prefix}{name}:{_get_func_source(u)}")
        out.extend(_collect_dependency_sources(u, rootFile, visited))

    g = func.__globals__
    for name in func.__code__.co_names:
        obj = g.get(name)
        u = _get_underlying_func(obj)
        if u is None or id(u) in visited:
            continue
        if not isinstance(obj, JitFunction) and not _is_user_function(u, rootFile):
            continue
        visited.add(id(u))
        emit("", name, obj, u)
    for name, val in _closure_items(func):
        u = _get_underlying_func(val)
        if u is None or id(u) in visited:
            continue
        visited.add(id(u))
        emit("closure:", name, val, u)
    owner_cls = owner_cls or _owner_class_from_func(func)
    if owner_cls is not None:
        out.extend(_collect_class_member_dependency_sources(func, rootFile, owner_cls, visited))
    return out


def _jit_function_cache_key(func, owner_cls=None):
    """The manager key of a jit function: a hash of the compiler's key, its source, its dependencies' sources and
    keys, and the scalar values its closures capture."""
    stack = _keys_in_progress()
    added = id(func) not in stack
    stack.add(id(func))
    try:
        parts = [_flydsl_key(), _get_func_source(func)]
        parts += sorted(_collect_dependency_sources(func, _source_file(func), owner_cls=owner_cls))
        vals = sorted(_collect_closure_scalar_vals(func))
        if vals:
            parts.append("closure_vals:" + ",".join(vals))
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    finally:
        if added:
            stack.discard(id(func))


# ---------------------------------------------------------------- arguments


def _fx():
    return sys.modules["flydsl.expr"]


def _is_constexpr_annotation(ann):
    return isinstance(ann, type(_fx().Constexpr))


def _is_type_param_annotation(ann):
    return getattr(ann, "__origin__", None) is type


def _scalar_signature(value):
    for t in (bool, int, float, str):
        if type(value) is t:
            return (t, value)
    return None


def _constexpr_signature(value):
    """A Constexpr argument's part of the key: its type and value (tuples of those recursively)."""
    s = _scalar_signature(value)
    if s is not None:
        return s
    if isinstance(value, tuple):
        return ("tuple", tuple(_constexpr_signature(v) for v in value))
    if isinstance(value, types.FunctionType) and value.__name__ == "<lambda>":
        code = value.__code__
        if code.co_freevars:
            raise TypeError("Constexpr lambda values must not capture free variables")
        return ("lambda", code.co_filename, code.co_firstlineno, code.co_names, code.co_varnames)
    if value is None or _is_enum_member(value):
        return ("value", repr(value) if value is None else _enum_text(value))
    raise TypeError("Constexpr values support only int, bool, float, str, tuples of those scalar values, "
                    "and lambdas without free variables")


def _resolve_signature(func):
    """inspect.signature of func with string annotations (from __future__ import annotations) evaluated in the
    function's globals."""
    sig = inspect.signature(func)
    params = []
    for p in sig.parameters.values():
        ann = p.annotation
        if isinstance(ann, str):
            try:
                ann = eval(ann, func.__globals__)
            except Exception:
                pass
            p = p.replace(annotation=ann)
        params.append(p)
    return sig.replace(parameters=params)


def _create_mlir_context(*, load_dialects=True):
    """A new ir.Context, single-threaded, with every dialect loaded unless load_dialects is false."""
    from flydsl._mlir import ir

    ctx = ir.Context()
    ctx.enable_multithreading(False)
    if load_dialects:
        ctx.load_all_available_dialects()
    return ctx


def _backend():
    import flydsl.compiler.backends as b

    return b.get_backend()


def _jit_argument():
    import flydsl.compiler.jit_argument as ja

    return ja


# ---------------------------------------------------------------- the JitFunction methods


def _effective_compile_hints(self):
    """The function's compile hints with those of the enclosing CompilationContext.compile_hints blocks over them."""
    from flydsl.compiler.kernel_function import CompilationContext

    merged = dict(self.compile_hints)
    for k, v in CompilationContext.get_compile_hints().items():
        merged[k] = {**merged[k], **v} if isinstance(v, dict) and isinstance(merged.get(k), dict) else v
    return merged


def _ensure_sig(self):
    if self._sig is not None:
        return
    sig = _resolve_signature(self.func)
    params = list(sig.parameters.values())
    self._has_self_param = bool(params) and params[0].name == "self"
    self._sig = sig.replace(parameters=params[1:]) if self._has_self_param else sig
    self._backend_target = _backend().target


def _ensure_cache_manager(self, owner_cls=None):
    if self.manager_key is not None and self._manager_owner_cls is owner_cls:
        return
    self._manager_owner_cls = owner_cls
    self.manager_key = _jit_function_cache_key(self.func, owner_cls=owner_cls)
    # flyi's compiled kernels live in its own disk cache (~/.cache/flyi): no per-function manager
    self.cache_manager = None


def _get_global_refs(self, owner_cls=None):
    cache = self._global_refs_cache
    if owner_cls not in cache:
        cache[owner_cls] = _discover_global_refs(self.func, owner_cls)
    return cache[owner_cls]


def _check_globals_drift(self, owner_cls=None):
    """RuntimeError naming the first global whose value changed since the first call (for owner_cls)."""
    baseline = self._used_global_vals[owner_cls]
    for name, mod, g in self._get_global_refs(owner_cls):
        old = baseline.get((name, mod), _MISSING)
        # flyi runs a launcher's host code at every call and keys each kernel compile on the functions it reaches:
        # a rebound function, kernel or other object is seen there; values (scalars, containers) are checked
        if old is _MISSING or (isinstance(old, tuple) and old and old[0] in ("callable", "obj")):
            continue
        new = _snapshot_global_value(g[name], stable=False) if name in g else None
        if new != old:
            raise RuntimeError(
                f"FlyDSL: global '{name}' (module '{mod}') used by @flyc.jit '{self.func.__name__}' changed since "
                f"its first compile (old={old!r}, new={new!r}); a compiled kernel keeps the value it was traced "
                "with. Pass the value as an argument (it is then part of the cache key) or restart the process.")


def _resolve_and_make_cache_key(self, bound_args, *, effective_hints=None):
    """The key of a call whose bound arguments are bound_args; plain values are replaced there by their
    JitArgument (an int by fx.Int32, a tensor by its adaptor)."""
    ja = _jit_argument()
    parts = [("_env_", _cache_invalidating_env_values()), ("_target_", self._backend_target)]
    hints = self._effective_compile_hints() if effective_hints is None else effective_hints
    if hints:
        parts.append(("_hints_", tuple(sorted((k, type(v).__module__, type(v).__qualname__, repr(v))
                                              for k, v in hints.items()))))
    sig = self._sig
    for name, arg in list(bound_args.items()):
        p = sig.parameters.get(name)
        ann = p.annotation if p is not None else inspect.Parameter.empty
        if ann is not inspect.Parameter.empty:
            if _is_constexpr_annotation(ann):
                parts.append((name, _constexpr_signature(arg)))
                continue
            if _is_type_param_annotation(ann):
                parts.append((name, arg))
                continue
        jarg = ja.to_jit_argument(name, arg, ann)
        bound_args[name] = jarg
        parts.append((name, ja.cache_signature(jarg)))
    return tuple(parts)


def _globals_key_prefix(self, owner_cls=None):
    cache = self._globals_prefix_cache
    if owner_cls not in cache:
        stable = _snapshot_refs(self._get_global_refs(owner_cls), stable=True)
        cache[owner_cls] = (("_globals_", tuple(sorted(stable.items()))),) if stable else ()
    return cache[owner_cls]


def _build_full_cache_key(self, bound_arguments, *, owner_cls=None, bound_self=None, effective_hints=None):
    key = self._globals_key_prefix(owner_cls) + self._resolve_and_make_cache_key(
        bound_arguments, effective_hints=effective_hints)
    if bound_self is not None:
        key = (("_self_type_", type(bound_self)),) + key
    return key


def _cache_key_to_str(cache_key):
    return str(cache_key)


def cache_info(self):
    """None: flyi keeps no per-function disk cache (flyc.cache_info() describes its compile cache)."""
    return None


class _PerInstance:
    """A per-function container made on first use (a non-data descriptor: the instance's own value wins)."""

    def __init__(self, name, factory):
        self.name, self.factory = name, factory

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        v = self.factory()
        setattr(obj, self.name, v)
        return v


class CallState:
    """A compiled call's dispatch: slot_specs lists (argument index, ctypes type, fill) per packed argument (index
    -1 and fill None: a slot left NULL, the auto-stream); calling it with the call's arguments fills one ctypes
    value per slot and passes func_exe the array of their addresses."""

    def __init__(self, slot_specs, func_exe):
        import ctypes

        self._func_exe = func_exe
        self._specs = list(slot_specs)
        self._storage = [ctype() for _i, ctype, _f in self._specs]
        self._packed = (ctypes.c_void_p * len(self._specs))(
            *[ctypes.addressof(s) for s in self._storage])

    def __call__(self, args):
        for (i, _ctype, fill), s in zip(self._specs, self._storage):
            if fill is not None:
                fill(args[i], s)
        return self._func_exe(self._packed)


def _prepare_call(self, args, kwargs):
    """Called by flyc before a top-level call of a jit function: the globals drift check (raises) and the call's
    cache key (None when one of the arguments has no cache signature)."""
    self._ensure_sig()
    bound_self = None
    if self._has_self_param and args:
        bound_self, args = args[0], args[1:]
    owner_cls = type(bound_self) if bound_self is not None else None
    self._ensure_cache_manager(owner_cls)
    if owner_cls not in self._used_global_vals:
        self._used_global_vals[owner_cls] = _snapshot_refs(self._get_global_refs(owner_cls), stable=False)
    else:
        self._check_globals_drift(owner_cls)
    try:
        bound = self._sig.bind(*args, **(kwargs or {}))
        bound.apply_defaults()
        key = self._build_full_cache_key(bound.arguments, owner_cls=owner_cls, bound_self=bound_self,
                                         effective_hints=self._effective_compile_hints())
        hash(key)
        return key
    except Exception:
        return None


def _compile_hints_enter(hints):
    """Called by flyc before it compiles (and runs) a kernel launched by a jit function with compile hints: sets the
    llvm_options hint's LLVM options and asks the backend for its pipeline_fragments under the hints. Returns
    (a token for _compile_hints_exit, the options as text for the compile cache key)."""
    opts = hints.get("llvm_options")
    if not opts:
        _backend().pipeline_fragments(compile_hints=hints)
        return (None, "")
    if not isinstance(opts, dict):
        raise TypeError(f"compile hint llvm_options must be a dict of LLVM option names to values, not "
                        f"{type(opts).__name__}")
    from flydsl.compiler.llvm_options import llvm_options

    cm = llvm_options(opts)
    cm.__enter__()
    try:
        _backend().pipeline_fragments(compile_hints=hints)
    except BaseException:
        cm.__exit__(None, None, None)
        raise
    return (cm, repr(sorted((k, type(v).__name__, v) for k, v in opts.items())))


def _compile_hints_exit(token):
    if token is not None:
        token.__exit__(None, None, None)


def _install():
    methods = {
        "_effective_compile_hints": _effective_compile_hints, "_ensure_sig": _ensure_sig,
        "_ensure_cache_manager": _ensure_cache_manager, "_get_global_refs": _get_global_refs,
        "_check_globals_drift": _check_globals_drift, "_resolve_and_make_cache_key": _resolve_and_make_cache_key,
        "_globals_key_prefix": _globals_key_prefix, "_build_full_cache_key": _build_full_cache_key,
        "_cache_key_to_str": staticmethod(_cache_key_to_str), "cache_info": cache_info, "_prepare_call": _prepare_call,
        "_sig": None, "_has_self_param": False, "_backend_target": None, "manager_key": None,
        "_manager_owner_cls": None, "cache_manager": None, "_target": None,
    }
    for n in ("_call_state_cache", "_used_global_vals", "_global_refs_cache", "_globals_prefix_cache"):
        methods[n] = _PerInstance(n, dict)
    methods["_extern_linkage_keys"] = _PerInstance("_extern_linkage_keys", set)
    _c._install_jit_methods(methods)


_install()


# ------------------------------------------------------------------ the source IR of a launching call


def _split_top(s, sep=","):
    """s split at the seps outside brackets and string literals."""
    parts, depth, cur, quote = [], 0, [], False
    for ch in s:
        if quote:
            cur.append(ch)
            quote = ch != '"'
            continue
        if ch == '"':
            quote = True
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}" and depth:
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _kernel_parts(text):
    """(module header line, gpu.module's ops as texts, other module-level ops, symbol, parameter types) of one
    kernel's module as MLIR prints it without locations."""
    lines = text.rstrip("\n").split("\n")
    header, inner, outer, in_gpu, cur = lines[0], [], [], False, None
    for ln in lines[1:-1]:
        if ln.startswith("  gpu.module @"):
            in_gpu = True
            continue
        if in_gpu and ln == "  }":
            in_gpu = False
            continue
        target, indent = (inner, "    ") if in_gpu else (outer, "  ")
        if ln.startswith(indent) and not ln.startswith(indent + " ") and not ln.startswith(indent + "}"):
            cur = [ln]
            target.append(cur)
        elif cur is not None:
            cur.append(ln)
    inner = ["\n".join(op) for op in inner]
    outer = ["\n".join(op) for op in outer]
    for op in inner:
        head = op.split("\n", 1)[0].strip()
        if head.startswith("gpu.func @") and " kernel" in head:
            sym = head[len("gpu.func @"):head.index("(")]
            depth, i0 = 0, head.index("(")
            for i in range(i0, len(head)):
                depth += head[i] in "(<[{"
                depth -= head[i] in ")>]}"
                if depth == 0:
                    break
            types = []
            for p in _split_top(head[i0 + 1:i]):
                t = p.split(":", 1)[1].strip()
                if t.endswith("}"):  # a parameter's attribute dictionary
                    t = t[:t.rindex("{")].strip()
                types.append(t)
            return header, inner, outer, sym, types
    raise ValueError("no gpu.func kernel in the module")


def _flyi_host_source_ir(name, launches):
    """FlyDSL's source IR of a launching @flyc.jit call: one module with the kernels it emitted in one
    gpu.module @kernels (a specialization per kernel call and known_block_size, named as FlyDSL names them: the
    kernel's name=, else <function>_<kernel id>, a repeated symbol getting the _<kernel id> suffix) and the host
    function with a gpu.launch_func per launch. launches: per launch (CompiledKernel, the kernel call's serial,
    ids of its arguments, grid, block, dynamic LDS bytes, the kernel's name= or None). flyi compiles each
    kernel alone, under its name= or function name: the numbered symbols are the module's. flyi runs
    the host code as Python, so grid, block and the host arguments are those of the recorded call. None when
    MLIR does not take the module (the caller keeps the kernels' own modules)."""
    import _flyi_mlir

    emitted, used, params, gpu_ops, outer_ops, body, header = {}, set(), {}, [], [], [], None
    host_types, consts = [], {}

    def const(v):
        if v not in consts:
            consts[v] = f"%c{v}_idx"
            body.append(f"    {consts[v]} = arith.constant {v} : index")
        return consts[v]

    for ck, serial, arg_ids, grid, block, smem, explicit in launches:
        key = (serial, id(ck))
        if key not in emitted:
            header_i, inner, outer, sym, types = _kernel_parts(_flyi_mlir.run_passes(ck.ir(0), ""))
            header = header or header_i
            kid = len(emitted)
            base = new = explicit if explicit is not None else f"{sym}_{kid}"
            while new in used:  # FlyDSL's unique_kernel_name
                new = f"{base}_{kid}"
                kid += 1
            used.add(new)
            for op in inner:
                if op.lstrip().startswith(f"gpu.func @{sym}("):
                    gpu_ops.append(op.replace(f"gpu.func @{sym}(", f"gpu.func @{new}(", 1))
                elif op not in gpu_ops:
                    gpu_ops.append(op)
            outer_ops.extend(op for op in outer if op not in outer_ops)
            pkey = (arg_ids, tuple(types))
            if pkey not in params:
                params[pkey] = [f"%arg{len(host_types) + i}" for i in range(len(types))]
                host_types.extend(types)
            emitted[key] = (new, params[pkey], types)
        sym, names, types = emitted[key]
        g = ", ".join(const(v) for v in grid)
        b = ", ".join(const(v) for v in block)
        sm = ""
        if smem:
            body.append(f"    %smem{len(body)} = arith.constant {smem} : i32")
            sm = f" dynamic_shared_memory_size %smem{len(body) - 1}"
        args = ", ".join(f"{n} : {t}" for n, t in zip(names, types))
        body.append(f"    gpu.launch_func  @kernels::@{sym} blocks in ({g}) threads in ({b}){sm}"
                    + (f" args({args})" if args else ""))
    sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(host_types))
    text = "\n".join([header or "module attributes {gpu.container_module} {", "  gpu.module @kernels {"]
                     + gpu_ops + ["  }"] + outer_ops
                     + [f"  func.func @{name}({sig}) attributes {{llvm.emit_c_interface}} {{"] + body
                     + ["    return", "  }", "}", ""])
    try:
        return _flyi_mlir.run_passes(text, "")
    except RuntimeError:
        return None
