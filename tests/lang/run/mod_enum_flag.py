from enum import Flag, IntFlag, auto, Enum, IntEnum
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
print(list(Perm), Perm.R.value, Perm.X.value)
rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.R in rw, Perm.X in rw, bool(rw), rw & Perm.R)
print(Perm(3), Perm(0), bool(Perm(0)))
class IP(IntFlag):
    A = 1
    B = 2
    C = 4
print(IP.A | IP.C, int(IP.A | IP.C), IP.B + 1, IP.A | 2)
class Weekday(IntEnum):
    MON = 1
    TUE = 2
print(Weekday(1).name, max(Weekday), Weekday.MON.value, [int(d) for d in Weekday])
class Status(Enum):
    ACTIVE = 'active'
    INACTIVE = 'inactive'
    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None
print(Status('ACTIVE'), Status('inactive'))
try:
    Status('gone')
except ValueError as e:
    print('ValueError:', e)
print(Status.ACTIVE.__class__.__name__, type(Status).__name__)
