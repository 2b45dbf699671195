a..b
