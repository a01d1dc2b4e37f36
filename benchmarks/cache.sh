#!/bin/bash
# A hand of random games, the engine's and the hand-written yardstick's, as the processor meets it: instructions,
# first-level data-cache misses and mispredicted branches, simulated by valgrind's cachegrind (deterministic):
# the counts for N hands less those for none, over N. Slow: a few minutes for N = 300.
#   bash benchmarks/cache.sh GAME [N]      e.g. bash benchmarks/cache.sh hokm 300
set -e
game=$1; n=${2:-300}
here=$(cd "$(dirname "$0")" && pwd)
count() {  # $1: hands, $2: hands|yardstick -> "instructions D1-misses mispredicts"
  PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes --cachegrind-out-file=/dev/null \
    python "$here/playouts.py" "$game" "$1" "$2" 2>&1 | tr -d , | awk '
      /I +refs:/ {i = $4} /D1 +misses:/ {d = $4} /Mispredicts:/ {m = $3} END {print i, d, m}'
}
for what in hands yardstick; do
  python "$here/playouts.py" "$game" 1 "$what"  # fails, and stops this script, where it cannot play
  read -r i0 d0 m0 <<< "$(count 0 "$what")"
  read -r i1 d1 m1 <<< "$(count "$n" "$what")"
  label=cardrules; [ "$what" = yardstick ] && label=yardstick
  echo "$game $label: a hand $(( (i1 - i0) / n )) instructions, $(( (d1 - d0) / n )) D1 misses," \
    "$(( (m1 - m0) / n )) mispredicted branches"
done
