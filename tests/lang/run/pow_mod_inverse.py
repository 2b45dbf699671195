print(pow(3, -1, 7), pow(2, -3, 11), pow(5, 0, 1), pow(7, 2, -5), pow(-2, 5, 9), pow(10, 18, 1000000007))
for b, m in [(2, 4), (0, 5)]:
    try:
        pow(b, -1, m)
    except ValueError as e:
        print('ValueError:', e)
