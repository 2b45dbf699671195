"""Helper package for the import tests."""
PKG_CONST = "pkg"
