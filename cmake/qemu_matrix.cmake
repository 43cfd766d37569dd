# SPDX-License-Identifier: Apache-2.0
# CPU configurations every test runs under when cross-compiled (ctest then
# runs each test through CMAKE_CROSSCOMPILING_EMULATOR, i.e. qemu-user).
#
# One entry per configuration: "name|QEMU_CPU|SIMDCRYPT_DISABLE|info regex".
#   name               suffix of the test names (test@name) and a ctest label
#   QEMU_CPU           the -cpu model and properties qemu-user emulates
#   SIMDCRYPT_DISABLE  features forced off (qemu has no AArch64 model without
#                      AES/PMULL/CRC32, so their fallbacks need the override)
#   info regex         optional: what `simdcrypt info` must print, so that a
#                      detection bug cannot silently test only portable code
#
# Each kernel and each fallback is what dispatch selects in at least one
# configuration, and every vector kernel runs at VLEN 128, 256 and 512.
set(SC_QEMU_MATRIX)
if(SC_ARCH STREQUAL "aarch64")
  list(APPEND SC_QEMU_MATRIX
    # everything qemu implements (SVE2, SHA3 ...)
    "max|max||features: neon aes pmull sha3 crc32\n.*adler32 +arm-.*crc32c +arm-.*md5 +arm-neon .*keccak +arm-sha3 "
    # a real core with AES/PMULL/SHA3/CRC32 and SVE2 at 128 bits
    "neoverse-n2|neoverse-n2||features: neon aes pmull sha3 crc32\n.*adler32 +arm-.*crc32c +arm-"
    # ARMv8.0 core: AES/PMULL/CRC32 but no SHA3 (gotcha: no EOR3 may leak)
    "cortex-a53|cortex-a53||features: neon aes pmull crc32\n.*adler32 +arm-.*crc32c +arm-.*md5 +arm-neon .*keccak +arm-scalar "
    # each CRC tier dispatched on its own: PMULL folding without the CRC32
    # instructions, and the CRC32 3-way kernel without PMULL
    "max-no-crc32|max|crc32|crc32c +arm-pmull "
    "max-no-pmull|max|pmull|crc32c +arm-crc32-3way "
    # NEON kernels alone: the crypto/CRC extensions forced off
    "max-neon-only|max|aes,pmull,crc32,sha3|adler32 +arm-.*crc32 +portable .*crc32c +portable "
    # portable code only
    "max-portable|max|neon,crc32|adler32 +portable .*crc32 +portable .*crc32c +portable ")
elseif(SC_ARCH STREQUAL "riscv64")
  # qemu's "rv64" enables Zba/Zbb/Zbc/Zbs by default: switch each one off.
  set(_rv_gc "rv64,v=false,zba=false,zbb=false,zbc=false,zbs=false")
  set(_rv_zb "rv64,zba=true,zbb=true,zbc=true,zbs=true")
  set(_rv_zvk "zvbb=true,zvbc=true,zvkg=true,zvkned=true")
  list(APPEND SC_QEMU_MATRIX
    "rv64gc|${_rv_gc}||features:\n\nalgorithm.*crc32c +portable .*chacha +rv-scalar .*md5 +portable .*keccak +portable "
    "rv64gc-zba|rv64,v=false,zba=true,zbb=false,zbc=false,zbs=false||features: zba\n.*crc32c +rv-zba "
    "rv64gc-zbc|${_rv_zb},v=false||features: zba zbb zbc\n.*crc32c +rv-zbc .*md5 +rv-zbb .*keccak +rv-zbb "
    "v128|${_rv_zb},v=true,vlen=128||vlen: 128 bits.*adler32 +rv-v .*crc32c +rv-zbc .*md5 +rv-v .*keccak +rv-v "
    "v256|${_rv_zb},v=true,vlen=256||vlen: 256 bits.*adler32 +rv-v .*crc32c +rv-zbc "
    "v512|${_rv_zb},v=true,vlen=512||vlen: 512 bits.*adler32 +rv-v .*crc32c +rv-zbc "
    "zvk128|${_rv_zb},v=true,vlen=128,${_rv_zvk}||zvkned\nvlen: 128 bits.*crc32c +rv-zvbc .*md5 +rv-zvbb .*keccak +rv-zvbb "
    "zvk256|${_rv_zb},v=true,vlen=256,${_rv_zvk}||zvkned\nvlen: 256 bits.*crc32c +rv-zvbc "
    "zvk512|${_rv_zb},v=true,vlen=512,${_rv_zvk}||zvkned\nvlen: 512 bits.*crc32c +rv-zvbc ")
endif()

# Tests named *_diff sweep every kernel the CPU can run themselves (against
# the portable reference, over thousands of lengths and alignments), so the
# configurations that only change which kernel dispatch prefers add nothing
# to them but minutes of emulation: they run under SC_QEMU_SWEEP_CONFIGS,
# where every kernel runs at every VLEN and each fallback ISA level appears.
if(SC_ARCH STREQUAL "aarch64")
  set(SC_QEMU_SWEEP_CONFIGS max neoverse-n2 cortex-a53)
