#!/usr/bin/env python3
"""Run a simty guest ELF on qemu-system-riscv32 (the golden reference).

usage: tests/qemu_run.py [--smp N] [--timeout SEC] [--ram-size SIZE] PROG.elf [ARG...]

N is at most 512, the limit of QEMU's virt machine (and QEMU is slow with
many harts: the test suite stays at 8 or fewer).

QEMU runs a temporary copy of the ELF in which the loader-filled words
(docs/platform.md) are patched the way the simulator's loader would:
__simty_nthreads = N and __simty_ram_end = 0x80000000 + SIZE, when the ELF
defines them. stdout is exactly the guest's UART output; the exit status is
the guest's (finisher) exit code, or 124 on timeout.  Semihosting is on
(-semihosting-config enable=on,target=native): PROG.elf ARG... is the
guest's command line, quoted as simty quotes it.
"""

import argparse
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile

RAM_BASE = 0x80000000
QEMU_MAX_HARTS = 512  # the virt machine's limit
EM_RISCV = 243
SHT_SYMTAB = 2
PT_LOAD = 1


class ElfError(Exception):
    pass


def quote_arg(a):
    """An argument as simty quotes it on the command line (docs/platform.md,
    "Semihosting"): QEMU joins its arg= values with spaces."""
    if a and not any(c in a for c in ' \t\n"\\'):
        return a
    return '"' + a.replace("\\", "\\\\").replace('"', '\\"') + '"'


def semihosting_args(argv):
    """QEMU's semihosting on (the SDK's start-up fetches the command line,
    stderr and files go through it), with argv as the guest's command line."""
    spec = "enable=on,target=native" + "".join(
        ",arg=" + quote_arg(a).replace(",", ",,") for a in argv)
    return ["-semihosting-config", spec]


def parse_size(text):
    """'64M', '65536', '1G', '512K' -> bytes."""
    mult = 1
    t = text.strip().upper()
    if t.endswith("IB"):
        t = t[:-2]
    elif t.endswith("B"):
        t = t[:-1]
    if t and t[-1] in "KMG":
        mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[t[-1]]
        t = t[:-1]
    value = int(t, 0) * mult
    if value <= 0:
        raise ValueError(text)
    return value


def elf32_symbols_to_offsets(data, names):
    """Map each wanted symbol name to the file offset of its value.

    Only little-endian ELF32 RISC-V files are accepted. Symbols that are
    absent (or lie outside the file-backed part of a PT_LOAD segment) are
    left out of the result.
    """
    if len(data) < 52 or data[:4] != b"\x7fELF":
        raise ElfError("not an ELF file")
    if data[4] != 1 or data[5] != 1:
        raise ElfError("not a little-endian ELF32 file")
    (e_type, e_machine, _ver, _entry, e_phoff, e_shoff, _flags, _ehsize,
     e_phentsize, e_phnum, e_shentsize, e_shnum, _shstrndx) = struct.unpack_from(
        "<HHIIIIIHHHHHH", data, 16)
    if e_machine != EM_RISCV:
        raise ElfError("not a RISC-V ELF file")

    segments = []
    for i in range(e_phnum):
        (p_type, p_offset, p_vaddr, _paddr, p_filesz, _memsz, _pflags,
         _align) = struct.unpack_from("<IIIIIIII", data, e_phoff + i * e_phentsize)
        if p_type == PT_LOAD:
            segments.append((p_vaddr, p_filesz, p_offset))

    sections = []
    for i in range(e_shnum):
        sections.append(struct.unpack_from("<IIIIIIIIII", data,
                                           e_shoff + i * e_shentsize))

    found = {}
    for (_name, sh_type, _flags, _addr, sh_offset, sh_size, sh_link, _info,
         _align, sh_entsize) in sections:
        if sh_type != SHT_SYMTAB:
            continue
        str_off = sections[sh_link][4]
        entsize = sh_entsize or 16
        for pos in range(sh_offset, sh_offset + sh_size, entsize):
            st_name, st_value, _size, _stinfo, _other, st_shndx = struct.unpack_from(
                "<IIIBBH", data, pos)
            if st_name == 0 or st_shndx == 0:
                continue
            end = data.index(b"\0", str_off + st_name)
            name = data[str_off + st_name:end].decode("latin-1")
            if name in names and name not in found:
                found[name] = st_value

    offsets = {}
    for name, addr in found.items():
        for vaddr, filesz, off in segments:
            if vaddr <= addr and addr + 4 <= vaddr + filesz:
                offsets[name] = off + (addr - vaddr)
                break
        else:
            raise ElfError("symbol %s (0x%08x) is not in a loaded, file-backed "
                           "segment" % (name, addr))
    return offsets


