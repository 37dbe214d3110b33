#!/usr/bin/env bash
# check-install.sh [BUILD_DIR] [--keep]: builds the Debian package from a built tree (cpack), installs it
# with apt-get, runs the installed binaries outside the checkout (--version, a merge, bench meld-gold),
# validates the installed .desktop and metainfo files and takes an offscreen screenshot of the installed
# studio (BUILD_DIR/screenshots/installed-studio.png). Removes the package again unless --keep. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD/packaging
. "$here/installed-checks.sh"
build=build/dev keep=0
for a in "$@"; do
  if [ "$a" = --keep ]; then keep=1; else build=$a; fi
done
build=$(cd "$build" && pwd)

SUDO=""  # as scripts/setup.sh: root, else sudo (never prompting without a terminal)
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || bm_fail "need root or sudo to install the package"
  if [ -t 0 ]; then SUDO=sudo; else SUDO="sudo -n"; fi
fi

echo "== cpack (DEB) from $build"
rm -rf "$build/packages"
cpack --config "$build/CPackConfig.cmake" -B "$build/packages" > "$build/cpack.log" || { cat "$build/cpack.log"; bm_fail cpack; }
deb=$(ls "$build"/packages/beliefmerge_*.deb)
dpkg-deb --field "$deb" Package Version Architecture Depends Recommends
dpkg-deb --contents "$deb" | awk '{print $6}' | grep -v '/$' > "$build/packages/contents.txt"
for f in $(bm_installed_files studio); do
  grep -qxF "./usr/$f" "$build/packages/contents.txt" || bm_fail "the package lacks /usr/$f"
done

echo "== apt-get install $deb"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q "$deb"
if [ "$keep" = 0 ]; then trap '$SUDO apt-get remove -y -q beliefmerge >/dev/null && echo "== removed the package beliefmerge"' EXIT; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bm-deb.XXXXXX")
examples=/usr/share/doc/beliefmerge/examples
# A minimal image may exclude /usr/share/doc from dpkg (path-exclude): then the checkout's copy.
[ -d "$examples" ] || { echo "note: dpkg left out $examples here; using examples/ of the checkout"; examples=$PWD/examples; }
bm_check_installed /usr/bin "$work/work" "$build/screenshots/installed-studio.png" "$examples"
rm -rf "$work"

echo "== desktop-file-validate, appstreamcli validate (installed files)"
desktop-file-validate /usr/share/applications/org.beliefmerge.Studio.desktop
appstreamcli validate --no-net /usr/share/metainfo/org.beliefmerge.Studio.metainfo.xml
echo "ok: $deb installs and runs"
