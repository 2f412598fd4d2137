# simty: build, test and demo entry point.
#
#   make          build build/simty (and libsimty.a)
#   make check    every test: unit, ISA, examples on simty and QEMU,
#                 differential SIMT-vs-scalar, bad input; then again under
#                 AddressSanitizer + UndefinedBehaviorSanitizer; then 60 s
#                 of libFuzzer
#   make demo     build the examples and run them
#   make bench    simulation speed figures (not a test): rates, host
#                 instructions per cycle and warp-instruction (callgrind),
#                 side by side with QEMU
#   make results  regenerate docs/RESULTS.md and its plots (50-80 minutes
#                 on 2 cores, section 7's callgrind and QEMU runs included;
#                 RESULTS_JOBS=N simulations at once)
#   make check-random-long   2000 more random programs, simt vs scalar
#   make fuzz     libFuzzer on the loader and every model, FUZZ_SECONDS long
#                 (default 600; make check runs it for 60 s)
#   make docs     regenerate the generated blocks of README.md and
#                 docs/pipeline.md (make check fails when they are stale)
#   make check-progress-long the forward-progress suite (tests/progress) on
#                 every model with all 8 option sets at 5 shapes, and on QEMU
#                 (make check runs one option set per shape and model)
#   make check-diff-long     the differential runs make check leaves out
#                 (-O0/-Os/clang example builds at most shapes, all but
#                 the ISA tests at 4x2x8, SIMT C regressions at 64x16, half the SIMT
#                 option sets at each shape)
#   make check-multicore-long --host-threads 1 and 3 one cycle at a time
#   make check-asan-full     the sanitized suite with its full matrices (make
#                 check's sanitized pass runs fewer diff shapes and random
#                 programs: docs/testing.md, "What make check costs")
#   make check-omp-long      the workloads/omp programs (OpenMP, pthreads) on
#                 every model at every shape, --progress off, --host-threads
#                 (make check runs a subset: tests/omp_programs_checks.py)
#   make check-march-long    the ISA variants' runs make check leaves out
#                 (-march builds besides the default rv32gc: rv32ima, or
#                 MARCH=rv32ima,rv32imafd)

CC      ?= cc
CFLAGS  ?= -O3 -g
WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# sdk/include: the guest contract (simty_guest.h), shared with the SDK and the
# test programs.  After -Isrc, so that "simty.h" is the simulator's API.
CPPFLAGS := -D_POSIX_C_SOURCE=200809L -Isrc -Isdk/include
BUILD   ?= build
# sdk/simty-cc keeps the SDK's runtime objects here for every guest build
# the Makefile and its scripts start (not in ~/.cache; sdk/README.md)
export SIMTY_CC_CACHE ?= $(CURDIR)/build/sdk-cache

LIB_SRC := $(wildcard src/isa/*.c src/memory/*.c src/machine/*.c src/loader/*.c \
                      src/warp/*.c src/models/*.c src/pipeline/*.c src/sim/*.c src/registry/*.c src/stats/*.c \
                      src/sync/*.c src/trace/*.c src/util/*.c src/memsys/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
# the shared library (python/simty binds it) is built from its own
# position-independent objects, so the simty command's code is unchanged
LIB_PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
HEADERS := $(wildcard src/*.h src/*/*.h) sdk/include/simty_guest.h

# Host and guest tools the build and the tests need (Debian packages).
DEB_PACKAGES := gcc make python3 gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf \
                binutils-riscv64-unknown-elf qemu-system-misc clang lld gnuplot-nox \
                clang-14 libclang-rt-14-dev gdb-multiarch parallel \
                python3-venv python3-cffi python3-pandas python3-distributed \
                python3-setuptools python3-wheel munge slurmctld slurmd slurm-client
DEPS_STAMP := $(BUILD)/.deps-ok

.PHONY: all deps unit check check-asan check-asan-full check-random-long check-progress-long check-diff-long check-march-long check-omp-long check-multicore-long \
        demo bench bench-threads \
        workloads results docs clean fuzz fuzz-build fuzz-check layers
all: $(BUILD)/simty $(BUILD)/libsimty.so

UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(wildcard tests/unit/test_*.c))
unit: $(UNIT_TESTS)
$(BUILD)/unit/%: tests/unit/%.c tests/unit/check.h $(BUILD)/libsimty.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -o $@ $< $(BUILD)/libsimty.a -lm -pthread

$(BUILD)/simty: $(CLI_OBJ) $(BUILD)/libsimty.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lm -pthread

$(BUILD)/libsimty.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# libsimty.so exports the public API (src/simty.h: simty_*) and nothing else.
$(BUILD)/libsimty.so: $(LIB_PIC_OBJ) src/libsimty.map
	$(CC) -shared $(CFLAGS) $(LDFLAGS) -Wl,--version-script=src/libsimty.map \
	    -Wl,-soname,libsimty.so -o $@ $(LIB_PIC_OBJ) -lm -pthread

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(OBJ_CFLAGS) -c -o $@ $<
$(BUILD)/pic/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(OBJ_CFLAGS) -fPIC -c -o $@ $<

# The FPU semantics (src/isa/fpu.c) change the host's rounding mode and read
# its exception flags: no folding or contraction that assumes the default
# environment; sqrt inline (no errno).
$(BUILD)/obj/src/isa/fpu.o $(BUILD)/pic/src/isa/fpu.o: \
    OBJ_CFLAGS := -frounding-math -ffp-contract=off -fno-math-errno

