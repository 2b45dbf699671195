s = "héllo wörld ✓"
print(len(s), s[1], s[-1], s.upper(), s[::-1])
print(ord("é"), chr(233), chr(0x2713), "✓" in s, s.encode()[:3])
for ch in "añ✓":
    print(ch, ord(ch))
print("Straße".lower(), "ÉCOLE".lower())
print(repr("tab\there"), ascii("é✓"))
