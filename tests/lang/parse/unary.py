-x
+x
~x
not x
--x
-+~x
not not x
- - 1
