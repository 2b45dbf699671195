"""flydsl.autotune - pick the fastest of several launch configurations of a @flyc.jit function.

@autotune(configs=[Config(BLOCK=128), Config(BLOCK=256)], key=["n"]) over a @flyc.jit function runs
every config once per key (the key arguments' values or shapes, the tensors' dtypes and strides,
the target), keeps the fastest and reuses it; the choice is also kept on disk
($FLYDSL_AUTOTUNE_CACHE_DIR, default ~/.flydsl/autotune/<function>.json). FLYDSL_AUTOTUNE=1 tunes
again. Times are wall-clock medians of the launches: on flyi's CPU emulator they rank the
configurations by emulated time, which says little about a GPU, and the tuning says so.
"""

import os
import sys
import json
import time

__all__ = ["Config", "Autotuner", "autotune", "do_bench"]


def _tuning_forced():
    return os.environ.get("FLYDSL_AUTOTUNE", "").strip().lower() in ("1", "true", "yes", "on")


def _on_emulator():
    return os.environ.get("FLYI_BACKEND", "emu") != "hip"


def _arch():
    return os.environ.get("ARCH") or os.environ.get("FLYDSL_COMPILE_ARCH") or "gfx942"


class Config:
    """One configuration: keyword arguments for the function, plus num_warps / waves_per_eu / maxnreg hints."""

    def __init__(self, *, num_warps=None, waves_per_eu=None, maxnreg=None, pre_hook=None, **kwargs):
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.waves_per_eu = waves_per_eu
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        d = dict(self.kwargs)
        if self.num_warps is not None:
            d["num_warps"] = self.num_warps
        return d

    def compiler_opts(self):
        return {k: v for k, v in (("waves_per_eu", self.waves_per_eu), ("maxnreg", self.maxnreg)) if v is not None}

    def __repr__(self):
        parts = [f"{k}={v}" for k, v in self.kwargs.items()]
        for k in ("num_warps", "waves_per_eu", "maxnreg"):
            if getattr(self, k) is not None:
                parts.append(f"{k}={getattr(self, k)}")
        return "Config(" + ", ".join(parts) + ")"

    def __eq__(self, other):
        return isinstance(other, Config) and self.to_dict() == other.to_dict()

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


def _sync():
    torch = sys.modules.get("torch")
    if torch is not None and hasattr(torch, "cuda"):
        torch.cuda.synchronize()


