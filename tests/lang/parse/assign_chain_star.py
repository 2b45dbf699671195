a = *b, c = d
