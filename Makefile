# SPDX-License-Identifier: Apache-2.0
# simdcrypt: the two commands.
#   make test    install what is missing, build, run every test (native,
#                AArch64 and RISC-V under qemu, Java)
#   make bench   build and run `simdcrypt speed --peers` over every algorithm;
#                writes build/bench.txt, build/bench.json, build/bench.md and
#                build/plots/<algorithm>.png (tools/plot_bench.py)
#   make fuzz    libFuzzer targets, FUZZ_SECONDS (300) each (tests/fuzz)
#   make test-asan  the native tests under ASan + UBSan (clang-19, the fuzz tree)
#   make test-tsan  the thread tests under ThreadSanitizer
#   make test-python  the Python package: pip install . in a venv, pytest
#   make java-install  build libsimdcrypt (+ the cross builds present) and install
#                io.simdcrypt:simdcrypt-java into the local Maven repository
# Knobs: BUILD=dir  CC=clang  WERROR=1  SANITIZE=1  CROSS=0  JAVA=0  PYTHON=0
#        CT_DFSAN=0 (skip test_ct_dfsan: its clang-19 tree is the same in every build)
BUILD ?= build
WERROR ?= 0
SANITIZE ?= 0
CROSS ?= 1
JAVA ?= 1
PYTHON ?= 1
EMU512 ?= 1
CT_DFSAN ?= 1
# Ninja when installed (install-deps.sh adds it), CMake's default otherwise:
# make install needs only a compiler and CMake.
GENERATOR ?= $(if $(shell command -v ninja 2>/dev/null),-G Ninja)
CMAKE_FLAGS = $(GENERATOR) -DCMAKE_BUILD_TYPE=Release \
	-DSC_CT_DFSAN_TEST=$(if $(filter 1,$(CT_DFSAN)),ON,OFF) \
	-DSC_WERROR=$(if $(filter 1,$(WERROR)),ON,OFF) \
	-DSC_SANITIZE=$(if $(filter 1,$(SANITIZE)),ON,OFF)

.PHONY: all deps build compile docs test test-native test-cross test-java test-python test-emu512 java-install bench \
	install clean fuzz test-asan test-tsan

all: build

deps:
	@sh scripts/install-deps.sh

build: deps compile

# compile: configure and build only, nothing installed from apt (install and
# docs use it: they must work with just a compiler and CMake).
compile:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS) $(if $(CC),-DCMAKE_C_COMPILER=$(CC)) >/dev/null
	cmake --build $(BUILD) -j2

test-native: build
	cd $(BUILD) && ctest --output-on-failure -j2 -LE emu512

# The AVX-512 kernels' tests on an emulated Sapphire Rapids CPU (tools/x86emu,
# bochscpu), so that hosts without AVX-512 run them too; 77 from the setup
# (not x86-64, no gdb / venv / package) skips them.
test-emu512: build
	@sh scripts/x86emu-setup.sh $(BUILD)/x86emu; rc=$$?; \
	if [ $$rc = 77 ]; then echo "test-emu512: skipped"; exit 0; fi; [ $$rc = 0 ] || exit $$rc; \
	cmake -S . -B $(BUILD) >/dev/null && cd $(BUILD) && ctest -L '^emu512$$' -j2 --output-on-failure --no-tests=error

test-cross:
	sh scripts/cross-test.sh all

test-java:
	sh scripts/java-test.sh

# scripts/python-test.sh: a venv and its own CMake tree in $(BUILD)/python-pkg
# (the static library and the extension only); 77 = no python3 venv module.
test-python:
	SC_PYTHON_BUILD=$(abspath $(BUILD))/python-pkg WERROR=$(WERROR) sh scripts/python-test.sh; \
	rc=$$?; [ $$rc = 77 ] && echo "test-python: skipped" && rc=0; exit $$rc

test: test-native $(if $(filter 1,$(EMU512)),test-emu512) $(if $(filter 1,$(CROSS)),test-cross) \
	$(if $(filter 1,$(JAVA)),test-java) $(if $(filter 1,$(PYTHON)),test-python)

