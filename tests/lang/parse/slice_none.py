a[None]
a[None:]
a[:None]
a[None:None:None]
