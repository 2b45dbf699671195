with torch.cuda.device(dev), fx.fastmath(flags) as fm:
    pass
