# torch._C exists as a module (empty in flyi), so that code probing it for private helpers with
# getattr(torch._C, name, fallback) takes its fallback, as FlyDSL's rmsnorm kernel does.
import torch
import torch._C

print(type(torch._C).__name__, torch._C is __import__("sys").modules["torch._C"])
print(getattr(torch._C, "_no_such_private_helper", "fallback"))
