s = """a "quoted" word and 'single' """
t = '''it's'''
