# flydsl._mlir.passmanager: PassManager.parse(pipeline).run(module) for IR built under ir.Context() (or
# Module.parse), run by the compiler core's pass manager; the module holds the result afterwards.
import _flyi_mlir as _c


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
        m._parsed = _c.run_passes(text, ",".join(self._passes))

    def __str__(self):
        return "builtin.module(" + ",".join(self._passes) + ")"
