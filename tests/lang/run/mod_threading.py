import threading
import time

results = {}


def work(key, n, scale=1):
    s = 0
    for i in range(n):
        s += i * scale
        if i % 500 == 0:
            time.sleep(0)
    results[key] = s


ts = [threading.Thread(target=work, args=(k, 2000 + k), kwargs={'scale': k + 1}) for k in range(4)]
print([t.name for t in ts], [t.is_alive() for t in ts], ts[0].ident)
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(results.items()), [t.is_alive() for t in ts], isinstance(ts[0].ident, int))
print(threading.current_thread().name, threading.main_thread() is threading.current_thread(),
      isinstance(threading.get_ident(), int), threading.active_count(), len(threading.enumerate()))
print(repr(threading.Thread(name="x")), repr(threading.Thread(name="d", daemon=True)))

# named threads, current_thread inside, daemon flag
seen = []
def who():
    t = threading.current_thread()
    seen.append((t.name, t.daemon, t is not threading.main_thread()))
t = threading.Thread(target=who, name="worker-A")
t.start(); t.join()
t = threading.Thread(target=who, name="worker-B", daemon=True)
t.start(); t.join()
print(seen)

class MyThread(threading.Thread):
    def __init__(self, n):
        super().__init__()
        self.n = n
        self.out = None

    def run(self):
        self.out = sum(range(self.n))

m = MyThread(100)
m.start(); m.join()
print(m.out, m.name.startswith("Thread-"))

# a busy thread and the main thread share the interpreter: switching happens without sleeps
flag = {'stop': False, 'spins': 0}
def spin():
    while not flag['stop']:
        flag['spins'] += 1
t = threading.Thread(target=spin)
t.start()
acc = 0
for i in range(300000):
    acc += i
flag['stop'] = True
t.join()
print(acc, flag['spins'] > 0)

# Lock
lock = threading.Lock()
print(lock.acquire(), lock.locked(), lock.acquire(False), lock.acquire(timeout=0.01))
lock.release()
print(lock.locked())
try:
    lock.release()
except RuntimeError as e:
    print("RuntimeError:", e)
counter = [0]
def add():
    for i in range(5000):
        with lock:
            counter[0] += 1
ts = [threading.Thread(target=add) for _ in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(counter[0])

# RLock
r = threading.RLock()
with r:
    with r:
        print("reentered")
try:
    r.release()
except RuntimeError as e:
    print("RuntimeError:", e)

# Condition: producer / consumer
cond = threading.Condition()
items = []
got = []
def consumer():
    for _ in range(5):
        with cond:
            cond.wait_for(lambda: items)
            got.append(items.pop(0))
c = threading.Thread(target=consumer)
c.start()
for i in range(5):
    with cond:
        items.append(i * i)
        cond.notify()
    time.sleep(0.001)
c.join()
print(got)
with cond:
    print(cond.wait(timeout=0.01))

# Semaphore
sem = threading.Semaphore(2)
active = [0, 0]
def limited():
    with sem:
        active[0] += 1
        active[1] = max(active[1], active[0])
        time.sleep(0.005)
        active[0] -= 1
ts = [threading.Thread(target=limited) for _ in range(6)]
for t in ts: t.start()
for t in ts: t.join()
print(active[1] <= 2, active[0])
b = threading.BoundedSemaphore(1)
b.acquire(); b.release()
try:
    b.release()
except ValueError as e:
    print("ValueError:", e)
print(threading.Semaphore(0).acquire(timeout=0.01), threading.Semaphore(0).acquire(False))

# Event
ev = threading.Event()
print(ev.is_set(), ev.wait(0.01))
def setter():
    time.sleep(0.01)
    ev.set()
threading.Thread(target=setter).start()
print(ev.wait(5), ev.is_set())
ev.clear()
print(ev.is_set())

# Barrier
bar = threading.Barrier(3)
idx = []
def at_barrier():
    idx.append(bar.wait())
ts = [threading.Thread(target=at_barrier) for _ in range(3)]
for t in ts: t.start()
for t in ts: t.join()
print(sorted(idx), bar.parties, bar.broken)

# Timer
fired = []
tm = threading.Timer(0.01, fired.append, args=["fired"])
tm.start(); tm.join()
tm2 = threading.Timer(10, fired.append, args=["never"])
tm2.start(); tm2.cancel(); tm2.join()
print(fired)

# local
data = threading.local()
data.x = 1
seen = []
def loc():
    seen.append(hasattr(data, 'x'))
    data.x = 2
    seen.append(data.x)
t = threading.Thread(target=loc); t.start(); t.join()
print(seen, data.x)

# errors
t = threading.Thread(target=lambda: None)
try:
    t.join()
except RuntimeError as e:
    print("RuntimeError:", e)
t.start(); t.join()
try:
    t.start()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    threading.current_thread().join()
except RuntimeError as e:
    print("RuntimeError:", e)

# join with timeout on a sleeping thread
t = threading.Thread(target=time.sleep, args=(0.2,))
t.start()
t.join(0.01)
print(t.is_alive())
t.join()
print(t.is_alive())


# queue: workers and a result queue
import queue
jobs = queue.Queue()
done = queue.Queue()
def qworker():
    while True:
        item = jobs.get()
        if item is None:
            jobs.task_done()
            break
        done.put(item * 10)
        jobs.task_done()
ws = [threading.Thread(target=qworker) for _ in range(3)]
for w in ws: w.start()
for i in range(12): jobs.put(i)
for _ in ws: jobs.put(None)
jobs.join()
for w in ws: w.join()
print(sorted(done.get() for _ in range(12)), done.empty())
try:
    done.get(timeout=0.01)
except queue.Empty:
    print("Empty")
b = queue.Queue(maxsize=1)
b.put(1)
try:
    b.put(2, timeout=0.01)
except queue.Full:
    print("Full", b.full(), b.qsize())
pq = queue.PriorityQueue()
for x in [5, 1, 4]: pq.put(x)
lq = queue.LifoQueue()
for x in [5, 1, 4]: lq.put(x)
print([pq.get() for _ in range(3)], [lq.get() for _ in range(3)])

# threading.local subclasses: __init__ runs again in each thread; class attributes and methods

class My(threading.local):
    initial = 'cls'
    def __init__(self, v=5):
        self.v = v
    def double(self):
        return self.v * 2
m = My(7)
print(m.v, m.initial, m.double(), getattr(m, 'nope', 'dflt'), hasattr(m, 'v'))
out = []
def f():
    out.append((m.v, m.double(), hasattr(m, 'extra')))
    m.extra = 1
    m.v = 100
    out.append((m.v, m.extra))
t = threading.Thread(target=f); t.start(); t.join()
print(out, m.v, hasattr(m, 'extra'))
del m.v
print(hasattr(m, 'v'))
tls = threading.local()
print(getattr(tls, 'x', None))
tls.x = [1]
print(tls.x, tls.__dict__)

# a non-daemon thread still running at the end is waited for
def late():
    time.sleep(0.05)
    print("late thread done")
threading.Thread(target=late).start()
print("main done")