# The jar (every staged platform) into ~/.m2, without running the tests (make
# test-java runs them, then checks the installed artifact: java-install-test.sh).
java-install:
	SC_MVN_GOALS="install -DskipTests" SC_JAVA_INSTALL_TEST=0 sh scripts/java-test.sh

bench: build
	sh scripts/build-registry-peers.sh $(BUILD)
	$(BUILD)/src/cli/simdcrypt speed --peers --json $(BUILD)/bench.json | tee $(BUILD)/bench.txt
	python3 tools/bench_report.py $(BUILD)/bench.json > $(BUILD)/bench.md
	python3 -c 'import matplotlib' 2>/dev/null || python3 -m pip install -q matplotlib
	python3 tools/plot_bench.py -o $(BUILD)/plots $(BUILD)/bench.json
	@echo "report: $(BUILD)/bench.md, plots: $(BUILD)/plots (paste into BENCHMARKS.md, docs/bench/)"

# Sanitizer builds need clang with its runtimes (install-deps.sh: clang-19):
# CC=... picks another clang. Each has its own build directory.
SAN_CC = $(if $(filter default,$(origin CC)),clang-19,$(CC))
SAN_CONFIGURE = cmake -S . -B $(BUILD) $(CMAKE_FLAGS) -DCMAKE_C_COMPILER=$(SAN_CC) -DSC_PEERS=OFF

# make fuzz: every libFuzzer target of tests/fuzz (see its README) for
# FUZZ_SECONDS each (default 300), from a copy of the committed corpus,
# in build-fuzz; CI runs the same with FUZZ_SECONDS=20.
# make test-asan: the native suite under ASan + UBSan in that same tree
# (clang-19; the library also carries libFuzzer's coverage counters, which
# change nothing the tests see): one sanitized build of the library serves
# both, CI runs test-asan and then fuzz.
FUZZ_SECONDS ?= 300
SAN_FUZZ_CONFIGURE = $(SAN_CONFIGURE) -DSC_FUZZ=ON -DSC_SANITIZE=ON >/dev/null
fuzz test-asan: CT_DFSAN = 0
fuzz: BUILD = build-fuzz
fuzz: deps
	$(SAN_FUZZ_CONFIGURE)
	cmake --build $(BUILD) -j2 --target sc_fuzz_targets
	cd $(BUILD) && SC_FUZZ_SECONDS=$(FUZZ_SECONDS) ctest -L fuzz --output-on-failure --no-tests=error --timeout $$(($(FUZZ_SECONDS) + 300))

test-asan: BUILD = build-fuzz
test-asan: deps
	$(SAN_FUZZ_CONFIGURE)
	cmake --build $(BUILD) -j2
	cd $(BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j2 -LE '^(emu512|fuzz)$$'

# make test-tsan: tests/test_threads.c (first calls of every family from 8
# threads) and tests/test_policy.c (kernels forced while threads checksum)
# under ThreadSanitizer in build-tsan; any report fails it.
test-tsan: BUILD = build-tsan
test-tsan: deps
	$(SAN_CONFIGURE) -DSC_TSAN=ON >/dev/null
	cmake --build $(BUILD) -j2 --target test_threads test_policy
	cd $(BUILD) && TSAN_OPTIONS=halt_on_error=1:exitcode=66 ctest -R '^(test_threads|test_policy)$$' --output-on-failure --no-tests=error

# make install [PREFIX=/usr/local]: the libraries, headers, pkg-config and
# CMake package, the CLI, its man page and bash completion, and the peers
# plug-in when it was built. Never runs scripts/install-deps.sh.
install: compile
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

# make docs: the API reference from the comments of include/simdcrypt/*.h
# (Doxygen, docs/Doxyfile) into $(BUILD)/docs/html; needs doxygen (apt
# install doxygen), not part of make test.
docs:
	mkdir -p $(BUILD)/docs
	(cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $(BUILD)/docs") | doxygen - 2> $(BUILD)/docs/warnings.txt
	@echo "API reference: $(BUILD)/docs/html/index.html ($$(wc -l < $(BUILD)/docs/warnings.txt) warning lines: $(BUILD)/docs/warnings.txt)"

clean:
	rm -rf $(BUILD) build-aarch64 build-riscv64 build-java
