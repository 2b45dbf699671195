"""flyi.profile: what a launch would make an AMD GPU do, counted by the emulator.

    report = flyi.profile.profile(jit_fn, *args, **kwargs)   # also flyc.profile, and %profile stmt
    print(report)              # a table per DSL source line, hottest first
    report.lines               # per-site records (line, kind, executions, active_lane_fraction, ...)
    report.totals              # bytes, flops, and a roofline estimate of the time on the target

The launches inside run on the emulator with counters (each kernel is compiled once more with a
counter call before every global and LDS access, atomic, barrier, MFMA and basic block). A wave's
instruction is rebuilt from its 64 lanes (the n-th execution of a site by each lane of a wave), so:
- active_lane_fraction: the lanes that executed a site over 64 per wave instruction (divergence, and
  partly filled waves);
- coalescing (global sites): the distinct bytes a wave instruction asked for over the 64-byte memory
  segments it touched (1.0: every byte fetched is used);
- lds_bank_conflict_ways (LDS sites): the most distinct dwords one bank had to deliver in one phase of a
  wave instruction (1: no conflict), under the target's bank model: gfx942 has 32 banks of 4 bytes and
  serves 128 bytes a cycle, so a wave's 4-, 8- and 16-byte accesses are split into phases of 32, 16 and 8
  lanes; gfx950 has 64 banks (256 bytes a cycle: phases of 64, 32 and 16 lanes); the same dword read by
  several lanes is a broadcast, not a conflict;
- barriers: wait_blocks, the basic blocks the waves of a workgroup wait for the slowest wave since the
  previous barrier (the imbalance of the work between them);
- atomics: the distinct addresses and the most operations on one address.
The counts are exact for what the emulator ran. totals["estimate_s"] is a roofline bound from the
target's published peaks (MI300X for gfx942, MI355X for gfx950): an estimate, not a measurement.
"""
import linecache
import os
import sys

import _flyi_profile

# (name, HBM bytes/s, MFMA flops/s by operand bits) of the part each target stands for
_PEAKS = {
    "gfx942": ("MI300X", 5.3e12, {32: 163.4e12, 16: 1307.4e12, 8: 2614.9e12}),
    "gfx950": ("MI355X", 8.0e12, {32: 157.3e12, 16: 2516.6e12, 8: 5033.2e12}),
}
_BANKS = {"gfx942": 32, "gfx950": 64}


def _sources():
    """basename -> full path of every file a loaded module came from (the tracer's locations name
    files by their base name)."""
    out = {}
    for m in list(sys.modules.values()):
        f = getattr(m, "__file__", None)
        if isinstance(f, str):
            out.setdefault(os.path.basename(f), f)
    if sys.argv and sys.argv[0]:
        out[os.path.basename(sys.argv[0])] = sys.argv[0]
    return out


def _source_line(file, line, paths):
    if not line:
        return ""
    text = linecache.getline(file, line)
    if not text and file in paths:
        text = linecache.getline(paths[file], line)
    return text.strip()


def _split_loc(loc):
    """(file, line) of the first file:line:col in a location string (callsite(...) and fused [...]
    locations name the innermost first)."""
    text = loc
    for w in ("callsite(", "fused[", "fused<", "loc("):
        text = text.replace(w, "")
    for part in text.replace(" at ", "\n").replace(", ", "\n").split("\n"):
        bits = part.strip(" )]").rsplit(":", 2)
        if len(bits) == 3 and bits[1].isdigit() and bits[2].isdigit():
            return bits[0], int(bits[1])
    return loc, 0


