"""torch.autograd for flyi's tensors: the graph, the backward engine, the derivative formulas,
torch.autograd.Function and the grad-mode context managers.

The C operations record nothing themselves: autograd_hook.c calls _record(name, result, args,
kwargs, inplace) when grad mode is on and an argument requires grad. _record makes a Node holding
detached copies of the arguments and the outputs (so that no reference cycle goes through a tensor)
and the graph edges of the inputs; the engine runs the formulas in dependency order with grad mode
off, fits each input's gradient to its shape (summing broadcast dimensions) and dtype, and
accumulates into the leaves' .grad. Backward does not build a graph of its own (create_graph is not
supported)."""

torch = None  # bound by _bind() while `import torch` runs
_C = None
Tensor = None


def _bind(torch_mod, c_mod):
    global torch, _C, Tensor
    torch = torch_mod
    _C = c_mod
    Tensor = torch_mod.Tensor


# ---------------------------------------------------------------- grad mode

def is_grad_enabled():
    return _C.is_grad_enabled()


class _GradMode:
    _mode = False

    def __init__(self):
        self.prev = None

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(self._mode)
        return None

    def __exit__(self, *exc):
        _C._set_grad_enabled(self.prev)
        return False

    def __call__(self, fn):
        mode_cls = self.__class__

        def wrapper(*args, **kwargs):
            with mode_cls():
                return fn(*args, **kwargs)

        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__doc__ = getattr(fn, "__doc__", None)
        wrapper.__wrapped__ = fn
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_GradMode):
    """Context manager (and decorator) that disables gradient recording."""
    _mode = False


class enable_grad(_GradMode):
    """Context manager (and decorator) that enables gradient recording."""
    _mode = True


class inference_mode(_GradMode):
    def __init__(self, mode=True):
        super().__init__()
        self._mode = not mode

    def __call__(self, fn):
        if not callable(fn):
            raise TypeError("inference_mode() as a decorator takes one function")
        mode = self._mode

        def wrapper(*args, **kwargs):
            prev = _C.is_grad_enabled()
            _C._set_grad_enabled(mode)
            try:
                return fn(*args, **kwargs)
            finally:
                _C._set_grad_enabled(prev)

        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__wrapped__ = fn
        return wrapper


class set_grad_enabled(_GradMode):
    """set_grad_enabled(mode): sets the mode now; as a context manager restores it at exit."""

    def __init__(self, mode):
        self.prev = _C.is_grad_enabled()
        self._mode = bool(mode)
        _C._set_grad_enabled(self._mode)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _C._set_grad_enabled(self.prev)
        return False


# ---------------------------------------------------------------- graph

class Node:
    """A recorded operation: grad_fn of its outputs."""

    def __init__(self, name, nout):
        self._name = name
        self._nout = nout
        self._edges = []      # per input tensor: (detached tensor, (node, index) or None, shape, dtype)
        self._freed = False
        self._retained = {}   # output index -> tensor that asked retain_grad()

    def name(self):
        return self._name

    @property
    def next_functions(self):
        return tuple(e[1] if e[1] is not None else (None, 0) for e in self._edges)

    def __repr__(self):
        return "<%s object at %s>" % (self._name, hex(id(self)))

    def _release(self):
        self._freed = True
        self._retained = {}
        self._args = None
        self._kw = None
        self._outs = None

    def _grads(self, grads):
        """Gradients for the inputs: a list of (detached input, gradient)."""
        raise NotImplementedError


class AccumulateGrad:
    """The end of an edge into a leaf: adds the gradient into variable.grad."""

    def __init__(self, variable):
        self.variable = variable

    def name(self):
        return "torch::autograd::AccumulateGrad"

    next_functions = ()

    def __repr__(self):
        return "<AccumulateGrad object at %s>" % hex(id(self))


def _edge(t):
    gf = t.grad_fn
    if gf is not None:
        return (gf, _C._grad_index(t))
    if t.requires_grad:
        return (AccumulateGrad(t), 0)
    return None


class _OpNode(Node):
    def __init__(self, name, fn, nout):
        Node.__init__(self, name, nout)
        self._fn = fn

    def _grads(self, grads):
        g = grads[0] if self._nout == 1 else grads
        if self._nout == 1 and g is None:
            return []
        return self._fn(g, self._outs, *self._args, **self._kw)


_node_classes = {}


def _node_class(name, base):
    """The class of a node: named after the operation, as torch's are (type(y.grad_fn).__name__)."""
    key = (name, base)
    c = _node_classes.get(key)
    if c is None:
        c = _node_classes[key] = type(name, (base,), {})
    return c


def _is_float_tensor(o):
    return isinstance(o, Tensor) and o.is_floating_point()


