# march: rv32imac
# Every thread runs a loop of register arithmetic in compressed and 32-bit
# instructions mixed (32-bit ones at 2 mod 4 among them), so the simt
# model batches runs of instructions of both lengths and the cycle model
# fetches 2- and 4-byte instructions.  Exit status 0 if every thread
# computed s0 = 20 x (3 (a0 + 1) + 5) for its hart id a0.
    .section .text.init
    .globl _start
_start:
    .option rvc
    csrr a0, mhartid
    li   s0, 0
    li   s1, 20
    .balign 4
loop:
    c.mv    a1, a0          # 0 mod 4
    c.addi  a1, 1           # a0 + 1
    .option norvc
    slli    a2, a1, 1       # 0 mod 4
    .option rvc
    c.add   a2, a1          # 3 (a0 + 1)
    .option norvc
    addi    a2, a2, 5       # 2 mod 4: straddles two words
    .option rvc
    c.add   s0, a2
    c.addi  s1, -1
    c.bnez  s1, loop
    li   a1, 3
    addi a2, a0, 1
    mul  a1, a1, a2
    addi a1, a1, 5
    li   a2, 20
    mul  a1, a1, a2
    sub  a0, s0, a1         # 0 if right
    li   a7, 93
    ecall
