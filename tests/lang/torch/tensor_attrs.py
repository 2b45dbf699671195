# A tensor takes attributes a program sets on it, as torch's do (FlyDSL's example 04 marks x.is_shuffled = True);
# they belong to that tensor object, not to views or results made from it.
import torch

x = torch.zeros(3)
x.is_shuffled = True
x.note = "B"
print(x.is_shuffled, x.note, getattr(torch.zeros(2), "is_shuffled", None), getattr(x.view(3), "note", "absent"))
del x.note
print(hasattr(x, "note"), (x + 1).tolist())
try:
    torch.zeros(1).nope
except AttributeError as e:
    print("AttributeError:", e)
