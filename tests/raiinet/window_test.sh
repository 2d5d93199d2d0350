#!/usr/bin/env bash
# raiinet -graphics on a real X server (Xvfb): a short sequence is played, a
# screenshot of the screen is taken while the window is open, and the program
# must end cleanly (exit 0) when its input ends, closing the window.
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
{ printf 'move a down\\nmove A up\\nability 4 A\\nmove b down\\n'; sleep 3; } |
  "$raiinet" -link1 strong_de.links -link2 mixed.links -graphics >"$dir/out.txt" 2>"$dir/err.txt" &
pid=\$!
sleep 2
xwd -root -silent -out "$dir/screen.xwd"
wait \$pid
echo \$? >"$dir/status"
SCRIPT
chmod +x "$dir/run.sh"
unset SDL_VIDEODRIVER
xvfb-run -a -s "-screen 0 800x800x24" "$dir/run.sh" || { echo "FAIL: xvfb-run failed"; exit 1; }
status=$(cat "$dir/status" 2>/dev/null || echo missing)
[ "$status" = 0 ] || { echo "FAIL: raiinet exited with $status"; cat "$dir/err.txt"; exit 1; }
grep -q "Player 2:" "$dir/out.txt" || { echo "FAIL: no text display"; exit 1; }
"$check" "$dir/screen.xwd"
