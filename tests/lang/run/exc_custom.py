class AppError(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return f'[{self.code}] {self.args[0]}'
class NotFound(AppError): pass
try:
    raise NotFound(404, 'missing')
except AppError as e:
    print(e, repr(e), e.code, type(e).__name__, e.args)
e = ValueError('a', 2)
print(str(e), repr(e), e.args, str(ValueError()), repr(KeyError('k')), str(KeyError('k')))
print(BaseException('x').with_traceback(None) is not None)
class Plain(Exception): pass
print(repr(Plain()), str(Plain('one')), Plain('a', 'b'))
