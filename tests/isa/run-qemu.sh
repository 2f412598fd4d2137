#!/bin/sh
# run-qemu.sh [OUTDIR] - build the ISA tests and run them on QEMU, the
# project's golden reference, with -smp 1 and -smp 4.
#   exit 0 = every test passed
# lowmem needs RAM at address 0, which the virt machine lacks: it is run
# on `-M none` (RAM at 0) with the finisher moved into that RAM, and its
# `tohost` word is read back through the QEMU monitor.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$(mktemp -d)}
qemu=${QEMU:-qemu-system-riscv32}
gcc=${RISCV_GCC:-riscv64-unknown-elf-gcc}

"$here/build.sh" "$out" || exit 1

fails=0
for smp in 1 4; do
    for elf in "$out"/*.elf; do
        name=$(basename "$elf" .elf)
        [ "$name" = lowmem ] && continue
        timeout 10 "$qemu" -M virt -bios none -smp $smp -display none \
            -serial stdio -monitor none -kernel "$elf" </dev/null
        rc=$?
        if [ $rc -eq 0 ]; then
            echo "PASS  $name (smp $smp)"
        else
            echo "FAIL  $name (smp $smp): exit $rc"
            fails=$((fails + 1))
        fi
    done
done

# lowmem: finisher moved to 0xf000 (inside the 64 KiB at 0); built in a
# scratch directory so OUTDIR only holds the real test binaries.
lowdir=$(mktemp -d)
low=$lowdir/lowmem-qemu.elf
if $gcc -march=rv32ima -mabi=ilp32 -misa-spec=2.2 -nostdlib -nostartfiles \
        -static -I"$here" -I"$here/../../sdk/include" -DFINISHER_ADDR=0xf000 -Wl,--no-warn-rwx-segments \
        -T "$here/lowmem.ld" -o "$low" "$here/lowmem.S"; then
    th=$(${RISCV_NM:-riscv64-unknown-elf-nm} "$low" | awk '/ tohost$/ {print $1}')
    word=$( (sleep 2; echo "xp /1wx 0x$th"; echo quit) |
        timeout 10 "$qemu" -M none -cpu rv32 -m 64K -display none \
            -serial none -monitor stdio \
            -device loader,file="$low",cpu-num=0 2>/dev/null |
        tr -d '\r' | awk '/^0+[0-9a-f]*: / {print $2}')
    if [ "$word" = 0x00000001 ]; then
        echo "PASS  lowmem (-M none, tohost = $word)"
    else
        echo "FAIL  lowmem (-M none, tohost = ${word:-?})"
        fails=$((fails + 1))
    fi
else
    fails=$((fails + 1))
fi
rm -rf "$lowdir"

echo "run-qemu.sh: $fails failure(s)"
[ $fails -eq 0 ]
