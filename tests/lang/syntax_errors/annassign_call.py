f(): int = 1
