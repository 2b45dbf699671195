"""Dates and times (after CPython 3.11's datetime): timedelta, date, time, datetime, tzinfo,
timezone (utc and fixed offsets); arithmetic, comparisons, isoformat/fromisoformat, strftime
(common directives, done here rather than by the C library), strptime (the same directives),
now/utcnow/fromtimestamp/timestamp (local time through the time module).

Multiplying or dividing a timedelta by a float rounds through a float count of microseconds
(CPython is exact); timedeltas beyond about 106,751 days can overflow the interpreter's 64-bit
ints in such operations."""

import math
import time as _time

__all__ = ("date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR", "UTC")

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059

_DAYS_IN_MONTH = [-1, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
_DAYS_BEFORE_MONTH = [-1]
_dbm = 0
for _dim in _DAYS_IN_MONTH[1:]:
    _DAYS_BEFORE_MONTH.append(_dbm)
    _dbm += _dim
del _dbm, _dim


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _days_in_month(year, month):
    if month == 2 and _is_leap(year):
        return 29
    return _DAYS_IN_MONTH[month]


def _days_before_month(year, month):
    return _DAYS_BEFORE_MONTH[month] + (month > 2 and _is_leap(year))


def _ymd2ord(year, month, day):
    return _days_before_year(year) + _days_before_month(year, month) + day


_DI400Y = _days_before_year(401)
_DI100Y = _days_before_year(101)
_DI4Y = _days_before_year(5)


def _ord2ymd(n):
    n -= 1
    n400, n = divmod(n, _DI400Y)
    year = n400 * 400 + 1
    n100, n = divmod(n, _DI100Y)
    n4, n = divmod(n, _DI4Y)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    n -= preceding
    return year, month, n + 1


_MONTHNAMES = [None, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_FULLMONTHNAMES = [None, "January", "February", "March", "April", "May", "June", "July", "August", "September",
                   "October", "November", "December"]
_DAYNAMES = [None, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
_FULLDAYNAMES = [None, "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _check_int(value, name="integer"):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)


def _check_date_fields(year, month, day):
    year = _check_int(year)
    month = _check_int(month)
    day = _check_int(day)
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError("year %d is out of range" % year)
    if not 1 <= month <= 12:
        raise ValueError("month must be in 1..12")
    dim = _days_in_month(year, month)
    if not 1 <= day <= dim:
        raise ValueError("day is out of range for month")
    return year, month, day


def _check_time_fields(hour, minute, second, microsecond, fold):
    hour = _check_int(hour)
    minute = _check_int(minute)
    second = _check_int(second)
    microsecond = _check_int(microsecond)
    if not 0 <= hour <= 23:
        raise ValueError("hour must be in 0..23")
    if not 0 <= minute <= 59:
        raise ValueError("minute must be in 0..59")
    if not 0 <= second <= 59:
        raise ValueError("second must be in 0..59")
    if not 0 <= microsecond <= 999999:
        raise ValueError("microsecond must be in 0..999999")
    if fold not in (0, 1):
        raise ValueError("fold must be either 0 or 1")
    return hour, minute, second, microsecond, fold


def _check_tzinfo_arg(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _cmp(x, y):
    return 0 if x == y else 1 if x > y else -1


def _format_time(hh, mm, ss, us, timespec="auto"):
    specs = {"hours": "{:02d}", "minutes": "{:02d}:{:02d}", "seconds": "{:02d}:{:02d}:{:02d}",
             "milliseconds": "{:02d}:{:02d}:{:02d}.{:03d}", "microseconds": "{:02d}:{:02d}:{:02d}.{:06d}"}
    if timespec == "auto":
        timespec = "microseconds" if us else "seconds"
    elif timespec == "milliseconds":
        us //= 1000
    try:
        fmt = specs[timespec]
    except KeyError:
        raise ValueError("Unknown timespec value")
    else:
        return fmt.format(hh, mm, ss, us)


def _format_offset(off, sep=":"):
    s = ""
    if off is not None:
        if off.days < 0:
            sign = "-"
            off = -off
        else:
            sign = "+"
        hh, mm = divmod(off, timedelta(hours=1))
        mm, ss = divmod(mm, timedelta(minutes=1))
        s += "%s%02d%s%02d" % (sign, hh, sep, mm)
        if ss or ss.microseconds:
            s += "%s%02d" % (sep, ss.seconds)
            if ss.microseconds:
                s += ".%06d" % ss.microseconds
    return s


def _check_utc_offset(name, offset):
    if offset is None:
        return
    if not isinstance(offset, timedelta):
        raise TypeError("tzinfo.%s() must return None or timedelta, not '%s'" % (name, type(offset).__name__))
    if not -timedelta(1) < offset < timedelta(1):
        raise ValueError("%s()=%s, must be strictly between -timedelta(hours=24) and timedelta(hours=24)"
                         % (name, offset))


def _round_half_even(x):
    return int(round(x))


class timedelta:
    """A duration: days, seconds (0..86399) and microseconds (0..999999)."""

    __slots__ = ("_days", "_seconds", "_microseconds", "_hashcode")

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        for v in (days, seconds, microseconds, milliseconds, minutes, hours, weeks):
            if not isinstance(v, (int, float)):
                raise TypeError("unsupported type for timedelta %s component: %s" % ("days", type(v).__name__))
        d = days + weeks * 7
        s = seconds + minutes * 60 + hours * 3600
        us = microseconds + milliseconds * 1000
        if isinstance(d, float):
            dfrac, dint = math.modf(d)
            d = int(dint)
            s += dfrac * 86400.0
        if isinstance(s, float):
            sfrac, sint = math.modf(s)
            s = int(sint)
            us += sfrac * 1e6
        if isinstance(us, float):
            us = _round_half_even(us)
        q, us = divmod(us, 1000000)
        s += q
        q, s = divmod(s, 86400)
        d += q
        if abs(d) > 999999999:
            raise OverflowError("days=%d; must have magnitude <= 999999999" % d)
        self = object.__new__(cls)
        self._days = d
        self._seconds = s
        self._microseconds = us
        self._hashcode = -1
        return self

    def __repr__(self):
        args = []
        if self._days:
            args.append("days=%d" % self._days)
        if self._seconds:
            args.append("seconds=%d" % self._seconds)
        if self._microseconds:
            args.append("microseconds=%d" % self._microseconds)
        if not args:
            args.append("0")
        return "%s.%s(%s)" % (self.__class__.__module__, self.__class__.__qualname__, ", ".join(args))

    def __str__(self):
        mm, ss = divmod(self._seconds, 60)
        hh, mm = divmod(mm, 60)
        s = "%d:%02d:%02d" % (hh, mm, ss)
        if self._days:
            s = ("%d day%s, " % (self._days, "s" if abs(self._days) != 1 else "")) + s
        if self._microseconds:
            s = s + ".%06d" % self._microseconds
        return s

    def total_seconds(self):
        return ((self._days * 86400 + self._seconds) * 10 ** 6 + self._microseconds) / 10 ** 6

    @property
    def days(self):
        return self._days

    @property
    def seconds(self):
        return self._seconds

    @property
    def microseconds(self):
        return self._microseconds

    def _to_microseconds(self):
        return ((self._days * (24 * 3600) + self._seconds) * 1000000 + self._microseconds)

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta(self._days + other._days, self._seconds + other._seconds,
                             self._microseconds + other._microseconds)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta(self._days - other._days, self._seconds - other._seconds,
                             self._microseconds - other._microseconds)
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta(-self._days, -self._seconds, -self._microseconds)

    def __pos__(self):
        return self

    def __abs__(self):
        if self._days < 0:
            return -self
        return self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta(self._days * other, self._seconds * other, self._microseconds * other)
        if isinstance(other, float):
            return timedelta(0, 0, _round_half_even(self._to_microseconds() * other))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if not isinstance(other, (int, timedelta)):
            return NotImplemented
        usec = self._to_microseconds()
        if isinstance(other, timedelta):
            return usec // other._to_microseconds()
        return timedelta(0, 0, usec // other)

    def __truediv__(self, other):
        if not isinstance(other, (int, float, timedelta)):
            return NotImplemented
        usec = self._to_microseconds()
        if isinstance(other, timedelta):
            return usec / other._to_microseconds()
        if isinstance(other, int):
            q, r = divmod(usec, other)
            # round half to even
            if 2 * r > other or (2 * r == other and q % 2 == 1):
                q += 1
            return timedelta(0, 0, q)
        return timedelta(0, 0, _round_half_even(usec / other))

    def __mod__(self, other):
        if isinstance(other, timedelta):
            r = self._to_microseconds() % other._to_microseconds()
            return timedelta(0, 0, r)
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._to_microseconds(), other._to_microseconds())
            return q, timedelta(0, 0, r)
        return NotImplemented

    def _key(self):
        return (self._days, self._seconds, self._microseconds)

    def __eq__(self, other):
        if isinstance(other, timedelta):
            return self._key() == other._key()
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, timedelta):
            return self._key() <= other._key()
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, timedelta):
            return self._key() < other._key()
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, timedelta):
            return self._key() >= other._key()
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, timedelta):
            return self._key() > other._key()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._key())
        return self._hashcode

    def __bool__(self):
        return self._days != 0 or self._seconds != 0 or self._microseconds != 0

    def __reduce__(self):
        return (self.__class__, self._key())


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


