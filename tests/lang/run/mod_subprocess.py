import subprocess
import sys
import os

r = subprocess.run(["echo", "hello", "world"], capture_output=True)
print(r)
print(r.returncode, r.stdout, r.stderr)
r = subprocess.run("echo out; echo err >&2; exit 3", shell=True, capture_output=True, text=True)
print(r)
print(subprocess.run(["true"]))
r = subprocess.run(["cat"], input=b"fed through stdin\n", stdout=subprocess.PIPE)
print(r.stdout)
r = subprocess.run(["tr", "a-z", "A-Z"], input="text mode\n", capture_output=True, universal_newlines=True)
print(repr(r.stdout), repr(r.stderr))
r = subprocess.run("echo to-stderr >&2", shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
print(r.stdout)
r = subprocess.run("echo gone; echo gone2 >&2", shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(r)
# big output both streams: no deadlock
r = subprocess.run(["sh", "-c", "i=0; while [ $i -lt 3000 ]; do echo line$i; echo err$i >&2; i=$((i+1)); done"],
                   capture_output=True)
print(len(r.stdout), len(r.stderr), r.stdout.count(b"\n"))
big = b"x" * 1000000
r = subprocess.run(["wc", "-c"], input=big, capture_output=True)
print(r.stdout.strip())
r = subprocess.run(["cat"], input=big, capture_output=True)
print(len(r.stdout), r.stdout == big)
# cwd, env
r = subprocess.run(["pwd"], cwd="/", capture_output=True, text=True)
print(r.stdout)
r = subprocess.run(["sh", "-c", "echo $FOO-$BAR"], env={"FOO": "foo", "PATH": os.environ["PATH"]},
                   capture_output=True, text=True)
print(r.stdout)
# check=
try:
    subprocess.run(["false"], check=True)
except subprocess.CalledProcessError as e:
    print("CalledProcessError:", e, e.returncode, e.cmd, e.output, e.stdout)
try:
    subprocess.run("exit 7", shell=True, check=True, capture_output=True)
except subprocess.CalledProcessError as e:
    print(e, repr(e.stderr))
try:
    subprocess.run(["sh", "-c", "kill -9 $$"], check=True)
except subprocess.CalledProcessError as e:
    print(e)
# timeout
try:
    subprocess.run(["sleep", "5"], timeout=0.2)
except subprocess.TimeoutExpired as e:
    print("TimeoutExpired:", type(e).__name__)
try:
    subprocess.run("echo partial; sleep 5", shell=True, timeout=0.3, capture_output=True)
except subprocess.TimeoutExpired as e:
    print(e, e.output, e.stdout)
# missing program, bad cwd
try:
    subprocess.run(["no-such-program-xyz"])
except FileNotFoundError as e:
    print(type(e).__name__, e, e.errno, e.filename)
try:
    subprocess.run(["ls"], cwd="/no/such/dir")
except FileNotFoundError as e:
    print(type(e).__name__, e)
print(subprocess.run("no-such-program-xyz 2>/dev/null", shell=True).returncode)
# check_output, check_call, call
print(subprocess.check_output(["echo", "co"]))
print(subprocess.check_output("echo $((6*7))", shell=True, text=True))
print(subprocess.check_output(["cat"], input=b"in"))
print(subprocess.call(["sh", "-c", "exit 4"]))
print(subprocess.check_call(["true"]))
try:
    subprocess.check_call(["sh", "-c", "exit 2"])
except subprocess.CalledProcessError as e:
    print(e)
try:
    subprocess.check_output("exit 1", shell=True)
except subprocess.CalledProcessError as e:
    print(e, e.output)
print(subprocess.getoutput("echo a; echo b"))
print(subprocess.getstatusoutput("echo fail; exit 5"))
# Popen
with subprocess.Popen(["sh", "-c", "read x; echo got $x; exit 9"], stdin=subprocess.PIPE,
                      stdout=subprocess.PIPE) as p:
    out, err = p.communicate(b"value\n")
    print(out, err, p.returncode, p.pid > 0)
p = subprocess.Popen(["sleep", "10"])
print(p.poll())
p.terminate()
print(p.wait())
p = subprocess.Popen(["sleep", "10"])
p.kill()
print(p.wait(), p.returncode, p.poll())
p = subprocess.Popen(["sleep", "2"])
try:
    p.wait(timeout=0.1)
except subprocess.TimeoutExpired as e:
    print(e)
p.kill()
p.wait()
p = subprocess.Popen(["printf", "a\\nb\\nc\\n"], stdout=subprocess.PIPE, text=True)
print([line for line in p.stdout])
p.wait()
p.stdout.close()
p = subprocess.Popen(["printf", "one\\ntwo\\n"], stdout=subprocess.PIPE)
print(p.stdout.readline(), p.stdout.read())
p.stdout.close()
print(p.wait())
p = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write("written\n")
p.stdin.close()
print(repr(p.stdout.read()))
p.stdout.close()
p.wait()
p = subprocess.Popen("sleep 1; echo late", shell=True, stdout=subprocess.PIPE)
try:
    p.communicate(timeout=0.1)
except subprocess.TimeoutExpired as e:
    print("again:", e)
p.kill()
out, _ = p.communicate()
print(out, p.returncode)
print(subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL)
print(subprocess.CompletedProcess(["x"], 0), subprocess.CompletedProcess("y", 1, "o", "e"))
print(repr(subprocess.CalledProcessError(1, ["a"])), repr(subprocess.TimeoutExpired("c", 2)))
print(subprocess.list2cmdline(["a b", "c", 'd"e']))
cp = subprocess.CompletedProcess([], 3)
try:
    cp.check_returncode()
except subprocess.CalledProcessError as e:
    print(e)
sys.stdout.flush()
subprocess.run(["echo", "direct to fd 1"])
print("after")
r = subprocess.run(["echo", "in time"], capture_output=True, timeout=5)
print(r)
r = subprocess.run(["true"], timeout=5)
print(r)
# the interpreter itself as a child
r = subprocess.run([sys.executable, "-c", "import sys; print(6 * 7, sys.argv[1:])", "a", "b"],
                   capture_output=True, text=True)
print(r.returncode, r.stdout)
print(subprocess.run([sys.executable, "-c", "raise SystemExit(3)"]).returncode)
