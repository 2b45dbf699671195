class Animal:
    sound = '...'
    def __init__(self, name): self.name = name
    def speak(self): return f'{self.name} says {self.sound}'
    def __repr__(self): return f'{type(self).__name__}({self.name!r})'
class Dog(Animal):
    sound = 'woof'
class Puppy(Dog):
    def speak(self): return super().speak() + '!'
for a in [Animal('x'), Dog('rex'), Puppy('bit')]:
    print(repr(a), a.speak(), isinstance(a, Dog))
print(Puppy.__bases__, Puppy.__mro__[-1], issubclass(Puppy, Animal), Dog.speak is Animal.speak)
