def if(): pass
