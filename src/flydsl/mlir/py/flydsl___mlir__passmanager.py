# flydsl._mlir.passmanager: PassManager.parse(pipeline).run(module) for IR built under ir.Context(). flyi runs
# its pipelines on kernels (flyc.compile); here the pipeline text is kept and run() checks what it is given.


class PassManager:
    def __init__(self, anchor="builtin.module", context=None):
        self._pipeline = anchor
        self._ran = 0

    @staticmethod
    def parse(pipeline, context=None):
        pm = PassManager()
        pm._pipeline = str(pipeline)
        return pm

    def add(self, pipeline):
        self._pipeline += "," + str(pipeline)

    def enable_ir_printing(self, *args, **kw):
        pass

    def enable_verifier(self, enable=True):
        pass

    def run(self, operation):
        raise NotImplementedError(
            "flydsl._mlir.passmanager.PassManager.run: flyi runs pass pipelines on kernels only (flyc.compile, "
            "flyi-opt for .mlir files); pipeline was " + self._pipeline)

    def __str__(self):
        return self._pipeline
