class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"
class Dog(Animal):
    sound = "woof"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + "!"
p = Puppy("rex", 1)
print(p.speak(), Dog("d").speak(), isinstance(p, Animal), issubclass(Puppy, Dog))
print([c.__name__ for c in Puppy.__mro__])
class A:
    def who(self): return "A"
class B(A):
    def who(self): return "B" + super().who()
class C(A):
    def who(self): return "C" + super().who()
class D(B, C):
    def who(self): return "D" + super().who()
print(D().who(), [k.__name__ for k in D.mro()])
