async def f(): pass
