#===- apt.sh - install missing Debian packages --------------------------===//
#
# Sourced by scripts/setup.sh and scripts/test-sanitizers.sh.
#
# apt_install_missing TAG PKG...: installs the PKGs that dpkg does not list
# as installed (apt-get update first, through sudo when not root), printing
# "TAG: installing ..." when there are any; does nothing otherwise.
#
#===----------------------------------------------------------------------===//

apt_install_missing() {
  local tag=$1 pkg sudo=""
  shift
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  echo "$tag: installing ${missing[*]}"
  [[ $(id -u) == 0 ]] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
    --no-install-recommends "${missing[@]}"
}
