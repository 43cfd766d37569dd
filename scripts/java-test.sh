#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Build libsimdcrypt (Release, build-java/), stage it with the cross builds of
# scripts/cross-test.sh when they exist (build-aarch64/, build-riscv64/, or
# $SC_BUILD_AARCH64 / $SC_BUILD_RISCV64) for the jar, and run the Java module's
# tests with a JDK 22+ (FFM). Used by `make test` and CI.
#
# With the default goal (install: the tests, then the jar into the local Maven
# repository) scripts/java-install-test.sh then checks the installed artifact
# from a fresh project (class path, module path, noexec tmpdir).
#
# Environment: JAVA_HOME (default: Temurin 25 when installed), SC_JAVA_BUILD
# (default: build-java), SC_MVN_GOALS (default: install; e.g. "test", or
# "install -DskipTests" as make java-install), SC_JAVA_INSTALL_TEST (default 1:
# run java-install-test.sh after a goal that installs; 0: do not).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${SC_JAVA_BUILD:-$root/build-java}
goals=${SC_MVN_GOALS:-install}

if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -Eq 'version "(2[2-9]|[3-9][0-9])'; then
    for jdk in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-arm64 /usr/lib/jvm/temurin-25-jdk-riscv64; do
        [ -x "$jdk/bin/java" ] && JAVA_HOME=$jdk && break
    done
fi
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -Eq 'version "(2[2-9]|[3-9][0-9])'; then
    echo "java-test: needs a JDK 22 or later (FFM); set JAVA_HOME" >&2
    exit 1
fi
export JAVA_HOME
command -v mvn >/dev/null 2>&1 || { echo "java-test: needs Maven (mvn)" >&2; exit 1; }
# Maven 3.8's bundled Guava warns about sun.misc.Unsafe on JDK 24+; quiet it
# where the JDK knows the option.
if "$JAVA_HOME/bin/java" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi

generator=
command -v ninja >/dev/null 2>&1 && generator="-G Ninja"
# shellcheck disable=SC2086
cmake -S "$root" -B "$build" $generator -DCMAKE_BUILD_TYPE=Release -DSC_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" --target simdcrypt >/dev/null

# Stage real files (the build outputs are symlinks, which Maven would copy as links).
stage=$build/java-native
rm -rf "$stage"
# ELF e_machine (bytes 18-19, little-endian) of each platform: never bundle a
# library under the wrong name.
elf_machine() { od -An -tx1 -j18 -N2 "$1" 2>/dev/null | tr -d ' \n'; }
stage_lib() { # platform, build dir, expected e_machine
    if [ -f "$2/libsimdcrypt.so" ] && [ "$(elf_machine "$2/libsimdcrypt.so")" = "$3" ]; then
        mkdir -p "$stage/$1"
        cp -L "$2/libsimdcrypt.so" "$stage/$1/libsimdcrypt.so"
        echo "java-test: bundling $1 from $2"
    else
        echo "java-test: no $1 libsimdcrypt.so in $2 (run scripts/cross-test.sh first to bundle it)"
    fi
}
case $(uname -m) in
    x86_64) host=linux-x86_64 ;;
    aarch64) host=linux-aarch64 ;;
    riscv64) host=linux-riscv64 ;;
    *) host=linux-$(uname -m) ;;
esac
# The cross builds are scripts/cross-test.sh's (same directories and variables).
for p in "linux-x86_64 $build 3e00" \
         "linux-aarch64 ${SC_BUILD_AARCH64:-$root/build-aarch64} b700" \
         "linux-riscv64 ${SC_BUILD_RISCV64:-$root/build-riscv64} f300"; do
    # shellcheck disable=SC2086
    set -- $p
    if [ "$1" = "$host" ]; then
        stage_lib "$1" "$build" "$3"
    else
        stage_lib "$1" "$2" "$3"
    fi
done

reports="$root/java/target/surefire-reports"
# Maven never removes resources that disappeared: drop the previous bundle and reports.
rm -rf "$reports" "$root/java/target/classes/native"
# shellcheck disable=SC2086
mvn -q -B -Dstyle.color=never -f "$root/java/pom.xml" -Dsimdcrypt.native.dir="$stage" $goals
# (Debian's Maven 3.8 leaves colour resets without a newline even in batch mode.)
echo

# Maven -q prints nothing on success: sum the Surefire reports into one line.
if ls "$reports"/TEST-*.xml >/dev/null 2>&1; then
    cat "$reports"/TEST-*.xml | awk '
        /<testsuite / {
            for (i = 1; i <= NF; i++) {
                if (split($i, kv, "=") == 2) { gsub(/[">]/, "", kv[2]); v[kv[1]] += kv[2] }
            }
        }
        END {
            bad = v["failures"] + v["errors"]
            printf "java: %d passed, %d failed, %d skipped\n", v["tests"] - bad - v["skipped"], bad, v["skipped"]
        }'
fi

case " $goals " in
    *" install "*)
        if [ "${SC_JAVA_INSTALL_TEST:-1}" != 0 ]; then
            SC_JAVA_BUILD=$build sh "$root/scripts/java-install-test.sh"
        fi ;;
esac