def _wrap_strftime(obj, fmt, tt):
    """strftime done here: tt is (year, month, day, hour, minute, second, weekday, yday)."""
    year, month, day, hh, mm, ss, wday, yday = tt
    out = []
    i = 0
    n = len(fmt)
    while i < n:
        ch = fmt[i]
        i += 1
        if ch != "%" or i >= n:
            out.append(ch)
            continue
        ch = fmt[i]
        i += 1
        if ch == "a":
            out.append(_DAYNAMES[wday + 1])
        elif ch == "A":
            out.append(_FULLDAYNAMES[wday + 1])
        elif ch == "w":
            out.append(str((wday + 1) % 7))
        elif ch == "u":
            out.append(str(wday + 1))
        elif ch == "d":
            out.append("%02d" % day)
        elif ch == "e":
            out.append("%2d" % day)
        elif ch == "b" or ch == "h":
            out.append(_MONTHNAMES[month])
        elif ch == "B":
            out.append(_FULLMONTHNAMES[month])
        elif ch == "m":
            out.append("%02d" % month)
        elif ch == "y":
            out.append("%02d" % (year % 100))
        elif ch == "Y":
            out.append("%d" % year if year >= 1000 else "%d" % year)
        elif ch == "C":
            out.append("%02d" % (year // 100))
        elif ch == "H":
            out.append("%02d" % hh)
        elif ch == "I":
            out.append("%02d" % (hh % 12 or 12))
        elif ch == "p":
            out.append("AM" if hh < 12 else "PM")
        elif ch == "M":
            out.append("%02d" % mm)
        elif ch == "S":
            out.append("%02d" % ss)
        elif ch == "f":
            out.append("%06d" % getattr(obj, "microsecond", 0))
        elif ch == "j":
            out.append("%03d" % yday)
        elif ch == "U":
            out.append("%02d" % ((yday + 6 - (wday + 1) % 7) // 7))
        elif ch == "W":
            out.append("%02d" % ((yday + 6 - wday) // 7))
        elif ch in "GV":
            iy, iw, _ = _isocal(year, month, day)
            out.append(str(iy) if ch == "G" else "%02d" % iw)
        elif ch == "z":
            off = obj.utcoffset() if hasattr(obj, "utcoffset") else None
            out.append(_format_offset(off, "") if off is not None else "")
        elif ch == "Z":
            name = obj.tzname() if hasattr(obj, "tzname") else None
            out.append(name.replace("%", "%%").replace("%%", "%") if name else "")
        elif ch == "c":
            out.append("%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[wday + 1], _MONTHNAMES[month], day, hh, mm, ss,
                                                          year))
        elif ch == "x":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif ch == "X":
            out.append("%02d:%02d:%02d" % (hh, mm, ss))
        elif ch == "D":
            out.append("%02d/%02d/%02d" % (month, day, year % 100))
        elif ch == "F":
            out.append("%d-%02d-%02d" % (year, month, day))
        elif ch == "T":
            out.append("%02d:%02d:%02d" % (hh, mm, ss))
        elif ch == "R":
            out.append("%02d:%02d" % (hh, mm))
        elif ch == "n":
            out.append("\n")
        elif ch == "t":
            out.append("\t")
        elif ch == "%":
            out.append("%")
        else:
            out.append("%" + ch)
    return "".join(out)


def _isoweek1monday(year):
    THURSDAY = 3
    firstday = _ymd2ord(year, 1, 1)
    firstweekday = (firstday + 6) % 7
    week1monday = firstday - firstweekday
    if firstweekday > THURSDAY:
        week1monday += 7
    return week1monday


def _isocal(y, m, d):
    year = y
    week1monday = _isoweek1monday(year)
    today = _ymd2ord(y, m, d)
    week, day = divmod(today - week1monday, 7)
    if week < 0:
        year -= 1
        week1monday = _isoweek1monday(year)
        week, day = divmod(today - week1monday, 7)
    elif week >= 52:
        if today >= _isoweek1monday(year + 1):
            year += 1
            week = 0
    return year, week + 1, day + 1


class IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday, /):
        return super().__new__(cls, (year, week, weekday))

    @property
    def year(self):
        return self[0]

    @property
    def week(self):
        return self[1]

    @property
    def weekday(self):
        return self[2]

    def __reduce__(self):
        return (tuple, (tuple(self),))

    def __repr__(self):
        return (f"datetime.{self.__class__.__name__}(year={self[0]}, week={self[1]}, weekday={self[2]})")


IsoCalendarDate.__module__ = "datetime"


def _parse_isodate(s):
    if len(s) == 10 and s[4] == "-" and s[7] == "-":
        return int(s[0:4]), int(s[5:7]), int(s[8:10])
    if len(s) == 8 and s.isdigit():
        return int(s[0:4]), int(s[4:6]), int(s[6:8])
    if len(s) in (8, 10) and "W" in s:
        compact = "-" not in s
        parts = s.replace("-", "")
        y = int(parts[0:4])
        w = int(parts[5:7])
        d = int(parts[7:8]) if len(parts) > 7 else 1
        return date.fromisocalendar(y, w, d).timetuple()[:3]
    raise ValueError


def _parse_isotime(s):
    """(hour, minute, second, microsecond, tzinfo) of an ISO time string."""
    tz = None
    for sep in ("Z", "+", "-"):
        k = s.find(sep)
        if k > 0:
            tzs = s[k:]
            s = s[:k]
            if tzs == "Z":
                tz = timezone.utc
            else:
                sign = -1 if tzs[0] == "-" else 1
                body = tzs[1:]
                th, tm, ts, tus, _ = _parse_hms(body)
                td = timedelta(hours=th, minutes=tm, seconds=ts, microseconds=tus)
                tz = timezone.utc if not td else timezone(sign * td)
            break
    hh, mm, ss, us, _ = _parse_hms(s)
    return hh, mm, ss, us, tz


def _parse_hms(s):
    us = 0
    frac = None
    for dot in (".", ","):
        if dot in s:
            s, frac = s.split(dot, 1)
            break
    if ":" in s:
        parts = s.split(":")
    else:
        if len(s) % 2 or not s:
            raise ValueError
        parts = [s[i:i + 2] for i in range(0, len(s), 2)]
    if not 1 <= len(parts) <= 3 or any(len(p) != 2 or not p.isdigit() for p in parts):
        raise ValueError
    vals = [int(p) for p in parts] + [0] * (3 - len(parts))
    if frac is not None:
        if not frac.isdigit() or len(parts) != 3:
            raise ValueError
        us = int((frac + "000000")[:6])
    return vals[0], vals[1], vals[2], us, None


class date:
    """A calendar date (proleptic Gregorian)."""

    __slots__ = ("_year", "_month", "_day", "_hashcode")

    def __new__(cls, year, month=None, day=None):
        year, month, day = _check_date_fields(year, month, day)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        if not 1 <= n <= _MAXORDINAL:
            raise ValueError("ordinal must be >= 1")
        y, m, d = _ord2ymd(n)
        return cls(y, m, d)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            return cls(*_parse_isodate(date_string))
        except (ValueError, IndexError):
            raise ValueError(f"Invalid isoformat string: {date_string!r}") from None

    @classmethod
    def fromisocalendar(cls, year, week, day):
        if not MINYEAR <= year <= MAXYEAR:
            raise ValueError(f"Year is out of range: {year}")
        if not 0 < week < 53:
            out_of_range = True
            if week == 53:
                first_weekday = _ymd2ord(year, 1, 1) % 7
                if (first_weekday == 4 or (first_weekday == 3 and _is_leap(year))):
                    out_of_range = False
            if out_of_range:
                raise ValueError(f"Invalid week: {week}")
        if not 0 < day < 8:
            raise ValueError(f"Invalid weekday: {day} (range is [1, 7])")
        day_offset = (week - 1) * 7 + (day - 1)
        day_1 = _isoweek1monday(year)
        ord_day = day_1 + day_offset
        return cls(*_ord2ymd(ord_day))

    def __repr__(self):
        return "%s.%s(%d, %d, %d)" % (self.__class__.__module__, self.__class__.__qualname__, self._year,
                                      self._month, self._day)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d 00:00:00 %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month], self._day, self._year)

    def _tt(self):
        return (self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                _days_before_month(self._year, self._month) + self._day)

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, self._tt())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError("must be str, not %s" % type(fmt).__name__)
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def isoformat(self):
        return "%04d-%02d-%02d" % (self._year, self._month, self._day)

    __str__ = isoformat

    @property
    def year(self):
        return self._year

    @property
    def month(self):
        return self._month

    @property
    def day(self):
        return self._day

    def timetuple(self):
        return _struct_time(self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                            _days_before_month(self._year, self._month) + self._day, -1)

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        if year is None:
            year = self._year
        if month is None:
            month = self._month
        if day is None:
            day = self._day
        return type(self)(year, month, day)

    def _dkey(self):
        return (self._year, self._month, self._day)

    def _cmpok(self, other):
        return isinstance(other, date) and not isinstance(other, datetime)

    def __eq__(self, other):
        if self._cmpok(other) and not isinstance(self, datetime):
            return self._dkey() == other._dkey()
        return NotImplemented

    def __le__(self, other):
        if self._cmpok(other) and not isinstance(self, datetime):
            return self._dkey() <= other._dkey()
        return NotImplemented

    def __lt__(self, other):
        if self._cmpok(other) and not isinstance(self, datetime):
            return self._dkey() < other._dkey()
        return NotImplemented

    def __ge__(self, other):
        if self._cmpok(other) and not isinstance(self, datetime):
            return self._dkey() >= other._dkey()
        return NotImplemented

    def __gt__(self, other):
        if self._cmpok(other) and not isinstance(self, datetime):
            return self._dkey() > other._dkey()
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._dkey())
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            o = self.toordinal() + other.days
            if 0 < o <= _MAXORDINAL:
                return type(self).fromordinal(o)
            raise OverflowError("result out of range")
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            days1 = self.toordinal()
            days2 = other.toordinal()
            return timedelta(days1 - days2)
        return NotImplemented

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        return IsoCalendarDate(*_isocal(self._year, self._month, self._day))

    def __reduce__(self):
        return (self.__class__, (self._year, self._month, self._day))


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class _struct_time(tuple):
    _names = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst")

    def __new__(cls, *vals):
        return tuple.__new__(cls, vals)

    def __getattr__(self, name):
        try:
            return self[_struct_time._names.index(name)]
        except ValueError:
            raise AttributeError(name) from None

    def __repr__(self):
        return "time.struct_time(%s)" % ", ".join("%s=%r" % (n, v) for n, v in zip(self._names, self))


