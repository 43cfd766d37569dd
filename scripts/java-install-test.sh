#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The installed simdcrypt-java as a user gets it: after `make java-install` (or
# scripts/java-test.sh, which installs and then runs this), a throwaway Maven
# project in a temp dir takes the README's <dependency> snippet (README.md and
# java/README.md), resolves it offline from the local repository only, compiles
# a tiny program (CRC-32C of "123456789" = e3069283; AES/GCM through
# Security.addProvider, decrypted by SunJCE) and runs it
#   - on the class path (--enable-native-access=ALL-UNNAMED),
#   - on the module path (--enable-native-access=io.simdcrypt, the provider found
#     by ServiceLoader under the name "SimdCrypt"), with no native-access warning,
#   - with java.io.tmpdir/simdcrypt.tmpdir on a tmpfs mounted noexec (as root;
#     skipped with a message when mount is not permitted): the bundled copy must
#     fail to map there, the error naming both attempts, and the library must
#     load from java.library.path.
# Also checks the jar (META-INF/LICENSE, module-info.class) and the installed POM
# (licence). Prints "java-install: N passed, N failed".
#
# Environment: JAVA_HOME (a JDK 22+, as scripts/java-test.sh finds it),
# SC_JAVA_BUILD (default build-java: the host libsimdcrypt.so for the fallback),
# MAVEN_REPO (default ~/.m2/repository).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${SC_JAVA_BUILD:-$root/build-java}
repo=${MAVEN_REPO:-$HOME/.m2/repository}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$root/java/pom.xml" | head -n 1)
jar=$repo/io/simdcrypt/simdcrypt-java/$version/simdcrypt-java-$version.jar
if [ ! -f "$jar" ]; then
    echo "java-install-test: $jar not installed: run make java-install first" >&2
    exit 1
