# picl: build, test and run. `make run` and `make test` are the two commands a user needs.
CC       ?= cc
OPT      ?= -O2
# Debian's packages: Lua 5.4, the OpenCL ICD loader, Open MPI and HDF5 built against it.
# VkFFT (libvkfft-dev, runtime/fft.c) is one header in /usr/include: no flags, nothing to link.
PKGS     := lua5.4 OpenCL mpi hdf5-openmpi
# WERROR= builds without -Werror (tools/gpu_check.sh retries so when another compiler warns anew)
WERROR   ?= -Werror
CFLAGS   += -std=c11 $(OPT) -g -Wall -Wextra $(WERROR) -D_POSIX_C_SOURCE=200809L \
            -DCL_TARGET_OPENCL_VERSION=120 $(addprefix -I,$(LAYERS)) -Itemplates -I$(BUILD) $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LDLIBS   += $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm
BUILD    ?= build
PICL_VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
CFLAGS   += -DPICL_VERSION='"$(PICL_VERSION)"'

# The C sources in layers, lowest first; a file includes headers of its own layer or lower ones
# (tools/check_layers.py, run by `make test`, fails otherwise). docs/architecture.md draws them.
#   base     memory hook, logging, string buffers, the configuration structs and enum lists
#   input    the Lua input read into struct picl_config
#   gen      the OpenCL program written from a configuration (pure; no OpenCL calls)
#   runtime  the device, memory arenas, fields, particles, exchange: one step's state and stages
#   io       reduced diagnostics, openPMD output, checkpoints (HDF5)
#   sim      the time loop and load balancing
#   tooling  benchmark sweeps, the roofline, device limits, tuning
#   cli      the command line (main)
LAYERS      := base input gen runtime io sim tooling cli
LIB_LAYERS  := $(filter-out cli,$(LAYERS))
LIB_SRC     := $(foreach l,$(LIB_LAYERS),$(wildcard $(l)/*.c))
HEADERS     := $(foreach l,$(LAYERS),$(wildcard $(l)/*.h)) $(wildcard templates/*.h)
EMBED_IN    := $(sort $(wildcard lua/*.lua) $(wildcard templates/*.cl) $(wildcard templates/*.h))
LIB_OBJ     := $(patsubst %.c,$(BUILD)/%.o,$(LIB_SRC)) $(BUILD)/embedded.o
UNIT_SRC    := $(wildcard tests/unit/test_*.c)
UNIT_BIN    := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
# Programs that tests/cli/test_mpi.sh starts under mpirun (not run alone by run_all.sh).
MPI_SRC     := $(wildcard tests/mpi/test_*.c)
MPI_BIN     := $(patsubst tests/mpi/%.c,$(BUILD)/tests-mpi/%,$(MPI_SRC))

.PHONY: all deps run test test-quick unit asan fuzz clean bench-uniform bench-stage bench-rz bench-scaling check-inputs venv gpu-bundle
all: bin/picl

# Installs Debian packages only when one is missing (apt-get needs root or sudo).
deps:
	@tools/deps.sh

bin/picl: $(BUILD)/cli/main.o $(BUILD)/libpicl.a
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

$(BUILD)/libpicl.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# embedded.h must exist first but its text never changes (tools/embed.c writes the same
# declarations whatever it embeds), so a template edit rebuilds embedded.o alone, not every object.
$(BUILD)/%.o: %.c $(HEADERS) | $(BUILD)/embedded.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

# Lua sources and templates are compiled into the binary so picl runs from any directory.
$(BUILD)/embed: tools/embed.c
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O1 -Wall -Wextra -Werror -o $@ $<

$(BUILD)/embedded.c $(BUILD)/embedded.h &: $(BUILD)/embed $(EMBED_IN)
	$(BUILD)/embed $(BUILD)/embedded.c $(BUILD)/embedded.h $(EMBED_IN)

$(BUILD)/embedded.o: $(BUILD)/embedded.c
	$(CC) $(CFLAGS) -Wno-overlength-strings -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(BUILD)/libpicl.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libpicl.a $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests-mpi/%: tests/mpi/%.c $(wildcard tests/unit/*.h tests/mpi/*.h) $(BUILD)/libpicl.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libpicl.a $(LDFLAGS) $(LDLIBS)

unit: $(UNIT_BIN) $(MPI_BIN) $(BUILD)/failwrite.so

# The LD_PRELOAD shim of tests/cli/test_io_failures.sh: a full or read-only disk on demand.
$(BUILD)/failwrite.so: tests/cli/failwrite.c
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Werror -shared -fPIC -o $@ $< -ldl

run: deps all
	bin/picl run inputs/uniform_plasma.lua

test: deps all unit venv
	@tests/run_all.sh $(BUILD)

# A first look in under 5 minutes on 2 CPU cores (make test takes 20-35): the host-only unit
# tests, three physics tests (the plasma frequency, gyration, a laser's focus) and the CLI tests of
# a new user's first hour, the reduced CSV and the plot tools. Times from a CI log: about 4 minutes.
QUICK_TESTS := check_layers test_arena test_cost test_expr_parse test_luatab test_plan test_config test_guards \
               test_kernel_args test_expr_device test_diag_histogram test_langmuir test_gyration test_laser \
               cli/test_first_hour cli/test_reduced_energy cli/test_plot_tools
test-quick: deps all unit venv
	@PICL_TESTS="$(QUICK_TESTS)" tests/run_all.sh $(BUILD)

# The Python of the tests and tools/plot_diags.py (pinned in tests/requirements.txt) in .venv.
venv:
	@tools/venv.sh

# Unit tests under AddressSanitizer and UndefinedBehaviorSanitizer, in a build folder of their own.
# use_tls=0: LeakSanitizer's tracer dies (signal 11) scanning the thread-local storage of PoCL's
# dlopened kernel libraries in some tests; not scanning TLS can only add leak reports, never hide one.
asan:
	$(MAKE) BUILD=build-asan OPT="-Ibuild-asan -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all" \
	        LDFLAGS="-fsanitize=address,undefined" unit
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0:use_tls=0 \
	    UBSAN_OPTIONS=print_stacktrace=1 PICL_UNIT_ONLY=1 tests/run_all.sh build-asan

# libFuzzer harnesses (tests/fuzz/fuzz_*.c; clang with compiler-rt) against picl built with
# ASan and UBSan in build-fuzz: each runs FUZZ_TIME seconds from its seeds (tests/fuzz/seeds/NAME),
# growing its corpus in build-fuzz/corpus/NAME, its log in build-fuzz/NAME.log; a crash leaves
# build-fuzz/crash-* and fails the target. The checkpoint harness reads its seed checkpoint (made
# by picl itself: build-fuzz/seeds/checkpoint/seed.h5, below) under PICL_ROOT, restarts a run built on the
# default OpenCL device (PICL_DEVICE) from edited copies of it (tests/fuzz/fuzz_checkpoint.c), takes inputs as
# long as that seed (a whole file is one of its two kinds of input) and runs without leak checks (HDF5
# keeps library state allocated until exit). The run harness (tests/fuzz/fuzz_run.c) builds and steps
# a tiny run per input on that device: no leak checks either, and 300 s an input (a kernel build under
# ASan takes 10-40 s). One harness alone: make fuzz FUZZ_BIN=build-fuzz/fuzz/NAME.
FUZZ_TIME ?= 60
FUZZ_CC   ?= clang
FUZZ_SAN  := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SRC  := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN  := $(patsubst tests/fuzz/%.c,build-fuzz/fuzz/%,$(FUZZ_SRC))
fuzz-lib:
	$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) OPT="-Ibuild-fuzz -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link $(FUZZ_SAN)" build-fuzz/libpicl.a
build-fuzz/fuzz/%: tests/fuzz/%.c fuzz-lib
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CFLAGS) -Ibuild-fuzz -O1 -g -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< build-fuzz/libpicl.a $(LDLIBS)
# The checkpoint harness's seed: a checkpoint of inputs/langmuir.lua with the options of
# tests/fuzz/checkpoint_sets.txt (the harness loads the same input with the same options).
FUZZ_CKPT_SETS = $(shell sed "s/.*/--set '&'/" tests/fuzz/checkpoint_sets.txt)
build-fuzz/seeds/checkpoint/seed.h5: tests/fuzz/checkpoint_sets.txt inputs/langmuir.lua | all
	@rm -rf build-fuzz/ckseed && mkdir -p $(dir $@)
	bin/picl run -q inputs/langmuir.lua $(FUZZ_CKPT_SETS) >/dev/null
	cp build-fuzz/ckseed/checkpoint_000004.h5 $@
fuzz: $(FUZZ_BIN) build-fuzz/seeds/checkpoint/seed.h5
	@for f in $(FUZZ_BIN); do n=$$(basename $$f); mkdir -p build-fuzz/corpus/$$n; \
	  echo "== $$n for $(FUZZ_TIME) s"; \
	  leaks=1; len=4096; tmo=10; [ $$n = fuzz_checkpoint ] && leaks=0 len=262144; \
	  [ $$n = fuzz_run ] && leaks=0 tmo=300; \
	  PICL_ROOT=$(CURDIR) ASAN_OPTIONS=detect_leaks=$$leaks UBSAN_OPTIONS=print_stacktrace=1 \
	  $$f -max_total_time=$(FUZZ_TIME) -timeout=$$tmo -rss_limit_mb=3072 -max_len=$$len -artifact_prefix=build-fuzz/ \
	      build-fuzz/corpus/$$n tests/fuzz/seeds/$${n#fuzz_} $$( [ $$n = fuzz_checkpoint ] && echo build-fuzz/seeds/checkpoint) \
	      >build-fuzz/$$n.log 2>&1; rc=$$?; \
	  grep -E '^Done|^#[0-9]+.*DONE|ERROR|SUMMARY' build-fuzz/$$n.log | tail -n 3; \
	  [ $$rc -eq 0 ] || { echo "$$n failed (rc $$rc): build-fuzz/$$n.log"; exit 1; }; done
.PHONY: fuzz-lib

# picl check --no-build on every example input (no device needed).
check-inputs: all
	@for f in inputs/*.lua; do bin/picl check --no-build $$f >/dev/null || { echo "check-inputs: $$f fails"; exit 1; }; done
	@echo "check-inputs: every input in inputs/ passes picl check --no-build"

# The uniform-plasma benchmark: medians of RUNS runs (default 3) per variant. Not a test.
bench-uniform: all
	bench/uniform.sh

# The 2D uniform plasma of issue #20 (1024^2 cells, 16 per cell) beside the 3D one, and their ratio.
.PHONY: bench-uniform-2d
bench-uniform-2d: all
	bench/uniform_2d.sh

# The paper's boosted-frame stage (inputs/pwfa_boosted.lua, docs/bench.md). Not a test.
bench-stage: all
	bench/stage.sh

# An LWFA stage in RZ beside the same stage in 3D: ns per particle per step, the 3D / RZ cost
# ratio (bench/rz.sh, docs/rz.md). Not a test.
bench-rz: all
	bench/rz.sh

# Weak and strong scaling over 1, 2 and 4 MPI ranks (docs/parallel.md). Not a test.
bench-scaling: all
	bench/scaling.sh

# The sweeps of bench/ (docs/bench.md): results in build/bench/NAME.jsonl (a sweep run again
# skips what is recorded), then the table and NAME.csv. Not tests; `make bench-limits` prints
# the device's bandwidth and flop rates.
BENCH_SPECS := sort variants pushers
.PHONY: $(addprefix bench-,$(BENCH_SPECS)) bench-limits
$(addprefix bench-,$(BENCH_SPECS)): bench-%: all
	@mkdir -p $(BUILD)/bench
	bin/picl bench bench/$*.lua -o $(BUILD)/bench/$*.jsonl
	bin/picl bench --report $(BUILD)/bench/$*.jsonl
	@if [ -x .venv/bin/python ]; then .venv/bin/python tools/bench_plot.py $(BUILD)/bench/$*.jsonl; \
	 else echo "(make venv, then tools/bench_plot.py $(BUILD)/bench/$*.jsonl draws it)"; fi

bench-limits: all
	bin/picl bench --device-limits

# The Debian packages and the prebuilt fallback that tools/gpu_check.sh needs on a GPU machine
# without a package registry, in gpu-bundle/ (git-ignored; the device run carries it: docs/gpu.md).
gpu-bundle:
	tools/gpu_bundle.sh

clean:
	rm -rf build build-asan build-fuzz bin