class tzinfo:
    """Abstract base class for time zone information."""

    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError("tzinfo subclass must override tzname()")

    def utcoffset(self, dt):
        raise NotImplementedError("tzinfo subclass must override utcoffset()")

    def dst(self, dt):
        raise NotImplementedError("tzinfo subclass must override dst()")

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        dtoff = dt.utcoffset()
        if dtoff is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        dtdst = dt.dst()
        if dtdst is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        delta = dtoff - dtdst
        if delta:
            dt += delta
            dtdst = dt.dst()
            if dtdst is None:
                raise ValueError("fromutc(): dt.dst gave inconsistent results; cannot convert")
        return dt + dtdst


class time:
    """A time of day, optionally with a tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_hashcode", "_fold")

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    @property
    def hour(self):
        return self._hour

    @property
    def minute(self):
        return self._minute

    @property
    def second(self):
        return self._second

    @property
    def microsecond(self):
        return self._microsecond

    @property
    def tzinfo(self):
        return self._tzinfo

    @property
    def fold(self):
        return self._fold

    def _tkey(self):
        return (self._hour, self._minute, self._second, self._microsecond)

    def _cmp(self, other, allow_mixed=False):
        mytz = self._tzinfo
        ottz = other._tzinfo
        myoff = otoff = None
        if mytz is ottz:
            base_compare = True
        else:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            base_compare = myoff == otoff
        if base_compare:
            return _cmp(self._tkey(), other._tkey())
        if myoff is None or otoff is None:
            if allow_mixed:
                return 2
            raise TypeError("can't compare offset-naive and offset-aware times")
        myhhmm = self._hour * 60 + self._minute - myoff // timedelta(minutes=1)
        othhmm = other._hour * 60 + other._minute - otoff // timedelta(minutes=1)
        return _cmp((myhhmm, self._second, self._microsecond), (othhmm, other._second, other._microsecond))

    def __eq__(self, other):
        if isinstance(other, time):
            return self._cmp(other, allow_mixed=True) == 0
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, time):
            return self._cmp(other) <= 0
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, time):
            return self._cmp(other) < 0
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, time):
            return self._cmp(other) >= 0
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, time):
            return self._cmp(other) > 0
        return NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            tzoff = self.utcoffset()
            if not tzoff:
                self._hashcode = hash(self._tkey())
            else:
                h, m = divmod(timedelta(hours=self.hour, minutes=self.minute) - tzoff, timedelta(hours=1))
                m //= timedelta(minutes=1)
                self._hashcode = hash((h, m, self.second, self.microsecond))
        return self._hashcode

    def __repr__(self):
        if self._microsecond != 0:
            s = ", %d, %d" % (self._second, self._microsecond)
        elif self._second != 0:
            s = ", %d" % self._second
        else:
            s = ""
        s = "%s.%s(%d, %d%s)" % (self.__class__.__module__, self.__class__.__qualname__, self._hour, self._minute, s)
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def isoformat(self, timespec="auto"):
        s = _format_time(self._hour, self._minute, self._second, self._microsecond, timespec)
        tz = _format_offset(self.utcoffset())
        if tz:
            s += tz
        return s

    __str__ = isoformat

    @classmethod
    def fromisoformat(cls, time_string):
        if not isinstance(time_string, str):
            raise TypeError("fromisoformat: argument must be str")
        s = time_string[1:] if time_string.startswith("T") else time_string
        try:
            hh, mm, ss, us, tz = _parse_isotime(s)
            return cls(hh, mm, ss, us, tz)
        except (ValueError, IndexError):
            raise ValueError(f"Invalid isoformat string: {time_string!r}") from None

    def strftime(self, fmt):
        return _wrap_strftime(self, fmt, (1900, 1, 1, self._hour, self._minute, self._second, 0, 1))

    def __format__(self, fmt):
        if len(fmt) != 0:
            return self.strftime(fmt)
        return str(self)

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.utcoffset(None)
        _check_utc_offset("utcoffset", offset)
        return offset

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(None)

    def dst(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.dst(None)
        _check_utc_offset("dst", offset)
        return offset

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        if hour is None:
            hour = self.hour
        if minute is None:
            minute = self.minute
        if second is None:
            second = self.second
        if microsecond is None:
            microsecond = self.microsecond
        if tzinfo is True:
            tzinfo = self.tzinfo
        if fold is None:
            fold = self._fold
        return type(self)(hour, minute, second, microsecond, tzinfo, fold=fold)

    def __bool__(self):
        return True


time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


def _fromtimestamp_parts(t, utc):
    frac, t = math.modf(t)
    us = _round_half_even(frac * 1e6)
    if us >= 1000000:
        t += 1
        us -= 1000000
    elif us < 0:
        t -= 1
        us += 1000000
    t = int(t)
    if utc:
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.gmtime(t)
    else:
        y, m, d, hh, mm, ss, weekday, jday, dst = _time.localtime(t)
    ss = min(ss, 59)
    return y, m, d, hh, mm, ss, us


def _local_tz_at(ts):
    """The local time zone's offset at timestamp ts, as a fixed timezone."""
    lt = _time.localtime(int(ts))
    g = _time.gmtime(int(ts))
    return timezone(datetime(*lt[:6]) - datetime(*g[:6]))


