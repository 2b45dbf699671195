import time
t = (2023, 12, 31, 23, 59, 7, 6, 365, 0)
print(time.strftime('%Y-%m-%d %H:%M:%S', t))
print(time.strftime('%a %b %d %j %y %%', t))
print(time.strftime('', t) == '')
g = time.gmtime(86400 * 365)
print(tuple(g)[:6])
print(time.mktime(time.localtime(1000000)) == 1000000.0)
print(isinstance(time.process_time(), float), time.thread_time() >= 0)
