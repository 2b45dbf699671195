print(f"{name:<14} {val:>10.3f} {pct:6.1%}")
print(f"{'yes' if ok else 'no'}")
msg = f"shape {tuple(t.shape)} dtype {t.dtype}"
