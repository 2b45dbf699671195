a + b * c
(a + b) * c
a - b - c
a / b // c % d @ e
a << b >> c
a & b | c ^ d
a | b ^ c & d << e + f * g ** h
