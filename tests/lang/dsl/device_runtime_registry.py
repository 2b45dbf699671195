# flydsl.runtime.device_runtime's registry with FlyDSL's semantics: the process runtime is made once (after the
# compile backend / runtime kind pairing check), the pairing check alone makes none, extension mappings
# (_EXTRA_MAPPINGS, case-folded), FLYDSL_RUNTIME_KIND naming an unknown kind, a registered class replacing the
# default only before the first get_device_runtime() (or with force=True), and the mismatch errors.
import os

import flydsl.runtime.device_runtime as dr

os.environ.pop("FLYDSL_RUNTIME_KIND", None)
os.environ.pop("FLYDSL_COMPILE_BACKEND", None)
dr.ensure_compile_runtime_pairing_from_env("rocm")
print("pairing made a runtime:", dr._instance is not None)
rt = dr.get_device_runtime()
print(rt.kind, rt is dr.get_device_runtime(), type(rt).__name__, dr.COMPILE_BACKEND_TO_RUNTIME_KIND)


class Other(dr.DeviceRuntime):
    kind = "other"


for call in (lambda: dr.ensure_compile_runtime_compatible("rocm", runtime=Other()),
             lambda: dr.register_device_runtime(Other),
             lambda: dr.ensure_compile_runtime_compatible("nope", runtime=rt)):
    try:
        call()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", str(e)[:90])
dr.register_compile_runtime_mapping("  MyBackend ", "ROCM")
print(dr._EXTRA_MAPPINGS)
dr.ensure_compile_runtime_compatible("mybackend", runtime=dr.RocmDeviceRuntime())
dr._instance = None
os.environ["FLYDSL_RUNTIME_KIND"] = "weird"
dr.register_compile_runtime_mapping("w", "weird")
os.environ["FLYDSL_COMPILE_BACKEND"] = "w"
try:
    dr.get_device_runtime()
except ValueError as e:
    print("ValueError:", e)
os.environ["FLYDSL_COMPILE_BACKEND"] = "rocm"
try:
    dr.get_device_runtime()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:100])
del os.environ["FLYDSL_RUNTIME_KIND"], os.environ["FLYDSL_COMPILE_BACKEND"]
dr.register_device_runtime(Other, kind="other")
dr.register_compile_runtime_mapping("rocm", "other")
print(dr.get_device_runtime().kind, dr._builtin_runtimes["other"] is Other)
dr._EXTRA_MAPPINGS.clear()
dr._instance = None
dr._runtime_cls_override = None
print(dr.get_device_runtime().kind)
