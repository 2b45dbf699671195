class AppError(Exception):
    pass
def go():
    raise AppError("custom failure")
go()
