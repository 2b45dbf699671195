a $ b
