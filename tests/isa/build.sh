#!/bin/sh
# build.sh OUTDIR - assemble and link every simty ISA test into OUTDIR/<name>.elf
# Exits non-zero if any test fails to build.
# The compiler driver can be overridden with RISCV_GCC.
set -u
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$1
mkdir -p "$out" || exit 1
gcc=${RISCV_GCC:-riscv64-unknown-elf-gcc}
sdk_include=$(cd "$here/../../sdk/include" && pwd)   # simty_guest.h
flags="-misa-spec=2.2 -nostdlib -nostartfiles -static -I$here -I$sdk_include -Wl,--no-warn-rwx-segments"

status=0
count=0
for src in "$here"/*.S; do
    name=$(basename "$src" .S)
    case $name in
        lowmem) ld=$here/lowmem.ld ;;
        *)      ld=$here/link.ld ;;
    esac
    # a first line "# march: rv32imac" sets the test's -march (ilp32d with
    # D); else the F and D tests by name (see programs.py asm_arch)
    march=$(sed -n '1s/^# march: \([a-z0-9_]*\)$/\1/p' "$src")
    case $march in
        "")           case $name in
                          rv32uf-*|rv32ud-*) arch="-march=rv32imafd -mabi=ilp32d" ;;
                          *)                 arch="-march=rv32ima -mabi=ilp32" ;;
                      esac ;;
        rv32*[dg]*)   arch="-march=$march -mabi=ilp32d" ;;
        *)            arch="-march=$march -mabi=ilp32" ;;
    esac
    if $gcc $arch $flags -T "$ld" -o "$out/$name.elf" "$src"; then
        count=$((count + 1))
    else
        echo "build.sh: FAILED: $name" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "build.sh: built $count tests into $out"
exit $status
