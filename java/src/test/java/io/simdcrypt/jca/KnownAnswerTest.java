/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import static io.simdcrypt.jca.CipherTestSupport.SIMD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.simdcrypt.Adler32;
import io.simdcrypt.Crc32;
import io.simdcrypt.Crc32c;
import io.simdcrypt.SimdXof;
import io.simdcrypt.internal.NativeAead;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeHash;
import io.simdcrypt.internal.NativeInfo;
import java.security.MessageDigest;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.Checksum;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The library's known answers (sc_kat_get: one source, also run by ctest and `simdcrypt
 * selftest`) through the Java API: every cipher, MAC and AEAD vector under every JCA name and
 * alias the provider derives for its native name (names a rule leaves unoffered, with its reason,
 * are skipped), every checksum vector through Crc32, Crc32c and Adler32.
 */
class KnownAnswerTest {
    private static final HexFormat HEX = HexFormat.of();
    /** The Java classes of the checksum families (the families Java binds outside the JCA). */
    private static final Map<String, Supplier<Checksum>> CHECKSUMS =
            Map.of("crc32", Crc32::new, "crc32c", Crc32c::new, "adler32", Adler32::new);
    private static final Set<String> CIPHERS = Set.copyOf(NativeCipher.names(false));
    private static final Set<String> MACS = Set.copyOf(NativeCipher.names(true));
    private static final Set<String> AEADS = Set.copyOf(NativeAead.names());
    private static final Set<String> HASHES = Set.copyOf(NativeHash.names());

    private static byte[] hex(String s) {
        return HEX.parseHex(s.toLowerCase(java.util.Locale.ROOT));
    }

    @TestFactory
    Stream<DynamicTest> everyKnownAnswer() {
        return NativeInfo.kats().stream().map(k -> DynamicTest.dynamicTest(k.toString(), () -> run(k)));
    }

    private static void run(NativeInfo.Kat k) throws Exception {
        JcaNaming.Family rule = JcaNaming.family(k.family());
        if (rule != null && rule.unoffered().containsKey(k.name())) {
            Assumptions.abort(k.name() + " has no JCA name: " + rule.unoffered().get(k.name()));
        }
        if (CIPHERS.contains(k.name())) {
            cipher(k);
        } else if (AEADS.contains(k.name())) {
            aead(k);
        } else if (MACS.contains(k.name())) {
            mac(k);
        } else if (HASHES.contains(k.name())) {
            digest(k);
        } else if (CHECKSUMS.containsKey(k.family())) {
            checksum(k);
        } else {
            Assumptions.abort("no Java API for family " + k.family() + " yet");
        }
    }

    private static void cipher(NativeInfo.Kat k) throws Exception {
        List<String> transformations = CipherTestSupport.transformations(k.name());
        // A stream cipher run as a nonce-once Cipher (ChaCha20) takes a ChaCha20ParameterSpec.
        List<String> nonceOnce = CipherTestSupport.aeadTransformations(k.name());
        assertFalse(transformations.isEmpty() && nonceOnce.isEmpty(), "no JCA name runs " + k.name());
        SecretKeySpec key = new SecretKeySpec(hex(k.key()), "raw");
        byte[] iv = k.iv().isEmpty() ? null : hex(k.iv());
        byte[] in = hex(k.in()), out = hex(k.out());
        if (!nonceOnce.isEmpty()) {
            roundTrip(nonceOnce, key, chaCha20Params(iv), in, out, k);
            return;
        }
        AlgorithmParameterSpec params = k.sbox() != null ? new GostParameterSpec(k.sbox(), iv)
                : iv == null ? null : new IvParameterSpec(iv);
        roundTrip(transformations, key, params, in, out, k);
    }

    /**
     * A ChaCha20 vector's IV as SunJCE's parameters: 12 bytes are the nonce (block counter 0);
     * 16 are OpenSSL's le32(counter) || nonce, as the library takes them.
     */
    private static AlgorithmParameterSpec chaCha20Params(byte[] iv) {
        if (iv.length == 12) return new ChaCha20ParameterSpec(iv, 0);
        int counter = java.nio.ByteBuffer.wrap(iv, 0, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        return new ChaCha20ParameterSpec(Arrays.copyOfRange(iv, 4, 16), counter);
    }

    private static void roundTrip(List<String> transformations, SecretKeySpec key, AlgorithmParameterSpec params,
            byte[] in, byte[] out, NativeInfo.Kat k) throws Exception {
        for (String t : transformations) {
            Cipher c = Cipher.getInstance(t, SIMD);
            c.init(Cipher.ENCRYPT_MODE, key, params);
            assertArrayEquals(out, c.doFinal(in), t + " encrypt " + k);
            c.init(Cipher.DECRYPT_MODE, key, params);
            assertArrayEquals(in, c.doFinal(out), t + " decrypt " + k);
        }
    }

    /**
     * An AEAD vector (out = ciphertext || tag, the tag the full 16 bytes here) through every
     * Cipher name that runs it: seal, open, and open with the tag's last bit flipped.
     */
    private static void aead(NativeInfo.Kat k) throws Exception {
        List<String> names = CipherTestSupport.aeadTransformations(k.name());
        assertFalse(names.isEmpty(), "no JCA Cipher runs " + k.name());
        byte[] in = hex(k.in()), out = hex(k.out()), aad = hex(k.aad());
        int tagBits = (out.length - in.length) * 8;
        SecretKeySpec key = new SecretKeySpec(hex(k.key()), "raw");
        for (AeadAlgorithm alg : SimdCryptProvider.aeadAlgorithms()) {
            if (!alg.nameByKeyLength().containsValue(k.name())) continue;
            // GCM's parameters carry the tag length; the ChaCha AEADs' are the nonce alone.
            AlgorithmParameterSpec params = alg.kind().takesGcmSpec()
                    ? new GCMParameterSpec(tagBits, hex(k.iv())) : new IvParameterSpec(hex(k.iv()));
            for (String t : CipherTestSupport.aeadTransformations(alg)) {
                Cipher c = Cipher.getInstance(t, SIMD);
                c.init(Cipher.ENCRYPT_MODE, key, params);
                c.updateAAD(aad);
                assertArrayEquals(out, c.doFinal(in), t + " seal " + k);
                c.init(Cipher.DECRYPT_MODE, key, params);
                c.updateAAD(aad);
                assertArrayEquals(in, c.doFinal(out), t + " open " + k);
                byte[] bad = out.clone();
                bad[bad.length - 1] ^= 1;
                c.updateAAD(aad);
                assertThrows(AEADBadTagException.class, () -> c.doFinal(bad), t + " tampered " + k);
            }
        }
    }

    /** The vector's tag may be truncated (its length is the tag length): compare that prefix. */
    private static void mac(NativeInfo.Kat k) throws Exception {
        List<String> names = CipherTestSupport.macNames(k.name());
        assertFalse(names.isEmpty(), "no JCA Mac runs " + k.name());
        byte[] expected = hex(k.out());
        for (String name : names) {
            Mac mac = Mac.getInstance(name, SIMD);
            // A MAC with a nonce (GMAC) takes it as an IV; the S-box MACs take a GostParameterSpec.
            AlgorithmParameterSpec params = !k.iv().isEmpty() ? new IvParameterSpec(hex(k.iv()))
                    : k.sbox() == null ? null : new GostParameterSpec(k.sbox(), null);
            mac.init(new SecretKeySpec(hex(k.key()), "raw"), params);
            assertArrayEquals(expected, Arrays.copyOf(mac.doFinal(hex(k.in())), expected.length), name + " " + k);
        }
    }

    /**
     * A hash vector through every MessageDigest name and alias of its native name: the digest,
     * or for an XOF the common prefix of the vector's output and the digest's fixed length; an
     * XOF's vector also through {@link SimdXof}, whole, squeezed in pieces. The vector's iv is
     * KangarooTwelve's customization string or TurboSHAKE's domain byte, which only SimdXof
     * takes (no MessageDigest parameter carries them).
     */
    private static void digest(NativeInfo.Kat k) throws Exception {
        byte[] in = hex(k.in()), expected = hex(k.out()), iv = hex(k.iv());
        if (NativeHash.info(k.name()).isXof()) {
            boolean kt = k.name().equals("kangarootwelve");
            SimdXof x = SimdXof.of(k.name(), kt ? iv : new byte[0], kt || iv.length == 0 ? 0 : iv[0] & 0xFF);
            x.update(in);
            byte[] out = new byte[expected.length];
            for (int pos = 0, n = 1; pos < out.length; pos += n, n = 2 * n + 1) {
                x.squeeze(out, pos, Math.min(n, out.length - pos));
            }
            assertArrayEquals(expected, out, "SimdXof " + k);
        }
        if (iv.length > 0) return;
        List<DigestAlgorithm> algs = SimdCryptProvider.digestAlgorithms().stream()
                .filter(a -> a.nativeName().equals(k.name())).toList();
        assertFalse(algs.isEmpty(), "no MessageDigest runs " + k.name());
        for (DigestAlgorithm alg : algs) {
            int n = Math.min(expected.length, alg.digestLength());
            if (!alg.xof()) assertEquals(expected.length, alg.digestLength(), alg.jcaName() + " " + k);
            for (String name : CipherTestSupport.namesOf(alg.jcaName(), alg.aliases())) {
                byte[] d = MessageDigest.getInstance(name, SIMD).digest(in);
                assertArrayEquals(Arrays.copyOf(expected, n), Arrays.copyOf(d, n), name + " " + k);
            }
        }
    }

    private static void checksum(NativeInfo.Kat k) {
        byte[] in = hex(k.in());
        Checksum c = CHECKSUMS.get(k.family()).get();
        c.update(in, 0, in.length);
        assertEquals(Long.parseLong(k.out(), 16), c.getValue(), k.toString());
    }

    /** The vectors are there, with their sources, and cover every family Java binds. */
    @Test
    void vectorsCoverEveryBoundFamily() {
        List<NativeInfo.Kat> kats = NativeInfo.kats();
        for (NativeInfo.Kat k : kats) {
            assertFalse(k.source() == null || k.source().isEmpty(), k.name() + " names its standard");
            assertTrue(k.out() != null && !k.out().isEmpty(), k.name());
        }
        Set<String> families = kats.stream().map(NativeInfo.Kat::family).collect(Collectors.toSet());
        assertTrue(families.containsAll(CHECKSUMS.keySet()), "checksum vectors: " + families);
        Set<String> hashNames = kats.stream().map(NativeInfo.Kat::name).collect(Collectors.toSet());
        assertTrue(hashNames.containsAll(HASHES), "a vector for every hash name: " + hashNames);
        for (String name : CIPHERS) {
            String family = NativeCipher.info(name).algorithm();
            assertTrue(families.contains(family), "vectors of " + family);
        }
    }
}
