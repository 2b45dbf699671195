# richards: a task scheduler simulation in the manner of Martin Richards' benchmark (our own
# small version): tasks as objects with state, packets moved between queues, method dispatch.
import sys

IDLE, WORKER, HANDLER_A, HANDLER_B, DEVICE_A, DEVICE_B = range(6)
KIND_DEVICE, KIND_WORK = 0, 1

class Packet:
    def __init__(self, link, ident, kind):
        self.link = link
        self.ident = ident
        self.kind = kind
        self.datum = 0
        self.data = [0] * 4

    def append_to(self, queue):
        self.link = None
        if queue is None:
            return self
        p = queue
        while p.link is not None:
            p = p.link
        p.link = self
        return queue

class Task:
    def __init__(self, sched, ident, priority, queue):
        self.sched = sched
        self.ident = ident
        self.priority = priority
        self.queue = queue
        self.held = False
        self.waiting = queue is not None
        self.suspended = False
        sched.tasks[ident] = self
        self.next = sched.list
        sched.list = self

    def runnable(self):
        return not self.held and not self.suspended and (not self.waiting or self.queue is not None)

    def take(self):
        p = self.queue
        if p is None:
            return None
        self.queue = p.link
        self.waiting = False
        return p

    def add_packet(self, p, old):
        if self.queue is None:
            self.queue = p
            p.link = None
            if self.priority > old.priority:
                return self
        else:
            self.queue = p.append_to(self.queue)
        return old

class IdleTask(Task):
    def __init__(self, sched, count):
        Task.__init__(self, sched, IDLE, 0, None)
        self.seed = 1
        self.count = count

    def run(self, packet):
        self.count -= 1
        if self.count == 0:
            return self.sched.hold_self()
        if self.seed & 1 == 0:
            self.seed >>= 1
            return self.sched.release(DEVICE_A)
        self.seed = (self.seed >> 1) ^ 0xD008
        return self.sched.release(DEVICE_B)

class WorkTask(Task):
    def __init__(self, sched, queue):
        Task.__init__(self, sched, WORKER, 1000, queue)
        self.dest = HANDLER_A
        self.count = 0

    def run(self, packet):
        if packet is None:
            return self.sched.wait()
        self.dest = HANDLER_B if self.dest == HANDLER_A else HANDLER_A
        packet.ident = self.dest
        packet.datum = 0
        for i in range(4):
            self.count += 1
            if self.count > 26:
                self.count = 1
            packet.data[i] = 64 + self.count
        return self.sched.queue_packet(packet)

class HandlerTask(Task):
    def __init__(self, sched, ident, queue):
        Task.__init__(self, sched, ident, 2000 + ident, queue)
        self.work = None
        self.device = None

    def run(self, packet):
        if packet is not None:
            if packet.kind == KIND_WORK:
                self.work = packet.append_to(self.work)
            else:
                self.device = packet.append_to(self.device)
        if self.work is not None:
            w = self.work
            if w.datum < 4:
                if self.device is not None:
                    d = self.device
                    self.device = d.link
                    d.datum = w.data[w.datum]
                    w.datum += 1
                    return self.sched.queue_packet(d)
            else:
                self.work = w.link
                return self.sched.queue_packet(w)
        return self.sched.wait()

class DeviceTask(Task):
    def __init__(self, sched, ident):
        Task.__init__(self, sched, ident, 5000 + ident, None)
        self.pending = None

    def run(self, packet):
        if packet is None:
            if self.pending is None:
                return self.sched.wait()
            p = self.pending
            self.pending = None
            return self.sched.queue_packet(p)
        self.pending = packet
        self.sched.hold_count += 1
        return self.sched.hold_self()

class Scheduler:
    def __init__(self):
        self.tasks = [None] * 6
        self.list = None
        self.current = None
        self.queue_count = 0
        self.hold_count = 0

    def hold_self(self):
        self.hold_count += 1
        self.current.held = True
        return self.current.next

    def wait(self):
        self.current.waiting = True
        return self.current

    def release(self, ident):
        t = self.tasks[ident]
        t.held = False
        if t.priority > self.current.priority:
            return t
        return self.current

    def queue_packet(self, p):
        t = self.tasks[p.ident]
        self.queue_count += 1
        p.ident = self.current.ident
        return t.add_packet(p, self.current)

    def schedule(self):
        t = self.list
        while t is not None:
            if t.runnable():
                self.current = t
                t = t.run(t.take() if t.waiting or not t.held else None)
            else:
                t = t.next

def run(count):
    s = Scheduler()
    IdleTask(s, count)
    q = Packet(None, WORKER, KIND_WORK)
    q = Packet(q, WORKER, KIND_WORK)
    WorkTask(s, q)
    q = Packet(None, DEVICE_A, KIND_DEVICE)
    q = Packet(q, DEVICE_A, KIND_DEVICE)
    q = Packet(q, DEVICE_A, KIND_DEVICE)
    HandlerTask(s, HANDLER_A, q)
    q = Packet(None, DEVICE_B, KIND_DEVICE)
    q = Packet(q, DEVICE_B, KIND_DEVICE)
    q = Packet(q, DEVICE_B, KIND_DEVICE)
    HandlerTask(s, HANDLER_B, q)
    DeviceTask(s, DEVICE_A)
    DeviceTask(s, DEVICE_B)
    s.schedule()
    return s.queue_count, s.hold_count

n = 1000 if sys.argv[1:] == ["--quick"] else 60000
print(run(n))
