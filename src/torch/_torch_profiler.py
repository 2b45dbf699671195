"""torch.profiler for flyi: profile() collects record_function ranges (CPU events, their wall time)
and, with ProfilerActivity.CUDA, the kernel launches the backend ran (device events; their device
time is the launch's wall time: the emulator runs a launch to completion). events(),
key_averages() and table() present them with torch's names and units (microseconds)."""

import time as _time

_cuda = None  # torch.cuda, bound by _bind()


def _bind(cuda_mod):
    global _cuda
    _cuda = cuda_mod


class _Enum:
    def __init__(self, cls, name, value):
        self._cls = cls
        self.name = name
        self.value = value

    def __repr__(self):
        return "<%s.%s: %d>" % (self._cls, self.name, self.value)

    def __str__(self):
        return "%s.%s" % (self._cls, self.name)

    def __eq__(self, other):
        return isinstance(other, _Enum) and other._cls == self._cls and other.value == self.value

    def __hash__(self):
        return hash((self._cls, self.value))


class ProfilerActivity:
    pass


for _i, _n in enumerate(("CPU", "XPU", "MTIA", "CUDA")):
    setattr(ProfilerActivity, _n, _Enum("ProfilerActivity", _n, _i))


class DeviceType:
    pass


for _n, _i in (("CPU", 0), ("CUDA", 1)):
    setattr(DeviceType, _n, _Enum("DeviceType", _n, _i))


class ProfilerAction:
    pass


for _i, _n in enumerate(("NONE", "WARMUP", "RECORD", "RECORD_AND_SAVE")):
    setattr(ProfilerAction, _n, _Enum("ProfilerAction", _n, _i))


class FunctionEvent:
    """One profiled range (CPU) or kernel (CUDA); times in microseconds."""

    def __init__(self, name, device_type, cpu_us, device_us, start_us=0.0):
        self.name = name
        self.key = name
        self.device_type = device_type
        self.device_index = 0
        self.count = 1
        self.self_cpu_time_total = cpu_us
        self.cpu_time_total = cpu_us
        self.self_device_time_total = device_us
        self.device_time_total = device_us
        self.time_range_start = start_us
        self.input_shapes = []
        self.stack = []
        self.is_async = False

    @property
    def self_cuda_time_total(self):
        return self.self_device_time_total

    @property
    def cuda_time_total(self):
        return self.device_time_total

    @property
    def cpu_time(self):
        return self.cpu_time_total

    @property
    def device_time(self):
        return self.device_time_total

    def __repr__(self):
        return ("<FunctionEvent name=%s device_type=%s self_cpu_time_total=%.3f self_device_time_total=%.3f>"
                % (self.name, self.device_type, self.self_cpu_time_total, self.self_device_time_total))


class FunctionEventAvg(FunctionEvent):
    """The events of one name, summed (key_averages())."""

    def __init__(self, key, device_type):
        FunctionEvent.__init__(self, key, device_type, 0.0, 0.0)
        self.count = 0

    def add(self, e):
        self.count += 1
        self.self_cpu_time_total += e.self_cpu_time_total
        self.cpu_time_total += e.cpu_time_total
        self.self_device_time_total += e.self_device_time_total
        self.device_time_total += e.device_time_total

    @property
    def cpu_time(self):
        return self.cpu_time_total / self.count if self.count else 0.0

    @property
    def device_time(self):
        return self.device_time_total / self.count if self.count else 0.0

    def __repr__(self):
        return ("<FunctionEventAvg key=%s self_cpu_time=%s cpu_time=%s self_device_time=%s device_time=%s count=%d>"
                % (self.key, _fmt_us(self.self_cpu_time_total), _fmt_us(self.cpu_time),
                   _fmt_us(self.self_device_time_total), _fmt_us(self.device_time), self.count))


def _fmt_us(us):
    if us >= 1e6:
        return "%.3fs" % (us / 1e6)
    if us >= 1e3:
        return "%.3fms" % (us / 1e3)
    return "%.3fus" % us


_SORT_KEYS = {"self_cuda_time_total": "self_device_time_total", "cuda_time_total": "device_time_total",
              "cuda_time": "device_time", "self_cuda_time": "self_device_time_total"}


