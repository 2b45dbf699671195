from a b
