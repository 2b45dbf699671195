print(f"{x!}")
