# trace_gen.py SEED [OPTIONS] - write one random differential-test program for the tracer to stdout.
#
# Runs under flyi or CPython 3.11; the program it writes runs under flyi (FLYI_BACKEND=emu). The program
# holds a random kernel body twice: once as a @flyc.kernel (traced, compiled, run per thread on the
# emulator) and once as plain Python per thread (the oracle), with every DSL numeric replaced by a
# Python value of the same width (tests/fuzz/trace_rt.py, copied into the program). It prints each
# thread's result words and "match" when both agree bit for bit (NaNs compare equal). The program is a
# function of SEED and the options only.
#
# Options:  --carry   also generate what the tracer cannot carry yet (issue 13 item 1/2): lists and
#                     tuples rebound or stored into under a runtime if/for/while, init=/yield loops
#                     inside a runtime if.
#           --threads N (default 8)
#           --rt PATH  the oracle's runtime (default: trace_rt.py beside this file)
import random
import sys

# type name -> (DSL name, width, signed, is_float)
TYPES = {"b": ("Boolean", 1, 1, 0), "i8": ("Int8", 8, 1, 0), "i16": ("Int16", 16, 1, 0),
         "i32": ("Int32", 32, 1, 0), "i64": ("Int64", 64, 1, 0), "u8": ("Uint8", 8, 0, 0),
         "u16": ("Uint16", 16, 0, 0), "u32": ("Uint32", 32, 0, 0), "u64": ("Uint64", 64, 0, 0),
         "f32": ("Float32", 32, 1, 1), "f64": ("Float64", 64, 1, 1)}
INTS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]
COMMON_INTS = ["i32", "i32", "i32", "i64", "i64", "u32", "u32", "u64", "i8", "i16", "u8", "u16"]
FLOATS = ["f32", "f32", "f32", "f64"]
ARITH = ["+", "-", "*", "//", "%", "/"]
BITS = ["&", "|", "^", "<<", ">>"]
CMPS = ["<", "<=", ">", ">=", "==", "!="]
ONAME = {"+": "_add", "-": "_sub", "*": "_mul", "//": "_floordiv", "%": "_mod", "/": "_div",
         "&": "_and", "|": "_or", "^": "_xor", "<<": "_shl", ">>": "_shr"}


def isf(t):
    return TYPES[t][3] == 1


def width(t):
    return TYPES[t][1]


def signed(t):
    return TYPES[t][2] == 1


def dsl(t):
    return "fx." + TYPES[t][0]


def widen_float(f, w):
    if width(f) >= w:
        return f
    return "f32" if w <= 32 else "f64"


def resolve(ta, tb):
    # FlyDSL numeric.py _resolve_numeric_type
    if ta == tb:
        return ta
    if isf(ta) and not isf(tb):
        return widen_float(ta, width(tb))
    if isf(tb) and not isf(ta):
        return widen_float(tb, width(ta))
    if isf(ta) and isf(tb):
        return ta if width(ta) > width(tb) else tb
    if signed(ta) == signed(tb):
        return ta if width(ta) >= width(tb) else tb
    u, s = (ta, tb) if not signed(ta) else (tb, ta)
    return u if width(u) >= width(s) else s


def common(ta, tb, op):
    # FlyDSL numeric.py _common_numeric_type_for_op (Boolean widens to Int32 for arithmetic)
    if op in ARITH:
        ta = "i32" if ta == "b" else ta
        tb = "i32" if tb == "b" else tb
    return ta, tb, resolve(ta, tb)


def lit_type(v):
    if isinstance(v, bool):
        return "b"
    if isinstance(v, float):
        return "f32"
    return "i32" if -2147483648 <= v <= 2147483647 else "i64"


class E:
    # an expression: kernel text, oracle text, type, static (a compile-time DSL value)
    def __init__(self, k, o, t, static=False):
        self.k = k
        self.o = o
        self.t = t
        self.static = static


