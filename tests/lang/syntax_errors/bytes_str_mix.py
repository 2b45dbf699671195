'a' b'b'
