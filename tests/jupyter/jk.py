"""Helpers of the flyi-kernel Jupyter tests: check counting and a BlockingKernelClient wrapper
that sorts IOPub messages by parent. Imported by test_protocol.py (Debian's /usr/bin/python3)."""
import queue
import sys
import time

PASSED = FAILED = SKIPPED = 0
T = 10  # seconds to wait for any single reply


def check(name, ok, detail=""):
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print("PASS %s" % name)
    else:
        FAILED += 1
        print("FAIL %s%s" % (name, (": " + str(detail)[:400]) if detail != "" else ""))
    sys.stdout.flush()
    return ok


def skip(name, why):
    global SKIPPED
    SKIPPED += 1
    print("SKIP %s: %s" % (name, why))


def info(text):
    print("INFO %s" % text)


class Client:
    """A BlockingKernelClient plus an IOPub reader that sorts messages by parent msg_id."""

    def __init__(self, km):
        self.km = km
        self.kc = km.client()
        self.kc.start_channels()
        self.pending = []

    def ready(self, timeout=15):
        self.kc.wait_for_ready(timeout=timeout)
        self.drain_iopub(0.2)

    def drain_iopub(self, wait=0.1):
        end = time.time() + wait
        while True:
            try:
                self.pending.append(self.kc.get_iopub_msg(timeout=max(0.01, end - time.time())))
            except queue.Empty:
                if time.time() >= end:
                    return

    def iopub_for(self, msg_id, timeout=T):
        """All IOPub messages of one request, up to and including its idle status."""
        out, end = [], time.time() + timeout
        while True:
            for m in list(self.pending):
                if m["parent_header"].get("msg_id") == msg_id:
                    self.pending.remove(m)
                    out.append(m)
                    if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                        return out
            left = end - time.time()
            if left <= 0:
                return out
            if not self.km.is_alive():  # gone: take what already arrived, then stop
                try:
                    self.pending.append(self.kc.get_iopub_msg(timeout=0.2))
                    continue
                except queue.Empty:
                    end = 0
                    continue
            try:
                self.pending.append(self.kc.get_iopub_msg(timeout=min(left, 0.5)))
            except queue.Empty:
                pass

    def wait_busy(self, msg_id, timeout=T):
        """Wait until the kernel has said "busy" for one request; the message stays pending."""
        end = time.time() + timeout
        while time.time() < end:
            if any(m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                   and m["content"]["execution_state"] == "busy" for m in self.pending):
                return True
            try:
                self.pending.append(self.kc.get_iopub_msg(timeout=min(0.5, max(0.01, end - time.time()))))
            except queue.Empty:
                pass
        return False

    def reply_for(self, msg_id, channel="shell", timeout=T):
        get = {"shell": self.kc.get_shell_msg, "control": self.kc.get_control_msg}[channel]
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                return None
            try:
                m = get(timeout=min(left, 0.5))
            except queue.Empty:
                if not self.km.is_alive():
                    return None  # the kernel died: don't wait out every timeout
                continue
            if m["parent_header"].get("msg_id") == msg_id:
                return m

    def send(self, channel, msg_type, content=None):
        msg = self.kc.session.msg(msg_type, content or {})
        getattr(self.kc, channel + "_channel").send(msg)
        return msg["header"]["msg_id"]

    def execute(self, code, timeout=T, **kw):
        mid = self.kc.execute(code, **kw)
        reply = self.reply_for(mid, timeout=timeout)
        return reply, self.iopub_for(mid, timeout=timeout)

    def stop(self):
        self.kc.stop_channels()


def types(msgs):
    return [m["msg_type"] for m in msgs]


def streams(msgs, name=None):
    return "".join(m["content"]["text"] for m in msgs
                   if m["msg_type"] == "stream" and (name is None or m["content"]["name"] == name))


def summary():
    """The closing line the harness reads."""
    if SKIPPED:
        return "%d passed, %d failed, %d skipped" % (PASSED, FAILED, SKIPPED)
    return "%d passed, %d failed" % (PASSED, FAILED)


def reply_status(reply):
    """The status of a reply message, or None when there was none."""
    return reply["content"].get("status") if reply else None