class Gen:
    def __init__(self, seed, carry, threads):
        self.r = random.Random(seed)
        self.seed = seed
        self.carry = carry
        self.threads = threads
        self.n = 0
        self.kl = []   # kernel lines
        self.ol = []   # oracle lines
        self.helpers = []   # (kernel text, oracle text, param types, result type)
        self.helper_k = []
        self.helper_o = []

    def fresh(self, p):
        self.n += 1
        return p + str(self.n)

    def chance(self, p):
        return self.r.random() < p

    # ---- literals ----
    def int_lit(self, t=None):
        r = self.r
        c = r.random()
        if c < 0.5:
            v = r.randint(-9, 9)
        elif c < 0.7:
            v = r.choice([127, 128, 255, 256, -128, 32767, 65535, 65536, -32768, 1000, 12345])
        elif c < 0.85:
            v = r.choice([2147483647, -2147483648, 2147483648, 4294967295, -1, 1 << 31, (1 << 32) + 3])
        else:
            v = r.randint(-2147483648, 2147483647)
        if t is not None and not isf(t) and t != "b":
            w = min(width(t), 63)   # (flyi's ints are 64-bit: no 1 << 63)
            lo = -(1 << (w - 1)) if signed(t) else 0
            hi = (1 << (w - 1)) - 1 if (signed(t) or w == 63) else (1 << w) - 1
            if v < lo or v > hi:
                v = r.randint(max(lo, -(1 << 40)), min(hi, 1 << 40))
        return v

    def float_lit(self):
        r = self.r
        c = r.random()
        if c < 0.4:
            return float(r.randint(-8, 8)) / r.choice([1, 2, 4, 8])
        if c < 0.6:
            return r.choice([0.1, -0.0, 1e-3, 3.5e9, 1e30, -2.5e-39, 0.333, 16777217.0, 1e-45])
        return r.uniform(-100.0, 100.0)

    def lit_text(self, v):
        if isinstance(v, float):
            return repr(v)
        return str(v)

    # ---- expressions ----
    def leaf(self, env, want=None):
        names = [n for n in env if want is None or env[n] == want]
        if names and (self.chance(0.8) or (want is not None and isf(want))):
            n = self.r.choice(names)
            e = E(n, n, env[n], n in self.mstatic and not isf(env[n]))
            e.i2f64 = n in self.i2f
            return e
        t = want if want is not None else self.r.choice(COMMON_INTS + ["b"])
        if isf(t):
            # FlyDSL keeps a static Float32 in double precision: only dynamic floats here
            dyn = [n for n in env if isf(env[n]) or n not in self.mstatic]
            n = self.r.choice(dyn)
            return E("%s(%s)" % (dsl(t), n), "_cv(%s, '%s', '%s')" % (n, env[n], t), t)
        if t == "b":
            v = self.chance(0.5)
            return E("fx.Boolean(%s)" % v, "_lit(%d, 'b')" % int(v), "b", True)
        v = self.int_lit(t)
        s = self.lit_text(v)
        return E("%s(%s)" % (dsl(t), s), "_lit(%s, '%s')" % (s, t), t, True)

    def conv(self, e, t):
        # fx.T(e): int->int, int->float, float->float; None for float->int
        if e.t == t:
            return e
        if isf(e.t) and not isf(t):
            return None
        if e.static and isf(t):
            return None
        if t == "f32" and getattr(e, "i2f64", False):
            # MLIR's canonicalizer folds truncf(uitofp/sitofp i64 -> f64) into one i64 -> f32 conversion
            # (TruncFUIToFPToUIToFP), one rounding instead of Python's two: FlyDSL's compiled code does
            # the same, so the generator leaves that pair out
            return None
        r = E("%s(%s)" % (dsl(t), e.k), "_cv(%s, '%s', '%s')" % (e.o, e.t, t), t, e.static)
        r.i2f64 = t == "f64" and width(e.t) == 64 and not isf(e.t)
        return r

    def typed(self, env, t, depth):
        for _ in range(6):
            e = self.expr(env, depth)
            c = self.conv(e, t)
            if c is not None:
                return c
        return self.leaf(env, t)

    def int_expr(self, env, depth):
        for _ in range(6):
            e = self.expr(env, depth)
            if not isf(e.t):
                return e
        return self.leaf(env, "i32")

    def operand_lit(self, other_t, op):
        if isf(other_t) or op == "/" or (op in ARITH and self.chance(0.2)):
            v = self.float_lit() if self.chance(0.7) else self.r.randint(-4, 4)
        else:
            v = self.int_lit()
        return v

    def binop(self, env, depth):
        r = self.r
        op = r.choice(ARITH + ARITH + BITS + CMPS)
        a = self.expr(env, depth - 1)
        if op in BITS and isf(a.t):
            c = self.conv(a, r.choice(COMMON_INTS))
            a = c if c is not None else self.int_expr(env, depth - 1)
        if op in ("<<", ">>"):
            return self.shift(env, depth, a, op)
        lit = None
        if self.chance(0.35):
            lit = self.operand_lit(a.t, op)
            if op in BITS and isinstance(lit, float):
                lit = self.int_lit()
            b = E(self.lit_text(lit), None, lit_type(lit), True)
        else:
            b = self.expr(env, depth - 1)
            if op in BITS and isf(b.t):
                b = self.int_expr(env, depth - 1)
        if op in CMPS and a.t == "b" and b.t == "b":
            op = r.choice(["==", "!="])
        ta, tb, ct = common(a.t, b.t, op)
        if op in BITS and isf(ct):
            return a
        if op in ("//", "%") and not isf(ct):
            b = self.divisor(env, depth, ct)
            lit = getattr(b, "litv", None)
            ta, tb, ct = common(a.t, b.t, op)
        static = a.static and b.static
        if op == "%" and static and not isf(ct):
            op = "//"   # a static % floors like Python's, a dynamic one truncates (remsi): only dynamic ones
        rt = ct
        if op == "/" and not isf(ct):
            rt = "f64" if width(ct) > 32 else "f32"
        if op in CMPS:
            rt = "b"
        if static and isf(rt):
            return a    # FlyDSL computes a static float in double precision: not generated
        ao = self.oper(a, ta, ct, None)
        bo = self.oper(b, tb, ct, lit)
        swap = lit is not None and op not in CMPS and op not in ("//", "%") and self.chance(0.3)
        if op == "/" and not isf(ct):
            ao = "_cv(%s, '%s', '%s')" % (ao, ct, rt)
            bo = "_cv(%s, '%s', '%s')" % (bo, ct, rt)
            fn = "_div"
        elif op in CMPS:
            return E("(%s %s %s)" % (a.k, op, b.k), "_cmp('%s', %s, %s, '%s')" % (op, ao, bo, ct), "b", static)
        else:
            fn = ONAME[op]
        if swap:
            return E("(%s %s %s)" % (b.k, op, a.k), "%s(%s, %s, '%s')" % (fn, bo, ao, rt), rt, static)
        return E("(%s %s %s)" % (a.k, op, b.k), "%s(%s, %s, '%s')" % (fn, ao, bo, rt), rt, static)

    def oper(self, e, te, ct, lit):
        # the oracle text of operand e promoted to the common type ct (a Python literal is converted
        # straight to ct, as FlyDSL does: the literal stays a Python value until it is materialised)
        if lit is not None:
            return "_lit(%s, '%s')" % (self.lit_text(lit), ct)
        o = e.o
        if te != e.t:
            o = "_cv(%s, '%s', '%s')" % (o, e.t, te)
        if ct != te:
            o = "_cv(%s, '%s', '%s')" % (o, te, ct)
        return o

    def divisor(self, env, depth, ct):
        # never zero, never -1: a constant, or (x & M) + 1
        r = self.r
        if self.chance(0.4):
            v = r.choice([2, 3, 5, 7, 10, 13, 255, 256, 1000, -2, -3, -7, -128, 65536])
            if not signed(ct) and v < 0:
                v = -v
            e = E(str(v), None, lit_type(v), True)
            e.litv = v
            return e
        x = self.int_expr(env, depth - 1)
        m = r.choice([3, 7, 15, 255, 0x7FFF])
        _, _, t1 = common(x.t, "i32", "&")
        _, _, t2 = common(t1, "i32", "+")
        k = "((%s & %d) + 1)" % (x.k, m)
        o = "_add(_cv(_and(_cv(%s, '%s', '%s'), _lit(%d, '%s'), '%s'), '%s', '%s'), _lit(1, '%s'), '%s')" % (
            x.o, x.t, t1, m, t1, t1, t1, t2, t2, t2)
        return E(k, o, t2, x.static)

    def shift(self, env, depth, a, op):
        r = self.r
        if self.chance(0.5):
            _, _, ct = common(a.t, "i32", op)
            n = r.randint(0, width(ct) - 1)
            o = "%s(_cv(%s, '%s', '%s'), %d, '%s')" % (ONAME[op], a.o, a.t, ct, n, ct)
            return E("(%s %s %d)" % (a.k, op, n), o, ct, a.static)
        x = self.int_expr(env, depth - 1)
        _, _, t1 = common(x.t, "i32", "&")
        _, _, ct = common(a.t, t1, op)
        m = r.choice([width(ct) - 1, 7, 3])
        amt_o = "_and(_cv(%s, '%s', '%s'), %d, '%s')" % (x.o, x.t, t1, m, t1)
        o = "%s(_cv(%s, '%s', '%s'), _cv(%s, '%s', '%s'), '%s')" % (ONAME[op], a.o, a.t, ct, amt_o, t1, ct, ct)
        return E("(%s %s (%s & %d))" % (a.k, op, x.k, m), o, ct, a.static and x.static)

    def unary(self, env, depth):
        r = self.r
        a = self.expr(env, depth - 1)
        c = r.random()
        if c < 0.3 and a.t != "b":
            return E("(-%s)" % a.k, "_neg(%s, '%s')" % (a.o, a.t), a.t, a.static)
        if c < 0.5 and not isf(a.t):
            return E("(~%s)" % a.k, "_inv(%s, '%s')" % (a.o, a.t), a.t, a.static)
        if c < 0.6 and a.t != "b" and (isf(a.t) or signed(a.t)):
            return E("abs(%s)" % a.k, "_abs(%s, '%s')" % (a.o, a.t), a.t, a.static)
        if isf(a.t) and not a.static:
            fn = r.choice(["sqrt", "absf", "floor", "ceil", "trunc", "roundeven", "round"])
            if fn == "sqrt":
                o = "_sqrt(%s, '%s')" % (a.o, a.t)
            elif fn == "absf":
                o = "abs(%s)" % a.o
            else:
                o = "_%s(%s)" % (fn, a.o)
            return E("fx.math.%s(%s)" % (fn, a.k), o, a.t)
        if not isf(a.t) and a.t != "b" and not a.static and c < 0.8:
            fn = r.choice(["ctpop", "ctlz", "cttz"])
            o = "_cv(_%s(%s, '%s'), 'i64', '%s')" % ({"ctpop": "popc"}.get(fn, fn), a.o, a.t, a.t)
            return E("fx.math.%s(%s)" % (fn, a.k), o, a.t)
        t = r.choice(COMMON_INTS + FLOATS + ["b"])
        c2 = self.conv(a, t)
        return c2 if c2 is not None else a

    def select(self, env, depth):
        c = self.cond(env, depth - 1)
        a = self.expr(env, depth - 1)
        lit = None
        if self.chance(0.3):
            lit = self.operand_lit(a.t, "+")
            b = E(self.lit_text(lit), None, lit_type(lit), True)
        else:
            b = self.expr(env, depth - 1)
        t = resolve(a.t, b.t)
        # a static condition picks one value at trace time: static when that value is
        st = (a.static and b.static) or (c.static and (a.static or b.static))
        if st and isf(t):
            return a
        o = "(%s if %s else %s)" % (self.oper(a, a.t, t, None), c.o, self.oper(b, b.t, t, lit))
        if t == "f64" and c.static:
            # a static condition's select is the picked value, converted: see conv (i2f64)
            if (width(a.t) == 64 and not isf(a.t)) or (width(b.t) == 64 and not isf(b.t)) or \
                    getattr(a, "i2f64", False) or getattr(b, "i2f64", False):
                return a
        ca, cb = self.conv(a, t), self.conv(b, t)
        # fx.arith.select wants both operands of the result type; without a conversion (float -> int,
        # i64 -> f64 -> f32) the method form, which converts itself, stands in
        if self.chance(0.7) or lit is not None or a.static or b.static or ca is None or cb is None:
            return E("%s.select(%s, %s)" % (c.k, a.k, b.k), o, t, st)
        return E("fx.arith.select(%s, %s, %s)" % (c.k, ca.k, cb.k), o, t, st)

    def cond(self, env, depth):
        a = self.expr(env, depth)
        if a.t == "b" and self.chance(0.4):
            return a
        op = self.r.choice(CMPS)
        lit = None
        if self.chance(0.6):
            b = self.expr(env, depth)
        else:
            lit = self.operand_lit(a.t, op)
            b = E(self.lit_text(lit), None, lit_type(lit), True)
        if a.t == "b" and b.t == "b":
            op = self.r.choice(["==", "!="])   # i1 is signed in FlyDSL: True < False at run time
        ta, tb, ct = common(a.t, b.t, op)
        o = "_cmp('%s', %s, %s, '%s')" % (op, self.oper(a, a.t, ct, None), self.oper(b, b.t, ct, lit), ct)
        return E("(%s %s %s)" % (a.k, op, b.k), o, "b", a.static and b.static)

    def call(self, env, depth):
        if not self.helpers:
            return self.leaf(env)
        h = self.r.choice(self.helpers)
        name, pts, rt, st = h
        args = [self.typed(env, t, depth - 1) for t in pts]
        e = E("%s(%s)" % (name, ", ".join(a.k for a in args)),
              "%s_o(%s)" % (name, ", ".join(a.o for a in args)), rt, st)
        e.i2f64 = rt == "f64"   # (conservatively: the helper is inlined)
        return e

    def expr(self, env, depth):
        if depth <= 0 or self.chance(0.2):
            return self.leaf(env)
        c = self.r.random()
        if c < 0.55:
            e = self.binop(env, depth)
        elif c < 0.7:
            e = self.unary(env, depth)
        elif c < 0.8:
            e = self.select(env, depth)
        elif c < 0.9:
            e = self.cond(env, depth - 1)
        elif c < 0.93 and self.vecs:
            nm = self.r.choice(list(self.vecs))
            t, n = self.vecs[nm]
            i = self.r.randint(0, n - 1)
            if self.chance(0.2) and not isf(t):
                e = E("%s.reduce(fx.ReductionOp.ADD)" % nm, "_vsum(%s, '%s')" % (nm, t), t)
            else:
                e = E("%s[%d]" % (nm, i), "%s[%d]" % (nm, i), t)
                e.i2f64 = t == "f64"   # (extract of from_elements folds to the element)
        elif c < 0.95 and self.lists:
            nm = self.r.choice(list(self.lists))
            ts = self.lists[nm]
            i = self.r.randint(0, len(ts) - 1)
            e = E("%s[%d]" % (nm, i), "%s[%d]" % (nm, i), ts[i], "%s[%d]" % (nm, i) in self.mstatic)
            e.i2f64 = ts[i] == "f64"   # (conservatively)
        else:
            e = self.call(env, depth)
        return e

    # ---- statements ----
    def emit(self, ind, k, o=None):
        self.kl.append("    " * ind + k)
        self.ol.append("    " * ind + (k if o is None else o))

    def block(self, env, ind, depth, rt, nstmt):
        # env: the variables visible (name -> type); rt: inside runtime control flow
        local = dict(env)
        n0 = len(self.kl)
        for _ in range(nstmt):
            self.stmt(local, env, ind, depth, rt)
        if len(self.kl) == n0:
            self.emit(ind, "pass")
        return local

    def loop_body(self, env, ind, depth, rt, nstmt):
        # A body that makes a variable maybe-static makes it so for the statements before it too, from
        # the second iteration on: generate the body again until the marks no longer change.
        nk, no = len(self.kl), len(self.ol)
        lists = dict(self.lists)
        vecs = dict(self.vecs)
        for _ in range(8):
            before = set(self.mstatic)
            self.block(env, ind, depth, rt, nstmt)
            if self.mstatic == before:
                return
            del self.kl[nk:]
            del self.ol[no:]
            self.lists = dict(lists)
            self.vecs = dict(vecs)
        self.block(env, ind, depth, rt, nstmt)

    def assign_target(self, local, outer, rt, t):
        # an existing variable of type t that this block may rebind, or None
        names = [n for n in local if local[n] == t and n not in self.ro]
        return self.r.choice(names) if names else None

    def stmt(self, local, outer, ind, depth, rt):
        r = self.r
        c = r.random()
        d = r.randint(1, 3)
        if c < 0.35 or depth <= 0:
            # assignment: a new variable, or a rebinding (same type inside runtime control flow)
            if rt or self.chance(0.5):
                t = r.choice(list(local.values())) if local else "i32"
                tgt = self.assign_target(local, outer, rt, t) if self.chance(0.6) else None
                e = self.typed(local, t, d)
                if tgt is None:
                    tgt = self.fresh("v")
                local[tgt] = t
                if getattr(e, "i2f64", False):
                    self.i2f.add(tgt)
                if e.static:
                    self.mstatic.add(tgt)
                self.emit(ind, "%s = %s" % (tgt, e.k), "%s = %s" % (tgt, e.o))
            else:
                e = self.expr(local, d)
                nm = self.assign_target(local, outer, rt, e.t) if self.chance(0.3) else None
                if nm is None or nm in self.ro:
                    nm = self.fresh("v")
                local[nm] = e.t
                if getattr(e, "i2f64", False):
                    self.i2f.add(nm)
                if e.static:
                    self.mstatic.add(nm)
                self.emit(ind, "%s = %s" % (nm, e.k), "%s = %s" % (nm, e.o))
            return
        if c < 0.5:
            self.gen_if(local, ind, depth, rt)
        elif c < 0.6:
            self.gen_for(local, ind, depth, rt)
        elif c < 0.67:
            self.gen_while(local, ind, depth, rt)
        elif c < 0.75:
            self.gen_constexpr(local, ind, depth, rt)
        elif c < 0.83:
            if (rt or self.nest) and not self.carry:
                # init=/yield under a runtime if or inside any loop: the bytecode compiler's stack-depth
                # bug of issue 13 item 2 (--carry generates them)
                return self.stmt(local, outer, ind, 0, rt)
            self.gen_init_loop(local, ind, depth, rt)
        elif c < 0.88:
            self.gen_list(local, ind, depth, rt)
        elif c < 0.93:
            self.gen_vector(local, ind, depth, rt)
        else:
            self.gen_tuple(local, ind, depth, rt)

    def gen_if(self, local, ind, depth, rt):
        c = self.cond(local, 2)
        self.emit(ind, "if %s:" % c.k, "if %s:" % c.o)
        self.block(local, ind + 1, depth - 1, True, self.r.randint(1, 3))
        n = self.r.random()
        if n < 0.3:
            c2 = self.cond(local, 1)
            self.emit(ind, "elif %s:" % c2.k, "elif %s:" % c2.o)
            self.block(local, ind + 1, depth - 1, True, self.r.randint(1, 2))
        if n < 0.7:
            self.emit(ind, "else:")
            self.block(local, ind + 1, depth - 1, True, self.r.randint(1, 2))

    def small_bound(self, env):
        x = self.int_expr(env, 1)
        m = self.r.choice([1, 3, 3, 7])
        # fx.Int32(x & m): a run-time trip count of at most m
        return E("fx.Int32(%s & %d)" % (x.k, m), "_cv(_and(_cv(%s, '%s', '%s'), %d, '%s'), '%s', 'i32')" % (
            x.o, x.t, common(x.t, "i32", "&")[2], m, common(x.t, "i32", "&")[2], common(x.t, "i32", "&")[2]),
            "i32", x.static)

    def gen_for(self, local, ind, depth, rt):
        r = self.r
        iv = self.fresh("i")
        hi = self.small_bound(local)
        c = r.random()
        if c < 0.5:
            hk, ho = "range(%s)" % hi.k, "range(%s)" % hi.o
        elif c < 0.8 or not self.carry:
            lo = r.randint(-2, 2)
            st = r.choice([1, 1, 2])
            hk, ho = "range(%d, %s, %d)" % (lo, hi.k, st), "range(%d, %s, %d)" % (lo, hi.o, st)
        else:
            # a negative step over run-time bounds (issue 13 item 1: refused today)
            lo = r.randint(-2, 1)
            hk, ho = "range(%s, %d, -1)" % (hi.k, lo), "range(%s, %d, -1)" % (hi.o, lo)
        self.emit(ind, "for %s in %s:" % (iv, hk), "for %s in %s:" % (iv, ho))
        ivv = self.fresh("v")
        self.emit(ind + 1, "%s = fx.Int32(%s)" % (ivv, iv), "%s = %s" % (ivv, iv))
        inner = dict(local)
        inner[ivv] = "i32"
        self.ro.add(ivv)
        if hi.static:
            self.mstatic.add(ivv)
        self.nest += 1
        self.loop_body(inner, ind + 1, depth - 1, True, r.randint(1, 3))
        self.nest -= 1

    def gen_while(self, local, ind, depth, rt):
        w = self.fresh("w")
        b = self.small_bound(local)
        if self.chance(0.5):
            self.emit(ind, "%s = fx.Int32(0)" % w, "%s = 0" % w)
        else:
            self.emit(ind, "%s = %s - %s" % (w, b.k, b.k), "%s = 0" % w)
        lim = self.fresh("v")
        self.emit(ind, "%s = %s" % (lim, b.k), "%s = %s" % (lim, b.o))
        self.emit(ind, "while %s < %s:" % (w, lim), "while %s < %s:" % (w, lim))
        inner = dict(local)
        inner[w] = "i32"
        inner[lim] = "i32"
        self.ro.add(w)
        self.ro.add(lim)
        self.mstatic.add(w)
        if b.static:
            self.mstatic.add(lim)
        self.nest += 1
        self.loop_body(inner, ind + 1, depth - 1, True, self.r.randint(1, 2))
        self.nest -= 1
        self.emit(ind + 1, "%s = %s + 1" % (w, w), "%s = %s + 1" % (w, w))

    def gen_constexpr(self, local, ind, depth, rt):
        iv = self.fresh("k")
        n = self.r.randint(1, 3)
        self.emit(ind, "for %s in fx.range_constexpr(%d):" % (iv, n), "for %s in range(%d):" % (iv, n))
        ivv = self.fresh("v")
        self.emit(ind + 1, "%s = fx.Int32(%s)" % (ivv, iv), "%s = %s" % (ivv, iv))
        inner = dict(local)
        inner[ivv] = "i32"
        self.ro.add(ivv)
        self.mstatic.add(ivv)
        # the body runs at trace time: assignments to outer variables of the same type only
        self.nest += 1
        self.loop_body(inner, ind + 1, depth - 1, rt, self.r.randint(1, 3))
        self.nest -= 1
        for nm in list(local):
            pass

    def gen_init_loop(self, local, ind, depth, rt):
        r = self.r
        ns = r.randint(1, 3)
        types = [r.choice(["i32", "i32", "f32", "i64", "u32", "f64"]) for _ in range(ns)]
        inits = [self.typed(local, t, 2) for t in types]
        iv = self.fresh("i")
        hi = self.small_bound(local)
        st = [self.fresh("s") for _ in range(ns)]
        res = [self.fresh("r") for _ in range(ns)]
        lo = r.randint(-1, 1)
        ik = "[%s]" % ", ".join(e.k for e in inits)
        io = "[%s]" % ", ".join(e.o for e in inits)
        stv = self.fresh("st")
        if ns == 1 or self.chance(0.3):
            self.emit(ind, "for %s, %s in range(%d, %s, 1, init=%s):" % (iv, stv, lo, hi.k, ik),
                      "%s = %s" % (stv, io))
            self.ol.append("    " * ind + "for %s in range(%d, %s, 1):" % (iv, lo, hi.o))
            for j in range(ns):
                self.emit(ind + 1, "%s = %s[%d]" % (st[j], stv, j))
        else:
            self.emit(ind, "for %s, (%s) in range(%d, %s, 1, init=%s):" % (iv, ", ".join(st), lo, hi.k, ik),
                      "%s = %s" % (stv, io))
            self.ol.append("    " * ind + "for %s in range(%d, %s, 1):" % (iv, lo, hi.o))
            self.ol.append("    " * (ind + 1) + "%s = %s" % (", ".join(st), stv if ns > 1 else stv))
        ivv = self.fresh("v")
        self.emit(ind + 1, "%s = fx.Int32(%s)" % (ivv, iv), "%s = %s" % (ivv, iv))
        inner = dict(local)
        for j in range(ns):
            inner[st[j]] = types[j]
            self.ro.add(st[j])
        inner[ivv] = "i32"
        self.ro.add(ivv)
        if hi.static:
            self.mstatic.add(ivv)
            for j in range(ns):
                self.mstatic.add(st[j])
        saved = self.ro
        # the body may not rebind outer variables (only the state is carried)
        self.ro = set(saved) | set(local)
        self.nest += 1
        self.loop_body(inner, ind + 1, depth - 1, True, r.randint(0, 2))
        self.nest -= 1
        self.ro = saved
        ys = [self.typed(inner, types[j], 2) for j in range(ns)]
        if ns == 1:
            self.emit(ind + 1, "%s = yield [%s]" % (res[0], ys[0].k), "%s = [%s]" % (stv, ys[0].o))
            self.ol.append("    " * ind + "%s = %s[0]" % (res[0], stv))
        else:
            self.emit(ind + 1, "%s = yield [%s]" % (", ".join(res), ", ".join(y.k for y in ys)),
                      "%s = [%s]" % (stv, ", ".join(y.o for y in ys)))
            self.ol.append("    " * ind + "%s = %s" % (", ".join(res), stv))
        for j in range(ns):
            local[res[j]] = types[j]
            if hi.static:
                self.mstatic.add(res[j])

    def gen_list(self, local, ind, depth, rt):
        r = self.r
        if self.lists and (not rt or self.carry) and self.chance(0.6):
            nm = r.choice(list(self.lists))
            ts = self.lists[nm]
            if self.chance(0.5):
                i = r.randint(0, len(ts) - 1)
                e = self.typed(local, ts[i], 2)
                if e.static:
                    self.mstatic.add("%s[%d]" % (nm, i))
                self.emit(ind, "%s[%d] = %s" % (nm, i, e.k), "%s[%d] = %s" % (nm, i, e.o))
            else:
                # rebuild the list from its own elements (a permutation where the types allow)
                es = [self.typed(local, t, 1) for t in ts]
                for i in range(len(es)):
                    if es[i].static:
                        self.mstatic.add("%s[%d]" % (nm, i))
                self.emit(ind, "%s = [%s]" % (nm, ", ".join(e.k for e in es)),
                          "%s = [%s]" % (nm, ", ".join(e.o for e in es)))
            return
        if rt:
            return
        nm = self.fresh("L")
        ts = [r.choice(COMMON_INTS + FLOATS) for _ in range(r.randint(1, 4))]
        es = [self.typed(local, t, 2) for t in ts]
        for i in range(len(es)):
            if es[i].static:
                self.mstatic.add("%s[%d]" % (nm, i))
        self.emit(ind, "%s = [%s]" % (nm, ", ".join(e.k for e in es)), "%s = [%s]" % (nm, ", ".join(e.o for e in es)))
        self.lists[nm] = ts

    def gen_vector(self, local, ind, depth, rt):
        # fx.Vector values: built from scalars, combined element-wise, read by element or reduced
        r = self.r
        if self.vecs and (not rt or self.carry) and self.chance(0.6):
            a = r.choice(list(self.vecs))
            t, n = self.vecs[a]
            same = [v for v in self.vecs if self.vecs[v] == (t, n)]
            b = r.choice(same)
            op = r.choice(["+", "-", "*"] + ([] if isf(t) else ["&", "|", "^"]))
            dst = a if (rt or self.chance(0.5)) else self.fresh("V")
            self.emit(ind, "%s = %s %s %s" % (dst, a, op, b),
                      "%s = [%s(x, y, '%s') for x, y in zip(%s, %s)]" % (dst, ONAME[op], t, a, b))
            self.vecs[dst] = (t, n)
            return
        if rt:
            return
        t = r.choice(["i32", "i32", "u32", "f32", "f32", "i64", "f64"])
        n = r.randint(2, 4)
        es = [self.typed(local, t, 2) for _ in range(n)]
        nm = self.fresh("V")
        self.emit(ind, "%s = fx.Vector.from_elements([%s], %s)" % (nm, ", ".join(e.k for e in es), dsl(t)),
                  "%s = [%s]" % (nm, ", ".join(e.o for e in es)))
        self.vecs[nm] = (t, n)

    def gen_tuple(self, local, ind, depth, rt):
        r = self.r
        names = [n for n in local if n not in self.ro]
        if len(names) < 2:
            return
        a, b = r.sample(names, 2)
        if (rt or self.nest) and local[a] != local[b]:
            return
        if rt and not self.carry:
            # a tuple value only in passing (a tuple variable under a runtime if/loop is --carry)
            self.emit(ind, "%s, %s = %s, %s" % (a, b, b, a))
        else:
            tp = self.fresh("tp")
            self.emit(ind, "%s = (%s, %s)" % (tp, a, b))
            self.emit(ind, "%s, %s = %s[1], %s[0]" % (a, b, tp, tp))
        if a in self.i2f or b in self.i2f:
            self.i2f.update([a, b])
        sa, sb = a in self.mstatic, b in self.mstatic
        # the values trade places, and so does their maybe-static mark (inside runtime control flow
        # the types are equal and both stay marked when one was)
        for nm, st in ((a, sb), (b, sa)):
            if st or ((rt or self.nest) and (sa or sb)):
                self.mstatic.add(nm)
            elif not rt and not self.nest:
                self.mstatic.discard(nm)
        ta, tb = local[a], local[b]
        local[a] = tb
        local[b] = ta

    def gen_helper(self, idx):
        r = self.r
        name = "h%d" % idx
        pts = [r.choice(FLOATS)] + [r.choice(COMMON_INTS + FLOATS) for _ in range(r.randint(0, 2))]
        params = ["a%d" % j for j in range(len(pts))]
        for j in range(len(pts)):
            self.mstatic.discard(params[j])   # (the names of an earlier helper's parameters)
            if pts[j] == "f64":
                self.i2f.add(params[j])
            if not isf(pts[j]):
                self.mstatic.add(params[j])
        env = dict(zip(params, pts))
        self.kl, self.ol = [], []
        self.in_helper = True
        save_lists = self.lists
        save_vecs = self.vecs
        self.lists = {}
        self.vecs = {}
        env = self.block(env, 1, 2, False, r.randint(1, 3))
        e = self.expr(env, 3)
        if e.static and isf(e.t):
            e = self.leaf(env, e.t)
        self.emit(1, "return %s" % e.k, "return %s" % e.o)
        self.lists = save_lists
        self.vecs = save_vecs
        self.in_helper = False
        self.helper_k.append("def %s(%s):" % (name, ", ".join(params)))
        self.helper_k.extend(self.kl)
        self.helper_k.append("")
        self.helper_o.append("def %s_o(%s):" % (name, ", ".join(params)))
        self.helper_o.extend(self.ol)
        self.helper_o.append("")
        self.helpers.append((name, pts, e.t, e.static))

    def program(self, rt_text):
        r = self.r
        self.lists = {}
        self.vecs = {}
        self.ro = set()
        self.mstatic = set()
        self.i2f = set()
        self.nest = 0
        self.in_helper = False
        for i in range(r.randint(0, 2)):
            self.gen_helper(i)
        nin = 8
        self.kl, self.ol = [], []
        env = {}
        # per-thread inputs: words of the int32 tensor, viewed as several types
        inputs = [("x0", "i32", "inp[t * %d + 0]" % nin, "w[0]"),
                  ("x1", "f32", "inp[t * %d + 1].bitcast(fx.Float32)" % nin, "_bits_f32(w[1])"),
                  ("x2", "u32", "fx.Uint32(inp[t * %d + 2])" % nin, "_cv(w[2], 'i32', 'u32')"),
                  ("x3", "i64", "(fx.Int64(inp[t * %d + 3]) << 32) | fx.Int64(fx.Uint32(inp[t * %d + 4]))" % (nin, nin),
                   "_mk64(w[3], w[4])"),
                  ("x4", "f64", "((fx.Int64(inp[t * %d + 5]) << 32) | fx.Int64(fx.Uint32(inp[t * %d + 6]))).bitcast("
                   "fx.Float64)" % (nin, nin), "_bits_f64(w[5], w[6])"),
                  ("x5", "f32", "inp[t * %d + 7].bitcast(fx.Float32)" % nin, "_bits_f32(w[7])"),
                  ("p0", "i32", None, None), ("p1", "f32", None, None), ("tt", "i32", "fx.Int32(t)", "t")]
        for nm, t, k, o in inputs:
            env[nm] = t
            if k is not None:
                self.emit(1, "%s = %s" % (nm, k), "%s = %s" % (nm, o))
        extra = r.choice(["i8", "u8", "i16", "u16", "u64", "b"])
        src = r.choice(["x0", "x3"])
        self.emit(1, "x6 = %s(%s)" % (dsl(extra), src), "x6 = _cv(%s, '%s', '%s')" % (src, env[src], extra))
        env["x6"] = extra
        self.ro.update(["p0", "p1", "tt"])
        local = self.block(env, 1, 3, False, r.randint(4, 12))
        # results: a handful of variables of every kind
        names = [n for n in local]
        r.shuffle(names)
        outs = names[:min(len(names), r.randint(4, 10))]
        for nm in sorted(self.lists):
            for i in range(len(self.lists[nm])):
                outs.append("%s[%d]" % (nm, i))
        for nm in sorted(self.vecs)[:2]:
            outs.append("%s[%d]" % (nm, self.vecs[nm][1] - 1))
        outs = outs[:16]
        words = 0
        kinds = []
        store_k = []
        otypes = []
        for o in outs:
            if o in local:
                t = local[o]
            elif o.split("[")[0] in self.vecs:
                t = self.vecs[o.split("[")[0]][0]
            else:
                t = self.lists[o.split("[")[0]][int(o.split("[")[1][:-1])]
            otypes.append(t)
            if t == "f32":
                store_k.append("out[t * NW + %d] = %s.bitcast(fx.Int32)" % (words, o))
                kinds.append("f32")
                words += 1
            elif t == "f64":
                bb = self.fresh("bb")
                store_k.append("%s = %s.bitcast(fx.Int64)" % (bb, o))
                store_k.append("out[t * NW + %d] = fx.Int32(%s)" % (words, bb))
                store_k.append("out[t * NW + %d] = fx.Int32(%s >> 32)" % (words + 1, bb))
                kinds += ["f64lo", "f64hi"]
                words += 2
            elif width(t) == 64:
                store_k.append("out[t * NW + %d] = fx.Int32(%s)" % (words, o))
                store_k.append("out[t * NW + %d] = fx.Int32(%s >> 32)" % (words + 1, o))
                kinds += ["i", "i"]
                words += 2
            else:
                store_k.append("out[t * NW + %d] = fx.Int32(%s)" % (words, o))
                kinds.append("i")
                words += 1
        # the input words: mostly small numbers and the bits of ordinary floats, some specials
        w = []
        for i in range(self.threads * nin):
            j = i % nin
            c = r.random()
            if j in (1, 5, 6) or (j == 5 + 0 and False):
                if c < 0.75:
                    v = r.uniform(-50.0, 50.0) if c < 0.5 else float(r.randint(-20, 20)) / 4
                    w.append(None)
                    w[-1] = ("f", v)
                    continue
                v = r.choice([0x7F800000, 0xFF800000, 0x7FC00000, 0x80000000, 0x00000001, 0x007FFFFF, 0x7F7FFFFF,
                              0x3F800000, 0x00800000, r.randint(0, 0xFFFFFFFF)])
            elif c < 0.5:
                v = r.randint(-20, 20)
            elif c < 0.8:
                v = r.randint(-70000, 70000)
            else:
                v = r.choice([0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x8000, 0xFF, r.randint(0, 0xFFFFFFFF)])
            if v >= 0x80000000:
                v -= 0x100000000
            w.append(v)
        wtext = []
        for i in range(len(w)):
            if isinstance(w[i], tuple):
                wtext.append("_wrap(_f32bits(_f32(%r)), 'i32')" % w[i][1])
            else:
                wtext.append(str(w[i]))
        p0 = r.choice([r.randint(-10, 10), r.randint(-100000, 100000), 2147483647, -2147483648])
        p1 = r.choice([float(r.randint(-8, 8)) / 2, r.uniform(-10.0, 10.0), 0.0, -0.0])
        L = []
        L.append("# flyi: run")
        L.append("# Generated by tests/fuzz/trace_gen.py %d%s: a differential test of the tracer" % (
            self.seed, " --carry" if self.carry else ""))
        L.append("# (the kernel traced and run on the emulator against the same body as plain Python).")
        L.append("import flydsl.compiler as flyc")
        L.append("import flydsl.expr as fx")
        L.append("import torch")
        L.append("")
        L.append(rt_text.rstrip())
        L.append("")
        L.append("NW = %d" % max(words, 1))
        L.append("NT = %d" % self.threads)
        L.append("")
        L.extend(self.helper_k)
        L.append("")
        L.append("@flyc.kernel")
        L.append("def fz(out: fx.Tensor, inp: fx.Tensor, p0: fx.Int32, p1: fx.Float32):")
        L.append("    t = fx.thread_idx.x")
        L.extend(self.kl)
        for s in store_k:
            L.append("    " + s)
        L.append("")
        L.append("@flyc.jit")
        L.append("def run(out, inp, p0, p1):")
        L.append("    fz(out, inp, p0, p1).launch(grid=1, block=NT)")
        L.append("")
        L.extend(self.helper_o)
        L.append("")
        L.append("def oracle(t, w, p0, p1):")
        L.extend(self.ol)
        L.append("    res = []")
        for o, t in zip(outs, otypes):
            L.append("    res += _words(%s, '%s')" % (o, t))
        L.append("    return res")
        L.append("")
        L.append("KINDS = %r" % kinds)
        L.append("W = [%s]" % ", ".join(wtext))
        L.append("P0 = %d" % p0)
        L.append("P1 = _f32(%r)" % p1)
        L.append("out = torch.zeros(NT * NW, dtype=torch.int32, device='cuda')")
        L.append("inp = torch.tensor(W, dtype=torch.int32, device='cuda')")
        L.append("run(out, inp, fx.Int32(P0), fx.Float32(P1))")
        L.append("got = out.tolist()")
        L.append("bad = 0")
        L.append("for t in range(NT):")
        L.append("    g = _canon(got[t * NW:(t + 1) * NW], KINDS)")
        L.append("    e = _canon(oracle(t, W[t * %d:(t + 1) * %d], P0, P1), KINDS)" % (nin, nin))
        L.append("    print(t, ' '.join(hex(x & 0xFFFFFFFF) for x in g))")
        L.append("    if g != e:")
        L.append("        bad += 1")
        L.append("        print('MISMATCH thread', t, 'want', ' '.join(hex(x & 0xFFFFFFFF) for x in e))")
        L.append("print('match' if bad == 0 else 'MISMATCH')")
        return "\n".join(L) + "\n"


def main(argv):
    seed = None
    carry = False
    threads = 8
    rt_path = None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--carry":
            carry = True
        elif a == "--threads":
            i += 1
            threads = int(argv[i])
        elif a == "--rt":
            i += 1
            rt_path = argv[i]
        else:
            seed = int(a)
        i += 1
    if seed is None:
        print("usage: trace_gen.py SEED [--carry] [--threads N] [--rt PATH]")
        return 2
    if rt_path is None:
        d = argv[0].rsplit("/", 1)[0] if "/" in argv[0] else "."
        rt_path = d + "/trace_rt.py"
    f = open(rt_path)
    rt_text = f.read()
    f.close()
    sys.stdout.write(Gen(seed, carry, threads).program(rt_text))
    return 0


sys.exit(main(sys.argv))
