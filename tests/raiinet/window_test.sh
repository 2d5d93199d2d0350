#!/usr/bin/env bash
# raiinet -graphics on a real X server (Xvfb): a short sequence is played
# while the program's input stays open; the screen is captured until it shows
# the window (or 20 s pass); then the input ends and the program must end
# cleanly (exit 0), closing its window.
set -u
raiinet=$1 check=$2 golden=$3
for tool in xvfb-run xwd; do
  command -v $tool >/dev/null || { echo "FAIL: $tool is not installed (scripts/setup installs it)"; exit 1; }
done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/run.sh" <<SCRIPT
#!/usr/bin/env bash
cd "$golden"
mkfifo "$dir/input"
"$raiinet" -link1 strong_de.links -link2 mixed.links -graphics <"$dir/input" >"$dir/out.txt" 2>"$dir/err.txt" &
pid=\$!
exec 3>"$dir/input"
printf 'move a down\\nmove A up\\nability 4 A\\nmove b down\\n' >&3
shown=no
for attempt in \$(seq 80); do
  sleep 0.25
  xwd -root -silent -out "$dir/screen.xwd" 2>/dev/null || continue
  if "$check" "$dir/screen.xwd" >"$dir/check.txt" 2>&1; then shown=yes; break; fi
done
echo \$shown >"$dir/shown"
exec 3>&-
wait \$pid
echo \$? >"$dir/status"
SCRIPT
chmod +x "$dir/run.sh"
unset SDL_VIDEODRIVER
xvfb-run -a -s "-screen 0 800x800x24" "$dir/run.sh" || { echo "FAIL: xvfb-run failed"; exit 1; }
[ "$(cat "$dir/shown" 2>/dev/null)" = yes ] || { echo "FAIL: the screen stayed blank"; cat "$dir/check.txt" "$dir/err.txt" 2>/dev/null; exit 1; }
status=$(cat "$dir/status" 2>/dev/null || echo missing)
[ "$status" = 0 ] || { echo "FAIL: raiinet exited with $status"; cat "$dir/err.txt"; exit 1; }
grep -q "Player 2:" "$dir/out.txt" || { echo "FAIL: no text display"; exit 1; }
cat "$dir/check.txt"
