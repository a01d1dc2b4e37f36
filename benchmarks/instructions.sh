#!/bin/bash
# Instructions a search playout costs, counted by callgrind (deterministic, unlike wall time on a shared
# machine): the count for N playouts less the count for none, over N. With `hands`: a hand of random games;
# with `yardstick`: a hand of random games of the hand-written engine (benchmarks/handwritten/), the same way.
#   bash benchmarks/instructions.sh GAME [N] [mid|hands|yardstick]      e.g. bash benchmarks/instructions.sh hokm 300 mid
set -e
game=$1; n=${2:-200}; mid=$3
here=$(cd "$(dirname "$0")" && pwd)
count() {
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null python "$here/playouts.py" "$game" "$1" $mid 2>&1 \
    | awk '/Collected/ {print $4}'
}
python "$here/playouts.py" "$game" 1 $mid  # fails, and stops this script, on a game it cannot play out
none=$(count 0); some=$(count "$n")
case "$none$some" in ''|*[!0-9]*) echo "callgrind gave no count (is valgrind installed?)" >&2; exit 1;; esac
what="a playout"; [ "$mid" = hands ] && what="a hand of random games"
[ "$mid" = yardstick ] && what="a hand of random games of the hand-written engine"
echo "$game${mid:+ ($mid)}: $(( (some - none) / n )) instructions $what"
