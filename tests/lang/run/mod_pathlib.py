# pathlib: pure path algebra and filesystem operations in a temporary directory.
import os
import tempfile
from pathlib import Path, PosixPath, PurePath, PurePosixPath

for s in ["/a/b.tar.gz", "a/b/", "//x//y/./z", "///r", "", ".", "..", "a/../b", "/", "dir/.hidden", "n.", "x.y."]:
    p = PurePosixPath(s)
    print(repr(s), repr(p), str(p), p.parts, repr(p.name), repr(p.stem), repr(p.suffix), p.suffixes,
          repr(p.parent), [str(q) for q in p.parents], repr(p.root), repr(p.anchor), p.is_absolute())

p = PurePath("/usr", "lib", "python3")
print(repr(p), p / "x", "/etc" / PurePath("a"), p / "/abs", PurePath("a", "/b", "c"))
print(p.joinpath("a", "b"), p.with_name("py"), p.with_suffix(".txt"), PurePath("f.tar.gz").with_suffix(".zip"),
      PurePath("f.txt").with_suffix(""), PurePath("f").with_stem("g"), PurePath("a/f.c").with_stem("g"))
print(p.relative_to("/usr"), p.relative_to("/usr/lib/python3"), p.is_relative_to("/usr"), p.is_relative_to("/x"))
for bad in [lambda: p.relative_to("/x"), lambda: p.with_suffix("txt"), lambda: PurePath("/").with_name("x"),
            lambda: p.with_name(""), lambda: PurePath("a").as_uri(), lambda: p.with_suffix(".")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
try:
    p / 3
except TypeError as e:
    print("TypeError", e)
try:
    PurePath("a") < "b"
except TypeError as e:
    print("TypeError", e)
print(p.as_posix(), p.as_uri(), os.fspath(p), p.parents[0], p.parents[-1], p.parents[1:], len(p.parents))
print(PurePath("a/b.py").match("*.py"), PurePath("/a/b/c.py").match("b/*.py"), PurePath("/a/b/c.py").match("/*.py"),
      PurePath("a/b.py").match("a/*.txt"))
print(PurePath("a") == PurePath("a/"), PurePath("a") == PurePosixPath("a"), Path("a") == PurePath("a"),
      PurePath("a") != PurePath("b"), PurePath("a") == "a")
print(hash(PurePath("x/y")) == hash(PurePath("x//y")), len({PurePath("a"), PurePath("a/."), PurePath("b")}))
print(sorted([PurePath("b"), PurePath("a/c"), PurePath("a"), PurePath("/z")]))
print(PurePath("a") < PurePath("b"), PurePath("a") <= PurePath("a"), PurePath("b") > PurePath("a/b"),
      PurePath("b") >= PurePath("c"))
print(repr(Path("a")), repr(PurePath("a")), type(Path("x")).__name__, isinstance(Path("x"), PurePath),
      isinstance(Path("x"), PosixPath), isinstance(PosixPath("x"), Path), issubclass(PosixPath, PurePosixPath))
print(str(Path()), repr(Path("")), Path("a", Path("b"), "c"))
print(Path.home() == Path(os.path.expanduser("~")), Path.cwd() == Path(os.getcwd()))

root = Path(tempfile.mkdtemp())
old = os.getcwd()
os.chdir(root)
try:
    print(Path(".").resolve() == root.resolve(), Path("q").absolute() == root / "q")
    d = root / "pkg" / "sub"
    d.mkdir(parents=True)
    d.mkdir(parents=True, exist_ok=True)
    try:
        d.mkdir()
    except FileExistsError as e:
        print("FileExistsError", e.errno, e.strerror)
    try:
        (root / "no" / "such").mkdir()
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno)
    f = d / "data.txt"
    print(f.exists(), f.write_text("line1\nline2\n"), f.exists(), f.is_file(), f.is_dir(), d.is_dir())
    print(repr(f.read_text()), f.read_text().splitlines())
    b = root / "pkg" / "blob.bin"
    print(b.write_bytes(b"\x00\x01abc"), b.read_bytes(), b.stat().st_size)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "mod.py").write_text("x = 1\n")
    (root / "pkg" / "sub" / "deep.py").write_text("y = 2\n")
    (root / "top.cfg").write_text("[a]\n")
    print(sorted(p.name for p in (root / "pkg").iterdir()))
    print(sorted(str(p.relative_to(root)) for p in root.glob("*")))
    print(sorted(str(p.relative_to(root)) for p in root.glob("pkg/*.py")))
    print(sorted(str(p.relative_to(root)) for p in root.rglob("*.py")))
    print(sorted(str(p.relative_to(root)) for p in root.glob("**/*.py")))
    print(sorted(str(p) for p in Path("pkg").glob("*/")))
    with open(f) as fh:
        print(fh.readline().strip())
    with f.open() as fh:
        print(fh.read().count("line"))
    g = f.rename(d / "renamed.txt")
    print(repr(g.relative_to(root)), f.exists(), g.exists())
    g.unlink()
    print(g.exists())
    g.unlink(missing_ok=True)
    try:
        g.unlink()
    except FileNotFoundError as e:
        print("FileNotFoundError", e.errno, e.strerror)
    t = root / "touched"
    t.touch()
    print(t.exists(), t.stat().st_size)
    e = root / "empty"
    e.mkdir()
    e.rmdir()
    print(e.exists(), root.exists(), (root / "top.cfg").with_suffix(".bak").name)
    print(os.path.join(root, "pkg") == str(root / "pkg"), Path(str(root)) == root)
finally:
    os.chdir(old)