class ProfileLine:
    """One profiled site: a DSL source line and what one kind of instruction on it did."""

    def __init__(self, d, loc=None, paths=None):
        self.kernel = d["kernel"]
        self.kind = d["kind"]
        self.loc = loc or d["loc"]
        self.file, self.line = _split_loc(self.loc)
        self.source = _source_line(self.file, self.line, paths or {})
        self.bytes = d["bytes"]
        self.executions = d["executions"]
        self.waves = d["waves"]
        self.active_lane_fraction = self.executions / (self.waves * 64) if self.waves else 0.0
        self.bytes_requested = d["bytes_requested"]
        self.segments = d["segments"]
        self.coalescing = None
        if self.kind in ("global_load", "global_store") and self.segments:
            self.coalescing = self.bytes_requested / (self.segments * 64)
        self.lds_bank_conflict_ways = None
        self.lds_cycles = d["lds_cycles"]
        self.lds_phases = d["lds_phases"]
        if self.kind in ("lds_load", "lds_store"):
            self.lds_bank_conflict_ways = max(1, d["lds_max_ways"])
        self.flops = d["flops"]
        self.atomic_addresses = d["atomic_addresses"]
        self.atomic_max_per_address = d["atomic_max_per_address"]
        self.wait_blocks = d["wait_blocks"]
        self.untracked = bool(d["untracked"])

    def as_dict(self):
        return {k: v for k, v in vars(self).items()}

    def __repr__(self):
        extra = ""
        if self.coalescing is not None:
            extra = ", coalescing=%.3f" % self.coalescing
        if self.lds_bank_conflict_ways is not None:
            extra = ", lds_bank_conflict_ways=%d" % self.lds_bank_conflict_ways
        return "ProfileLine(line=%d, kind=%r, executions=%d, active_lane_fraction=%.3f%s)" % (
            self.line, self.kind, self.executions, self.active_lane_fraction, extra)


def _merge_exec(lines):
    """One 'exec' record per source line without a record of its own (an access, barrier or MFMA),
    from the basic block of the line executed the most."""
    best, out, own = {}, [], set()
    for r in lines:
        if r.kind != "exec":
            out.append(r)
            own.add((r.kernel, r.file, r.line))
    for r in lines:
        key = (r.kernel, r.file, r.line)
        if r.kind == "exec" and r.file != "-" and key not in own and (key not in best or r.executions > best[key].executions):
            best[key] = r
    return out + list(best.values())


def _fmt_bytes(n):
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1024.0


def _fmt_time(s):
    if s < 1e-6:
        return "%.1f ns" % (s * 1e9)
    if s < 1e-3:
        return "%.2f us" % (s * 1e6)
    return "%.3f ms" % (s * 1e3)


