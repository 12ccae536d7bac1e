# Shared by the bench/ scripts: `source "$repo/bench/lib.sh"` after setting $repo.

# bench_install COMMAND[=PACKAGE] ...: installs with apt-get the Debian packages
# of the commands that are missing (the package is the command's name unless given).
bench_install() {
  local missing=() spec
  for spec in "$@"; do
    command -v "${spec%%=*}" >/dev/null || [ -x "${spec%%=*}" ] || missing+=("${spec#*=}")
  done
  if ((${#missing[@]})); then
    local sudo
    sudo=$([ "$(id -u)" = 0 ] || echo sudo)
    echo "installing ${missing[*]} with apt-get"
    $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Sets $galley: GALLEY=/path/to/galley times that binary instead of building
# this checkout's (release).
bench_galley() {
  if [ -n "${GALLEY:-}" ]; then
    galley=$GALLEY
  else
    swift build -c release --product galley --package-path "$repo" >/dev/null
    galley="$(swift build -c release --show-bin-path --package-path "$repo")/galley"
  fi
}
