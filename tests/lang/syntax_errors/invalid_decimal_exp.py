1e
