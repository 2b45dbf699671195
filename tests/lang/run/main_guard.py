import sys
def main():
    print("main called", __name__, sys.argv[1:])
    return 0
if __name__ == "__main__":
    main()