def _conv(o, node, seen):
    """An argument as the node keeps it: tensors detached (one copy each), with their graph edges."""
    if isinstance(o, Tensor):
        d = seen.get(id(o))
        if d is None:
            d = o.detach()
            seen[id(o)] = d
            node._edges.append((d, _edge(o), tuple(o.shape), o.dtype))
        return d
    if type(o) in (list, tuple) and any(isinstance(e, Tensor) for e in o):
        return type(o)([_conv(e, node, seen) for e in o])
    return o


def _record(name, out, args, kw, inplace):
    if inplace:
        name = name[:-1]
    if kw is None:
        kw = {}
    if "out" in kw and kw["out"] is not None:
        return out
    spec = _FORMULAS.get(name)
    if spec is None:
        return out
    clsname, fn = spec
    if isinstance(clsname, tuple):   # (name of the full reduction, name with dim=)
        clsname = clsname[1] if len(args) > 1 or kw.get("dim") is not None else clsname[0]
    elif callable(clsname):
        clsname = clsname(args, kw)
    if not inplace:
        for a in args:
            if a is out:   # an operation that returned its input (x.to(x.dtype), contiguous())
                return out
    if isinstance(out, Tensor):
        outs = [out]
        single = True
    else:
        outs = list(out)
        single = False
    if not any(_is_float_tensor(o) for o in outs):
        return out
    node = _node_class(clsname, _OpNode)(clsname, fn, len(outs))
    seen = {}
    node._args = tuple(_conv(a, node, seen) for a in args)
    node._kw = {k: _conv(v, node, seen) for k, v in kw.items()}
    douts = [o.detach() if isinstance(o, Tensor) else o for o in outs]
    node._outs = douts[0] if single else douts
    for i, o in enumerate(outs):
        if _is_float_tensor(o):
            _C._attach(o, node, i)
    return out


# ---------------------------------------------------------------- custom functions

class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_non_differentiable(self, *args):
        self._non_differentiable = args

    def mark_dirty(self, *args):
        pass

    def set_materialize_grads(self, value):
        self._materialize = bool(value)


class _FunctionNode(Node):
    def __init__(self, cls, ctx, args, outs):
        Node.__init__(self, cls.__name__ + "Backward", len(outs))
        self._cls = cls
        self._ctx = ctx
        self._args = args
        self._outs = outs

    def _grads(self, grads):
        grads = list(grads)
        if getattr(self._ctx, "_materialize", True):
            for i, g in enumerate(grads):
                if g is None and isinstance(self._outs[i], Tensor):
                    grads[i] = torch.zeros_like(self._outs[i])
        res = self._cls.backward(self._ctx, *grads)
        if not isinstance(res, tuple):
            res = (res,)
        if len(res) != len(self._args):
            if len(res) > len(self._args) and all(r is None for r in res[len(self._args):]):
                res = res[:len(self._args)]
            else:
                raise RuntimeError("function %s returned an incorrect number of gradients (expected %d, got %d)"
                                   % (self._name, len(self._args), len(res)))
        out = []
        for a, r in zip(self._args, res):
            if isinstance(a, Tensor):
                if r is not None and not isinstance(r, Tensor):
                    raise TypeError("function %s returned a gradient of type %s where a Tensor was expected"
                                    % (self._name, type(r).__name__))
                out.append((a, r))
        return out

    def _release(self):
        Node._release(self)
        self._ctx = None


