# march: rv32imafdc
# The disasm group compares `simty disasm` with objdump on this file: every
# F and D instruction (each rounding mode, the aliases objdump uses) and
# every RV32C instruction, HINTs and edge immediates included.  Never run.
    .text
    .globl _start
_start:
    .option norvc
    # F: loads, stores, arithmetic with every rounding mode
    flw ft0, 0(a0)
    flw fs11, -2048(sp)
    fsw ft11, 2047(a1)
    fsw fa7, -4(s0)
    fld fs0, 8(a2)
    fld ft3, -8(sp)
    fsd fs1, 16(a3)
    fsd fa0, -2048(t0)
    fadd.s fa0, fa1, fa2
    fadd.s fa0, fa1, fa2, rne
    fadd.s fa0, fa1, fa2, rtz
    fadd.s fa0, fa1, fa2, rdn
    fadd.s fa0, fa1, fa2, rup
    fadd.s fa0, fa1, fa2, rmm
    fadd.s fa0, fa1, fa2, dyn
    fsub.s ft4, ft5, ft6
    fmul.s fs2, fs3, fs4, rtz
    fdiv.s fs5, fs6, fs7
    fsqrt.s ft7, ft8
    fsqrt.s ft7, ft8, rup
    fsgnj.s fa3, fa4, fa5
    fsgnj.s fa3, fa4, fa4
    fsgnjn.s fa6, fa7, fs8
    fsgnjn.s fa6, fa7, fa7
    fsgnjx.s fs9, fs10, fs11
    fsgnjx.s fs9, fs10, fs10
    fmin.s ft9, ft10, ft11
    fmax.s ft0, ft1, ft2
    fmadd.s fa0, fa1, fa2, fa3
    fmadd.s fa0, fa1, fa2, fa3, rmm
    fmsub.s fa0, fa1, fa2, fa3, rtz
    fnmsub.s fa0, fa1, fa2, fa3
    fnmadd.s fa0, fa1, fa2, fa3, rdn
    fcvt.w.s a0, fa0
    fcvt.w.s a0, fa0, rtz
    fcvt.wu.s a1, fa1, rne
    fcvt.s.w fa0, a0
    fcvt.s.w fa0, a0, rtz
    fcvt.s.wu fa1, a1
    fmv.x.w a2, fa2
    fmv.w.x fa3, a3
    feq.s a4, fa4, fa5
    flt.s a5, fa5, fa6
    fle.s a6, fa6, fa7
    fclass.s a7, ft0
    # D
    fadd.d fa0, fa1, fa2
    fadd.d fa0, fa1, fa2, rtz
    fsub.d ft4, ft5, ft6, dyn
    fmul.d fs2, fs3, fs4
    fdiv.d fs5, fs6, fs7, rmm
    fsqrt.d ft7, ft8
    fsgnj.d fa3, fa4, fa5
    fsgnj.d fa3, fa4, fa4
    fsgnjn.d fa6, fa7, fs8
    fsgnjn.d fa6, fa7, fa7
    fsgnjx.d fs9, fs10, fs11
    fsgnjx.d fs9, fs10, fs10
    fmin.d ft9, ft10, ft11
    fmax.d ft0, ft1, ft2
    fmadd.d fa0, fa1, fa2, fa3
    fmsub.d fa0, fa1, fa2, fa3, rup
    fnmsub.d fa0, fa1, fa2, fa3
    fnmadd.d fa0, fa1, fa2, fa3
    fcvt.s.d fa0, fa1
    fcvt.s.d fa0, fa1, rtz
    fcvt.d.s fa0, fa1
    .insn 4, 0x42058553            # fcvt.d.s fa0,fa1,rne (rm field 0)
    feq.d a4, fa4, fa5
    flt.d a5, fa5, fa6
    fle.d a6, fa6, fa7
    fclass.d a7, ft0
    fcvt.w.d a0, fa0
    fcvt.w.d a0, fa0, rtz
    fcvt.wu.d a1, fa1, rdn
    fcvt.d.w fa0, a0
    .insn 4, 0xd2051553            # fcvt.d.w fa0,a0,rtz (rm 1)
    fcvt.d.wu fa1, a1
    .insn 4, 0xd21585d3            # fcvt.d.wu fa1,a1,rne (rm 0)
    # the fcsr CSRs and their aliases
    frcsr a0
    fscsr a1
    fscsr a2, a3
    frrm a4
    fsrm a5
    fsrm a6, a7
    frflags t0
    fsflags t1
    fsflags t2, t3
    fsrmi 2
    fsrmi a0, 3
    fsflagsi 1
    fsflagsi a1, 31
    csrrs a0, fcsr, a1
    csrrc zero, fflags, a1
    # C, every instruction
    .option rvc
