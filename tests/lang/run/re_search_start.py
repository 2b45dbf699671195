# re searches skip the positions whose character cannot start a match: patterns whose first
# character is a set, a class, case-insensitive, after anchors and groups, optional, or empty.
import re

text = "xx Foo; bar\nBAZ 12 ſt Kelvin \u212a é É  end"
pats = [r"[aeiou]", r"(?i)foo", r"(?i)k", r"(?i)s", r"\d+", r"(\w+)\s", r"\bba", r"(?m)^B\w+",
        r"[^x ]", r"é", r"(?i)é", r"x*", r"(?:ab)?c|;", r"(a|B|\n)", r"\s*end$", r"[\u212a]",
        r"(?i)[k]", r"(?=F)\w", r"(?<=\n)B", r"(?:\d|[ſ])t?", r"z", r".\Z"]
for p in pats:
    print(p, re.findall(p, text), [m.span() for m in re.finditer(p, text)][:4])
    print(re.search(p, text, re.ASCII))
print(re.sub(r"[;\n]\s*", "|", text))
print(re.split(r"\d", "a1b2c3"), re.search(r"\d", "abc"), re.search(r"\d", ""))