class Function:
    """Base class of custom autograd functions: define forward(ctx, *args) and backward(ctx, *grads)
    as static methods, call apply(*args)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = FunctionCtx()
        ctx.saved_tensors = ()
        ctx.needs_input_grad = tuple(bool(isinstance(a, Tensor) and a.requires_grad) for a in args)
        need = _C.is_grad_enabled() and any(ctx.needs_input_grad)
        prev = _C.is_grad_enabled()
        _C._set_grad_enabled(False)
        try:
            out = cls.forward(ctx, *args, **kwargs)
        finally:
            _C._set_grad_enabled(prev)
        if not need:
            return out
        single = isinstance(out, Tensor)
        outs = [out] if single else list(out) if isinstance(out, (tuple, list)) else [out]
        nondiff = getattr(ctx, "_non_differentiable", ())
        # an output saved for backward is kept as a detached view: no reference cycle through the node
        if any(any(t is o for o in outs) for t in ctx.saved_tensors):
            ctx.saved_tensors = tuple(t.detach() if any(t is o for o in outs) else t for t in ctx.saved_tensors)
        node = _node_class(cls.__name__ + "Backward", _FunctionNode)(cls, ctx, args, [o.detach() if isinstance(o, Tensor) else o for o in outs])
        seen = {}
        for a in args:
            if isinstance(a, Tensor) and id(a) not in seen:
                seen[id(a)] = True
                node._edges.append((a, _edge(a), tuple(a.shape), a.dtype))
        for i, o in enumerate(outs):
            if _is_float_tensor(o) and not any(o is nd for nd in nondiff):
                if any(o is a for a in args):   # forward returned an input: give it its own identity
                    o = o.detach()
                    outs[i] = o
                _C._attach(o, node, i)
        if single:
            return outs[0]
        return tuple(outs) if isinstance(out, tuple) else outs


class BackwardCFunction:
    pass


# ---------------------------------------------------------------- engine

def _reduce_to(g, shape):
    shape = tuple(shape)
    if tuple(g.shape) == shape:
        return g
    lead = g.dim() - len(shape)
    if lead > 0:
        g = g.sum(dim=tuple(range(lead)))
    dims = tuple(i for i, s in enumerate(shape) if s == 1 and g.shape[i] != 1)
    if dims:
        g = g.sum(dim=dims, keepdim=True)
    if tuple(g.shape) != shape:
        g = g.expand(shape)
    return g


def _fit(g, shape, dtype):
    if not isinstance(g, Tensor):
        g = torch.tensor(g, dtype=dtype)
    g = _reduce_to(g, shape)
    if g.dtype != dtype:
        g = g.to(dtype)
    return g


def _as_list(x):
    if x is None:
        return None
    if isinstance(x, Tensor):
        return [x]
    return list(x)


def _root_edge(t):
    e = _edge(t)
    if e is None:
        raise RuntimeError("element 0 of tensors does not require grad and does not have a grad_fn")
    return e


def _make_grads(outputs, grads):
    res = []
    for i, o in enumerate(outputs):
        g = grads[i] if grads is not None and i < len(grads) else None
        if g is None:
            if o.numel() != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            g = torch.ones_like(o)
        elif not isinstance(g, Tensor):
            g = torch.tensor(g, dtype=o.dtype, device=o.device)
        elif tuple(g.shape) != tuple(o.shape):
            raise RuntimeError("Mismatch in shape: grad_output[%d] has a shape of %s and output[%d] has a shape of "
                               "%s." % (i, g.shape, i, o.shape))
        res.append(g)
    return res


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a + b


def _run(roots, retain_graph, capture=None):
    """roots: list of ((node, index), grad). capture: {id(AccumulateGrad variable) or (id(node), index): slot}
    for autograd.grad (then no .grad is written); returns the captured gradients by slot."""
    deps = {}
    nodes = {}
    stack = []
    for (node, _), _ in roots:
        if id(node) not in nodes:
            nodes[id(node)] = node
            stack.append(node)
    while stack:
        n = stack.pop()
        if isinstance(n, AccumulateGrad):
            continue
        if n._freed:
            raise RuntimeError("Trying to backward through the graph a second time (or directly access saved "
                               "tensors after they have already been freed). Saved intermediate values of the graph "
                               "are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if "
                               "you need to backward through the graph a second time or if you need to access saved "
                               "tensors after calling backward.")
        for e in n._edges:
            if e[1] is None:
                continue
            nx = e[1][0]
            deps[id(nx)] = deps.get(id(nx), 0) + 1
            if id(nx) not in nodes:
                nodes[id(nx)] = nx
                stack.append(nx)
    buffers = {}
    for (node, idx), g in roots:
        buf = buffers.get(id(node))
        if buf is None:
            buf = buffers[id(node)] = [None] * (1 if isinstance(node, AccumulateGrad) else node._nout)
        buf[idx] = _add(buf[idx], g)
    captured = {}
    ready = [n for k, n in nodes.items() if deps.get(k, 0) == 0]
    prev = _C.is_grad_enabled()
    _C._set_grad_enabled(False)
    try:
        while ready:
            n = ready.pop()
            buf = buffers.pop(id(n), None)
            if isinstance(n, AccumulateGrad):
                g = buf[0] if buf else None
                if g is None:
                    continue
                v = n.variable
                if capture is not None:
                    slot = capture.get(id(v))
                    if slot is not None:
                        captured[slot] = _add(captured.get(slot), g)
                    continue
                if v.grad is None:
                    v.grad = g.detach().clone() if g.is_contiguous() else g.contiguous()
                else:
                    v.grad.add_(g)
                continue
            if buf is None:
                buf = [None] * n._nout
            for i, tr in n._retained.items():
                if buf[i] is not None and capture is None:
                    tr.grad = buf[i].clone() if tr.grad is None else tr.grad + buf[i]
            if capture is not None:
                for i in range(n._nout):
                    slot = capture.get((id(n), i))
                    if slot is not None and buf[i] is not None:
                        captured[slot] = _add(captured.get(slot), buf[i])
            if any(b is not None for b in buf):
                pairs = n._grads(buf)
            else:
                pairs = []
            ins = {}
            for d, g in pairs:
                if g is None:
                    continue
                ins[id(d)] = _add(ins.get(id(d)), g)
            for e in n._edges:
                d, edge, shape, dtype = e
                if edge is None:
                    continue
                g = ins.get(id(d))
                nx, idx = edge
                if g is not None:
                    g = _fit(g, shape, dtype)
                    b = buffers.get(id(nx))
                    if b is None:
                        b = buffers[id(nx)] = [None] * (1 if isinstance(nx, AccumulateGrad) else nx._nout)
                    b[idx] = _add(b[idx], g)
                deps[id(nx)] -= 1
                if deps[id(nx)] == 0:
                    ready.append(nx)
            if not retain_graph:
                n._release()
    finally:
        _C._set_grad_enabled(prev)
    return captured


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """Computes the sum of gradients of tensors with respect to the graph leaves (into their .grad)."""
    if create_graph:
        raise NotImplementedError("flyi's autograd does not support create_graph=True")
    outs = _as_list(tensors)
    grads = _make_grads(outs, _as_list(grad_tensors if grad_tensors is not None else grad_variables))
    roots = [(_root_edge(o), g) for o, g in zip(outs, grads)]
    if inputs is not None:
        ins = _as_list(inputs)
        cap = {}
        for i, t in enumerate(ins):
            cap[id(t)] = i
        got = _run(roots, bool(retain_graph), cap)
        for i, t in enumerate(ins):
            g = got.get(i)
            if g is not None:
                t.grad = g.clone() if t.grad is None else t.grad + g
        return None
    _run(roots, bool(retain_graph))
    return None


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Computes and returns the gradients of outputs with respect to inputs (no .grad is written)."""
    if create_graph:
        raise NotImplementedError("flyi's autograd does not support create_graph=True")
    outs = _as_list(outputs)
    single = isinstance(inputs, Tensor)
    ins = _as_list(inputs)
    grads = _make_grads(outs, _as_list(grad_outputs))
    roots = [(_root_edge(o), g) for o, g in zip(outs, grads)]
    cap = {}
    for i, t in enumerate(ins):
        if not isinstance(t, Tensor):
            raise TypeError("grad(): inputs must be Tensors, got %s" % type(t).__name__)
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        gf = t.grad_fn
        cap[id(t) if gf is None else (id(gf), _C._grad_index(t))] = i
    got = _run(roots, bool(retain_graph), cap)
    res = []
    for i, t in enumerate(ins):
        g = got.get(i)
        if g is None:
            if materialize_grads:
                g = torch.zeros_like(t)
            elif not allow_unused:
                raise RuntimeError("One of the differentiated Tensors appears to not have been used in the graph. "
                                   "Set allow_unused=True if this is the desired behavior.")
        else:
            g = _fit(g, tuple(t.shape), t.dtype)
        res.append(g)
    return tuple(res)


