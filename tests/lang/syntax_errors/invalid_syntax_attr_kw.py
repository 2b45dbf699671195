x.None
