"""flydsl.autotune - pick the fastest of several launch configurations of a @flyc.jit function.

@autotune(configs=[Config(BLOCK=128), Config(BLOCK=256)], key=["n"]) over a @flyc.jit function runs
every config once per key and keeps the fastest. The key is made of the key arguments (shapes for
tensors), every tensor's dtype and stride pattern, the cache-invalidating environment, the toolchain,
the target and the effective compile hints; the winners are kept on disk in
$FLYDSL_AUTOTUNE_CACHE_DIR/<function>.json (default ~/.flydsl/autotune). default= gives a heuristic
config used without measuring; FLYDSL_AUTOTUNE=1 searches again whatever is cached.

With artifact_name= and $FLYDSL_AUTOTUNE_CONFIG_DIR set, a forced search also writes an offline config
artifact (<name>-<sha256 of its identity>.json: version, identity = name + key values + device, config),
which later calls on the same device read before the default, after validating it against the call.

Times are medians of timing events around the launches: on flyi's CPU emulator they rank the configurations by
emulated time, which says little about a GPU, and the tuning says so; the device of an artifact made
there is the emulator's ('flyi emulator'), so it is never taken for a GPU's.
"""

import hashlib
import inspect
import json
import os
import sys
from contextlib import nullcontext
from pathlib import Path

from flydsl.utils import env, log
from flydsl.utils.file import atomic_write

__all__ = ["Config", "Autotuner", "autotune", "do_bench"]

_ARTIFACT_VERSION = 1


def _torch():
    """torch if the program imported it (flyi's is built in; importing it here is cheap but not needed)."""
    t = sys.modules.get("torch")
    if t is None:
        try:
            import torch as t
        except ImportError:
            return None
    return t


def _tuning_enabled():
    """FLYDSL_AUTOTUNE=1/true/yes/on: search again, ignoring cached winners, artifacts and the default."""
    return os.environ.get("FLYDSL_AUTOTUNE", "").strip().lower() in ("1", "true", "yes", "on")


def _on_emulator():
    return os.environ.get("FLYI_BACKEND", "emu") != "hip"


def _env_fingerprint():
    """The environment variables the compile cache keys on, sorted (read at each call)."""
    try:
        from flydsl.compiler.jit_function import _cache_invalidating_env_values

        return tuple(sorted(_cache_invalidating_env_values()))
    except Exception:
        return ()


def _toolchain_fingerprint():
    """The compiler's identity (jit_function._flydsl_key), so a new build does not reuse old winners."""
    try:
        from flydsl.compiler.jit_function import _flydsl_key

        return _flydsl_key()
    except Exception:
        try:
            import flydsl

            return str(getattr(flydsl, "__version__", ""))
        except Exception:
            return ""


def _device_fingerprint():
    """The target arch ('gfx942', 'gfx950'), '' when it cannot be read."""
    try:
        from flydsl.runtime.device import get_rocm_arch

        return str(get_rocm_arch())
    except Exception:
        return ""


def _device_descriptor(device=None):
    """{'name', 'arch', 'compute_units'} of the device the call runs on (on flyi's emulator its name is
    'flyi emulator'); None when there is no usable device."""
    torch = _torch()
    if torch is None:
        return None
    try:
        if not torch.cuda.is_available():
            return None
        if device is None:
            device = torch.cuda.current_device()
        props = torch.cuda.get_device_properties(device)
        name = str(props.name)
        cus = getattr(props, "multi_processor_count", None)
        with torch.cuda.device(device):
            arch = _device_fingerprint()
    except Exception:
        return None
    if not name or not arch or type(cus) is not int or cus <= 0:
        return None
    return {"name": name, "arch": arch, "compute_units": cus}


def _artifacts_enabled():
    return bool(env.autotune.config_dir)


def _artifact_config_dir():
    return Path(env.autotune.config_dir).expanduser().resolve()


