"""datetime.strptime (the directives datetime's strftime writes, C locale); the datetime
module calls _strptime_datetime."""

from datetime import (_DAYNAMES, _FULLDAYNAMES, _FULLMONTHNAMES, _MONTHNAMES, _ymd2ord, date, timedelta,
                      timezone)


def _strptime_datetime(cls, data_string, format):
    """datetime.strptime for the directives strftime writes (C locale)."""
    if not isinstance(data_string, str):
        raise TypeError("strptime() argument 1 must be str, not %s" % type(data_string).__name__)
    vals = {"Y": 1900, "m": 1, "d": 1, "H": 0, "M": 0, "S": 0, "f": 0}
    pm = None
    tz = None
    yday = None
    i = 0
    j = 0
    s = data_string
    n = len(format)

    def fail():
        raise ValueError("time data %r does not match format %r" % (data_string, format))

    def digits(lo, hi):
        nonlocal j
        k = j
        while k < len(s) and k - j < hi and s[k].isdigit():
            k += 1
        if k - j < lo:
            fail()
        v = int(s[j:k])
        j = k
        return v

    def name(table):
        nonlocal j
        for idx in range(len(table) - 1, 0, -1):
            t = table[idx]
            if t and s[j:j + len(t)].lower() == t.lower():
                j += len(t)
                return idx
        fail()

    while i < n:
        c = format[i]
        i += 1
        if c != "%":
            if c.isspace():
                while j < len(s) and s[j].isspace():
                    j += 1
                continue
            if j >= len(s) or s[j] != c:
                fail()
            j += 1
            continue
        if i >= n:
            raise ValueError("stray % in format '%s'" % format)
        d = format[i]
        i += 1
        if d == "Y":
            vals["Y"] = digits(4, 4)
        elif d == "y":
            y = digits(2, 2)
            vals["Y"] = y + (2000 if y < 69 else 1900)
        elif d == "m":
            vals["m"] = digits(1, 2)
        elif d == "d":
            vals["d"] = digits(1, 2)
        elif d == "H":
            vals["H"] = digits(1, 2)
        elif d == "I":
            vals["H"] = digits(1, 2)
            pm = pm if pm is not None else False
        elif d == "M":
            vals["M"] = digits(1, 2)
        elif d == "S":
            vals["S"] = digits(1, 2)
        elif d == "f":
            k = j
            v = digits(1, 6)
            vals["f"] = int((s[k:j] + "000000")[:6])
        elif d == "j":
            yday = digits(1, 3)
        elif d == "p":
            if s[j:j + 2].upper() == "AM":
                pm = False
            elif s[j:j + 2].upper() == "PM":
                pm = True
            else:
                fail()
            j += 2
        elif d == "b" or d == "h":
            vals["m"] = name(_MONTHNAMES)
        elif d == "B":
            vals["m"] = name(_FULLMONTHNAMES)
        elif d == "a":
            name(_DAYNAMES)
        elif d == "A":
            name(_FULLDAYNAMES)
        elif d == "z":
            if s[j:j + 1] == "Z":
                j += 1
                tz = timezone.utc
            else:
                if s[j:j + 1] not in ("+", "-"):
                    fail()
                sign = -1 if s[j] == "-" else 1
                j += 1
                hh = digits(2, 2)
                if s[j:j + 1] == ":":
                    j += 1
                mm = digits(2, 2)
                tz = timezone(sign * timedelta(hours=hh, minutes=mm))
        elif d == "Z":
            for nm in ("UTC", "GMT"):
                if s[j:j + 3].upper() == nm:
                    j += 3
                    break
            else:
                fail()
        elif d == "%":
            if s[j:j + 1] != "%":
                fail()
            j += 1
        else:
            raise ValueError("'%s' is a bad directive in format '%s'" % (d, "%" + d))
    if j != len(s):
        raise ValueError("unconverted data remains: %s" % s[j:])
    h = vals["H"]
    if pm is not None:
        if pm and h != 12:
            h += 12
        elif not pm and h == 12:
            h = 0
    if yday is not None:
        dd = date.fromordinal(_ymd2ord(vals["Y"], 1, 1) + yday - 1)
        vals["m"], vals["d"] = dd.month, dd.day
    return cls(vals["Y"], vals["m"], vals["d"], h, vals["M"], vals["S"], vals["f"], tz)
