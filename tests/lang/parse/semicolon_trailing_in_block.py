if x: a; b;
while y: c;