class EventList(list):
    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0):
        avgs = {}
        order = []
        for e in self:
            a = avgs.get(e.key)
            if a is None:
                a = avgs[e.key] = FunctionEventAvg(e.key, e.device_type)
                order.append(e.key)
            a.add(e)
        return EventList(avgs[k] for k in order)

    def total_average(self):
        t = FunctionEventAvg("Total", DeviceType.CPU)
        for e in self:
            t.add(e)
        return t

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False):
        rows = list(self)
        if sort_by is not None:
            attr = _SORT_KEYS.get(sort_by, sort_by)
            rows.sort(key=lambda e: getattr(e, attr, 0.0), reverse=True)
        if row_limit is not None and row_limit >= 0:
            rows = rows[:row_limit]
        self_cpu = sum(e.self_cpu_time_total for e in self) or 0.0
        self_dev = sum(e.self_device_time_total for e in self) or 0.0
        has_dev = any(e.self_device_time_total for e in self)
        name_w = max([len("Name")] + [min(len(e.key), max_name_column_width) for e in rows]) + 2
        heads = ["Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]
        if has_dev:
            heads += ["Self CUDA", "Self CUDA %", "CUDA total", "CUDA time avg"]
        heads.append("# of Calls")
        w = 12
        sep = "-" * name_w + "  " + "  ".join("-" * w for _ in heads)
        lines = []
        if header:
            lines.append("=" * len(sep))
            lines.append(header)
        lines.append(sep)
        lines.append("Name".rjust(name_w) + "  " + "  ".join(h.rjust(w) for h in heads))
        lines.append(sep)

        def pct(x, tot):
            return "%.2f%%" % (100.0 * x / tot) if tot else "0.00%"

        for e in rows:
            n = e.key if len(e.key) <= max_name_column_width else e.key[:max_name_column_width - 3] + "..."
            cnt = e.count or 1
            cols = [pct(e.self_cpu_time_total, self_cpu), _fmt_us(e.self_cpu_time_total),
                    pct(e.cpu_time_total, self_cpu), _fmt_us(e.cpu_time_total), _fmt_us(e.cpu_time_total / cnt)]
            if has_dev:
                cols += [_fmt_us(e.self_device_time_total), pct(e.self_device_time_total, self_dev),
                         _fmt_us(e.device_time_total), _fmt_us(e.device_time_total / cnt)]
            cols.append(str(e.count))
            lines.append(n.rjust(name_w) + "  " + "  ".join(c.rjust(w) for c in cols))
        lines.append(sep)
        lines.append("Self CPU time total: %s" % _fmt_us(self_cpu))
        if has_dev:
            lines.append("Self CUDA time total: %s" % _fmt_us(self_dev))
        return "\n".join(lines) + "\n"


_active = []   # the running profiles (record_function reports to each)


def _now_us():
    return _time.perf_counter() * 1e6


class profile:
    """Context manager collecting the events of the code it runs."""

    def __init__(self, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None):
        if activities is None:
            activities = [ProfilerActivity.CPU, ProfilerActivity.CUDA]
        self.activities = set(activities)
        if use_cuda:
            self.activities.add(ProfilerActivity.CUDA)
        self.schedule = schedule
        self.on_trace_ready = on_trace_ready
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self._events = EventList()
        self._running = False
        self.step_num = 0
        self._t0 = 0.0

    def start(self):
        if self._running:
            return
        self._running = True
        self._t0 = _now_us()
        _active.append(self)
        if ProfilerActivity.CUDA in self.activities:
            _cuda._profiler_take()
            _cuda._profiler_enable(True)

    def _collect(self):
        if ProfilerActivity.CUDA in self.activities:
            t = _now_us() - self._t0
            for name, us in _cuda._profiler_take():
                self._events.append(FunctionEvent(name, DeviceType.CUDA, 0.0, us, t))

    def _add_cpu(self, name, start, us):
        if self._running and ProfilerActivity.CPU in self.activities:
            self._collect()
            self._events.append(FunctionEvent(name, DeviceType.CPU, us, 0.0, start - self._t0))

    def stop(self):
        if not self._running:
            return
        self._collect()
        self._running = False
        if self in _active:
            _active.remove(self)
        if not any(ProfilerActivity.CUDA in p.activities for p in _active):
            _cuda._profiler_enable(False)
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def step(self):
        self.step_num += 1

    def events(self):
        self._collect()
        return self._events

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0):
        return self.events().key_averages(group_by_input_shape, group_by_stack_n)

    def export_chrome_trace(self, path):
        import json
        evs = []
        for e in self.events():
            cat = "kernel" if e.device_type == DeviceType.CUDA else "cpu_op"
            dur = e.self_device_time_total if e.device_type == DeviceType.CUDA else e.self_cpu_time_total
            evs.append({"ph": "X", "cat": cat, "name": e.name, "pid": 0, "tid": 1 if cat == "kernel" else 0,
                        "ts": e.time_range_start, "dur": dur})
        with open(path, "w") as f:
            json.dump({"traceEvents": evs}, f)


class record_function:
    """Context manager (and decorator) labelling a range: a CPU event of its wall time."""

    def __init__(self, name, args=None):
        self.name = name
        self.args = args
        self._start = 0.0

    def __enter__(self):
        self._start = _now_us()
        return self

    def __exit__(self, *exc):
        us = _now_us() - self._start
        for p in list(_active):
            p._add_cpu(self.name, self._start, us)
        return False

    def __call__(self, fn):
        name = self.name

        def wrapper(*a, **kw):
            with record_function(name):
                return fn(*a, **kw)

        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        return wrapper


def schedule(*, wait, warmup, active, repeat=0, skip_first=0):
    def fn(step):
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        period = wait + warmup + active
        if repeat > 0 and step // period >= repeat:
            return ProfilerAction.NONE
        m = step % period
        if m < wait:
            return ProfilerAction.NONE
        if m < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD_AND_SAVE if m == period - 1 else ProfilerAction.RECORD
    return fn


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False):
    def handler(prof):
        import os
        os.makedirs(dir_name, exist_ok=True)
        prof.export_chrome_trace(os.path.join(dir_name, (worker_name or "flyi") + ".pt.trace.json"))
    return handler
