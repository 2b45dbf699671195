words = ['b', 'A', 'a', 'B', 'ab', 'Ab', '']
print(sorted(words), sorted(words, key=str.lower), max(words), min(words))
print('a' < 'b', 'B' < 'a', 'abc' < 'abd', 'ab' < 'abc', '' < 'a', 'é' > 'z')
