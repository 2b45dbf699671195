# flydsl.expr.meta's tracing_context / tracing_option: ambient options kept per thread in a stack of frames;
# the innermost frame that sets a key wins (an explicit None included), unset keys fall through to the enclosing
# frames, and leaving a frame restores what was there.
import threading

from flydsl.expr.meta import tracing_context, tracing_option


def body():
    pass


print("outside", tracing_option("fastmath"), tracing_option("unroll", "dflt"))
with tracing_context(body, fastmath="fast", unroll=4):
    print("outer", tracing_option("fastmath"), tracing_option("unroll"))
    with tracing_context(fastmath="contract"):
        print("inner", tracing_option("fastmath"), tracing_option("unroll"))
        with tracing_context(body, fastmath=None):
            print("none shadows", tracing_option("fastmath"), tracing_option("fastmath", "dflt"))
    print("restored", tracing_option("fastmath"))
    seen = []
    t = threading.Thread(target=lambda: seen.append(tracing_option("fastmath", "other thread sees nothing")))
    t.start()
    t.join()
    print(seen[0])
try:
    with tracing_context(fastmath="fast"):
        raise KeyError("boom")
except KeyError:
    pass
print("after an exception", tracing_option("fastmath"))
