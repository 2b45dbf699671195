else: pass