# Installs missing Debian packages (apt-get, with sudo when not root) or
# stops with one sentence naming them.
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/ensure-deps.sh Makefile
	@tools/ensure-deps.sh $(DEB_PACKAGES)
	@mkdir -p $(BUILD) && touch $@

# The folder layering of src/ (docs/design.md "Layers"; also in the unit group).
layers:
	python3 tools/layers.py

check: deps all unit
	python3 tests/run_tests.py --build $(BUILD) --slowest 10
	$(MAKE) check-asan
	$(MAKE) fuzz-check

# The same suite, simulator built with ASan + UBSan (lighter matrices:
# every code path, fewer shapes; check-asan-full runs the full ones).
ASAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
check-asan: deps
	$(MAKE) BUILD=build/asan CC=gcc CFLAGS="$(ASAN_CFLAGS)" build/asan/simty unit
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    python3 tests/run_tests.py --build build/asan --sanitized --slowest 10
check-asan-full: deps
	$(MAKE) BUILD=build/asan CC=gcc CFLAGS="$(ASAN_CFLAGS)" build/asan/simty unit
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    python3 tests/run_tests.py --build build/asan --sanitized --full --slowest 10

# libFuzzer (clang): the ELF loader, a short run on every model and every
# report, with the machine configuration fuzzed too (fuzz/simty_fuzz.c).
# The library is rebuilt with coverage instrumentation and ASan + UBSan.
FUZZ_CC      ?= clang-14
FUZZ_BUILD   := build/fuzz
FUZZ_SAN     := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SECONDS ?= 600
fuzz-build: deps
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) CFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" \
	    $(FUZZ_BUILD)/libsimty.a
	$(FUZZ_CC) $(CPPFLAGS) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -o $(FUZZ_BUILD)/simty_fuzz \
	    fuzz/simty_fuzz.c $(FUZZ_BUILD)/libsimty.a -lm
fuzz: fuzz-build
	python3 fuzz/run_fuzz.py --fuzzer $(FUZZ_BUILD)/simty_fuzz --seconds $(FUZZ_SECONDS)
# A short fixed budget from the seeds alone, so that a regression shows.
fuzz-check: fuzz-build
	python3 fuzz/run_fuzz.py --fuzzer $(FUZZ_BUILD)/simty_fuzz --seconds 60 --fresh

# 2000 more random divergent programs (seeds 1000-2999), simt vs scalar.
check-random-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only random --seed 1000 --random 2000

# The diff group's runs make check leaves out: the -O0 examples beyond 4x8,
# the -Os and clang -O2 examples beyond 4x8 and 8x32, every program but
# the ISA tests at 4x2x8, the SIMT C regressions at 64x16, and everywhere else the half
# of the SIMT model's option sets make check does not run there
# (tests/run_tests.py, in_check and OPTION_HALVES).
check-diff-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only diff-long

# The ISA variants (-march builds besides the SDK default: tests/programs.py
# MARCHES, or MARCH=rv32imafd,rv32gc): the runs make check leaves out, i.e.
# every example build at every diff shape, every workload, every random
# program (make check runs a subset: tests/run_tests.py, "ISA variants").
check-march-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only march-long $(if $(MARCH),--march $(MARCH))

# The forward-progress suite, full matrix (group `progress` is the subset).
check-progress-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only progress-long

# --host-threads 1 and 3 one cycle at a time on the litmus programs (make
# check: 1 and 2).
check-multicore-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only multicore-long

check-omp-long: deps all
	python3 tests/run_tests.py --build $(BUILD) --only omp-long

# The workload suite (workloads/*.c), built with the SDK's default flags
# plus WL_CFLAGS, into WL_DIR.
WL_CFLAGS ?=
WL_DIR    ?= $(BUILD)/workloads/default
WL_SRC    := $(wildcard workloads/*.c)
WL_ELF    := $(WL_SRC:workloads/%.c=$(WL_DIR)/%.elf)
SDK_FILES := sdk/simty-cc sdk/crt0.S sdk/runtime.c sdk/hostio.c sdk/simty.ld sdk/include/simty.h \
             sdk/include/simty_guest.h
workloads: deps $(WL_ELF)
$(WL_DIR)/%.elf: workloads/%.c workloads/workload.h $(SDK_FILES)
	@mkdir -p $(dir $@)
	sdk/simty-cc $(WL_CFLAGS) -Wall -Wextra -Werror -o $@ $<

demo: deps all
	python3 tests/demo.py --simty $(BUILD)/simty

bench: deps all
	@tools/ensure-deps.sh valgrind
	python3 bench/speed.py --simty $(BUILD)/simty
	python3 bench/host_cost.py --simty $(BUILD)/simty
	python3 bench/vs_qemu.py --simty $(BUILD)/simty

# Host-parallel simulation: --host-threads 1..nproc on multi-core machines.
bench-threads: deps all
	python3 bench/host_threads.py --simty $(BUILD)/simty

RESULTS_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
results: deps all
	@tools/ensure-deps.sh valgrind
	python3 tools/results.py --simty $(BUILD)/simty -j $(RESULTS_JOBS)

docs: deps all
	python3 tools/docblocks.py --update --simty $(BUILD)/simty

clean:
	rm -rf build
