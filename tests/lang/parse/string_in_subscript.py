d["key"]
d["a", "b"]
os.environ["X"] = "1"
