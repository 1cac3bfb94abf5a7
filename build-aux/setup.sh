# Sourced by ./run and ./run-tests: installs the Debian packages Catur needs,
# then configures and builds it into _build.
# SPDX-License-Identifier: GPL-3.0-or-later

CATUR_PACKAGES=(
  gcc meson ninja-build pkg-config gettext itstool libxml2-utils
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev librsvg2-dev
  libcairo2-dev libpango1.0-dev libgmp-dev libgnutls28-dev glib-networking
  desktop-file-utils appstream yelp-tools shared-mime-info
  xvfb xauth imagemagick fonts-noto-cjk
  python3 fairy-stockfish stockfish gpsshogi hoichess
  at-spi2-core dbus-daemon gir1.2-atspi-2.0 python3-gi xdotool orca speech-dispatcher
  clang libclang-rt-14-dev
  pgn-extract nodejs
  libavahi-client-dev libavahi-glib-dev avahi-daemon iproute2 util-linux
)

catur_missing_packages () {
  local missing=() pkg
  for pkg in "${CATUR_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  # npm comes with nodejs where that is not Debian's own (NodeSource's): Debian's npm would
  # replace it.
  if ! command -v npm >/dev/null 2>&1; then
    missing+=(npm)
  fi
  echo "${missing[@]}"
}

# The npm packages of the interchange test (tests/interchange/package-lock.json), into the build
# folder; without the npm registry the test skips their checks.
catur_install_npm_packages () {
  local status=0
  tests/interchange/npm-install.sh tests/interchange "$1/tests/interchange/npm" || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    return "$status"
  fi
}

catur_install_packages () {
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    echo "This system has no apt. Catur needs these packages (Debian names):" >&2
    echo "  ${CATUR_PACKAGES[*]}" >&2
    echo "Install their equivalents, then run 'meson setup _build && ninja -C _build'." >&2
    exit 1
  fi

  local missing
  missing=$(catur_missing_packages)
  [ -z "$missing" ] && return 0

  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "These packages are missing and sudo is not available: $missing" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  echo "Installing: $missing"
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    $missing
}

catur_build () {
  catur_build_in _build "$@"
}

# catur_build_in DIR [meson options…]: configures and builds another build folder.
catur_build_in () {
  local dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
  ninja -C "$dir"
}
