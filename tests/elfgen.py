"""Small RV32 ELF files built byte by byte, for the bad-input tests that need
what a linker does not make easily: segments at the top of the address
space, many executable segments, symbol names with any bytes in them.

make_elf(segments, entry, symbols) -> bytes
    segments: [(address, bytes, executable)]
    symbols:  [(name as bytes, address)]
The encoders below give the few instructions those programs use."""

import struct


def _i(op, rd, f3, rs1, imm):
    return ((imm & 0xfff) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op


def addi(rd, rs1, imm):
    return _i(0x13, rd, 0, rs1, imm)


def lui(rd, imm20):
    return ((imm20 & 0xfffff) << 12) | (rd << 7) | 0x37


def _s(f3, rs2, rs1, imm):
    return (((imm >> 5) & 0x7f) << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | \
        ((imm & 0x1f) << 7) | 0x23


def sb(rs2, rs1, imm):
    return _s(0, rs2, rs1, imm)


def sw(rs2, rs1, imm):
    return _s(2, rs2, rs1, imm)


def jal(rd, offset):
    o = offset & 0x1fffff
    return (((o >> 20) & 1) << 31) | (((o >> 1) & 0x3ff) << 21) | (((o >> 11) & 1) << 20) | \
        (((o >> 12) & 0xff) << 12) | (rd << 7) | 0x6f


ECALL = 0x00000073
ILLEGAL = 0xffffffff
A0, A7, T0, T1, T2 = 10, 17, 5, 6, 7


def words(*ws):
    return b"".join(struct.pack("<I", w & 0xffffffff) for w in ws)


def exit0():
    """a0 = 0; a7 = 93; ecall"""
    return [addi(A0, 0, 0), addi(A7, 0, 93), ECALL]


def make_elf(segments, entry, symbols=()):
    ehsize, phentsize, shentsize = 52, 32, 40
    phoff = ehsize
    data_off = phoff + phentsize * len(segments)
    blobs, phdrs, off = [], [], data_off
    for addr, blob, executable in segments:
        phdrs.append(struct.pack("<8I", 1, off, addr, addr, len(blob), len(blob),
                                 5 if executable else 6, 4))
        blobs.append(blob)
        off += len(blob)
    # .symtab, .strtab, .shstrtab
    strtab = b"\0"
    syms = [b"\0" * 16]
    for name, value in symbols:
        syms.append(struct.pack("<IIIBBH", len(strtab), value, 0, 0x10, 0, 0xfff1))  # ABS
        strtab += name + b"\0"
    symtab = b"".join(syms)
    shstrtab = b"\0.symtab\0.strtab\0.shstrtab\0"
    while off % 4:
        blobs.append(b"\0")
        off += 1
    symtab_off = off
    strtab_off = symtab_off + len(symtab)
    shstrtab_off = strtab_off + len(strtab)
    shoff = shstrtab_off + len(shstrtab)
    shoff += (-shoff) % 4
    sections = [
        b"\0" * shentsize,
        struct.pack("<10I", 1, 2, 0, 0, symtab_off, len(symtab), 2, 1, 4, 16),
        struct.pack("<10I", 9, 3, 0, 0, strtab_off, len(strtab), 0, 0, 1, 0),
        struct.pack("<10I", 17, 3, 0, 0, shstrtab_off, len(shstrtab), 0, 0, 1, 0),
    ]
    ident = b"\x7fELF" + bytes([1, 1, 1, 0]) + b"\0" * 8
    header = ident + struct.pack("<HHIIIIIHHHHHH", 2, 243, 1, entry, phoff, shoff, 0, ehsize,
                                 phentsize, len(segments), shentsize, len(sections), 3)
    body = header + b"".join(phdrs) + b"".join(blobs) + symtab + strtab + shstrtab
    body += b"\0" * (shoff - len(body))
    return body + b"".join(sections)
