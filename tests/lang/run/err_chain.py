try:
    {}["k"]
except KeyError as e:
    raise ValueError("bad value") from e
