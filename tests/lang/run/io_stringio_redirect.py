import sys
class Capture:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)
    def flush(self):
        pass
old = sys.stdout
cap = Capture()
sys.stdout = cap
print("captured", 42)
sys.stdout = old
print("got:", "".join(cap.parts).strip())