def do_bench(fn, warmup=5, rep=25, quantiles=None):
    """The median time of fn() in milliseconds over rep runs after warmup runs (or the given quantiles)."""
    for _ in range(warmup):
        fn()
    _sync()
    times = []
    for _ in range(max(int(rep), 1)):
        t0 = time.perf_counter()
        fn()
        _sync()
        times.append((time.perf_counter() - t0) * 1000.0)
    times.sort()
    if quantiles:
        return [times[min(int(q * len(times)), len(times) - 1)] for q in quantiles]
    return times[len(times) // 2]


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


def _params(fn):
    f = getattr(fn, "__wrapped__", fn)
    code = getattr(f, "__code__", None)
    return list(code.co_varnames[:code.co_argcount]) if code is not None else []


class Autotuner:
    """A @flyc.jit function that runs with the best of its configs for each key."""

    def __init__(self, fn, configs, key, warmup, rep, prune_configs_by=None, reset_to_zero=None, restore_value=None,
                 pre_hook=None, post_hook=None, do_bench_fn=None, default=None, artifact_name=None):
        self.fn = fn
        self.configs = configs
        self.key = list(key or [])
        self.warmup, self.rep = warmup, rep
        self.prune_configs_by = prune_configs_by
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        self.pre_hook, self.post_hook = pre_hook, post_hook
        self._do_bench = do_bench_fn or do_bench
        self.default = default
        if artifact_name is not None:
            # FlyDSL's rule for the name of a config artifact; flyi keeps the best configs in its cache file only
            if not isinstance(artifact_name, str):
                raise TypeError("artifact_name must be a string")
            artifact_name = artifact_name.strip()
            bare = artifact_name.replace("-", "").replace("_", "").replace(".", "")
            if not artifact_name.isascii() or not bare.isalnum() or len(artifact_name) > 64:
                raise ValueError("artifact_name must use 1-64 letters, digits, '.', '_' or '-'")
        self.artifact_name = artifact_name
        self.arg_names = _params(fn)
        self.cache = {}
        name = getattr(fn, "__name__", None) or "unknown"
        self.__name__ = name
        d = os.environ.get("FLYDSL_AUTOTUNE_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".flydsl", "autotune")
        self._cache_file = os.path.join(d, name + ".json")
        self._load_disk_cache()

    def _named(self, args, kwargs):
        d = dict(zip(self.arg_names, args))
        d.update(kwargs)
        return d

    def _make_key(self, args, kwargs):
        named = self._named(args, kwargs)
        vals = []
        for k in self.key:
            v = named.get(k)
            vals.append(tuple(v.shape) if hasattr(v, "shape") else str(v.dtype) if hasattr(v, "dtype") else v)
        dts, strides = [], []
        for n, v in named.items():
            if hasattr(v, "dtype"):
                dts.append(f"{n}:{v.dtype}")
            if hasattr(v, "shape") and hasattr(v, "stride"):
                strides.append(f"{n}:{_normalize_strides(v)}")
        vals += [tuple(sorted(dts)), tuple(sorted(strides)), ("_target_", _arch(), "emu" if _on_emulator() else "hip")]
        return tuple(str(v) for v in vals)

    def _tensors(self, names, args, kwargs):
        named = self._named(args, kwargs)
        return [named[n] for n in names if n in named and hasattr(named[n], "zero_")]

    def _run(self, config, args, kwargs):
        kw = dict(kwargs)
        kw.update(config.all_kwargs())
        for hook in (self.pre_hook, config.pre_hook):
            if hook is not None:
                hook(self._named(args, kw))
        r = self.fn(*args, **kw)
        if self.post_hook is not None:
            self.post_hook(self._named(args, kw), None)
        return r

    def _bench_one(self, config, args, kwargs):
        saved = [(t, t.clone()) for t in self._tensors(self.restore_value, args, kwargs)]

        def call():
            for t in self._tensors(self.reset_to_zero, args, kwargs):
                t.zero_()
            for t, s in saved:
                t.copy_(s)
            self._run(config, args, kwargs)

        try:
            return self._do_bench(call, warmup=self.warmup, rep=self.rep)
        finally:
            for t, s in saved:
                t.copy_(s)

    def __call__(self, *args, **kwargs):
        key = self._make_key(args, kwargs)
        force = _tuning_forced()
        if not force and key in self.cache:
            return self._run(self.cache[key], args, kwargs)
        if not force and self.default is not None:
            return self._run(self.default(*args, **kwargs), args, kwargs)
        configs = self.configs(*args, **kwargs) if callable(self.configs) else list(self.configs)
        if self.prune_configs_by is not None:
            prune = self.prune_configs_by
            if isinstance(prune, dict):
                prune = prune.get("early_config_prune")
            if prune is not None:
                configs = list(prune(configs, self._named(args, kwargs)))
        where = " (timed on flyi's CPU emulator: the ranking is the emulator's, not a GPU's)" if _on_emulator() else ""
        print(f"[autotune] tuning {len(configs)} configs{where}...")
        results = []
        for i, c in enumerate(configs):
            try:
                t = self._bench_one(c, args, kwargs)
                results.append((c, t))
                print(f"  [{i + 1}/{len(configs)}] {c} -> {t:.3f} ms")
            except Exception as e:
                print(f"  [{i + 1}/{len(configs)}] {c} -> FAILED: {type(e).__name__}: {e}")
        if not results:
            raise RuntimeError("All autotune configs failed")
        best, best_t = min(results, key=lambda r: r[1])
        print(f"[autotune] best: {best} ({best_t:.3f} ms)")
        self.cache[key] = best
        self._save_disk_cache()
        return self._run(best, args, kwargs)

    def _load_disk_cache(self):
        try:
            with open(self._cache_file) as f:
                data = json.load(f)
        except (OSError, ValueError):
            return
        for k, d in data.items():
            try:
                self.cache[tuple(json.loads(k))] = Config.from_dict(d)
            except (ValueError, TypeError):
                pass

    def _save_disk_cache(self):
        try:
            os.makedirs(os.path.dirname(self._cache_file), exist_ok=True)
            data = {json.dumps(list(k)): c.to_dict() for k, c in self.cache.items()}
            with open(self._cache_file, "w") as f:
                f.write(json.dumps(data, indent=2))
        except OSError:
            pass


def autotune(configs, key=None, warmup=5, rep=25, prune_configs_by=None, reset_to_zero=None, restore_value=None,
             pre_hook=None, post_hook=None, do_bench=None, default=None, artifact_name=None):
    """Decorator: @autotune(configs=[Config(BLOCK=128), ...], key=["n"]) above @flyc.jit."""

    def decorator(fn):
        return Autotuner(fn, configs, key, warmup, rep, prune_configs_by=prune_configs_by,
                         reset_to_zero=reset_to_zero, restore_value=restore_value, pre_hook=pre_hook,
                         post_hook=post_hook, do_bench_fn=do_bench, default=default, artifact_name=artifact_name)

    return decorator