class datetime(date):
    """A date with a time of day, optionally with a tzinfo."""

    __slots__ = ("_hour", "_minute", "_second", "_microsecond", "_tzinfo", "_fold")

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        year, month, day = _check_date_fields(year, month, day)
        hour, minute, second, microsecond, fold = _check_time_fields(hour, minute, second, microsecond, fold)
        _check_tzinfo_arg(tzinfo)
        self = object.__new__(cls)
        self._year = year
        self._month = month
        self._day = day
        self._hour = hour
        self._minute = minute
        self._second = second
        self._microsecond = microsecond
        self._tzinfo = tzinfo
        self._hashcode = -1
        self._fold = fold
        return self

    hour = time.hour
    minute = time.minute
    second = time.second
    microsecond = time.microsecond
    tzinfo = time.tzinfo
    fold = time.fold

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tzinfo_arg(tz)
        if not isinstance(t, (int, float)):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(t).__name__)
        y, m, d, hh, mm, ss, us = _fromtimestamp_parts(t, tz is not None)
        result = cls(y, m, d, hh, mm, ss, us, tz)
        if tz is not None:
            result = tz.fromutc(result)
        return result

    @classmethod
    def utcfromtimestamp(cls, t):
        y, m, d, hh, mm, ss, us = _fromtimestamp_parts(t, True)
        return cls(y, m, d, hh, mm, ss, us)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(_time.time())

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError("date argument must be a date instance")
        if not isinstance(time, _time_class):
            raise TypeError("time argument must be a time instance")
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond, tzinfo,
                   fold=time.fold)

    @classmethod
    def fromisoformat(cls, date_string):
        if not isinstance(date_string, str):
            raise TypeError("fromisoformat: argument must be str")
        try:
            if len(date_string) >= 10 and date_string[4:5] == "-":
                dstr, tstr = date_string[:10], date_string[11:]
                sep = date_string[10:11]
            elif len(date_string) >= 8 and date_string[:8].isdigit():
                dstr, tstr = date_string[:8], date_string[9:]
                sep = date_string[8:9]
            else:
                raise ValueError
            y, m, d = _parse_isodate(dstr)
            if sep and not tstr:
                raise ValueError
            if tstr:
                hh, mm, ss, us, tz = _parse_isotime(tstr)
            else:
                hh = mm = ss = us = 0
                tz = None
        except (ValueError, IndexError):
            raise ValueError(f"Invalid isoformat string: {date_string!r}") from None
        if hh == 24 and mm == ss == us == 0:
            return cls(y, m, d, 0, 0, 0, 0, tz) + timedelta(days=1)
        return cls(y, m, d, hh, mm, ss, us, tz)

    @classmethod
    def strptime(cls, date_string, format):
        return _strptime(cls, date_string, format)

    def timetuple(self):
        dst = self.dst()
        if dst is None:
            dst = -1
        elif dst:
            dst = 1
        else:
            dst = 0
        return _struct_time(self._year, self._month, self._day, self._hour, self._minute, self._second,
                            self.weekday(), _days_before_month(self._year, self._month) + self._day, dst)

    def _local_timestamp(self):
        return _time.mktime((self._year, self._month, self._day, self._hour, self._minute, self._second, -1, -1, -1))

    def timestamp(self):
        if self._tzinfo is None:
            return self._local_timestamp() + self.microsecond / 1e6
        return (self - _EPOCH).total_seconds()

    def utctimetuple(self):
        offset = self.utcoffset()
        if offset:
            self -= offset
        y, m, d = self.year, self.month, self.day
        hh, mm, ss = self.hour, self.minute, self.second
        return _struct_time(y, m, d, hh, mm, ss, self.weekday(), _days_before_month(y, m) + d, 0)

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self.hour, self.minute, self.second, self.microsecond, fold=self.fold)

    def timetz(self):
        return time(self.hour, self.minute, self.second, self.microsecond, self._tzinfo, fold=self.fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        if year is None:
            year = self.year
        if month is None:
            month = self.month
        if day is None:
            day = self.day
        if hour is None:
            hour = self.hour
        if minute is None:
            minute = self.minute
        if second is None:
            second = self.second
        if microsecond is None:
            microsecond = self.microsecond
        if tzinfo is True:
            tzinfo = self.tzinfo
        if fold is None:
            fold = self.fold
        return type(self)(year, month, day, hour, minute, second, microsecond, tzinfo, fold=fold)

    def astimezone(self, tz=None):
        if tz is None:
            tz = _local_tz_at(self.timestamp())
        elif not isinstance(tz, tzinfo):
            raise TypeError("tz argument must be an instance of tzinfo")
        mytz = self.tzinfo
        myoffset = mytz.utcoffset(self) if mytz is not None else None
        if myoffset is None:
            myoffset = _local_tz_at(self._local_timestamp()).utcoffset(None)
        if tz is mytz:
            return self
        utc = (self - myoffset).replace(tzinfo=tz)
        return tz.fromutc(utc)

    def ctime(self):
        weekday = self.toordinal() % 7 or 7
        return "%s %s %2d %02d:%02d:%02d %04d" % (_DAYNAMES[weekday], _MONTHNAMES[self._month], self._day,
                                                  self._hour, self._minute, self._second, self._year)

    def _tt(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second, self.weekday(),
                _days_before_month(self._year, self._month) + self._day)

    def isoformat(self, sep="T", timespec="auto"):
        s = ("%04d-%02d-%02d%c" % (self._year, self._month, self._day, sep) +
             _format_time(self._hour, self._minute, self._second, self._microsecond, timespec))
        off = self.utcoffset()
        tz = _format_offset(off)
        if tz:
            s += tz
        return s

    def __repr__(self):
        L = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        if L[-1] == 0:
            del L[-1]
        if L[-1] == 0:
            del L[-1]
        s = "%s.%s(%s)" % (self.__class__.__module__, self.__class__.__qualname__, ", ".join(map(str, L)))
        if self._tzinfo is not None:
            s = s[:-1] + ", tzinfo=%r" % self._tzinfo + ")"
        if self._fold:
            s = s[:-1] + ", fold=1)"
        return s

    def __str__(self):
        return self.isoformat(sep=" ")

    def utcoffset(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.utcoffset(self)
        _check_utc_offset("utcoffset", offset)
        return offset

    def tzname(self):
        if self._tzinfo is None:
            return None
        return self._tzinfo.tzname(self)

    def dst(self):
        if self._tzinfo is None:
            return None
        offset = self._tzinfo.dst(self)
        _check_utc_offset("dst", offset)
        return offset

    def _dtkey(self):
        return (self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond)

    def _cmp(self, other, allow_mixed=False):
        mytz = self._tzinfo
        ottz = other._tzinfo
        myoff = otoff = None
        if mytz is ottz:
            base_compare = True
        else:
            myoff = self.utcoffset()
            otoff = other.utcoffset()
            if allow_mixed:
                if myoff != self.replace(fold=not self.fold).utcoffset():
                    return 2
                if otoff != other.replace(fold=not other.fold).utcoffset():
                    return 2
            base_compare = myoff == otoff
        if base_compare:
            return _cmp(self._dtkey(), other._dtkey())
        if myoff is None or otoff is None:
            if allow_mixed:
                return 2
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        diff = self - other
        if diff.days < 0:
            return -1
        return diff and 1 or 0

    def __eq__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other, allow_mixed=True) == 0
        elif not isinstance(other, date):
            return NotImplemented
        return False

    def _cmperr(self, other):
        raise TypeError("can't compare '%s' to '%s'" % (type(self).__name__, type(other).__name__))

    def __le__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) <= 0
        elif not isinstance(other, date):
            return NotImplemented
        self._cmperr(other)

    def __lt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) < 0
        elif not isinstance(other, date):
            return NotImplemented
        self._cmperr(other)

    def __ge__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) >= 0
        elif not isinstance(other, date):
            return NotImplemented
        self._cmperr(other)

    def __gt__(self, other):
        if isinstance(other, datetime):
            return self._cmp(other) > 0
        elif not isinstance(other, date):
            return NotImplemented
        self._cmperr(other)

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        delta = timedelta(self.toordinal(), hours=self._hour, minutes=self._minute, seconds=self._second,
                          microseconds=self._microsecond)
        delta += other
        hour, rem = divmod(delta.seconds, 3600)
        minute, second = divmod(rem, 60)
        if 0 < delta.days <= _MAXORDINAL:
            return type(self).combine(date.fromordinal(delta.days),
                                      time(hour, minute, second, delta.microseconds, tzinfo=self._tzinfo))
        raise OverflowError("result out of range")

    __radd__ = __add__

    def __sub__(self, other):
        if not isinstance(other, datetime):
            if isinstance(other, timedelta):
                return self + -other
            return NotImplemented
        days1 = self.toordinal()
        days2 = other.toordinal()
        secs1 = self._second + self._minute * 60 + self._hour * 3600
        secs2 = other._second + other._minute * 60 + other._hour * 3600
        base = timedelta(days1 - days2, secs1 - secs2, self._microsecond - other._microsecond)
        if self._tzinfo is other._tzinfo:
            return base
        myoff = self.utcoffset()
        otoff = other.utcoffset()
        if myoff == otoff:
            return base
        if myoff is None or otoff is None:
            raise TypeError("can't subtract offset-naive and offset-aware datetimes")
        return base + otoff - myoff

    def __hash__(self):
        if self._hashcode == -1:
            if self.fold:
                t = self.replace(fold=0)
            else:
                t = self
            tzoff = t.utcoffset()
            if tzoff is None:
                self._hashcode = hash(t._dtkey())
            else:
                days = _ymd2ord(self.year, self.month, self.day)
                seconds = self.hour * 3600 + self.minute * 60 + self.second
                self._hashcode = hash(timedelta(days, seconds, self.microsecond) - tzoff)
        return self._hashcode

    def __reduce__(self):
        return (self.__class__, self._dtkey() + ((self._tzinfo,) if self._tzinfo else ()))


