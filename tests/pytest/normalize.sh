#!/bin/sh
# normalize.sh ROOT [where] - filter a pytest run's output (stdin) into what the corpus compares: the
# project folder becomes <ROOT>, times T, addresses 0xADDR; dropped: the platform line (versions
# differ), "+  where" lines, difflib's "?" hints and "Full diff" blocks (optional in flyi's
# runner), and the per-test duration lines of --durations (times vary). With "where" the
# "+  where" lines stay.
root=$1
awk -v root="$root" -v keepwhere="${2:-}" '
  BEGIN { indiff = 0 }
  {
    line = $0
    while ((i = index(line, root)) > 0) line = substr(line, 1, i - 1) "<ROOT>" substr(line, i + length(root))
    if (line ~ /^platform /) next
    if (keepwhere != "where" && line ~ /^E +\+ +(where|and) +/) next
    if (line ~ /^E +\? /) next
    if (line ~ /^E +Full diff:/) { indiff = 1; next }
    if (indiff && line ~ /^E /) next
    indiff = 0
    if (line ~ /^[0-9]+\.[0-9][0-9]s (setup|call|teardown) /) next
    if (line ~ /^\([0-9]+ durations? < /) next
    gsub(/ in [0-9]+\.[0-9][0-9]s/, " in T", line)
    gsub(/0x[0-9a-f]+/, "0xADDR", line)
    print line
  }'