def _tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward([self], None if gradient is None else [gradient], retain_graph, create_graph, inputs=inputs)


def _retain_grad(self):
    if not self.requires_grad:
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    gf = self.grad_fn
    if gf is not None:
        gf._retained[_C._grad_index(self)] = self
    return None


# ---------------------------------------------------------------- gradcheck

class GradcheckError(RuntimeError):
    pass


def _unravel(k, shape):
    idx = []
    for s in reversed(tuple(shape)):
        idx.append(k % s)
        k //= s
    return tuple(reversed(idx))


def _out_tuple(o):
    return (o,) if isinstance(o, Tensor) else tuple(o)


def gradcheck(func, inputs, *, eps=1e-06, atol=1e-05, rtol=0.001, raise_exception=True, **kwargs):
    """Compares the gradients of func at inputs (float64 tensors that require grad) with central
    finite differences, element by element of every output and input."""
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    inputs = tuple(inputs)
    tin = [i for i, t in enumerate(inputs) if isinstance(t, Tensor) and t.requires_grad]

    def run(oi):
        with no_grad():
            return _out_tuple(func(*inputs))[oi].detach().double().reshape(-1).tolist()

    outs = _out_tuple(func(*inputs))
    for oi, o in enumerate(outs):
        if not (isinstance(o, Tensor) and o.requires_grad):
            continue
        n_out = o.numel()
        for ii in tin:
            x = inputs[ii]
            n_in = x.numel()
            d = x.detach()
            num = []
            for k in range(n_in):
                idx = _unravel(k, x.shape)
                orig = d[idx].item()
                d[idx] = orig + eps
                fp = run(oi)
                d[idx] = orig - eps
                fm = run(oi)
                d[idx] = orig
                num.append([(fp[j] - fm[j]) / (2 * eps) for j in range(n_out)])
            ana = [[0.0] * n_out for _ in range(n_in)]
            for j in range(n_out):
                go = torch.zeros_like(o)
                go[_unravel(j, o.shape)] = 1
                (g,) = grad([o], [x], [go], retain_graph=True, allow_unused=True)
                if g is not None:
                    gl = g.double().reshape(-1).tolist()
                    for k in range(n_in):
                        ana[k][j] = gl[k]
            for k in range(n_in):
                for j in range(n_out):
                    if abs(ana[k][j] - num[k][j]) > atol + rtol * abs(num[k][j]):
                        if not raise_exception:
                            return False
                        raise GradcheckError("Jacobian mismatch for output %d with respect to input %d,\n"
                                             "numerical:%r\nanalytical:%r\n" % (oi, ii, num[k][j], ana[k][j]))
    return True


