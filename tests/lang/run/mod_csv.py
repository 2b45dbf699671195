# csv: reader/writer round trips, dialects, quoting, DictReader/DictWriter, files.
import csv
import io
import os
import tempfile

rows = [["name", "value", "note"], ["alpha", 1, "plain"], ["beta, inc", 2.5, 'say "hi"'], ["multi\nline", None, ""],
        ["", " lead", "trail "], [7, -3, "x;y"]]
for kwargs in [{}, {"quoting": csv.QUOTE_ALL}, {"quoting": csv.QUOTE_NONNUMERIC}, {"dialect": "excel-tab"},
               {"delimiter": ";", "quotechar": "'"}, {"lineterminator": "\n"}, {"dialect": "unix"},
               {"doublequote": False, "escapechar": "\\"}]:
    buf = io.StringIO()
    w = csv.writer(buf, **kwargs)
    w.writerows(rows)
    text = buf.getvalue()
    print(kwargs, repr(text))
    back = list(csv.reader(text.splitlines(True), **kwargs))
    print(back)

buf = io.StringIO()
w = csv.writer(buf, quoting=csv.QUOTE_NONE, escapechar="\\")
w.writerow(["a,b", "c\"d", "e"])
print(repr(buf.getvalue()))
try:
    csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(["a,b"])
except csv.Error as e:
    print("Error", e)
buf = io.StringIO()
csv.writer(buf).writerow([""])
csv.writer(buf).writerow([])
print(repr(buf.getvalue()))

samples = ['a,b,c\r\n', 'a,"b,c",d\n', '"x""y",z\n', ' a, b ,c\n', '"open\nclose",2\n', 'q\n\nr\n', '1,2\r\n3,4',
           '"a"b,c\n', 'x\\,y,z\n']
for s in samples:
    print(repr(s), list(csv.reader(s.splitlines(True))))
print(list(csv.reader([" a, b"], skipinitialspace=True)), list(csv.reader(["x\\,y,z"], escapechar="\\")))
print(list(csv.reader(["1,2.5,'a'"], quoting=csv.QUOTE_NONNUMERIC, quotechar="'")))
print(list(csv.reader(["a\tb"], dialect=csv.excel_tab)), list(csv.reader(["a|b|c"], delimiter="|")))
rd = csv.reader(["a,b", "c,d", "e"])
for row in rd:
    print(rd.line_num, row)
print(rd.dialect.delimiter, repr(rd.dialect.lineterminator), rd.dialect.quoting, rd.dialect.doublequote)

print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE, sorted(csv.list_dialects()))
csv.register_dialect("pipes", delimiter="|", quoting=csv.QUOTE_ALL)
buf = io.StringIO()
csv.writer(buf, dialect="pipes").writerow([1, "a"])
print(repr(buf.getvalue()), csv.get_dialect("pipes").delimiter, "pipes" in csv.list_dialects())
csv.unregister_dialect("pipes")
try:
    csv.get_dialect("pipes")
except csv.Error as e:
    print("Error", e)
print(csv.excel.delimiter, repr(csv.excel.lineterminator), csv.excel_tab.delimiter, csv.unix_dialect.quoting)

tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "table.csv")
with open(path, "w", newline="") as f:
    dw = csv.DictWriter(f, fieldnames=["M", "N", "us"])
    dw.writeheader()
    dw.writerow({"M": 128, "N": 256, "us": 12.5})
    dw.writerows([{"M": 1, "N": 2}, {"M": 3, "N": 4, "us": 0.25}])
with open(path, newline="") as f:
    print(repr(f.read()))
with open(path, newline="") as f:
    dr = csv.DictReader(f)
    print(dr.fieldnames)
    for rec in dr:
        print(rec, dr.line_num)
try:
    csv.DictWriter(io.StringIO(), ["a"]).writerow({"a": 1, "b": 2})
except ValueError as e:
    print("ValueError", e)
buf = io.StringIO()
csv.DictWriter(buf, ["a", "b"], extrasaction="ignore", restval="-").writerow({"a": 1, "c": 3})
print(repr(buf.getvalue()))
dr = csv.DictReader(["x,y", "1,2,3", "4"], restkey="rest", restval="?")
print(list(dr))
dr = csv.DictReader(["1,2", "", "3,4"], fieldnames=["p", "q"])
print(list(dr))
sn = csv.Sniffer()
d = sn.sniff("a;b;c\n1;2;3\n4;5;6\n")
print(d.delimiter, sn.has_header("name,age\nbob,3\nann,4\n"))
