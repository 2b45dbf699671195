global x
