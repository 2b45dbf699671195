# flyi: run
# flyi.kernels.norm's backward passes on the emulator against central finite differences of the float64
# forward (L = sum(dy * f(x, weight, bias)) perturbed one element at a time): dx, dweight and dbias of
# layer_norm, dx and dweight of rms_norm; float32 and bfloat16 inputs; a single row and a single column;
# the forward's stats. FLYI_KERNELS_LARGE=1 (make check-kernels) adds larger shapes (printed only when
# they fail).
import os

import torch
import torch.nn.functional as F

from flyi.kernels import norm

torch.manual_seed(2)
H = 1e-6


def ln64(x, w, b):
    return F.layer_norm(x, (x.shape[1],), w, b, 1e-5)


def rms64(x, w, b):
    return x / torch.sqrt((x * x).mean(1, keepdim=True) + 1e-6) * w


def fd_grads(f, x, w, b, dy):
    """dL/dx, dL/dw, dL/db of L = sum(dy * f(x, w, b)) by central differences in float64."""
    out = []
    for which in range(3):
        args = [x.clone(), w.clone(), b.clone()]
        g = torch.zeros_like(args[which])
        flat = args[which].reshape(-1)
        for i in range(flat.numel()):
            keep = flat[i].item()
            flat[i] = keep + H
            hi = (dy * f(*args)).sum().item()
            flat[i] = keep - H
            lo = (dy * f(*args)).sum().item()
            flat[i] = keep
            g.reshape(-1)[i] = (hi - lo) / (2 * H)
        out.append(g)
    return out


def err(a, b):
    return (a.double().cpu() - b.cpu()).abs().max().item() / (1.0 + b.abs().max().item())


for dtype, tol in ((torch.float32, 2e-5), (torch.bfloat16, 3e-2)):
    small = [(3, 20), (1, 20), (4, 1), (2, 300)]
    large = [(64, 1000), (1, 5000)] if os.environ.get("FLYI_KERNELS_LARGE") == "1" else []
    for rows, cols in small + large:
        x = torch.randn(rows, cols, device="cuda").to(dtype)
        w = torch.randn(cols, device="cuda").to(dtype)
        b = torch.randn(cols, device="cuda").to(dtype)
        dy = torch.randn(rows, cols, device="cuda").to(dtype)
        xd, wd, bd, dyd = x.double().cpu(), w.double().cpu(), b.double().cpu(), dy.double().cpu()
        y, mean, rstd = norm.layer_norm(x, w, b, return_stats=True)
        stats_ok = err(mean, xd.mean(1)) < 1e-5 and err(rstd, 1 / torch.sqrt(xd.var(1, unbiased=False) + 1e-5)) < 1e-4
        dx, dw, db = norm.layer_norm_backward(dy, x, w, mean, rstd)
        gx, gw, gb = fd_grads(ln64, xd, wd, bd, dyd) if cols <= 20 else (None, None, None)
        if gx is None:  # the wide rows: the float64 closed form (checked against differences on the narrow ones)
            xh = (xd - xd.mean(1, keepdim=True)) / torch.sqrt(xd.var(1, unbiased=False, keepdim=True) + 1e-5)
            g = dyd * wd
            r = 1 / torch.sqrt(xd.var(1, unbiased=False, keepdim=True) + 1e-5)
            gx = r * (g - g.mean(1, keepdim=True) - xh * (g * xh).mean(1, keepdim=True))
            gw, gb = (dyd * xh).sum(0), dyd.sum(0)
        ln_ok = err(dx, gx) < tol and err(dw, gw) < tol and err(db, gb) < tol
        y2, rs = norm.rms_norm(x, w, return_stats=True)
        dx2, dw2 = norm.rms_norm_backward(dy, x, w, rs)
        if cols <= 20:
            hx, hw, _ = fd_grads(rms64, xd, wd, bd, dyd)
        else:
            r = 1 / torch.sqrt((xd * xd).mean(1, keepdim=True) + 1e-6)
            xh, g = xd * r, dyd * wd
            hx, hw = r * (g - xh * (g * xh).mean(1, keepdim=True)), (dyd * xh).sum(0)
        rms_ok = err(dx2, hx) < tol and err(dw2, hw) < tol
        if (rows, cols) in small or not (stats_ok and ln_ok and rms_ok):
            print(str(dtype).ljust(14), (rows, cols), "stats", stats_ok, "layer_norm grads", ln_ok, "rms_norm grads",
                  rms_ok, dx.dtype == dtype, dw.shape == w.shape)

try:
    norm.layer_norm_backward(torch.ones(2, 3, device="cuda"), torch.ones(2, 3, device="cuda"),
                             torch.ones(3, device="cuda"), torch.ones(3, device="cuda"), torch.ones(2, device="cuda"))
except ValueError as e:
    print("ValueError:", e)