fi

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
# expect <what> <file> <fixed string>: the file contains the string.
expect() { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1 (no '$3' in:)"; sed 's/^/     /' "$2"; fi; }
# absent <what> <file> <fixed string>
absent() { if grep -qF -- "$3" "$2"; then bad "$1 ('$3' in:)"; sed 's/^/     /' "$2"; else ok "$1"; fi; }

tmp=$(mktemp -d)
mnt=$tmp/noexec
cleanup() {
    if [ -d "$mnt" ] && grep -qF " $mnt " /proc/mounts 2>/dev/null; then umount "$mnt" || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# --- the artifact itself ---
"${JAVA_HOME:+$JAVA_HOME/bin/}jar" tf "$jar" > "$tmp/jar.txt"
expect "jar carries META-INF/LICENSE" "$tmp/jar.txt" "META-INF/LICENSE"
expect "jar carries module-info.class" "$tmp/jar.txt" "module-info.class"
expect "jar carries the provider service file" "$tmp/jar.txt" "META-INF/services/java.security.Provider"
expect "installed POM names the licence" "${jar%.jar}.pom" "<name>Apache-2.0</name>"
"$java" --module-path "$jar" --describe-module io.simdcrypt > "$tmp/module.txt" 2>&1 || true
expect "module io.simdcrypt provides the provider" "$tmp/module.txt" \
    "provides java.security.Provider with io.simdcrypt.jca.SimdCryptProvider"

# --- a fresh project with the README's snippet ---
app=$tmp/app
mkdir -p "$app/src/main/java/app"
cat > "$app/src/main/java/app/App.java" <<'EOF'
package app;

import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.ServiceLoader;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;

public final class App {
    public static void main(String[] args) throws Exception {
        byte[] msg = "123456789".getBytes(StandardCharsets.US_ASCII);
        io.simdcrypt.Crc32c crc = new io.simdcrypt.Crc32c();
        crc.update(msg, 0, msg.length);
        System.out.println("crc32c " + Long.toHexString(crc.getValue()));
        System.out.println("module " + io.simdcrypt.Crc32c.class.getModule().getName());
        System.out.println("library " + io.simdcrypt.SimdCrypt.librarySource());

        Provider p = args.length > 0 && args[0].equals("serviceloader")
                ? ServiceLoader.load(Provider.class).stream().map(ServiceLoader.Provider::get)
                        .filter(x -> x.getName().equals("SimdCrypt")).findFirst().orElseThrow()
                : new io.simdcrypt.jca.SimdCryptProvider();
        Security.addProvider(p);
        KeyGenerator kg = KeyGenerator.getInstance("AES", "SimdCrypt");
        kg.init(256);
        SecretKey key = kg.generateKey();
        Cipher enc = Cipher.getInstance("AES/GCM/NoPadding", "SimdCrypt");
        enc.init(Cipher.ENCRYPT_MODE, key);
        enc.updateAAD(msg);
        byte[] ct = enc.doFinal(msg);
        Cipher dec = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
        dec.init(Cipher.DECRYPT_MODE, key, enc.getParameters());
        dec.updateAAD(msg);
        boolean same = Arrays.equals(msg, dec.doFinal(ct));
        System.out.println("aes-gcm " + (same ? "round trip" : "MISMATCH") + " via " + enc.getProvider().getName()
                + " and " + dec.getProvider().getName());
    }
}
EOF

for readme in README.md java/README.md; do
    snippet=$(awk '/^<dependency>/ { f = 1 } f { print } /^<\/dependency>/ { exit }' "$root/$readme")
    if [ -z "$snippet" ]; then bad "$readme has a <dependency> snippet"; continue; fi
    # Only plugins the project's own build already fetched, so -o works after java-install.
    cat > "$app/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>test</groupId>
  <artifactId>app</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>22</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
$snippet
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-resources-plugin</artifactId>
        <version>3.3.1</version>
      </plugin>
    </plugins>
  </build>
</project>
EOF
    rm -rf "$app/target"
    if mvn -o -q -B -Dstyle.color=never -f "$app/pom.xml" compile > "$tmp/mvn.txt" 2>&1; then
        ok "$readme's <dependency> resolves offline and the program compiles"
    else
        bad "$readme's <dependency> resolves offline and the program compiles"
        sed 's/^/     /' "$tmp/mvn.txt"
    fi
done
classes=$app/target/classes
[ -f "$classes/app/App.class" ] || { echo "java-install: $passed passed, $((failed + 1)) failed"; exit 1; }

# run <name> <java options...>: stdout+stderr in $tmp/<name>.txt, exit status in $tmp/<name>.rc
run() {
    name=$1
    shift
    set +e
    "$java" "$@" > "$tmp/$name.txt" 2>&1
    echo $? > "$tmp/$name.rc"
    set -e
}
status_is() { if [ "$(cat "$tmp/$2.rc")" = "$3" ]; then ok "$1"; else bad "$1 (exit $(cat "$tmp/$2.rc"):)"; sed 's/^/     /' "$tmp/$2.txt"; fi; }

run classpath --enable-native-access=ALL-UNNAMED -cp "$classes:$jar" app.App
status_is "class path: runs" classpath 0
expect "class path: CRC-32C of 123456789" "$tmp/classpath.txt" "crc32c e3069283"
expect "class path: AES/GCM round trip with SunJCE" "$tmp/classpath.txt" "aes-gcm round trip via SimdCrypt and SunJCE"
expect "class path: unnamed module" "$tmp/classpath.txt" "module null"
absent "class path: no native-access warning" "$tmp/classpath.txt" "WARNING"

run modulepath --enable-native-access=io.simdcrypt --module-path "$jar" --add-modules io.simdcrypt \
    -cp "$classes" app.App serviceloader
status_is "module path: runs" modulepath 0
expect "module path: in module io.simdcrypt" "$tmp/modulepath.txt" "module io.simdcrypt"
expect "module path: CRC-32C of 123456789" "$tmp/modulepath.txt" "crc32c e3069283"
expect "module path: ServiceLoader's SimdCrypt does AES/GCM" "$tmp/modulepath.txt" \
    "aes-gcm round trip via SimdCrypt and SunJCE"
absent "module path: no native-access warning" "$tmp/modulepath.txt" "WARNING"

# --- an extraction directory mounted noexec ---
mkdir -p "$mnt"
if mount -t tmpfs -o noexec,nosuid,nodev,size=32m simdcrypt-noexec "$mnt" 2> "$tmp/mount.txt"; then
    props="-Djava.io.tmpdir=$mnt -Dsimdcrypt.tmpdir=$mnt"
    # shellcheck disable=SC2086
    run noexec-alone --enable-native-access=ALL-UNNAMED $props -Djava.library.path="$mnt" \
        -cp "$classes:$jar" app.App
    status_is "noexec, nothing on java.library.path: fails" noexec-alone 1
    expect "noexec: the error names the extraction attempt and noexec" "$tmp/noexec-alone.txt" \
        "that file system does not allow executables (mounted noexec)"
    expect "noexec: the error names the java.library.path attempt" "$tmp/noexec-alone.txt" \
        "found no usable libsimdcrypt.so in java.library.path=$mnt"
    expect "noexec: the error names simdcrypt.tmpdir" "$tmp/noexec-alone.txt" "-Dsimdcrypt.tmpdir"
    lib=$(cd "$build" && pwd -P)
    # shellcheck disable=SC2086
    run noexec-fallback --enable-native-access=ALL-UNNAMED $props -Djava.library.path="$mnt:$lib" \
        -cp "$classes:$jar" app.App
    status_is "noexec: falls back to java.library.path" noexec-fallback 0
    expect "noexec: loaded from java.library.path" "$tmp/noexec-fallback.txt" \
        "library java.library.path:$lib/libsimdcrypt.so"
    expect "noexec: CRC-32C of 123456789" "$tmp/noexec-fallback.txt" "crc32c e3069283"
    expect "noexec: AES/GCM round trip" "$tmp/noexec-fallback.txt" "aes-gcm round trip via SimdCrypt and SunJCE"
    umount "$mnt"
else
    echo "skip noexec checks: cannot mount a tmpfs here ($(cat "$tmp/mount.txt"))"
fi

echo "java-install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
