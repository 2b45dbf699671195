import torch
a = torch.tensor([1.0, 2.0, 3.0])
torch.testing.assert_close(a, a.clone())
print("ok")
try:
    torch.testing.assert_close(a, torch.tensor([1.0, 2.5, 3.0]))
except AssertionError as e:
    print(e)
print("--")
try:
    torch.testing.assert_close(torch.tensor([1, 2, 3]), torch.tensor([1, 2, 5]))
except AssertionError as e:
    print(e)
print("--")
try:
    torch.testing.assert_close(a, a.double())
except AssertionError as e:
    print(e)
print("--")
try:
    torch.testing.assert_close(a, a[:2])
except AssertionError as e:
    print(e)
print("--")
try:
    torch.testing.assert_close(torch.tensor(1.0), torch.tensor(1.5))
except AssertionError as e:
    print(e)
print("--")
torch.testing.assert_close(a, a.double(), check_dtype=False)
torch.testing.assert_close(a, a + 1e-3, rtol=0, atol=1e-2)
try:
    torch.testing.assert_close(a, a + 1, msg="custom message")
except AssertionError as e:
    print(e)
try:
    torch.testing.assert_close(a, a, rtol=1e-3)
except ValueError as e:
    print(e)
print("--")
m = torch.ones(2, 2)
m2 = torch.tensor([[1.0, 2.0], [1.5, 1.0]])
try:
    torch.testing.assert_close(m, m2)
except AssertionError as e:
    print(e)
print("--")
h = torch.tensor([1.0, 2.0], dtype=torch.float16)
torch.testing.assert_close(h, torch.tensor([1.0, 2.001], dtype=torch.float16))
try:
    torch.testing.assert_close(h, torch.tensor([1.01, 2.0], dtype=torch.float16))
except AssertionError as e:
    print(e)
