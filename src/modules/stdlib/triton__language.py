"""triton.language - the names Triton kernels are written with, as inert placeholders (flyi runs no Triton; see
triton). Type names compare by name; functions refuse to run."""


class constexpr:
    """Annotation of compile-time kernel parameters."""

    def __init__(self, value=None):
        self.value = value


class dtype:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "triton.language." + self.name

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


int1 = dtype("int1")
int8 = dtype("int8")
int16 = dtype("int16")
int32 = dtype("int32")
int64 = dtype("int64")
uint8 = dtype("uint8")
uint16 = dtype("uint16")
uint32 = dtype("uint32")
uint64 = dtype("uint64")
float8e4nv = dtype("float8e4nv")
float8e5 = dtype("float8e5")
float16 = dtype("float16")
bfloat16 = dtype("bfloat16")
float32 = dtype("float32")
float64 = dtype("float64")


def _kernel_only(name):
    def f(*args, **kwargs):
        raise NotImplementedError("triton.language.%s: flyi does not run Triton kernels" % name)

    f.__name__ = name
    return f


for _n in ("program_id", "num_programs", "arange", "load", "store", "zeros", "full", "cast", "where", "maximum",
           "minimum", "abs", "max", "min", "sum", "reshape", "broadcast_to", "atomic_add", "dot", "exp", "log",
           "sqrt", "static_range", "multiple_of", "max_contiguous"):
    globals()[_n] = _kernel_only(_n)
del _n
