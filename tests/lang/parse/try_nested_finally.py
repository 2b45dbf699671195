try:
    try:
        a()
    finally:
        b()
except Exception as e:
    raise RuntimeError("x") from e
