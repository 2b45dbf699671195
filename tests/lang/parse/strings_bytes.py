b'abc'
B"x\x00\xff"
b'\n\t'
b"'"
b'"\''