# ---------------------------------------------------------------- formulas
# Each takes (grad, output, *args, **kwargs) with the call's own arguments (detached) and returns
# [(argument, gradient), ...]; the engine fits gradients to the argument's shape and dtype. Ops with
# several outputs get lists of grads (None where unused) and outputs.

import math as _math

_FORMULAS = {}


def _f(names, clsname):
    def deco(fn):
        for n in names.split():
            _FORMULAS[n] = (clsname, fn)
        return fn
    return deco


def _dims(dim, nd):
    if dim is None:
        return list(range(nd))
    if isinstance(dim, int):
        dim = [dim]
    return sorted(d % nd if nd else 0 for d in dim)


def _unsqueeze_to(g, x, dim, keepdim):
    """g reduced over dim of x: back to x's rank (size-1 dims), ready to broadcast."""
    if x.dim() == 0:
        return g
    if dim is None:
        return g.reshape([1] * x.dim())
    if not keepdim:
        for d in _dims(dim, x.dim()):
            g = g.unsqueeze(d)
    return g


def _count(x, dim):
    if dim is None:
        return x.numel()
    c = 1
    for d in _dims(dim, x.dim()):
        c *= x.shape[d]
    return c


def _scalar_or(v):
    return v


@_f("add", "AddBackward0")
def _d_add(g, o, a, b, alpha=1):
    return [(a, g), (b, g if alpha == 1 else g * alpha)]


@_f("sub subtract", "SubBackward0")
def _d_sub(g, o, a, b, alpha=1):
    return [(a, g), (b, -g if alpha == 1 else g * (-alpha))]


@_f("mul multiply", "MulBackward0")
def _d_mul(g, o, a, b):
    return [(a, g * b), (b, g * a)]


@_f("div divide true_divide", "DivBackward0")
def _d_div(g, o, a, b, rounding_mode=None):
    if rounding_mode is not None:
        return [(a, g * 0), (b, g * 0)]
    return [(a, g / b), (b, -g * a / (b * b))]


@_f("pow", "PowBackward0")
def _d_pow(g, o, a, b):
    res = []
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            ga = g * b * a.pow(b - 1)
        elif b == 0:
            ga = g * 0
        else:
            ga = g * b * a.pow(b - 1)
        res.append((a, ga))
    if isinstance(b, Tensor):
        if isinstance(a, Tensor):
            la = a.log()
            gb = g * o * torch.where((a == 0) & (b >= 0), torch.zeros_like(la), la)
        else:
            gb = g * o * _math.log(a)
        res.append((b, gb))
    return res


@_f("neg negative", "NegBackward0")
def _d_neg(g, o, a):
    return [(a, -g)]


@_f("abs", "AbsBackward0")
def _d_abs(g, o, a):
    return [(a, g * a.sign())]


@_f("exp", "ExpBackward0")
def _d_exp(g, o, a):
    return [(a, g * o)]


@_f("exp2", "Exp2Backward0")
def _d_exp2(g, o, a):
    return [(a, g * o * _math.log(2.0))]


@_f("log", "LogBackward0")
def _d_log(g, o, a):
    return [(a, g / a)]


@_f("log2", "Log2Backward0")
def _d_log2(g, o, a):
    return [(a, g / (a * _math.log(2.0)))]


@_f("sqrt", "SqrtBackward0")
def _d_sqrt(g, o, a):
    return [(a, g / (2 * o))]


@_f("rsqrt", "RsqrtBackward0")
def _d_rsqrt(g, o, a):
    return [(a, g * o * o * o * -0.5)]


@_f("tanh", "TanhBackward0")
def _d_tanh(g, o, a):
    return [(a, g * (1 - o * o))]


@_f("sigmoid", "SigmoidBackward0")
def _d_sigmoid(g, o, a):
    return [(a, g * o * (1 - o))]


@_f("relu", "ReluBackward0")
def _d_relu(g, o, a):
    return [(a, g * (o > 0))]


@_f("sin", "SinBackward0")
def _d_sin(g, o, a):
    return [(a, g * a.cos())]


@_f("cos", "CosBackward0")
def _d_cos(g, o, a):
    return [(a, -g * a.sin())]


@_f("reciprocal", "ReciprocalBackward0")
def _d_recip(g, o, a):
    return [(a, -g * o * o)]


@_f("square", "PowBackward0")
def _d_square(g, o, a):
    return [(a, 2 * g * a)]


@_f("sign floor ceil round trunc", "SignBackward0")
def _d_zero(g, o, a, *args, **kw):
    return [(a, g * 0)]


@_f("clamp clip", "ClampBackward1")
def _d_clamp(g, o, a, min=None, max=None):
    mask = torch.ones_like(a, dtype=torch.bool)
    res = []
    if min is not None:
        mask = mask & (a >= min)
        if isinstance(min, Tensor):
            res.append((min, g * (a < min)))
    if max is not None:
        mask = mask & (a <= max)
        if isinstance(max, Tensor):
            res.append((max, g * (a > max)))
    res.append((a, g * mask))
    return res


