#!/usr/bin/env bash
# Benchmark of `galley serve` on this repository's own site (copied to a
# temporary folder, with 30 extra prose pages so that "re-render one page"
# differs from "re-render all"). Measures, in one run on this machine:
#   1. prose edit → `reload` event: median of 20 saves of content/index.md
#   2. sample edit → `reload` event: median of 20 saves that change a sample's
#      code (a cache miss: compiled and run each time)
#   3. wrk, 10 s at 64 connections against /index.html: requests/s and errors
# Targets (issue 5): 1. < 300 ms median; 3. >= 10,000 req/s and no errors.
# Usage: bench/serve.sh [port]     (release build; wrk from Debian's `wrk`)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
port=${1:-8765}
work=$(mktemp -d /tmp/galley-serve-bench-XXXX)

command -v wrk >/dev/null || { echo "installing wrk with apt-get"; apt-get install -y -qq wrk >/dev/null; }
swift build -c release --product galley --package-path "$repo" >/dev/null
galley="$(swift build -c release --show-bin-path --package-path "$repo")/galley"
# The sample library is built (debug) by the first build, as `galley build` does.

cp -r "$repo/content" "$work/"   # the theme is the one built into galley
sed "s|^  package: \.$|  package: $repo|" "$repo/galley.yml" > "$work/galley.yml"
for p in $(seq 1 30); do
  printf -- '---\ntitle: Prose page %d\norder: %d\n---\n# Prose page %d\n\n## Section\n\nSome prose for page %d.\n' "$p" "$p" "$p" "$p" \
    > "$work/content/prose$p.md"
done

cd "$work"
"$galley" serve --port "$port" > serve.log 2>&1 &
server=$!
trap 'kill -INT $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do grep -q "^Serving" serve.log && break; sleep 0.2; done
grep -q "^Serving" serve.log || { cat serve.log; echo "the server did not start"; exit 1; }

python3 - "$port" "$work/content/index.md" <<'PY'
import socket, statistics, sys, time
port, page = int(sys.argv[1]), sys.argv[2]
original = open(page).read()

sock = socket.create_connection(("127.0.0.1", port))
sock.sendall(b"GET /__galley/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
buffer = b""
def next_event(timeout):
    global buffer
    deadline = time.monotonic() + timeout
    while True:
        # Chunk framing lines are skipped: events are found by their field lines.
        if b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            for line in block.split(b"\n"):
                line = line.strip(b"\r")
                if line.startswith(b"event: "):
                    return line[7:].decode()
            continue
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        sock.settimeout(remaining)
        try:
            data = sock.recv(65536)
        except socket.timeout:
            return None
        if not data:
            return None
        buffer += data

assert next_event(10) == "ready", "no ready event"

def measure(label, edit, runs=20):
    times = []
    for i in range(runs):
        text = edit(i)
        start = time.monotonic()
        with open(page, "w") as f:
            f.write(text)
        while True:
            event = next_event(120)
            if event in ("reload", "error", None):
                break
        if event != "reload":
            raise SystemExit(f"{label}: got {event} instead of reload")
        times.append((time.monotonic() - start) * 1000)
        time.sleep(0.3)
    print(f"{label}: median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f}, n={runs})")

marker = "published, on Linux"
assert marker in original
measure("prose edit -> reload", lambda i: original.replace(marker, f"published (edit {i}), on Linux"))
sample = 'var score = 0'
assert sample in original
measure("sample edit -> reload", lambda i: original.replace(sample, f'var score = 0 + {i} * 0', 1))
with open(page, "w") as f:
    f.write(original)
next_event(120)
PY

echo "wrk -t2 -c64 -d10s http://127.0.0.1:$port/index.html"
wrk -t2 -c64 -d10s "http://127.0.0.1:$port/index.html" | tee wrk.txt
rps=$(awk '/Requests\/sec/ {print $2}' wrk.txt)
errors=$(awk '/Socket errors/ {gsub(",", ""); print $4+$6+$8+$10} /Non-2xx/ {print $4}' wrk.txt | paste -sd+ | bc 2>/dev/null || true)
echo "requests/s: $rps; errors: ${errors:-0}"
grep -E "^Rebuilt" serve.log | tail -3
