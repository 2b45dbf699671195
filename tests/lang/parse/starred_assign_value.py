x = *a, *b
