try
    pass
