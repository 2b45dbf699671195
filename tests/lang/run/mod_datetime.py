# datetime: timedelta, date, time, datetime, timezone; arithmetic, formatting, parsing.
import datetime
from datetime import date, time, timedelta, timezone

td = timedelta(days=1, hours=2, minutes=3, seconds=4, microseconds=5)
for t in [td, timedelta(0), timedelta(seconds=-1), timedelta(days=-1, seconds=5), timedelta(weeks=2),
          timedelta(hours=1.5), timedelta(milliseconds=1.5), timedelta(days=0.5, seconds=0.25), -td, abs(-td),
          timedelta(microseconds=-1), timedelta(days=3, microseconds=999999), timedelta(minutes=-90)]:
    print(repr(t), str(t), t.days, t.seconds, t.microseconds, t.total_seconds(), bool(t))
print(td + td, td - timedelta(days=2), td * 2, 3 * td, td / 2, td // 3, td / timedelta(hours=1),
      td // timedelta(hours=1), td % timedelta(hours=1), divmod(td, timedelta(hours=5)), td * 0.5, td / 0.5)
print(timedelta(1) == timedelta(hours=24), timedelta(1) < timedelta(2), timedelta(0) >= timedelta(0),
      hash(timedelta(1)) == hash(timedelta(hours=24)), timedelta.min, timedelta.max, timedelta.resolution)
print(timedelta(seconds=7) / 2, timedelta(seconds=5) / 2, timedelta(microseconds=3) / 2)
try:
    timedelta(days=10 ** 9)
except OverflowError as e:
    print("OverflowError", e)

d = date(2024, 2, 29)
print(d, repr(d), d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.isocalendar(), d.toordinal(), d.ctime())
print(d + timedelta(days=1), d - timedelta(days=60), d - date(2023, 1, 1), date(2023, 12, 31) + timedelta(1))
print(d.replace(day=1), d.replace(year=2025, day=28), date.fromordinal(738000), date.fromisoformat("2021-07-04"),
      date.fromisoformat("20210704"), date.fromisocalendar(2020, 53, 7), date.min, date.max)
print(d.isoformat(), d.strftime("%Y/%m/%d %a %A %b %B %j %U %W %w %y %e %%"), f"{d:%d.%m.%Y}", format(d, ""))
print(d == date(2024, 2, 29), d < date(2024, 3, 1), d > date(2024, 1, 1), hash(d) == hash(date(2024, 2, 29)),
      sorted([date(2024, 1, 2), date(2023, 5, 5), date(2024, 1, 1)]))
for yy, mm, dd in [(2024, 2, 30), (2023, 2, 29), (2024, 13, 1), (0, 1, 1), (2024, 4, 31)]:
    try:
        date(yy, mm, dd)
    except ValueError as e:
        print("ValueError", e)
try:
    date.fromisoformat("2021-7-4")
except ValueError as e:
    print("ValueError", e)
for y in [2004, 2015, 2020, 2021, 2026, 1999]:
    print(y, date(y, 1, 1).isocalendar(), date(y, 12, 31).isocalendar(), tuple(date(y, 6, 15).isocalendar()))

t = time(13, 5, 9, 120)
print(t, repr(t), t.hour, t.minute, t.second, t.microsecond, t.tzinfo, repr(time()), repr(time(1, 2, 3)))
print(t.isoformat(), t.isoformat("minutes"), t.isoformat("milliseconds"), t.isoformat(timespec="hours"),
      time(1, 2).isoformat(), t.strftime("%H:%M:%S %I %p"), t.replace(hour=1), time.min, time.max)
print(time.fromisoformat("04:23:01"), time.fromisoformat("04:23:01.000384"), time.fromisoformat("04:23"),
      repr(time.fromisoformat("04:23:01+04:00")), time.fromisoformat("T0423"))
print(time(1) < time(2), time(1, tzinfo=timezone.utc) == time(2, tzinfo=timezone(timedelta(hours=1))))
for bad in [lambda: time(24), lambda: time(0, 60), lambda: time(0, 0, 0, 10 ** 6), lambda: t.isoformat("bogus")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)

dt = datetime.datetime(2023, 11, 14, 22, 13, 20, 250000)
print(dt, repr(dt), dt.date(), dt.time(), dt.timetz(), dt.isoformat(), dt.isoformat(" ", "seconds"), dt.ctime())
print(repr(datetime.datetime(2020, 1, 1)), repr(datetime.datetime(2020, 1, 1, 0, 0, 5)),
      repr(datetime.datetime(2020, 1, 1, 1, 2, 3, 4)))
print(dt + timedelta(hours=3), dt - timedelta(days=400), dt - datetime.datetime(2023, 1, 1),
      datetime.datetime(2020, 12, 31, 23, 59, 59) + timedelta(seconds=1))
print(dt.strftime("%Y-%m-%d %H:%M:%S.%f %a %j %p %I %c|%x|%X|%z|%Z|"), f"{dt:%H%M}")
u = datetime.datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)
print(u, repr(u), u.tzname(), u.utcoffset(), u.dst(), u.timestamp(), u.strftime("%z %Z"), u.isoformat())
k = timezone(timedelta(hours=5, minutes=30))
n = timezone(timedelta(hours=-8), "PST")
print(repr(k), str(k), k.tzname(None), repr(n), str(n), repr(timezone.utc), str(timezone.utc), timezone.min,
      timezone.max, timezone(timedelta(0)) is timezone.utc, datetime.UTC is timezone.utc)
