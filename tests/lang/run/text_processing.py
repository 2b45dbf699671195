text = """The quick brown fox.
Jumps over the lazy dog!
THE END"""
words = [w.strip(".!").lower() for w in text.split()]
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
print(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
print(len(text.splitlines()), text.count("the"), text.lower().count("the"))
print([line.title() for line in text.splitlines()])
print(" ".join(w[::-1] for w in "hello world".split()))
print("".join(c for c in "a1b2c3" if c.isdigit()), sum(int(c) for c in "12345"))
