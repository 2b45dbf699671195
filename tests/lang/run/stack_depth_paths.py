# Control-flow merges the compiler's stack-depth walk checks (every path must reach an instruction
# with one depth): break/continue/return out of range loops through try/finally and with blocks,
# loop else, generators yielding inside nested loops, comprehensions over ranges, and range loops
# with statements between them at several depths.

class CM:
    def __init__(self, log, tag):
        self.log, self.tag = log, tag
    def __enter__(self):
        self.log.append("enter " + self.tag)
        return self.tag
    def __exit__(self, *exc):
        self.log.append("exit " + self.tag)
        return False

def exits(n):
    log = []
    for i in range(n):
        with CM(log, str(i)) as t:
            for j in range(i, 4):
                try:
                    if j == 2:
                        break
                    if j == 1:
                        continue
                    log.append(t + ":" + str(j))
                finally:
                    log.append("fin")
            else:
                log.append("else " + t)
        if i == 2:
            try:
                return log
            finally:
                log.append("returning")
    return log

def swallow():
    out = []
    for i in range(4):
        try:
            if i % 2:
                raise ValueError(i)
            out.append(i)
        except ValueError as e:
            for k in range(2):
                if k:
                    break
                out.append(-e.args[0])
            else:
                continue
        finally:
            out.append("f")
    return out

def gen(n):
    for i in range(n):
        x = yield i
        for j in range(2):
            if x:
                yield x
            for k in range(j, 3, 2):
                yield (i, j, k)
            total = i + j
        yield -total

def nested(n):
    t = 0
    for a in range(n):
        t += a
        for b in range(a):
            for c in range(b, n):
                t += c
            t -= b
        t *= 2
        while t > 1000:
            t //= 3
            for d in range(2):
                t += d
    return t

print(exits(4))
print(swallow())
g = gen(3)
print(next(g), g.send("s"), list(g))
print([nested(n) for n in range(6)])
print([(y, z) for y in range(4) for z in range(y) if (y + z) % 2])
print({k: [m for m in range(k)] for k in range(3)})
print(sum(x * y for x in range(5) for y in range(x, 5)))