@_f("maximum", "MaximumBackward0")
def _d_maximum(g, o, a, b):
    eq = (a == b) * 0.5
    return [(a, g * ((a > b) + eq)), (b, g * ((b > a) + eq))]


@_f("minimum", "MinimumBackward0")
def _d_minimum(g, o, a, b):
    eq = (a == b) * 0.5
    return [(a, g * ((a < b) + eq)), (b, g * ((b < a) + eq))]


@_f("where", "WhereBackward0")
def _d_where(g, o, a, b, c):
    # torch.where(cond, x, y) or x.where(cond, y)
    if isinstance(a, Tensor) and a.dtype == torch.bool:
        cond, x, y = a, b, c
    else:
        cond, x, y = b, a, c
    z = torch.zeros_like(g)
    return [(x, torch.where(cond, g, z)), (y, torch.where(cond, z, g))]


@_f("masked_fill", "MaskedFillBackward0")
def _d_masked_fill(g, o, a, mask, value):
    res = [(a, g.masked_fill(mask, 0))]
    if isinstance(value, Tensor):
        res.append((value, (g * mask).sum()))
    return res


@_f("sum", ("SumBackward0", "SumBackward1"))
def _d_sum(g, o, a, dim=None, keepdim=False, dtype=None):
    return [(a, _unsqueeze_to(g, a, dim, keepdim).expand(a.shape))]


@_f("mean", ("MeanBackward0", "MeanBackward1"))
def _d_mean(g, o, a, dim=None, keepdim=False, dtype=None):
    return [(a, _unsqueeze_to(g, a, dim, keepdim).expand(a.shape) / _count(a, dim))]


def _ddof(unbiased, correction):
    if correction is not None:
        return correction
    return 1 if unbiased else 0


@_f("var", "VarBackward0")
def _d_var(g, o, a, dim=None, unbiased=True, keepdim=False, correction=None):
    n = _count(a, dim)
    mean = a.mean(dim=dim, keepdim=True) if dim is not None else a.mean()
    gg = _unsqueeze_to(g, a, dim, keepdim)
    return [(a, gg * (a - mean) * (2.0 / (n - _ddof(unbiased, correction))))]


@_f("std", "StdBackward0")
def _d_std(g, o, a, dim=None, unbiased=True, keepdim=False, correction=None):
    n = _count(a, dim)
    mean = a.mean(dim=dim, keepdim=True) if dim is not None else a.mean()
    gg = _unsqueeze_to(g, a, dim, keepdim)
    oo = _unsqueeze_to(o, a, dim, keepdim)
    return [(a, gg * (a - mean) / (oo * (n - _ddof(unbiased, correction))))]


def _evenly(g, o, a, dim, keepdim):
    oo = _unsqueeze_to(o, a, dim, keepdim)
    mask = (a == oo)
    if dim is None:
        cnt = mask.sum()
    else:
        cnt = mask.sum(dim=tuple(_dims(dim, a.dim())), keepdim=True)
    return [(a, _unsqueeze_to(g, a, dim, keepdim) * mask / cnt)]


def _d_maxmin(name):
    def fn(g, o, a, dim=None, keepdim=False):
        if isinstance(dim, Tensor):   # max(a, other): elementwise
            return (_d_maximum if name == "max" else _d_minimum)(g, o, a, dim)
        if dim is None:
            return _evenly(g, o, a, None, False)
        gv = g[0]
        if gv is None:
            return []
        idx = o[1]
        d = dim % a.dim() if a.dim() else 0
        if not keepdim and a.dim():
            idx = idx.unsqueeze(d)
            gv = gv.unsqueeze(d)
        shape = [1] * a.dim()
        if a.dim():
            shape[d] = a.shape[d]
        pos = torch.arange(a.shape[d] if a.dim() else 1, device=a.device).reshape(shape)
        return [(a, gv * (pos == idx))]
    return fn


_FORMULAS["max"] = (("MaxBackward1", "MaxBackward0"), _d_maxmin("max"))
_FORMULAS["min"] = (("MinBackward1", "MinBackward0"), _d_maxmin("min"))


@_f("amax", "AmaxBackward0")
def _d_amax(g, o, a, dim=None, keepdim=False):
    if dim == () or dim == []:
        dim = None
    return _evenly(g, o, a, dim, keepdim)


_FORMULAS["amin"] = ("AminBackward0", _d_amax)


@_f("prod", "ProdBackward0")
def _d_prod(g, o, a, dim=None, keepdim=False, dtype=None):
    gg = _unsqueeze_to(g, a, dim, keepdim)
    oo = _unsqueeze_to(o, a, dim, keepdim)
    return [(a, gg * oo / a)]


