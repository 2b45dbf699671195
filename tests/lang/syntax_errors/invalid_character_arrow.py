a → b