elseif(SC_ARCH STREQUAL "riscv64")
  set(SC_QEMU_SWEEP_CONFIGS rv64gc-zba zvk128 zvk256 zvk512)
  # At the larger VLENs the sweeps take only the vector kernels (names rv-v*,
  # rv-zv*): the scalar ones (rv-zba, rv-zbc, rv-zbb, bitsliced) run the same
  # code at every VLEN and are swept whole at zvk128 and rv64gc-zba; and the
  # checksum sweep takes its lengths past 1 KiB at a few alignments
  # (SC_TEST_SPARSE_ALIGN), the vector loops' alignment handling being swept
  # whole at zvk128. qemu runs vector code slowly: these sweeps were 214 s of
  # the riscv64 stage's 1098 s of emulation (CI of stop 34: test_checksum_diff
  # and test_kalyna_diff 74 + 70 + 37 + 33 s at zvk256/zvk512).
  set(SC_QEMU_VECTOR_SWEEP_CONFIGS zvk256 zvk512)
endif()

# sc_add_test(<name> <command> [args...]): add_test natively; when
# cross-compiling, one test per SC_QEMU_MATRIX entry, named <name>@<config>,
# labelled <config>, with QEMU_CPU and SIMDCRYPT_DISABLE in its environment.
# Further environment for every variant: set SC_TEST_ENV before calling.
function(sc_add_test name)
  if(NOT CMAKE_CROSSCOMPILING OR NOT SC_QEMU_MATRIX)
    add_test(NAME ${name} COMMAND ${ARGN})
    if(SC_TEST_ENV)
      set_tests_properties(${name} PROPERTIES ENVIRONMENT "${SC_TEST_ENV}")
    endif()
    return()
  endif()
  foreach(entry IN LISTS SC_QEMU_MATRIX)
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 config)
    list(GET fields 1 cpu)
    list(GET fields 2 disable)
    # SC_TEST_HUGE=0: no 4 GiB inputs at emulated speed (minutes per run).
    set(env "QEMU_CPU=${cpu}" SC_TEST_HUGE=0 ${SC_TEST_ENV})
    if(name MATCHES "_diff$" AND NOT config IN_LIST SC_QEMU_SWEEP_CONFIGS)
      # The checksum sweep still runs everywhere, shortened (lengths 0..512 at
      # every alignment, random splits), so each configuration's bad-input
      # cases pass through whatever it dispatches; the cipher sweeps do not.
      if(NOT name STREQUAL "test_checksum_diff")
        continue()
      endif()
      list(APPEND env SC_TEST_QUICK=1)
    elseif(name MATCHES "_diff$" AND config IN_LIST SC_QEMU_VECTOR_SWEEP_CONFIGS)
      list(APPEND env "SC_TEST_KERNELS=rv-v,rv-zv" SC_TEST_SPARSE_ALIGN=1)
    endif()
    if(disable)
      list(APPEND env "SIMDCRYPT_DISABLE=${disable}")
    endif()
    add_test(NAME ${name}@${config} COMMAND ${ARGN})
    set_tests_properties(${name}@${config} PROPERTIES ENVIRONMENT "${env}" LABELS "${config}")
    set_property(GLOBAL APPEND PROPERTY SC_TEST_VARIANTS_${name} ${name}@${config})
  endforeach()
endfunction()

# sc_test_properties(<name> <property> <value> ...): set_tests_properties on
# a test added with sc_add_test, i.e. on each of its matrix variants.
# The names of a test's matrix variants (the test itself when not cross-built).
function(sc_test_variants name out)
  get_property(variants GLOBAL PROPERTY SC_TEST_VARIANTS_${name})
  if(NOT variants)
    set(variants ${name})
  endif()
  set(${out} ${variants} PARENT_SCOPE)
endfunction()

function(sc_test_properties name)
  sc_test_variants(${name} variants)
  set_tests_properties(${variants} PROPERTIES ${ARGN})
endfunction()

# sc_test_append_env(<name> VAR=value ...): more environment for a test
# added with sc_add_test, on each of its matrix variants (later words win).
function(sc_test_append_env name)
  sc_test_variants(${name} variants)
  set_property(TEST ${variants} APPEND PROPERTY ENVIRONMENT ${ARGN})
endfunction()

# sc_add_info_test(<name>): `simdcrypt info` under every configuration, so
# the log shows the features and kernels each one selects; it fails when the
# output does not match the entry's regex.
function(sc_add_info_test name)
  sc_add_test(${name} simdcrypt_cli info)
  if(NOT CMAKE_CROSSCOMPILING)
    return()
  endif()
  foreach(entry IN LISTS SC_QEMU_MATRIX)
    string(REPLACE "|" ";" fields "${entry}")
    list(LENGTH fields n)
    list(GET fields 0 config)
    if(n GREATER 3)
      list(GET fields 3 regex)
      if(regex)
        set_tests_properties(${name}@${config} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
      endif()
    endif()
  endforeach()
endfunction()