@_f("cumsum", "CumsumBackward0")
def _d_cumsum(g, o, a, dim, dtype=None):
    return [(a, g.sum(dim=dim, keepdim=True) - g.cumsum(dim) + g)]


def _mm_grads(g, a, b):
    if a.dim() == 1 and b.dim() == 1:
        return [(a, g * b), (b, g * a)]
    a1 = a.unsqueeze(0) if a.dim() == 1 else a
    b1 = b.unsqueeze(-1) if b.dim() == 1 else b
    g1 = g
    if a.dim() == 1:
        g1 = g1.unsqueeze(-2)
    if b.dim() == 1:
        g1 = g1.unsqueeze(-1)
    ga = g1.matmul(b1.transpose(-1, -2))
    gb = a1.transpose(-1, -2).matmul(g1)
    ga = _reduce_to(ga, a1.shape).reshape(a.shape)
    gb = _reduce_to(gb, b1.shape).reshape(b.shape)
    return [(a, ga), (b, gb)]


@_f("matmul", "MmBackward0")
def _d_matmul(g, o, a, b):
    return _mm_grads(g, a, b)


@_f("mm", "MmBackward0")
def _d_mm(g, o, a, b):
    return _mm_grads(g, a, b)


@_f("bmm", "BmmBackward0")
def _d_bmm(g, o, a, b):
    return _mm_grads(g, a, b)


@_f("linear", "AddmmBackward0")
def _d_linear(g, o, x, w, bias=None):
    res = _mm_grads(g, x, w.t())
    res = [(x, res[0][1]), (w, res[1][1].t())]
    if isinstance(bias, Tensor):
        res.append((bias, g))
    return res


def _softmax_dim(x, dim):
    if dim is None:
        return 0 if x.dim() in (0, 1, 3) else 1
    return dim


@_f("softmax", "SoftmaxBackward0")
def _d_softmax(g, o, x, dim=None, dtype=None, _stacklevel=3):
    dim = _softmax_dim(x, dim)
    g = g.to(o.dtype)
    return [(x, o * (g - (g * o).sum(dim=dim, keepdim=True)))]


@_f("log_softmax", "LogSoftmaxBackward0")
def _d_log_softmax(g, o, x, dim=None, dtype=None, _stacklevel=3):
    dim = _softmax_dim(x, dim)
    g = g.to(o.dtype)
    return [(x, g - o.exp() * g.sum(dim=dim, keepdim=True))]


def _norm_shape(normalized_shape):
    if isinstance(normalized_shape, int):
        return (normalized_shape,)
    return tuple(normalized_shape)


@_f("layer_norm", "NativeLayerNormBackward0")
def _d_layer_norm(g, o, x, normalized_shape, weight=None, bias=None, eps=1e-05):
    ns = _norm_shape(normalized_shape)
    n = 1
    for s in ns:
        n *= s
    xs = tuple(x.shape)
    x2 = x.double().reshape(-1, n)
    g2 = g.double().reshape(-1, n)
    mean = x2.mean(dim=1, keepdim=True)
    var = ((x2 - mean) * (x2 - mean)).mean(dim=1, keepdim=True)
    rstd = (var + eps).rsqrt()
    xhat = (x2 - mean) * rstd
    gh = g2 * weight.double().reshape(1, n) if isinstance(weight, Tensor) else g2
    gx = rstd * (gh - gh.mean(dim=1, keepdim=True) - xhat * (gh * xhat).mean(dim=1, keepdim=True))
    res = [(x, gx.reshape(xs))]
    if isinstance(weight, Tensor):
        res.append((weight, (g2 * xhat).sum(dim=0).reshape(ns)))
    if isinstance(bias, Tensor):
        res.append((bias, g2.sum(dim=0).reshape(ns)))
    return res


@_f("rms_norm", "RmsNormBackward0")
def _d_rms_norm(g, o, x, normalized_shape, weight=None, eps=None):
    ns = _norm_shape(normalized_shape)
    n = 1
    for s in ns:
        n *= s
    if eps is None:
        eps = torch.finfo(x.dtype).eps
    xs = tuple(x.shape)
    x2 = x.double().reshape(-1, n)
    g2 = g.double().reshape(-1, n)
    rstd = ((x2 * x2).mean(dim=1, keepdim=True) + eps).rsqrt()
    gh = g2 * weight.double().reshape(1, n) if isinstance(weight, Tensor) else g2
    gx = rstd * (gh - x2 * (rstd * rstd) * (gh * x2).mean(dim=1, keepdim=True))
    res = [(x, gx.reshape(xs))]
    if isinstance(weight, Tensor):
        res.append((weight, (g2 * x2 * rstd).sum(dim=0).reshape(ns)))
    return res


@_f("silu", "SiluBackward0")
def _d_silu(g, o, x, inplace=False):
    s = x.sigmoid()
    return [(x, g * s * (1 + x * (1 - s)))]


