print(repr("a\\b"), repr("quote'"), repr("both'\""), repr("\x00\x7f"), repr("é"), repr("\u200b"))
print("raw: " + r"\n stays", len(r"\n"), "\101\x41\u0041")
print("""triple
quoted""", '''single triple''')
print("concat" "enated", "tab\tend", "bell".encode())
