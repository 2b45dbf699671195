import string
text = 'a=1;b=22;c=333'
print([m for p in text.split(';') if (m := p.split('=')[1]) and len(m) > 1])
def fetch(it=iter([3, 2, 0, 5])):
    return next(it)
while (v := fetch()):
    print('value', v)
print((n := 10) + n, n)
print([y := 5, y ** 2])
