if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
