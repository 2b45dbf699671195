except: pass
