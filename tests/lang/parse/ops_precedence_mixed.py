a or b and not c == d | e ^ f & g << h + i * -j ** k
