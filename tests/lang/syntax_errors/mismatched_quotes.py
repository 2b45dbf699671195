x = 'abc"
