# simdcrypt: the two commands.
#   make test    install what is missing, build, run every test (native,
#                AArch64 and RISC-V under qemu, Java)
#   make bench   build and run `simdcrypt speed --peers` over every algorithm;
#                writes build/bench.txt, build/bench.json, build/bench.md
# Knobs: BUILD=dir  CC=clang  WERROR=1  SANITIZE=1  CROSS=0  JAVA=0
BUILD ?= build
WERROR ?= 0
SANITIZE ?= 0
CROSS ?= 1
JAVA ?= 1
CMAKE_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=Release \
	-DSC_WERROR=$(if $(filter 1,$(WERROR)),ON,OFF) \
	-DSC_SANITIZE=$(if $(filter 1,$(SANITIZE)),ON,OFF)

.PHONY: all deps build test test-native test-cross test-java bench install clean

all: build

deps:
	@sh scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS) $(if $(CC),-DCMAKE_C_COMPILER=$(CC)) >/dev/null
	cmake --build $(BUILD) -j2

test-native: build
	cd $(BUILD) && ctest --output-on-failure -j2

test-cross:
	sh scripts/cross-test.sh all

test-java:
	sh scripts/java-test.sh

test: test-native $(if $(filter 1,$(CROSS)),test-cross) $(if $(filter 1,$(JAVA)),test-java)

bench: build
	sh scripts/build-registry-peers.sh $(BUILD)
	$(BUILD)/src/cli/simdcrypt speed --peers --json $(BUILD)/bench.json | tee $(BUILD)/bench.txt
	python3 tools/bench_report.py $(BUILD)/bench.json > $(BUILD)/bench.md
	@echo "report: $(BUILD)/bench.md (paste into BENCHMARKS.md)"

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) build-aarch64 build-riscv64 build-java
