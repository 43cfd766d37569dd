#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Run the JMH benchmarks of simdcrypt-java and print Markdown tables. Each figure is the
# minimum over 30 short (50 ms) iterations: on a shared 2-core machine the least disturbed
# iteration is the best estimate, and short iterations make undisturbed ones likely.
#
#   java/bench/run.sh            # build everything, run all (~10 minutes on 2 cores)
#   SC_JMH="-wi 5 -w 1s -i 20 -r 1s" java/bench/run.sh   # longer runs (replaces the iteration options)
#   SC_BENCH_ONLY=aes java/bench/run.sh       # only the AES comparison (AesBench, ~12 minutes on 2 cores)
#   SC_BENCH_ONLY=hash java/bench/run.sh      # only MessageDigest (HashBench: MD5, SHA3-256; ~8 minutes)
#   SC_BENCH_ONLY=chacha java/bench/run.sh    # only ChaCha20(-Poly1305) (ChaChaBench; ~6 minutes)
#
# JVM arguments of the forks: --enable-native-access=ALL-UNNAMED, and for the "JDK without
# intrinsics" column -XX:+UnlockDiagnosticVMOptions -XX:-UseCRC32Intrinsics
# -XX:-UseCRC32CIntrinsics -XX:-UseAdler32Intrinsics (what a JVM without these intrinsics,
# e.g. on RISC-V for CRC32C, runs); for AesBench's "SunJCE without intrinsics" column
# -XX:-UseAES -XX:-UseAESIntrinsics -XX:-UseAESCTRIntrinsics -XX:-UseGHASHIntrinsics; for
# HashBench's "SUN without intrinsics" column -XX:-UseMD5Intrinsics -XX:-UseSHA3Intrinsics; for
# ChaChaBench's "SunJCE without intrinsics" column -XX:-UseChaCha20Intrinsics -XX:-UsePoly1305Intrinsics.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
export JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
out=${SC_BENCH_OUT:-$root/build-java/jmh}
mkdir -p "$out"

SC_MVN_GOALS="install -DskipTests" "$root/scripts/java-test.sh" >/dev/null
mvn -q -B -Dstyle.color=never -f "$root/java/bench/pom.xml" package >/dev/null
jar="$root/java/bench/target/benchmarks.jar"

# One fork for the checksums; two for the cipher and MAC comparisons, whose Bouncy Castle
# side varies up to 2x between forks with the JIT's choices (the minimum over both counts).
# SC_JMH replaces these iteration options (JMH refuses an option given twice).
opts=${SC_JMH:-"-wi 3 -w 300ms -i 30 -r 50ms"}
native="--enable-native-access=ALL-UNNAMED"
nointr="-XX:+UnlockDiagnosticVMOptions -XX:-UseCRC32Intrinsics -XX:-UseCRC32CIntrinsics -XX:-UseAdler32Intrinsics"
hash_nointr="-XX:+UnlockDiagnosticVMOptions -XX:-UseMD5Intrinsics -XX:-UseSHA3Intrinsics"
aes_nointr="-XX:+UnlockDiagnosticVMOptions -XX:-UseAES -XX:-UseAESIntrinsics -XX:-UseAESCTRIntrinsics -XX:-UseGHASHIntrinsics"
chacha_nointr="-XX:+UnlockDiagnosticVMOptions -XX:-UseChaCha20Intrinsics -XX:-UsePoly1305Intrinsics"
run() { # name, jmh args...
    name=$1
    shift
    case $name in ${SC_BENCH_ONLY:-*}*) ;; *) return 0 ;; esac
    # shellcheck disable=SC2086
    "$JAVA_HOME/bin/java" -jar "$jar" "$@" $opts -rf json -rff "$out/$name.json" >"$out/$name.log" 2>&1
}

run checksum 'ChecksumBench.heapArray' -f 1 -jvmArgsAppend "$native"
run checksum-direct 'ChecksumBench.directBuffer' -f 1 -p impl=simdcrypt -jvmArgsAppend "$native"
run checksum-nointrinsics 'ChecksumBench.heapArray' -f 1 -p impl=jdk -jvmArgsAppend "$native $nointr"
run cipher 'CipherBench.doFinal' -f 2 -jvmArgsAppend "$native"
run mac 'MacBench.doFinal' -f 2 -jvmArgsAppend "$native"
# AES (CTR, GCM) against SunJCE with its intrinsics (AES-NI/VAES, CLMUL GHASH), SunJCE without
# them (the JVM's Java AES and GHASH: what runs where the CPU lacks AES instructions or the
# JVM lacks the intrinsic), and Bouncy Castle.
run aes 'AesBench.doFinal' -f 2 -jvmArgsAppend "$native"
run aes-nointrinsics 'AesBench.doFinal' -f 2 -p impl=sunjce -jvmArgsAppend "$native $aes_nointr"
# MessageDigest (MD5, SHA3-256) against SUN with its intrinsics, SUN without them (the JVM's
# Java MD5 and Keccak), and Bouncy Castle.
run hash 'HashBench.digest' -f 2 -jvmArgsAppend "$native"
run hash-nointrinsics 'HashBench.digest' -f 2 -p impl=sun -jvmArgsAppend "$native $hash_nointr"
# The same messages fed in 16-byte updates: where the provider's Java-side buffer (rather than
# one downcall per update) decides the cost, against SUN's and Bouncy Castle's Java buffering.
run hash-updates 'HashBench.smallUpdates' -f 1 -p size=64,1024,16384 -jvmArgsAppend "$native"
# ChaCha20-Poly1305 (seal, open) and ChaCha20 against SunJCE with its intrinsics (AVX-512
# ChaCha20 blocks and IFMA Poly1305), SunJCE without them (its Java ChaCha20 and Poly1305),
# and Bouncy Castle.
run chacha 'ChaChaBench.doFinal' -f 2 -jvmArgsAppend "$native"
run chacha-nointrinsics 'ChaChaBench.doFinal' -f 2 -p impl=sunjce -jvmArgsAppend "$native $chacha_nointr"
run alloc 'ChecksumBench|CipherBench.update|MacBench.update' -f 1 -p impl=simdcrypt -p size=1024 -prof gc \
    -jvmArgsAppend "$native"
# The same without escape analysis (as C1-only JVMs run): what the hot path allocates when
# the JIT cannot remove an object (the ciphers and MACs: nothing; see SimdChecksum).
run alloc-noea 'ChecksumBench.heapArray|CipherBench.update|MacBench.update' -f 1 -p impl=simdcrypt -p size=1024 \
    -prof gc -jvmArgsAppend "$native -XX:-DoEscapeAnalysis"

python3 "$root/java/bench/tables.py" "$out"
