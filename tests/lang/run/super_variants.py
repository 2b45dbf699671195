class Base:
    def __init__(self):
        self.log = ["base"]
    @classmethod
    def create(cls):
        return cls()
    def describe(self):
        return "Base"
class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("mid")
    @classmethod
    def create(cls):
        obj = super().create()
        obj.log.append("created")
        return obj
    def describe(self):
        return "Mid<" + super().describe() + ">"
class Leaf(Mid):
    def describe(self):
        return super(Leaf, self).describe() + "!"
x = Leaf.create()
print(x.log, x.describe(), type(x).__name__)
