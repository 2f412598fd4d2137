#!/bin/sh
# Installs the Debian packages given as arguments when some are missing,
# through apt-get (with sudo when not root); otherwise stops with one sentence
# naming them.
missing=""
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "simty: installing missing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "simty: missing Debian packages:$missing; install them with apt-get (as root)." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends $missing; }; then
    echo "simty: could not install Debian packages:$missing; install them with apt-get." >&2
    exit 1
fi
