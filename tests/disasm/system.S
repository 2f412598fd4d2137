# march: rv32imafd
# (F: objdump uses the fcsr aliases frflags..., as simty always does)
# The disasm group compares `simty disasm` with objdump on this file: every
# CSR number read with csrr (objdump's name or number for each of the 4096),
# and the system instructions objdump names.  Never run.
    .attribute priv_spec, 1       # privileged spec 1.12: objdump names its CSRs
    .attribute priv_spec_minor, 12
    .text
    .globl _start
_start:
    .set n, 0
    .rept 4096
    .insn 4, (n << 20) | 0x2573   # csrr a0, n
    .set n, n + 1
    .endr
    csrrw a1, mscratch, a2
    csrrci a1, mstatus, 8
    csrrwi zero, pmpcfg3, 31
    mret
    sret
    wfi
    .insn 4, 0x7b200073    # dret
    .insn 4, 0x00200073    # uret
    sfence.vma
    sfence.vma a0
    sfence.vma a0, a1
    sfence.vma zero, t2
    ecall
    ebreak
