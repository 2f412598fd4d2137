#!/bin/sh
# build.sh OUTDIR [c|stock] - assemble and link every simty ISA test into
# OUTDIR/<name>.elf; with "c", every test with the C extension added to its
# -march (the assembler compresses what it can: the same checks on RVC code);
# with "stock", every test in the shape of the riscv-tests standard
# environment (test.h, SIMTY_ISA_STOCK_ENV; for simty only).
# Exits non-zero if any test fails to build.
# The compiler driver can be overridden with RISCV_GCC.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ] || { [ $# -eq 2 ] && [ "$2" != c ] && [ "$2" != stock ]; }; then
    echo "usage: $0 OUTDIR [c|stock]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$1
variant=${2:-}
mkdir -p "$out" || exit 1
gcc=${RISCV_GCC:-riscv64-unknown-elf-gcc}
sdk_include=$(cd "$here/../../sdk/include" && pwd)   # simty_guest.h
flags="-misa-spec=2.2 -nostdlib -nostartfiles -static -I$here -I$sdk_include -Wl,--no-warn-rwx-segments"

status=0
count=0
for src in "$here"/*.S; do
    name=$(basename "$src" .S)
    # not in the C variant: tests that count on 4-byte instructions (a
    # handler returning to mepc + 4, code rewriting its own words), and
    # lowmem (its own memory map)
    # not in the stock variant: the test with its own trap handler, lowmem
    case $variant$name in
        crv32i-load|crv32ud-fsd-fault|czifencei|clowmem) continue ;;
        stockrv32ud-fsd-fault|stocklowmem) continue ;;
    esac
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
    if [ "$variant" = stock ]; then
        arch="$arch -DSIMTY_ISA_STOCK_ENV"
    elif [ "$variant" = c ]; then   # -march=rv32ima -> rv32imac (c before any _suffix)
        arch="$(echo "$arch" | sed 's/-march=\(rv32[a-z]*\)/-march=\1c/; s/-march=\(rv32[a-z]*\)cc/-march=\1c/') -DSIMTY_ISA_RVC"
    fi
    if $gcc $arch $flags -T "$ld" -o "$out/$name.elf" "$src"; then
        count=$((count + 1))
    else
        echo "build.sh: FAILED: $name" >&2
        status=1
    fi
done
[ $status -eq 0 ] && echo "build.sh: built $count tests into $out"
exit $status
