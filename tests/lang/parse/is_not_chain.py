a is not b is not None
