# shlex: split (POSIX and not, comments), quote, join, the lexer.
import shlex

for s in ["a b  c", "echo 'hello world' \"x y\"", r"a\ b c", "x='1 2' y", "--flag=\"quoted \\\" inner\"", "",
          "   ", "a#b c", "one # comment", "'it'\"'\"'s'", r'"a\\b" "c\$d"', "tab\tsep\nnewline", "''", 'a""b']:
    print(repr(s), shlex.split(s), shlex.split(s, comments=True))
print(shlex.split("a 'b c' d", posix=False), shlex.split('x "y z"', posix=False))
for bad in ["'open", '"open', "tail\\"]:
    try:
        shlex.split(bad)
    except ValueError as e:
        print("ValueError", e)
for s in ["", "simple", "has space", "it's", "a$b", "safe-chars_./:=@%+,", "*.py", "ünï", "a\nb"]:
    print(repr(s), shlex.quote(s))
cmd = ["python3", "run.py", "--name", "my file.txt", "it's", ""]
print(shlex.join(cmd), shlex.split(shlex.join(cmd)) == cmd)
lex = shlex.shlex("a = b + 'c d' ; e")
print(list(lex))
lex = shlex.shlex("ls -l | grep x && echo done;", posix=True, punctuation_chars=True)
print(list(lex))
lex = shlex.shlex("first second", posix=True)
print(lex.get_token(), lex.get_token(), lex.get_token())
lex = shlex.shlex("one two")
lex.push_token("zero")
print(lex.get_token(), lex.get_token(), repr(lex.get_token()), repr(lex.get_token()))
