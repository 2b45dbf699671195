None
True
False
...