class ProfileReport:
    """The counts of every launch made while profiling: .lines (hottest first), .totals, .result."""

    def __init__(self, sites, totals, result=None):
        self.result = result
        paths = _sources()
        recs = []
        for d in sites:  # a basic block's record stands for each of its lines
            for loc in (d["loc"].split(";") if d["kind"] == "exec" else [d["loc"]]):
                recs.append(ProfileLine(d, loc, paths))
        recs = _merge_exec(recs)
        recs.sort(key=lambda r: (-r.executions, r.file, r.line, r.kind))
        self.lines = recs
        t = dict(totals or {})
        target = t.get("target", "") or ""
        t["bank_model"] = "%d banks x 4 bytes" % _BANKS.get(target, 32)
        t["bytes"] = t.get("global_traffic", 0)
        t["flops"] = t.get("flops", 0)
        peak = _PEAKS.get(target)
        if peak:
            name, bw, mf = peak
            bits = t.get("mfma_bits", 0)
            tm = t["bytes"] / bw
            tc = t["flops"] / mf[bits] if bits in mf and t["flops"] else 0.0
            t["estimate_s"] = max(tm, tc)
            t["bound"] = "compute" if tc > tm else "memory"
            t["estimate_basis"] = "%s: %.1f TB/s%s" % (
                name, bw / 1e12, (", %.0f TFLOP/s %d-bit MFMA" % (mf[bits] / 1e12, bits)) if bits in mf else "")
        else:
            t["estimate_s"] = None
            t["bound"] = None
            t["estimate_basis"] = "no peak figures for target %r" % target
        self.totals = t

    def _rows(self):
        rows = []
        for r in self.lines:
            coal = "%.2f" % r.coalescing if r.coalescing is not None else ""
            ways = "%d" % r.lds_bank_conflict_ways if r.lds_bank_conflict_ways is not None else ""
            note = []
            if r.kind == "mfma":
                note.append("%d flops" % r.flops)
            if r.kind == "atomic":
                note.append("%d addresses, max %d per address" % (r.atomic_addresses, r.atomic_max_per_address))
            if r.kind == "barrier" and r.wait_blocks:
                note.append("wait %d blocks" % r.wait_blocks)
            if r.untracked:
                note.append("lanes not all tracked")
            rows.append(("%s:%d" % (r.file, r.line), r.kind, "%d" % r.executions, "%.2f" % r.active_lane_fraction, coal, ways,
                         "; ".join(note), r.source))
        return rows

    def summary(self):
        t = self.totals
        n, b = t.get("launches", 0), t.get("blocks", 0)
        head = "profile: %d launch%s, %d block%s of %d threads, target %s (LDS: %s)" % (
            n, "" if n == 1 else "es", b, "" if b == 1 else "s", t.get("threads", 0) // max(1, n),
            t.get("target", "?"), t["bank_model"])
        tail = "totals: global %s requested, %s in 64-byte segments; LDS %s; MFMA %d flops" % (
            _fmt_bytes(t.get("global_bytes", 0)), _fmt_bytes(t["bytes"]), _fmt_bytes(t.get("lds_bytes", 0)),
            t["flops"])
        est = ""
        if t["estimate_s"] is not None:
            est = "estimate: %s on the whole GPU, %s-bound (roofline bound from %s; not a measurement)" % (
                _fmt_time(t["estimate_s"]), t["bound"], t["estimate_basis"])
        return head, tail, est

    def __str__(self):
        cols = ("where", "kind", "executions", "active", "coalescing", "lds ways", "notes", "source")
        rows = self._rows()
        widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols[:-1])]
        right = (False, False, True, True, True, True, False)

        def fmt(r):
            cells = [(r[i].rjust(widths[i]) if right[i] else r[i].ljust(widths[i])) for i in range(len(widths))]
            return ("  ".join(cells) + "  " + r[-1]).rstrip()

        head, tail, est = self.summary()
        out = [head, fmt(cols)] + [fmt(r) for r in rows] + [tail]
        if est:
            out.append(est)
        return "\n".join(out)

    def __repr__(self):
        return self.__str__()

    def _repr_html_(self):
        def esc(s):
            return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

        head, tail, est = self.summary()
        h = ['<div class="flyi-profile"><p>%s</p>' % esc(head),
             '<table class="flyi-profile-table"><thead><tr>' + "".join(
                 "<th>%s</th>" % c for c in ("where", "kind", "executions", "active lanes", "coalescing",
                                             "LDS conflict ways", "notes", "source")) + "</tr></thead><tbody>"]
        for row, r in zip(self._rows(), self.lines):
            bad = (r.coalescing is not None and r.coalescing < 0.999) or (
                r.lds_bank_conflict_ways is not None and r.lds_bank_conflict_ways > 1) or r.active_lane_fraction < 0.999
            cls = ' class="flyi-hot"' if bad else ""
            h.append("<tr%s>" % cls + "".join(
                "<td>%s</td>" % esc(c) for c in row[:-1]) + "<td style=\"text-align:left\"><code>%s</code></td></tr>" % esc(row[-1]))
        h.append("</tbody></table><p>%s</p>" % esc(tail))
        if est:
            h.append("<p><i>%s</i></p>" % esc(est))
        h.append("</div>")
        return "".join(h)


def start():
    """Profiles every launch from now on (on the emulator); stop() returns the report."""
    _flyi_profile.start()


def stop(result=None):
    """Stops profiling: the ProfileReport of the launches since start()."""
    sites, totals = _flyi_profile.stop()
    return ProfileReport(sites, totals, result)


def profile(fn, *args, **kwargs):
    """Calls fn(*args, **kwargs) (a @flyc.jit function, or anything that launches kernels) with the
    emulator's counters on; returns the ProfileReport (fn's result in .result)."""
    _flyi_profile.start()
    try:
        result = fn(*args, **kwargs)
    except BaseException:
        _flyi_profile.stop()
        raise
    return stop(result)
