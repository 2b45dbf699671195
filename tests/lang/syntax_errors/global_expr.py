global a.b
