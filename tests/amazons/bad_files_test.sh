#!/usr/bin/env bash
# Each broken board is refused with exit code 2 and a message naming the
# line and field of the defect, and the output file is left as it was.
set -u
amazons=$1 boards=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
expect() {  # expect FILE "line L[, field F]: words"
  local file=$1 want=$2
  for phase in "phase=movement" "phase=placement amazons=2"; do
    printf 'unchanged\n' >"$dir/out.txt"
    local err status
    # shellcheck disable=SC2086
    err=$("$amazons" $phase "$boards/$file" "$dir/out.txt" 2>&1)
    status=$?
    if [ $status -ne 2 ] || [[ $err != *"$file: $want"* ]] || [ "$(cat "$dir/out.txt")" != unchanged ]; then
      echo "FAIL: $file ($phase): exit $status, message: $err"
      echo "      wanted exit 2, \"$file: $want\" and an unchanged output file"
      failures=$((failures + 1))
    fi
  done
}
expect bad_first_line.txt 'line 1: the first line must be the rows and columns'
expect too_few_fields.txt 'line 3: the row has 2 fields, not 3'
expect too_many_fields.txt 'line 2: the row has 4 fields, not 3'
expect not_three_digits.txt 'line 2, field 2: a field is three digits, not "0x0"'
expect treasure_over_5.txt 'line 3, field 1: treasure 6 is over 5'
expect artifact_over_3.txt 'line 2, field 3: artifact 5 is over 3'
expect occupied_with_treasure.txt 'line 3, field 2: a field with an amazon must have treasure and artifact 0'
expect amazon_without_player.txt 'line 2, field 3: an amazon of player 4, who has no player line'
expect duplicate_id.txt 'line 5, field 2: the id 1 appears twice'
expect duplicate_name.txt 'line 5, field 1: the name "ann" appears twice'
expect long_name.txt 'line 4, field 1: the name "ann_is_a_long_name" is over 15 characters'
expect missing_id.txt "line 4, field 2: the player's id is missing"
printf 'unchanged\n' >"$dir/out.txt"
"$amazons" phase=movement "$boards/no-such-file.txt" "$dir/out.txt" 2>/dev/null
[ $? -eq 2 ] || { echo "FAIL: a missing input file is not exit 2"; failures=$((failures + 1)); }
[ "$("$amazons" name)" = gridgames ] || { echo "FAIL: amazons name"; failures=$((failures + 1)); }
[ "$("$amazons" name player=zed)" = gridgames ] || true
[ $failures -eq 0 ] && echo "all bad files refused as they should be"
exit $((failures > 0))
