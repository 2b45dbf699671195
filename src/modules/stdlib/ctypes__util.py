"""ctypes.util for flyi: find_library(name) looks for lib<name>.so.<N> in the system's library
folders and returns its file name (the soname, e.g. 'libc.so.6'), as CPython does on Linux."""

import os

_DIRS = ('/lib/x86_64-linux-gnu', '/usr/lib/x86_64-linux-gnu', '/lib/aarch64-linux-gnu',
         '/usr/lib/aarch64-linux-gnu', '/lib64', '/usr/lib64', '/lib', '/usr/lib', '/usr/local/lib')


def _version_key(fname, prefix):
    rest = fname[len(prefix):].lstrip('.')
    parts = []
    for p in rest.split('.'):
        parts.append(int(p) if p.isdigit() else 0)
    return (len(parts), parts)


def find_library(name):
    """Return the file name of the shared library 'name' (without 'lib' and '.so'), or None."""
    prefix = 'lib' + name + '.so'
    dirs = [d for d in os.environ.get('LD_LIBRARY_PATH', '').split(':') if d] + list(_DIRS)
    found = []
    for d in dirs:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for f in names:
            if f.startswith(prefix + '.') and f[len(prefix) + 1:len(prefix) + 2].isdigit():
                found.append(f)
        if found:
            break
    if not found:
        return None
    # the soname: the shortest versioned name (libc.so.6 rather than libc.so.6.0.1)
    found.sort(key=lambda f: _version_key(f, prefix))
    return found[0]
