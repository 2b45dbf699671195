rf'\d{x}'
fr'{x}\n'
RF'{x}'