@_f("gelu", "GeluBackward0")
def _d_gelu(g, o, x, approximate="none"):
    xd = x.double()
    if approximate == "tanh":
        k = _math.sqrt(2.0 / _math.pi)
        inner = k * (xd + 0.044715 * xd * xd * xd)
        t = inner.tanh()
        d = 0.5 * (1 + t) + 0.5 * xd * (1 - t * t) * k * (1 + 3 * 0.044715 * xd * xd)
    else:
        # Phi(x) from the forward result where x != 0 (o = x * Phi(x)), 0.5 at 0
        od = o.double()
        nz = xd != 0
        phi_cdf = torch.where(nz, od / torch.where(nz, xd, torch.ones_like(xd)), torch.full_like(xd, 0.5))
        pdf = (xd * xd * -0.5).exp() / _math.sqrt(2.0 * _math.pi)
        d = phi_cdf + xd * pdf
    return [(x, g * d)]


@_f("reshape view view_as reshape_as flatten squeeze unsqueeze", "ViewBackward0")
def _d_reshape(g, o, a, *args, **kw):
    if args and isinstance(args[0], torch.dtype):
        raise RuntimeError("flyi's autograd cannot differentiate view(dtype)")
    return [(a, g.reshape(a.shape))]


@_f("expand expand_as broadcast_to", "ExpandBackward0")
def _d_expand(g, o, a, *args, **kw):
    return [(a, g)]


@_f("transpose", "TransposeBackward0")
def _d_transpose(g, o, a, d0, d1):
    return [(a, g.transpose(d0, d1))]


@_f("t", "TBackward0")
def _d_t(g, o, a):
    return [(a, g.t() if g.dim() == 2 else g)]


@_f("T", "PermuteBackward0")
def _d_T(g, o, a):
    return [(a, g.permute(*reversed(range(g.dim()))) if g.dim() > 1 else g)]


@_f("mT", "TransposeBackward0")
def _d_mT(g, o, a):
    return [(a, g.transpose(-2, -1))]


@_f("permute", "PermuteBackward0")
def _d_permute(g, o, a, *dims):
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    nd = a.dim()
    inv = [0] * nd
    for i, d in enumerate(dims):
        inv[d % nd] = i
    return [(a, g.permute(*inv))]


@_f("narrow", "NarrowBackward0")
def _d_narrow(g, o, a, dim, start, length):
    z = torch.zeros_like(a)
    z.narrow(dim, start, length).copy_(g)
    return [(a, z)]


def _getitem_name(args, kw):
    key = args[1]
    keys = key if isinstance(key, tuple) else (key,)
    if all(isinstance(k, int) for k in keys):
        return "SelectBackward0"
    if all(isinstance(k, (int, slice)) or k is None or k is Ellipsis for k in keys):
        return "SliceBackward0"
    return "IndexBackward0"


@_f("__getitem__", _getitem_name)
def _d_getitem(g, o, a, key):
    keys = key if isinstance(key, tuple) else (key,)
    if any(isinstance(k, (Tensor, list)) for k in keys):
        # advanced indexing may select an element more than once: the gradients add up
        ids = torch.arange(a.numel(), device=a.device).reshape(a.shape)[key].reshape(-1).tolist()
        acc = [0.0] * a.numel()
        for i, v in zip(ids, g.double().reshape(-1).tolist()):
            acc[i] += v
        return [(a, torch.tensor(acc, dtype=torch.float64, device=a.device).reshape(a.shape))]
    z = torch.zeros_like(a)
    z[key] = g
    return [(a, z)]


def _d_split_like(g, o, a, arg, dim=0):
    parts = [gi if gi is not None else torch.zeros_like(oi) for gi, oi in zip(g, o)]
    return [(a, torch.cat(parts, dim))]


_FORMULAS["split"] = ("SplitBackward0", _d_split_like)
_FORMULAS["chunk"] = ("SplitBackward0", _d_split_like)


@_f("cat concat", "CatBackward0")
def _d_cat(g, o, tensors, dim=0):
    res = []
    off = 0
    nd = g.dim()
    for t in tensors:
        if t.dim() == 1 and t.shape[0] == 0 and nd != 1:
            continue
        n = t.shape[dim]
        res.append((t, g.narrow(dim, off, n)))
        off += n
    return res


@_f("stack", "StackBackward0")
def _d_stack(g, o, tensors, dim=0):
    d = dim % g.dim()
    return [(t, g.narrow(d, i, 1).squeeze(d)) for i, t in enumerate(tensors)]


@_f("to float double half bfloat16 type cpu cuda contiguous clone", "ToCopyBackward0")
def _d_identity(g, o, a, *args, **kw):
    return [(a, g)]


@_f("copy", "CopyBackwards")
def _d_copy(g, o, a, src, non_blocking=False):
    return [(a, g * 0), (src, g)]


@_f("zero fill", "FillBackward0")
def _d_fill(g, o, a, *args):
    return [(a, g * 0)]