_date_class = date
_time_class = time

datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)


class timezone(tzinfo):
    """A fixed offset from UTC."""

    __slots__ = ("_offset", "_name")

    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError("offset must be a timedelta")
        if name is cls._Omitted:
            if not offset:
                return cls.utc
            name = None
        elif not isinstance(name, str):
            raise TypeError("name must be a string")
        if not cls._minoffset <= offset <= cls._maxoffset:
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                             "timedelta(hours=24), not %r." % (offset,))
        return cls._create(offset, name)

    @classmethod
    def _create(cls, offset, name=None):
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __getinitargs__(self):
        if self._name is None:
            return (self._offset,)
        return (self._offset, self._name)

    def __eq__(self, other):
        if isinstance(other, timezone):
            return self._offset == other._offset
        return NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is self.utc:
            return "datetime.timezone.utc"
        if self._name is None:
            return "%s.%s(%r)" % (self.__class__.__module__, self.__class__.__qualname__, self._offset)
        return "%s.%s(%r, %r)" % (self.__class__.__module__, self.__class__.__qualname__, self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def utcoffset(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return self._offset
        raise TypeError("utcoffset() argument must be a datetime instance or None")

    def tzname(self, dt):
        if isinstance(dt, datetime) or dt is None:
            if self._name is None:
                return self._name_from_offset(self._offset)
            return self._name
        raise TypeError("tzname() argument must be a datetime instance or None")

    def dst(self, dt):
        if isinstance(dt, datetime) or dt is None:
            return None
        raise TypeError("dst() argument must be a datetime instance or None")

    def fromutc(self, dt):
        if isinstance(dt, datetime):
            if dt.tzinfo is not self:
                raise ValueError("fromutc: dt.tzinfo is not self")
            return dt + self._offset
        raise TypeError("fromutc() argument must be a datetime instance or None")

    _maxoffset = timedelta(hours=24, microseconds=-1)
    _minoffset = -_maxoffset

    @staticmethod
    def _name_from_offset(delta):
        if not delta:
            return "UTC"
        if delta < timedelta(0):
            sign = "-"
            delta = -delta
        else:
            sign = "+"
        hours, rest = divmod(delta, timedelta(hours=1))
        minutes, rest = divmod(rest, timedelta(minutes=1))
        seconds = rest.seconds
        microseconds = rest.microseconds
        if microseconds:
            return (f"UTC{sign}{hours:02d}:{minutes:02d}:{seconds:02d}.{microseconds:06d}")
        if seconds:
            return f"UTC{sign}{hours:02d}:{minutes:02d}:{seconds:02d}"
        return f"UTC{sign}{hours:02d}:{minutes:02d}"


timezone.utc = timezone._create(timedelta(0))
timezone.min = timezone._create(-timedelta(hours=23, minutes=59))
timezone.max = timezone._create(timedelta(hours=23, minutes=59))
UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _strptime(cls, data_string, format):
    import _strptime
    return _strptime._strptime_datetime(cls, data_string, format)
