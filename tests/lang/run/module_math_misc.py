import math
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.sqrt(16), math.hypot(3, 4), math.gcd(12, 18), math.lcm(4, 6))
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(float('nan')), math.isinf(-math.inf), math.copysign(3, -0.0), math.fabs(-2))
print(math.factorial(10), math.comb(5, 2), math.perm(5, 2), math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10))
print(round(math.pi, 5), round(math.e, 5), math.log(8, 2), math.log10(1000), math.log2(1024), round(math.sin(math.pi / 2), 3))
print(math.degrees(math.pi), math.radians(180) == math.pi, math.pow(2, 3), math.exp(0), math.isqrt(17), divmod(17, 5))
