b'\x00\x7f\x80\xff'
b'\\'
b'\r\n'
b'\101'
