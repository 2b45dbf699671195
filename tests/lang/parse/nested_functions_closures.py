def build(n):
    def kernel(x):
        def wave_reduce(v):
            return v + n
        return wave_reduce(x)
    return kernel
