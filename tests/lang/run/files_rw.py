import os
path = "flyi_test_tmp_file.txt"
with open(path, "w") as f:
    f.write("alpha\n")
    f.writelines(["beta\n", "gamma\n"])
with open(path) as f:
    print(f.readline().strip(), f.read().split())
with open(path, "a") as f:
    print(f.write("delta\n"))
with open(path) as f:
    for i, line in enumerate(f):
        print(i, line.rstrip())
with open(path, "rb") as f:
    data = f.read()
print(type(data).__name__, len(data), data[:5])
with open(path, "wb") as f:
    f.write(b"\x00\x01\x02")
print(open(path, "rb").read())
os.remove(path)
try:
    open("definitely_missing_file.txt")
except FileNotFoundError as e:
    print(e)
