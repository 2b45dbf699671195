people = [("bob", 25), ("alice", 30), ("carol", 25), ("dave", 30)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted(people, key=lambda p: p[1], reverse=True))
words = "The quick brown Fox jumps".split()
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len, reverse=True))
nums = [5, -3, 2, -8, 0]
nums.sort(key=abs)
print(nums, sorted(set("banana")), sorted({"b": 1, "a": 2}))
print(sorted([[2, 1], [1, 2], [1, 1]]), sorted([3.5, 1, 2.25]), list(reversed(sorted(range(5)))))
