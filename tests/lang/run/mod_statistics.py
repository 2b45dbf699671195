# statistics: averages, spread, quantiles, errors.
import statistics as st
from statistics import StatisticsError

ints = [2, 4, 4, 4, 5, 5, 7, 9]
odd = [1, 3, 5]
floats = [1.5, 2.5, 2.5, 2.75, 3.25, 4.75]
for data in [ints, odd, floats, [1, 2], [3], [1, 2.5, 4]]:
    print(data, st.mean(data), st.fmean(data), st.median(data), st.median_low(data), st.median_high(data))
for data in [ints, odd, floats, [1, 2, 3, 4], [1, 2.5, 4], [10, 10, 10]]:
    print(st.variance(data), st.pvariance(data), st.stdev(data), st.pstdev(data))
print(st.mode([1, 1, 2, 3, 3, 3, 4]), st.mode(["red", "blue", "blue", "red", "green", "red"]), st.mode([5, 6]))
print(st.multimode("aabbbbccddddeeffffgg"), st.multimode([]), st.multimode([1, 2, 2, 1]))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), st.quantiles(range(1, 11), n=10))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], method="inclusive"), st.quantiles([1, 9], n=3))
print(st.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91],
                   n=10))
print(st.median_grouped([52, 52, 53, 54]), st.median_grouped([1, 3, 3, 5, 7], interval=1),
      st.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5], interval=2))
print(st.harmonic_mean([40, 60]), st.harmonic_mean([2.5, 3, 10]), round(st.geometric_mean([54, 24, 36]), 9))
print(st.fmean([3.5, 4.0, 5.25]), st.fmean([85, 92, 83, 91], weights=[0.20, 0.20, 0.30, 0.30]))
print(st.mean([True, False, True, True]), st.median([True, False]), st.mean(range(1, 101)), st.mean(iter([1, 2])))
x = [1, 2, 3, 4, 5, 6, 7, 8, 9]
y = [1, 2, 3, 1, 2, 3, 1, 2, 3]
print(st.covariance(x, y), round(st.correlation(x, [9, 8, 7, 6, 5, 4, 3, 2, 1]), 12))
lr = st.linear_regression([1, 2, 3, 4, 5], [3, 5, 7, 9, 11])
print(lr, lr.slope, lr.intercept)
for fn, arg in [(st.mean, []), (st.fmean, []), (st.median, []), (st.median_low, []), (st.mode, []),
                (st.variance, [1]), (st.stdev, [1]), (st.pvariance, []), (st.pstdev, []),
                (st.quantiles, [1]), (st.harmonic_mean, [])]:
    try:
        fn(arg)
    except StatisticsError as e:
        print(fn.__name__, "StatisticsError", e, isinstance(e, ValueError))
try:
    st.quantiles([1, 2], n=0)
except StatisticsError as e:
    print("StatisticsError", e)
try:
    st.harmonic_mean([1, -2])
except StatisticsError as e:
    print("StatisticsError", e)
nd = st.NormalDist(100, 15)
print(nd, nd.mean, nd.stdev, nd.variance, round(nd.cdf(115), 9), round(nd.pdf(100), 12), nd == st.NormalDist(100, 15))
