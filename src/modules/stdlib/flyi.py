"""flyi's own Python package.

flyi.kernels is the library of prebuilt kernels (flyi's kernels/ folder, built into flyi):
    from flyi.kernels import elementwise, reduce, softmax, norm, transpose, gemm
"""