def _canonical_json(value):
    """value as JSON with sorted keys and no spaces; NaN and infinities are refused (ValueError)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _normalize_strides(t):
    """t's strides bucketed to 0 (broadcast), 1 (contiguous) and "s" (any other): the pattern, not the numbers,
    is what the best config depends on; () when t has no strides or they cannot be read."""
    strides = getattr(t, "stride", None)
    if strides is None:
        return ()
    try:
        vals = strides() if callable(strides) else strides
    except Exception:
        return ()
    return tuple(s if s == 0 or s == 1 else "s" for s in vals)


def _key_value(v):
    """A key argument as the key holds it: a tensor's shape, a dtype's name, else the value."""
    if hasattr(v, "shape"):
        return tuple(v.shape)
    if hasattr(v, "dtype"):
        return str(v.dtype)
    return v


class Config:
    """One configuration: keyword arguments for the function, plus num_warps / waves_per_eu / maxnreg hints."""

    def __init__(self, *, num_warps=None, waves_per_eu=None, maxnreg=None, pre_hook=None, **kwargs):
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.waves_per_eu = waves_per_eu
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        """The keyword arguments the function is called with (num_warps is one of them)."""
        d = dict(self.kwargs)
        if self.num_warps is not None:
            d["num_warps"] = self.num_warps
        return d

    def compiler_opts(self):
        """waves_per_eu / maxnreg, given to the compile as hints."""
        return {k: v for k, v in (("waves_per_eu", self.waves_per_eu), ("maxnreg", self.maxnreg)) if v is not None}

    def __repr__(self):
        parts = [f"{k}={v}" for k, v in self.kwargs.items()]
        for k in ("num_warps", "waves_per_eu", "maxnreg"):
            if getattr(self, k) is not None:
                parts.append(f"{k}={getattr(self, k)}")
        return "Config(" + ", ".join(parts) + ")"

    def to_dict(self):
        d = dict(self.kwargs)
        for k in ("num_warps", "waves_per_eu", "maxnreg"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        return d

    @classmethod
    def from_dict(cls, d):
        d = dict(d)
        return cls(num_warps=d.pop("num_warps", None), waves_per_eu=d.pop("waves_per_eu", None),
                   maxnreg=d.pop("maxnreg", None), **d)


def do_bench(fn, warmup=5, rep=25, quantiles=None):
    """The median time of fn() in milliseconds over rep runs after warmup runs (or the given quantiles). Each run
    is timed by a pair of timing events around it on the current stream (on flyi's emulator, which runs a launch
    when it is made, that is the emulation's time)."""
    torch = _torch()
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(rep):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    if quantiles:
        return [times[min(int(q * len(times)), len(times) - 1)] for q in quantiles]
    return times[len(times) // 2]


def _effective_hints(fn):
    """The compile hints fn's compiles would see now: its own, under the enclosing CompilationContext's."""
    get = getattr(fn, "_effective_compile_hints", None)
    if callable(get):
        return get()
    own = getattr(fn, "compile_hints", None)
    if not isinstance(own, dict):
        return None
    try:
        from flydsl.compiler.kernel_function import CompilationContext

        ctx = CompilationContext.get_compile_hints()
    except Exception:
        ctx = {}
    return {**own, **ctx}


class Autotuner:
    """A @flyc.jit function that runs with the best of its configs for each key."""

    def __init__(self, fn, configs, key, warmup, rep, prune_configs_by=None, reset_to_zero=None, restore_value=None,
                 pre_hook=None, post_hook=None, do_bench_fn=None, default=None, artifact_name=None):
        self.fn = fn
        self.configs = configs
        self.key = key or []
        self.warmup, self.rep = warmup, rep
        self.prune_configs_by = prune_configs_by
        self.reset_to_zero = reset_to_zero or []
        self.restore_value = restore_value or []
        self.pre_hook, self.post_hook = pre_hook, post_hook
        self._do_bench = do_bench_fn or do_bench
        self.cache = {}
        self.default = default

        self._signature = inspect.signature(fn.func if hasattr(fn, "func") else fn)
        self.arg_names = list(self._signature.parameters)

        if artifact_name is not None:
            if not isinstance(artifact_name, str):
                raise TypeError("artifact_name must be a string")
            artifact_name = artifact_name.strip()
            bare = artifact_name.replace("-", "").replace("_", "").replace(".", "")
            if not artifact_name.isascii() or not bare.isalnum() or len(artifact_name) > 64:
                raise ValueError("artifact_name must use 1-64 letters, digits, '.', '_' or '-'")
            if len(set(self.key)) != len(self.key) or any(k not in self._signature.parameters for k in self.key):
                raise ValueError("artifact keys must be unique kernel parameter names")
        self.artifact_name = artifact_name
        self._artifact_cache = {}

        name = getattr(fn, "__name__", None) or getattr(fn, "func", None)
        if name is not None and not isinstance(name, str):
            name = getattr(name, "__name__", "unknown")
        name = name or "unknown"
        self.__name__ = name
        d = os.environ.get("FLYDSL_AUTOTUNE_CACHE_DIR", os.path.expanduser("~/.flydsl/autotune"))
        self._cache_file = Path(d) / f"{name}.json"
        self._load_disk_cache()

    # --- the call's arguments by name ---
    def _named(self, args, kwargs):
        d = dict(zip(self.arg_names, args))
        d.update(kwargs)
        return d

    def _make_key(self, args, kwargs):
        """The tuning key: key arguments, tensor dtypes and stride patterns (sorted by name, so keyword order
        does not matter), environment, toolchain, device (and backend), artifact identity, compile hints."""
        named = self._named(args, kwargs)
        vals = [_key_value(named.get(k)) for k in self.key]
        dts = sorted(f"{n}:{v.dtype}" for n, v in named.items() if hasattr(v, "dtype"))
        strides = sorted(f"{n}:{_normalize_strides(v)}" for n, v in named.items()
                         if hasattr(v, "shape") and hasattr(v, "stride"))
        vals += [tuple(dts), tuple(strides)]
        vals.append(("_env_", _env_fingerprint()))
        vals.append(("_toolchain_", _toolchain_fingerprint()))
        vals.append(("_device_", _device_fingerprint(), "emu" if _on_emulator() else "hip"))
        if self.artifact_name is not None and _artifacts_enabled():
            dev = _device_descriptor(self._call_device(args, kwargs))
            vals.append(("_artifact_", _ARTIFACT_VERSION, self.artifact_name,
                         tuple(sorted(dev.items())) if dev is not None else None))
        hints = _effective_hints(self.fn)
        if hints:
            vals.append(("_compile_hints_", tuple(sorted((k, type(v).__module__, type(v).__qualname__, repr(v))
                                                         for k, v in hints.items()))))
        return tuple(str(v) for v in vals)

    # --- inputs between runs ---
    def _reset_tensors(self, args, kwargs):
        """Zeroes the reset_to_zero tensors (before every measured run and every real call)."""
        named = self._named(args, kwargs)
        for n in self.reset_to_zero:
            t = named.get(n)
            if t is not None and hasattr(t, "zero_"):
                t.zero_()

    def _snapshot_tensors(self, args, kwargs):
        """{name: (tensor, copy)} of the restore_value tensors, taken before the first measured run."""
        named = self._named(args, kwargs)
        snap = {}
        for n in self.restore_value:
            t = named.get(n)
            if t is not None and hasattr(t, "clone"):
                snap[n] = (t, t.clone())
        return snap

    @staticmethod
    def _restore_tensors(snapshot):
        for dst, src in snapshot.values():
            dst.copy_(src)

    def _prune(self, configs, args, kwargs):
        prune = self.prune_configs_by
        if prune is None:
            return configs
        return prune(configs, self._named(args, kwargs))

    def _stream_context(self, args, kwargs):
        """The call's stream (a torch stream, or a raw one as an int) made current for the measured runs."""
        torch = _torch()
        if torch is None:
            return nullcontext()
        named = self._named(args, kwargs)
        stream = named.get("stream")
        cuda = torch.cuda
        if isinstance(stream, cuda.Stream):
            return cuda.stream(stream)
        if isinstance(stream, int):
            dev = next((v.device for v in named.values()
                        if isinstance(v, torch.Tensor) and getattr(v, "is_cuda", False)), None)
            return cuda.stream(cuda.default_stream(dev) if stream == 0 else cuda.ExternalStream(stream, device=dev))
        return nullcontext()

    def _call_device(self, args, kwargs):
        torch = _torch()
        if torch is None:
            return None
        return next((v.device for v in self._named(args, kwargs).values()
                     if isinstance(v, torch.Tensor) and getattr(v, "is_cuda", False)), None)

    # --- running ---
    def _run_with_hints(self, opts, args, kwargs):
        if not opts:
            return self.fn(*args, **kwargs)
        from flydsl.compiler.kernel_function import CompilationContext

        with CompilationContext.compile_hints(opts):
            return self.fn(*args, **kwargs)

    def _bench_one(self, config, args, kwargs):
        """Measures one config (ms): each run starts from the restored / zeroed inputs, then the hooks run."""
        merged = dict(kwargs)
        merged.update(config.all_kwargs())
        opts = config.compiler_opts()
        with self._stream_context(args, merged):
            snap = self._snapshot_tensors(args, merged)

            def call():
                self._restore_tensors(snap)
                self._reset_tensors(args, merged)
                if config.pre_hook:
                    config.pre_hook(merged)
                if self.pre_hook:
                    self.pre_hook(merged)
                self._run_with_hints(opts, args, merged)
                if self.post_hook:
                    self.post_hook(merged)

            try:
                return self._do_bench(call, warmup=self.warmup, rep=self.rep)
            finally:
                if snap:
                    self._restore_tensors(snap)

    def _run_config(self, config, args, kwargs):
        """The real call with config, as one clean run (reset_to_zero applied)."""
        merged = dict(kwargs)
        merged.update(config.all_kwargs())
        with self._stream_context(args, merged):
            self._reset_tensors(args, merged)
            return self._run_with_hints(config.compiler_opts(), args, merged)

    # --- offline config artifacts ---
    def _artifact_ref(self, args, kwargs, *, required):
        """(path, identity) of the call's artifact, None when artifacts are off. An identity that cannot be made
        (a key argument missing, no device) is a warning, or with required=True a ValueError."""
        if self.artifact_name is None or not _artifacts_enabled():
            return None
        try:
            bound = self._signature.bind_partial(*args, **kwargs)
            bound.apply_defaults()
            key = {}
            for n in self.key:
                if n not in bound.arguments:
                    raise ValueError(f"artifact key {n!r} is missing from the call")
                key[n] = _key_value(bound.arguments[n])
            dev = _device_descriptor(self._call_device(args, kwargs))
            if dev is None:
                raise ValueError("call device identity is unavailable")
            identity = {"name": self.artifact_name, "key": key, "device": dev}
            digest = hashlib.sha256(_canonical_json(identity).encode()).hexdigest()
            return _artifact_config_dir() / f"{self.artifact_name}-{digest}.json", identity
        except (OSError, RuntimeError, TypeError, ValueError, OverflowError, RecursionError) as e:
            if required:
                raise ValueError(f"cannot generate offline config identity: {e}") from e
            log().warning(f"Offline config identity is unavailable: {e}")
            return None

    def _validate_artifact_config_types(self, injected):
        for n, v in injected.items():
            p = self._signature.parameters.get(n)
            if p is None or p.annotation is inspect.Parameter.empty:
                continue
            ann = p.annotation
            coerce = getattr(ann, "__coerce__", None)
            try:
                if callable(coerce):
                    coerce(v)
                elif ann in (bool, int, float, str) and type(v) is not ann:
                    raise TypeError(f"expects {ann.__name__}, got {type(v).__name__}")
            except (TypeError, ValueError) as e:
                raise ValueError(f"config value for {n!r} does not match its annotation: {e}") from e

    def _decode_artifact_config(self, body, args, kwargs):
        """body (an artifact's config) as a Config for this call; ValueError when it cannot serve it: a pre_hook,
        a value the call or the key already gives, non-integer compiler options, a value its parameter's
        annotation refuses, or arguments that still do not complete the signature."""
        if not isinstance(body, dict):
            raise ValueError("config must be an object")
        if "pre_hook" in body:
            raise ValueError("offline configs cannot contain Config.pre_hook")
        config = Config.from_dict(body)
        try:
            bound = self._signature.bind_partial(*args, **kwargs)
        except TypeError as e:
            raise ValueError(f"call does not match the kernel signature: {e}") from e
        given = set(bound.arguments)
        for n, p in self._signature.parameters.items():
            if p.kind is inspect.Parameter.VAR_KEYWORD and n in bound.arguments:
                given.update(bound.arguments[n])
        injected = config.all_kwargs()
        overlap = (set(injected) & given) | (set(body) & set(self.key))
        if overlap:
            raise ValueError(f"config would override call arguments: {sorted(overlap)}")
        if any(type(v) is not int for v in config.compiler_opts().values()):
            raise ValueError("compiler options must be integers")
        self._validate_artifact_config_types(injected)
        full = dict(kwargs)
        full.update(injected)
        try:
            self._signature.bind(*args, **full)
        except TypeError as e:
            raise ValueError(f"config does not complete the kernel signature: {e}") from e
        return config

    def _read_artifact_body(self, path, identity):
        data = json.loads(path.read_text(encoding="utf-8"))
        _canonical_json(data)
        if not isinstance(data, dict):
            raise ValueError("artifact must be an object")
        if type(data.get("version")) is not int or data["version"] != _ARTIFACT_VERSION:
            raise ValueError("unsupported artifact version")
        if _canonical_json(data.get("identity")) != _canonical_json(identity):
            raise ValueError("artifact identity does not match")
        body = data["config"]
        if not isinstance(body, dict):
            raise ValueError("config must be an object")
        return body

    def _load_artifact(self, ref, args, kwargs):
        """The artifact's Config for this call, None (with a warning for a bad one) when there is none to use.
        The file is read once; its config is validated against every call."""
        if ref is None:
            return None
        path, identity = ref
        ck = str(path)
        if ck not in self._artifact_cache:
            body = None
            try:
                if path.is_file():
                    body = self._read_artifact_body(path, identity)
            except (KeyError, OSError, TypeError, ValueError, OverflowError, RecursionError) as e:
                log().warning(f"Ignoring offline config {path.name}: {e}")
            self._artifact_cache[ck] = body
            if body is None:
                return None
        body = self._artifact_cache[ck]
        if body is None:
            return None
        try:
            return self._decode_artifact_config(body, args, kwargs)
        except (TypeError, ValueError, OverflowError, RecursionError) as e:
            log().warning(f"Ignoring offline config {path.name}: {e}")
            return None

    def _emit_artifact(self, config, ref, args, kwargs):
        """Writes config as the artifact ref names (atomically); ValueError for a config an artifact cannot hold."""
        if config.pre_hook is not None:
            raise ValueError("offline configs cannot serialize Config.pre_hook")
        path, identity = ref
        body = config.to_dict()
        if json.loads(_canonical_json(body)) != body:
            raise ValueError("offline config values must preserve their types in JSON")
        self._decode_artifact_config(body, args, kwargs)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, mode="w", encoding="utf-8") as f:
            json.dump({"version": _ARTIFACT_VERSION, "identity": identity, "config": body}, f, indent=2,
                      sort_keys=True, allow_nan=False)
            f.write("\n")
        self._artifact_cache[str(path)] = body
        log().info(f"Wrote offline config {path}")

    # --- the call ---
    def __call__(self, *args, **kwargs):
        key = self._make_key(args, kwargs)
        force = _tuning_enabled()
        if not force and key in self.cache:
            return self._run_config(self.cache[key], args, kwargs)
        artifact = self._artifact_ref(args, kwargs, required=force)
        if not force:
            found = self._load_artifact(artifact, args, kwargs)
            if found is not None:
                return self._run_config(found, args, kwargs)
            if self.default is not None:
                return self._run_config(self.default(*args, **kwargs), args, kwargs)

        configs = self.configs(*args, **kwargs) if callable(self.configs) else self.configs
        configs = self._prune(configs, args, kwargs)
        where = " (timed on flyi's CPU emulator: the ranking is the emulator's, not a GPU's)" if _on_emulator() else ""
        print(f"[autotune] tuning {len(configs)} configs{where}...")
        results = []
        for i, c in enumerate(configs):
            try:
                t = self._bench_one(c, args, kwargs)
                results.append((c, t))
                print(f"  [{i + 1}/{len(configs)}] {c} -> {t:.3f} ms")
            except Exception as e:
                print(f"  [{i + 1}/{len(configs)}] {c} -> FAILED: {e}")
        if not results:
            raise RuntimeError("All autotune configs failed")
        best, best_t = min(results, key=lambda r: r[1])
        print(f"[autotune] best: {best} ({best_t:.3f} ms)")
        if force and artifact is not None:
            self._emit_artifact(best, artifact, args, kwargs)
        self.cache[key] = best
        self._save_disk_cache()
        return self._run_config(best, args, kwargs)

    # --- the disk cache of searched winners ---
    def _load_disk_cache(self):
        if not self._cache_file.exists():
            return
        try:
            data = json.loads(self._cache_file.read_text())
            for k, d in data.items():
                self.cache[tuple(json.loads(k))] = Config.from_dict(d)
        except Exception:
            pass

    def _save_disk_cache(self):
        self._cache_file.parent.mkdir(parents=True, exist_ok=True)
        data = {json.dumps(list(k)): c.to_dict() for k, c in self.cache.items()}
        self._cache_file.write_text(json.dumps(data, indent=2))


def autotune(configs, key=None, warmup=5, rep=25, prune_configs_by=None, reset_to_zero=None, restore_value=None,
             pre_hook=None, post_hook=None, do_bench=None, default=None, artifact_name=None):
    """Decorator: @autotune(configs=[Config(BLOCK=128), ...], key=["n"]) above @flyc.jit.

    configs: Configs, or a function of the call's arguments returning them. default(*args, **kwargs) -> Config:
    used without measuring unless FLYDSL_AUTOTUNE=1. artifact_name: the name of offline config artifacts in
    $FLYDSL_AUTOTUNE_CONFIG_DIR. restore_value: tensors the function changes in place, restored before every
    measured run; reset_to_zero: tensors zeroed before every run."""

    def decorator(fn):
        return Autotuner(fn, configs, key, warmup, rep, prune_configs_by=prune_configs_by,
                         reset_to_zero=reset_to_zero, restore_value=restore_value, pre_hook=pre_hook,
                         post_hook=post_hook, do_bench_fn=do_bench, default=default, artifact_name=artifact_name)

    return decorator
