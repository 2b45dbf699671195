# nbody: a small solar-system simulation on floats (tuples of bodies, attribute-free inner loop
# over lists, the energy before and after).
import sys

PI = 3.14159265358979323
SOLAR_MASS = 4 * PI * PI
DAYS_PER_YEAR = 365.24

def make_bodies():
    # x, y, z, vx, vy, vz, mass: one star and four planets, made-up but plausible values
    raw = [
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
        (4.84, -1.16, -0.10, 1.66e-03, 7.70e-03, -6.90e-05, 9.54e-04),
        (8.34, 4.12, -0.40, -2.77e-03, 5.00e-03, 2.30e-05, 2.86e-04),
        (12.89, -15.11, -0.22, 2.96e-03, 2.37e-03, -2.96e-05, 4.36e-05),
        (15.37, -25.91, 0.17, 2.68e-03, 1.62e-03, -9.51e-05, 5.15e-05),
    ]
    bodies = []
    for x, y, z, vx, vy, vz, m in raw:
        bodies.append(([x, y, z], [vx * DAYS_PER_YEAR, vy * DAYS_PER_YEAR, vz * DAYS_PER_YEAR], m * SOLAR_MASS))
    return bodies

def pairs(seq):
    out = []
    for i in range(len(seq)):
        for j in range(i + 1, len(seq)):
            out.append((seq[i], seq[j]))
    return out

def offset_momentum(bodies):
    px = py = pz = 0.0
    for _, v, m in bodies:
        px -= v[0] * m
        py -= v[1] * m
        pz -= v[2] * m
    v = bodies[0][1]
    m = bodies[0][2]
    v[0], v[1], v[2] = px / m, py / m, pz / m

def advance(bodies, body_pairs, dt, n):
    for _ in range(n):
        for ([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2) in body_pairs:
            dx = x1 - x2
            dy = y1 - y2
            dz = z1 - z2
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** -1.5)
            b1m = m1 * mag
            b2m = m2 * mag
            v1[0] -= dx * b2m
            v1[1] -= dy * b2m
            v1[2] -= dz * b2m
            v2[0] += dx * b1m
            v2[1] += dy * b1m
            v2[2] += dz * b1m
        for r, (vx, vy, vz), m in bodies:
            r[0] += dt * vx
            r[1] += dt * vy
            r[2] += dt * vz

def energy(bodies, body_pairs):
    e = 0.0
    for ((x1, y1, z1), v1, m1), ((x2, y2, z2), v2, m2) in body_pairs:
        dx = x1 - x2
        dy = y1 - y2
        dz = z1 - z2
        e -= (m1 * m2) / ((dx * dx + dy * dy + dz * dz) ** 0.5)
    for r, (vx, vy, vz), m in bodies:
        e += m * (vx * vx + vy * vy + vz * vz) / 2.0
    return e

n = 2000 if sys.argv[1:] == ["--quick"] else 30000
bodies = make_bodies()
body_pairs = pairs(bodies)
offset_momentum(bodies)
print("%.9f" % energy(bodies, body_pairs))
advance(bodies, body_pairs, 0.01, n)
print("%.9f" % energy(bodies, body_pairs))