def main():
    ap = argparse.ArgumentParser(
        description="Run a simty guest ELF on qemu-system-riscv32 -M virt.")
    ap.add_argument("--smp", type=int, default=8,
                    help="number of harts (default 8); patched into "
                         "__simty_nthreads")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds before QEMU is killed (default 60; exit 124)")
    ap.add_argument("--ram-size", default="64M",
                    help="guest RAM size (default 64M, like the simulator); "
                         "patched into __simty_ram_end")
    ap.add_argument("--qemu", default=os.environ.get("SIMTY_QEMU",
                                                     "qemu-system-riscv32"),
                    help="QEMU binary (default qemu-system-riscv32, or "
                         "$SIMTY_QEMU)")
    ap.add_argument("elf", metavar="PROG.elf")
    ap.add_argument("guest_args", nargs=argparse.REMAINDER, metavar="ARG",
                    help="the program's arguments (semihosting GET_CMDLINE)")
    args = ap.parse_args()

    if args.smp < 1:
        ap.error("--smp must be at least 1")
    if args.smp > QEMU_MAX_HARTS:
        ap.error("--smp %d: QEMU -M virt runs at most %d harts; check larger shapes "
                 "against the scalar model (simty run -m scalar)" % (args.smp, QEMU_MAX_HARTS))
    try:
        ram_size = parse_size(args.ram_size)
    except ValueError:
        ap.error("bad --ram-size %r" % args.ram_size)
    if RAM_BASE + ram_size > 1 << 32:
        ap.error("--ram-size too large for RV32")

    qemu = shutil.which(args.qemu)
    if qemu is None:
        print("qemu_run: %s not found (Debian: apt-get install "
              "qemu-system-misc)" % args.qemu, file=sys.stderr)
        return 125

    try:
        with open(args.elf, "rb") as f:
            data = bytearray(f.read())
        offsets = elf32_symbols_to_offsets(
            data, {"__simty_nthreads", "__simty_ram_end"})
    except OSError as e:
        print("qemu_run: %s: %s" % (args.elf, e.strerror), file=sys.stderr)
        return 126
    except (ElfError, struct.error, ValueError, IndexError) as e:
        print("qemu_run: %s: %s" % (args.elf, e), file=sys.stderr)
        return 126

    patches = {"__simty_nthreads": args.smp,
               "__simty_ram_end": (RAM_BASE + ram_size) & 0xFFFFFFFF}
    for name, value in patches.items():
        if name in offsets:
            struct.pack_into("<I", data, offsets[name], value)

    with tempfile.TemporaryDirectory(prefix="qemu_run.") as tmp:
        copy = os.path.join(tmp, os.path.basename(args.elf))
        with open(copy, "wb") as f:
            f.write(data)
        cmd = [qemu, "-M", "virt", "-bios", "none", "-smp", str(args.smp),
               "-m", str(ram_size // 1024) + "K",
               "-display", "none", "-serial", "stdio", "-monitor", "none",
               "-kernel", copy] + semihosting_args([args.elf] + args.guest_args)
        sys.stdout.flush()
        # stdin from /dev/null: QEMU leaves the terminal alone and output is
        # passed through untouched (inherited stdout).
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL)
        try:
            status = proc.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            print("qemu_run: timeout after %gs, QEMU killed" % args.timeout,
                  file=sys.stderr)
            return 124
        except KeyboardInterrupt:
            proc.send_signal(signal.SIGTERM)
            proc.wait()
            return 130
    if status < 0:
        print("qemu_run: QEMU killed by signal %d" % -status, file=sys.stderr)
        return 128 - status
    return status


if __name__ == "__main__":
    sys.exit(main())
