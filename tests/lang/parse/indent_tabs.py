if x:
	y = 1
	if z:
		w = 2