compressed:
    c.addi4spn s0, sp, 4
    c.addi4spn a5, sp, 1020
    c.fld fs0, 0(a0)
    c.fld fa5, 248(s1)
    c.lw a0, 0(a1)
    c.lw s1, 124(a5)
    c.flw fa0, 4(a2)
    c.flw fs1, 124(a3)
    c.fsd fa1, 8(a4)
    c.fsd fs0, 248(a5)
    c.sw a0, 4(s0)
    c.sw a5, 124(s1)
    c.fsw fa2, 0(a0)
    c.fsw fa5, 124(a1)
    c.nop
    .insn 2, 0x0005                # c.nop 1 (HINT)
    c.addi a0, 1
    c.addi sp, -32
    c.addi t6, 31
    .insn 2, 0x0501                # c.addi a0,0 (HINT)
    c.jal compressed
    c.jal forward
    c.li a0, 0
    c.li a1, -32
    c.li t0, 31
    .insn 2, 0x4005                # c.li zero,1 (HINT)
    c.addi16sp sp, 16
    c.addi16sp sp, -512
    c.addi16sp sp, 496
    c.lui a0, 1
    c.lui a1, 0x1f
    c.lui s0, 0xfffe0
    c.lui t6, 0xfffff
    c.srli a0, 1
    c.srli s1, 31
    c.srai a1, 1
    c.srai a5, 16
    c.andi a2, 0
    c.andi a3, -1
    c.andi s0, -32
    c.andi a4, 15
    c.sub a0, a1
    c.xor s0, s1
    c.or a4, a5
    c.and a2, a3
    c.j compressed
    c.j forward
    c.beqz a0, compressed
    c.beqz s1, forward
    c.bnez a5, compressed
    c.bnez s0, forward
    c.slli a0, 1
    c.slli t6, 31
    c.slli sp, 4
    c.fldsp fa0, 0(sp)
    c.fldsp fs11, 504(sp)
    c.lwsp a0, 0(sp)
    c.lwsp ra, 252(sp)
    c.flwsp fa0, 4(sp)
    c.flwsp ft0, 252(sp)
    c.jr ra
    c.jr a0
    c.mv a0, a1
    c.mv sp, s0
    .insn 2, 0x802e                # c.mv zero,a1 (HINT)
    c.ebreak
    c.jalr a0
    c.jalr ra
    c.add a0, a1
    c.add sp, t0
    .insn 2, 0x902e                # c.add zero,a1 (HINT)
    c.fsdsp fa0, 0(sp)
    c.fsdsp fs11, 504(sp)
    c.swsp a0, 0(sp)
    c.swsp ra, 252(sp)
    c.fswsp fa0, 4(sp)
    c.fswsp ft0, 252(sp)
    # HINTs objdump shows as c.* in both forms
    .insn 2, 0x6005                # c.lui zero,0x1
    .insn 2, 0x0006                # c.slli zero,0x1
    .insn 2, 0x0502                # c.slli64 a0 (shift by 0)
    .insn 2, 0x8101                # c.srli64 a0
    .insn 2, 0x8501                # c.srai64 a0
    .insn 2, 0x0000                # c.unimp (illegal)
    # aliases of compressed forms: ret, mv, li, nop, j
    ret
    mv a0, a1
    li a0, 5
    nop
    j forward
    # a 32-bit instruction at a 2-aligned address
    add a0, a1, a2
    .option norvc
    addi a0, a1, 100
    .option rvc
    c.nop
forward:
    lui a0, 0x12345
    c.ebreak
