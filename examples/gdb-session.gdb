# The gdb session of README "Debugging", on the test kernel tests/gdb/kernel.c
# (thread t computes value = 10t + 7; thread 3 stores its value to `watched`).
# Replay it:
#   sdk/simty-cc -g -O0 tests/gdb/kernel.c -o kernel.elf
#   build/simty run -w 2 -t 4 --gdb 1234 --gdb-wait kernel.elf &
#   gdb-multiarch -q -batch -x examples/gdb-session.gdb kernel.elf
# The breakpoint stays while step, finish and next run: each stops once, where
# the stepped thread gets to, though the lanes of its path sit on the
# breakpoint too.  tests/gdb_checks.py replays this file on every model.
set pagination off
set confirm off
set width 0
set trace-commands on
target remote :1234
break kernel.c:25
continue
step
finish
next
info threads
print value
thread 8
print $mhartid
thread 1
next
delete
watch watched
continue
print value
print watched
continue