print(u.astimezone(k), u.astimezone(n), repr(u.astimezone(n)), u.astimezone(k) == u, u.astimezone(k).strftime("%z"))
print(datetime.datetime.fromtimestamp(1700000000, timezone.utc), datetime.datetime.fromtimestamp(1700000000.5, k),
      datetime.datetime.utcfromtimestamp(0), datetime.datetime.utcfromtimestamp(1700000000.123456),
      datetime.datetime.fromtimestamp(86400 * 365.25, tz=timezone.utc))
print(datetime.datetime(2000, 1, 1, tzinfo=k) - datetime.datetime(2000, 1, 1, tzinfo=timezone.utc),
      datetime.datetime(2000, 1, 1, tzinfo=k) < datetime.datetime(2000, 1, 1, tzinfo=timezone.utc))
naive = datetime.datetime(2000, 1, 1)
print(naive == u, naive != u)
try:
    naive < u
except TypeError as e:
    print("TypeError", e)
try:
    naive - u
except TypeError as e:
    print("TypeError", e)
print(naive == naive.date(), naive.date() == date(2000, 1, 1))
for s in ["2011-11-04", "2011-11-04T00:05:23", "2011-11-04 00:05:23.283", "2011-11-04T00:05:23.283+00:00",
          "2011-11-04T00:05:23+04:00", "20111104T000523", "2011-11-04T00:05:23Z", "2011-11-04T00:05:23.283456-07:30"]:
    v = datetime.datetime.fromisoformat(s)
    print(s, repr(v), v.isoformat())
try:
    datetime.datetime.fromisoformat("2011-11-04T25:00")
except ValueError as e:
    print("ValueError", e)
for s, f in [("2023-11-14 22:13:20", "%Y-%m-%d %H:%M:%S"), ("14/Nov/23 10:13 PM", "%d/%b/%y %I:%M %p"),
             ("2023-318", "%Y-%j"), ("Tuesday March 05 2024", "%A %B %d %Y"), ("12:30:01.5", "%H:%M:%S.%f"),
             ("2023-11-14T22:13:20+0530", "%Y-%m-%dT%H:%M:%S%z")]:
    print(repr(datetime.datetime.strptime(s, f)))
for s, f in [("2023-11-14", "%Y/%m/%d"), ("2023-11-14 extra", "%Y-%m-%d")]:
    try:
        datetime.datetime.strptime(s, f)
    except ValueError as e:
        print("ValueError", e)
c = datetime.datetime.combine(date(2020, 5, 17), time(8, 30, tzinfo=n))
print(repr(c), c.utcoffset(), c.replace(tzinfo=None), c.replace(minute=0, tzinfo=timezone.utc))
print(datetime.datetime.min, datetime.datetime.max, datetime.datetime.resolution, datetime.MINYEAR, datetime.MAXYEAR)
print(hash(u) == hash(u.astimezone(k)), len({u, u.astimezone(k), u.astimezone(n)}),
      sorted([dt, dt - timedelta(1), dt + timedelta(1)])[0])
print(tuple(dt.timetuple()), tuple(u.utctimetuple())[:6], isinstance(dt, date), issubclass(datetime.datetime, date))
now = datetime.datetime.now()
print(type(now).__name__, now.tzinfo, datetime.datetime.now(timezone.utc).tzinfo, type(date.today()).__name__,
      abs(datetime.datetime.now(timezone.utc) - datetime.datetime.utcnow().replace(tzinfo=timezone.utc)) < timedelta(1))
loc = naive.astimezone(timezone.utc)
print(type(loc).__name__, loc.tzinfo is timezone.utc)
