a if b else c
a if b else c if d else e
(a if b else c) if d else e
x = 1 if y else 2
lambda: a if b else c
