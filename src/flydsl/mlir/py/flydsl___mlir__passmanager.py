# flydsl._mlir.passmanager: PassManager.parse(pipeline).run(module) for IR built under ir.Context() (or
# Module.parse), run by the compiler core's pass manager; the module holds the result afterwards.
import re

import _flyi_mlir as _c

# FlyDSL's fly-layout-lowering lowers fly.print to gpu.printf / vector.print; flyi's kernel pipeline records prints
# in its printf buffer (what its runtimes read), so a pass list run here gets FlyDSL's form of the pass.
_FLYDSL_FORM = re.compile(r"\bfly-layout-lowering\b(?!-)")


def _elements(pipeline):
    p = str(pipeline).strip()
    for anchor in ("builtin.module(", "any("):
        if p.startswith(anchor) and p.endswith(")"):
            return p[len(anchor):-1]
    return p


class PassManager:
    def __init__(self, anchor="builtin.module", context=None):
        self._passes = []

    @staticmethod
    def parse(pipeline, context=None):
        pm = PassManager()
        e = _elements(pipeline)
        if e:
            pm._passes.append(e)
        return pm

    def add(self, pipeline):
        e = _elements(pipeline)
        if e:
            self._passes.append(e)

    def enable_ir_printing(self, *args, **kw):
        pass

    def enable_verifier(self, enable=True):
        pass

    def run(self, operation):
        m = operation
        text = m._raw_text() if hasattr(m, "_raw_text") else str(m)
        m._parsed = _c.run_passes(text, _FLYDSL_FORM.sub("fly-layout-lowering-gpu-printf", ",".join(self._passes)))

    def __str__(self):
        return "builtin.module(" + ",".join(self._passes) + ")"
