# `jal ra, .` forever: the call depth grows without bound, yet the machine
# state repeats up to that shift: a deadlock in every model.
    .section .text.init
    .globl _start
_start:
1:  jal ra, 1b
