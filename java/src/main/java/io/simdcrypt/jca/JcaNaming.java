/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What the native library cannot say: how its names read in the JCA. One rule per native family
 * (sc_cipher_info.algorithm), naming each <em>line</em> of its names (the word before the first
 * '-': "kalyna", "magma", "gost89"; or a whole name: "chacha20", "poly1305") at each block size. Which algorithms, key sizes and modes
 * exist comes from the library ({@link AlgorithmTable}): a new native name of a known family
 * (say kalyna-128-128-cfb) shows up as mode CFB of Kalyna-128 with no change here; a new family
 * needs its rule here and nothing else. Names are functions of the block size in bits.
 */
final class JcaNaming {
    /** Every mode of a line. */
    static final Set<String> ALL_MODES = null;

    /**
     * Native stream modes that still take a padding (PKCS5Padding, ISO7816-4Padding): full-block
     * CFB and OFB, whose padded message is the padded plaintext run through the stream, as SunJCE's
     * "AES/CFB/PKCS5Padding" and Bouncy Castle's compute it. Not CFB8 (Bouncy Castle pads it to
     * its 1-byte unit, SunJCE to the block: no agreed meaning) nor the counter modes (SunJCE
     * refuses a padding there).
     */
    static final Set<String> PADDED_STREAMS = Set.of("cfb", "ofb");

    /**
     * Native modes with ciphertext stealing (DSTU 7624 XTS, section 8): any length from one
     * block on, NoPadding only; the library keeps the last whole block and the partial one
     * after it (one to two blocks less a byte) until sc_cipher_final.
     */
    static final Set<String> STEALING_MODES = Set.of("xts");

    /**
     * The Cipher names of one line: JCA name and aliases per block size, the native modes taken
     * (null: all), JCA spellings of a native mode (default: upper case), the S-box without a
     * {@link GostParameterSpec} (null: the library's), and whether a KeyGenerator of the same
     * names makes keys of the sizes that name takes (its default size the smallest).
     */
    record Ciphers(String line, IntFunction<String> name, IntFunction<List<String>> aliases, Set<String> modes,
            Map<String, List<String>> modeSpellings, String defaultSbox, boolean keyGenerator,
            List<MeshedMode> meshed) {
        Ciphers(String line, IntFunction<String> name, IntFunction<List<String>> aliases, Set<String> modes,
                Map<String, List<String>> modeSpellings, String defaultSbox, boolean keyGenerator) {
            this(line, name, aliases, modes, modeSpellings, defaultSbox, keyGenerator, List.of());
        }
    }

    /**
     * A further JCA mode of a GOST 28147-89 line: a native mode run with CryptoPro key meshing
     * (RFC 4357 section 2.3: every 1024 bytes the key becomes D_K(C) and the feedback block is
     * encrypted under the new key), where the line's own spelling of that native mode runs it
     * without, as Bouncy Castle's do ({@code NativeContext.setGostConventions}). Bouncy Castle's
     * "GCFB" is its GCFBBlockCipher: 64-bit CFB over GOST28147 with that meshing. With an OID,
     * also a Cipher of that mode alone, named "Line/MODE/NoPadding" and aliased by the OID (Bouncy
     * Castle's Cipher of id-Gost28147-89 is its GCFB).
     */
    record MeshedMode(String jcaMode, String nativeMode, String oid) {}

    /**
     * The Mac names of one line per block size, its S-box without a GostParameterSpec, and the
     * native modes taken (null: all; a line with two MACs, Kalyna's cmac and gmac, names each).
     */
    record Macs(String line, IntFunction<String> name, IntFunction<List<String>> aliases, String defaultSbox,
            Set<String> modes) {
        Macs(String line, IntFunction<String> name, IntFunction<List<String>> aliases, String defaultSbox) {
            this(line, name, aliases, defaultSbox, null);
        }
    }

    /** A KeyGenerator for every key size of a line's ciphers (Bouncy Castle's "DSTU7624"). */
    record LineKeyGenerator(String line, String name, List<String> aliases, int defaultBits) {}

    /**
     * The names of one line run by a {@link NonceCipherSpi}: AEAD names (sc_aead_name_at) or,
     * for {@link AeadAlgorithm.Kind#CHACHA20}, cipher names. One JCA Cipher per mode, its name
     * a function of the mode in upper case ("GCM" to "AES/GCM/NoPadding", SunJCE's name), the
     * key length choosing the native name ("aes-256-gcm"); kind says which parameters it takes.
     * With perBlock, one Cipher per mode and block size (the AEAD's nonce size, one block for
     * Kalyna: kalyna-128-256 and kalyna-256-256 share a key length), named by mode and block
     * bits; modes: the native modes taken (null: all).
     */
    record Aeads(String line, BiFunction<String, Integer, String> name, List<String> aliases, AeadAlgorithm.Kind kind,
            Set<String> modes, boolean perBlock) {
        Aeads(String line, Function<String, String> name, List<String> aliases, AeadAlgorithm.Kind kind) {
            this(line, (m, b) -> name.apply(m), aliases, kind, ALL_MODES, false);
        }

        Aeads(String line, Function<String, String> name) {
            this(line, name, List.of(), AeadAlgorithm.Kind.GCM);
        }
    }

    /**
     * Names of one key length and mode with an OID, as SunJCE registers them
     * ("AES_128/ECB/NoPadding" = 2.16.840.1.101.3.4.1.1): for each native name of the line
     * (ciphers and AEADs) whose key size in bits and native mode give an OID, a Cipher taking
     * that key length, mode and NoPadding only, aliased by the OID (also as "OID.x.y.z").
     *
     * @param general the line's general JCA name ("AES"), whose AlgorithmParameters it uses
     * @param padded whether the names take a padding (Bouncy Castle's DSTU 7624 OIDs: PKCS5 by
     *     default in ECB and CBC) instead of NoPadding only (SunJCE's AES OIDs)
     * @param aeadKinds the parameters of its AEAD names by native mode (AES GCM: SunJCE's; AES
     *     CCM: Bouncy Castle's; Kalyna CCM: one block); an AEAD mode not here has no fixed name
     */
    record Oids(String line, String general, BiFunction<Integer, String, String> name, OidOf oid, boolean padded,
            Map<String, AeadAlgorithm.Kind> aeadKinds) {}

    /**
     * The OID of a native name by its block size (an AEAD name's: its nonce size) and key size
     * in bits and native mode, or null: Kalyna's OIDs exist only where the key is the block.
     */
    @FunctionalInterface
    interface OidOf {
        String oid(int blockBits, int keyBits, String mode);
    }

    /**
     * DSTU 7624's OIDs (1.2.804.2.1.1.1.1.1.3.M.V, Bouncy Castle's UAObjectIdentifiers): M
     * for the mode (ecb 1, ctr 2, cfb 3, cbc 5, ofb 6, ccm 8, xts 9; cmac 4, gmac 7 and kw 10
     * are not Cipher names of this rule), V = 1, 2, 3 for 128, 256, 512-bit blocks, each only
     * with a key of the block's size. CFB is the full-block CFB (Bouncy Castle's CFB128..). XTS's
     * OIDs are Bouncy Castle's too (UAObjectIdentifiers.dstu7624xts_128..512), which registers
     * no Cipher for them (its XTS is the lightweight KXTSBlockCipher, whole blocks only).
     */
    static String dstu7624Oid(int blockBits, int keyBits, String mode) {
        int m = switch (mode) {
            case "ecb" -> 1;
            case "ctr" -> 2;
            case "cfb" -> 3;
            case "cbc" -> 5;
            case "ofb" -> 6;
            case "ccm" -> 8;
            case "xts" -> 9;
            default -> 0;
        };
        return m == 0 || blockBits != keyBits ? null : dstu7624Arc(m, blockBits);
    }

    /** 1.2.804.2.1.1.1.1.1.3.m.v for a block size, or null for another size. */
    static String dstu7624Arc(int m, int blockBits) {
        int v = switch (blockBits) {
            case 128 -> 1;
            case 256 -> 2;
            case 512 -> 3;
            default -> 0;
        };
        return v == 0 ? null : "1.2.804.2.1.1.1.1.1.3." + m + "." + v;
    }

    /**
     * A family's rule; hasSbox: its ciphers take a {@link GostParameterSpec}; unoffered: native
     * names deliberately without a JCA name, each with the reason.
     */
    record Family(String family, boolean hasSbox, List<Ciphers> ciphers, List<Macs> macs,
            List<LineKeyGenerator> keyGenerators, List<Aeads> aeads, List<Oids> oids, Map<String, String> unoffered) {
        Family(String family, boolean hasSbox, List<Ciphers> ciphers, List<Macs> macs,
                List<LineKeyGenerator> keyGenerators) {
            this(family, hasSbox, ciphers, macs, keyGenerators, List.of(), List.of(), Map.of());
        }
    }

    /**
     * NIST's AES OIDs (csor "aes" arc 2.16.840.1.101.3.4.1, the aes module of RFC 3565/5084/5649):
     * 1 ECB, 2 CBC, 3 OFB, 4 CFB (CFB128), 5 KW, 6 GCM, 7 CCM, 8 KWP for 128 bits, +20 for 192,
     * +40 for 256; none for CTR, CFB8, CFB1 or XTS (SunJCE has no AES_n name for them either).
     */
    static String aesOid(int keyBits, String mode) {
        int m = switch (mode) {
            case "ecb" -> 1;
            case "cbc" -> 2;
            case "ofb" -> 3;
            case "cfb" -> 4;
            case "kw" -> 5;
            case "gcm" -> 6;
            case "ccm" -> 7;
            case "kwp" -> 8;
            default -> 0;
        };
        int k = switch (keyBits) {
            case 128 -> 0;
            case 192 -> 20;
            case 256 -> 40;
            default -> -1;
        };
        return m == 0 || k < 0 ? null : "2.16.840.1.101.3.4.1." + (k + m);
    }

    /** {@link #aesOid} for the cipher and AEAD names: the key wraps' OIDs are {@link #WRAPS}'. */
    static String aesCipherOid(int keyBits, String mode) {
        return mode.equals("kw") || mode.equals("kwp") ? null : aesOid(keyBits, mode);
    }


    /**
     * AES names without a JCA name: CFB1 and XTS (no JCA provider names them: SunJCE and Bouncy
     * Castle take CFB segments of whole bytes only, and neither registers AES XTS, so no
     * transformation string users type would reach them); raw GHASH is a building block of GCM
     * that no provider offers.
     */
    private static Map<String, String> aesUnoffered() {
        Map<String, String> m = new java.util.TreeMap<>();
        m.put("ghash", "raw GHASH under a caller's hash key H: a building block of GCM, no JCA provider offers it"
                + " as a Mac");
        for (String k : List.of("128", "192", "256")) {
            m.put("aes-" + k + "-cfb1", "1-bit CFB: SunJCE and Bouncy Castle take CFB segments of whole bytes only"
                    + " (CFB8..CFB128), so no JCA name exists; native, CLI and Python");
        }
        String xts = "no JCA provider registers AES XTS (SunJCE none, Bouncy Castle only the lightweight DSTU 7624"
                + " KXTSBlockCipher): no name to follow; native, CLI and Python";
        m.put("aes-128-xts", xts);
        m.put("aes-256-xts", xts);
        return Map.copyOf(m);
    }

    /**
     * Bouncy Castle's GMAC names of a block size: "DSTU7624-nGMAC", its OID (gmac, arc 7) and
     * for 128 bits "DSTU7624GMAC".
     */
    private static List<String> dstu7624GmacAliases(int blockBits) {
        List<String> all = new java.util.ArrayList<>(List.of("DSTU7624-" + blockBits + "GMAC"));
        if (blockBits == 128) all.add("DSTU7624GMAC");
        String oid = dstu7624Arc(7, blockBits);
        if (oid != null) all.addAll(AlgorithmTable.oidAliases(oid));
        return List.copyOf(all);
    }

    /**
     * Bouncy Castle's key-wrap Cipher names of a block size (KeyWrapCipherSpi, native
     * kalyna-n-k-kw): "DSTU7624-nKW" with "DSTU7624-nWRAP" and the kw OID (arc 10); for 128
     * bits also "DSTU7624KW" and "DSTU7624WRAP".
     */
    static List<String> dstu7624WrapAliases(int blockBits) {
        List<String> all = new java.util.ArrayList<>(List.of("DSTU7624-" + blockBits + "WRAP"));
        if (blockBits == 128) all.addAll(List.of("DSTU7624KW", "DSTU7624WRAP"));
        String oid = dstu7624Arc(10, blockBits);
        if (oid != null) all.addAll(AlgorithmTable.oidAliases(oid));
        return List.copyOf(all);
    }

    /**
     * The key-wrap Ciphers ({@link KeyWrapCipherSpi}) of one native mode of a family's line: one
     * name per block size taking every key length the library has, and optionally one per key
     * length (SunJCE's "AES_128/KW/NoPadding"); semiblockIcv: the integrity check value is half a
     * block (RFC 3394/5649), not a whole one (DSTU 7624 section 11).
     */
    record Wraps(String family, String line, String mode, IntFunction<String> name,
            IntFunction<List<String>> aliases, IntFunction<String> fixedName, IntFunction<List<String>> fixedAliases,
            boolean semiblockIcv) {}

    /** SunJCE's "AESWrap_128" (or "AESWrapPad_128") and the NIST OID of one key length and mode. */
    private static List<String> aesWrapAliases(String sunName, int keyBits, String mode) {
        List<String> all = new java.util.ArrayList<>(List.of(sunName + "_" + keyBits));
        all.addAll(AlgorithmTable.oidAliases(aesOid(keyBits, mode)));
        return List.copyOf(all);
    }

    /**
     * Key wrap: Bouncy Castle's DSTU7624-nKW; AES KW (RFC 3394) and KWP (RFC 5649) under
     * SunJCE's names ("AES/KW/NoPadding" = "AESWrap", "AES/KWP/NoPadding" = "AESWrapPad", the
     * fixed-length names with their NIST OIDs) and Bouncy Castle's "AESKW", "AESKWP".
     */
    static final List<Wraps> WRAPS = List.of(
            new Wraps("kalyna", "kalyna", "kw", b -> "DSTU7624-" + b + "KW", JcaNaming::dstu7624WrapAliases, null, null,
                    false),
            new Wraps("aes", "aes", "kw", b -> "AES/KW/NoPadding", b -> List.of("AESWrap", "AESKW"),
                    k -> "AES_" + k + "/KW/NoPadding", k -> aesWrapAliases("AESWrap", k, "kw"), true),
            new Wraps("aes", "aes", "kwp", b -> "AES/KWP/NoPadding", b -> List.of("AESWrapPad", "AESKWP"),
                    k -> "AES_" + k + "/KWP/NoPadding", k -> aesWrapAliases("AESWrapPad", k, "kwp"), true));

    static final List<Family> FAMILIES = List.of(
            new Family("kalyna", false, List.of(
                    // XTS (DSTU 7624 section 8, ciphertext stealing: its last block and a half wait for
                    // doFinal) as "Kalyna-128/XTS/NoPadding"; key wrap (the whole message at once) is a
                    // wrap Cipher (WRAPS).
                    new Ciphers("kalyna", b -> "Kalyna-" + b, b -> List.of(),
                            Set.of("ecb", "cbc", "ctr", "cfb", "ofb", "xts"), Map.of(), null, true),
                    // Bouncy Castle's names: its JCA "CTR" on DSTU7624 is the generic counter mode, not
                    // DSTU 7624's, and its "GCM"/"CCM" there are NIST's GCM/CCM over the engine, not
                    // DSTU 7624's, so those combinations are refused rather than computed differently; its
                    // full-block CFB and OFB are DSTU 7624's (Dstu7624BcNamesTest). A new mode is added
                    // here only once checked against Bouncy Castle.
                    new Ciphers("kalyna", b -> b == 128 ? "DSTU7624" : "DSTU7624-" + b,
                            b -> b == 128 ? List.of("DSTU7624-128") : List.of(), Set.of("ecb", "cbc", "cfb", "ofb"),
                            Map.of(), null, false)),
                    // Bouncy Castle has the DSTU 7624 MAC only as a lightweight class (DSTU7624Mac; its JCA
                    // "DSTU7624-nnnGMAC" names are GMAC, another algorithm): the aliases follow that name.
                    // GMAC (section 10, no nonce: Bouncy Castle's KGMac ignores its IV) under those names.
                    List.of(new Macs("kalyna", b -> "Kalyna-" + b + "-MAC", b -> List.of("DSTU7624-" + b + "MAC"), null,
                                    Set.of("cmac")),
                            new Macs("kalyna", b -> "Kalyna-" + b + "-GMAC", JcaNaming::dstu7624GmacAliases,
                                    null, Set.of("gmac"))),
                    // Bouncy Castle's generator takes every Kalyna key size, 256 bits by default.
                    List.of(new LineKeyGenerator("kalyna", "DSTU7624", List.of(), 256)),
                    // DSTU 7624 GCM and CCM per block size, "Kalyna-256/GCM/NoPadding" (no JCA provider
                    // names Kalyna GCM: Bouncy Castle has only its lightweight KGCMBlockCipher), the key
                    // length choosing kalyna-256-256 or kalyna-256-512, a GCMParameterSpec with a
                    // one-block IV; CCM (one-shot) also under Bouncy Castle's ccm OIDs (below).
                    List.of(new Aeads("kalyna", (m, b) -> "Kalyna-" + b + "/" + m + "/NoPadding", List.of(),
                            AeadAlgorithm.Kind.BLOCK_AEAD, Set.of("gcm", "ccm"), true)),
                    // Bouncy Castle's per-OID ciphers (key = block; PKCS5 padding by default in ECB
                    // and CBC as there; CTR is DSTU 7624's, its KCTR), named "DSTU7624-128-ECB" (no slash: a
                    // JCA transformation has three parts or one).
                    List.of(new Oids("kalyna", "DSTU7624", (bits, m) -> "DSTU7624-" + bits + "-" + m.toUpperCase(Locale.ROOT),
                            JcaNaming::dstu7624Oid, true, Map.of("ccm", AeadAlgorithm.Kind.BLOCK_AEAD))),
                    Map.of()),
            new Family("magma", true, List.of(
                    new Ciphers("magma", b -> "Magma", b -> List.of("GOST-R-34.12-2015-Magma"), ALL_MODES, Map.of(),
                            null, true),
                    // GOST 28147-89's counter mode is Bouncy Castle's "GOFB"; "CNT" names it too. Without a
                    // GostParameterSpec the S-box is the test parameter set, Bouncy Castle's "Default" (also
                    // its GCFB's: GCFBBlockCipher over a plain GOST28147Engine). "GCFB" is gost89-cfb with
                    // CryptoPro key meshing, also as Bouncy Castle's Cipher 1.2.643.2.2.21 (id-Gost28147-89).
                    new Ciphers("gost89", b -> "GOST28147", b -> List.of("GOST", "GOST-28147", "GOST-28147-89"),
                            ALL_MODES, Map.of("cnt", List.of("GOFB", "CNT")), "test", true,
                            List.of(new MeshedMode("GCFB", "cfb", "1.2.643.2.2.21")))),
                    List.of(new Macs("magma", b -> "Magma-CMAC", b -> List.of("MagmaCMAC", "GOST3413-2015-Magma-CMAC"),
                                    null),
                            // GOST 28147-89's MAC (imitovstavka) under Bouncy Castle's names, with its default
                            // S-box (E-A = CryptoPro-A), so that the bytes match.
                            new Macs("gost89", b -> "GOST28147MAC", b -> List.of("GOST28147", "GOST-28147-89-MAC"),
                                    "cryptopro-a")),
                    List.of(), List.of(), List.of(),
                    Map.of("magma-mgm", "no JCA provider names GOST MGM (RFC 9058) and no parameter spec carries"
                            + " its S-box with a 64-bit nonce and a 4..8-byte tag; native and CLI only")),
            // SunJCE's names: "AES" (ECB, CBC, CTR, CFB = CFB128, CFB8, OFB; the key length picks
            // AES-128/192/256), "AES/GCM/NoPadding" and the fixed-length OID names; Bouncy Castle's
            // "AES/CCM/NoPadding" (its CCM OIDs as fixed names), GMAC and CMAC under its names. Key
            // wrap is in WRAPS.
            new Family("aes", false,
                    // SunJCE aliases its AES Cipher, KeyGenerator and AlgorithmParameters by the
                    // NIST "aes" arc itself (2.16.840.1.101.3.4.1). SunJCE and Bouncy Castle read
                    // "CFB128"/"OFB128" as CFB/OFB; their other CFBn/OFBn (n < 128) are not offered
                    // but CFB8 (native aes-n-cfb8), as no native name computes them.
                    List.of(new Ciphers("aes", b -> "AES", b -> AlgorithmTable.oidAliases("2.16.840.1.101.3.4.1"),
                            Set.of("ecb", "cbc", "ctr", "cfb", "cfb8", "ofb"),
                            Map.of("cfb", List.of("CFB", "CFB128"), "ofb", List.of("OFB", "OFB128")), null, true)),
                    List.of(new Macs("aes", b -> "AES-GMAC", b -> List.of("AESGMAC", "GMAC"), null, Set.of("gmac")),
                            // SP 800-38B CMAC, full 16-byte tag, any key length: Bouncy Castle's "AESCMAC".
                            new Macs("aes", b -> "AESCMAC", b -> List.of("AES-CMAC"), null, Set.of("cmac"))),
                    List.of(),
                    List.of(new Aeads("aes", (m, b) -> "AES/" + m + "/NoPadding", List.of(), AeadAlgorithm.Kind.GCM,
                                    Set.of("gcm"), false),
                            new Aeads("aes", (m, b) -> "AES/" + m + "/NoPadding", List.of(), AeadAlgorithm.Kind.CCM,
                                    Set.of("ccm"), false)),
                    List.of(new Oids("aes", "AES", (bits, m) -> "AES_" + bits + "/" + m.toUpperCase(Locale.ROOT)
                            + "/NoPadding", (block, bits, m) -> aesCipherOid(bits, m), false,
                            Map.of("gcm", AeadAlgorithm.Kind.GCM, "ccm", AeadAlgorithm.Kind.CCM))),
                    aesUnoffered()),
            // RFC 8439 under SunJCE's names and semantics: "ChaCha20" (ChaCha20ParameterSpec) and
            // "ChaCha20-Poly1305" (IvParameterSpec; id-alg-AEADChaCha20Poly1305 of RFC 8103 as
            // its OID), XChaCha20-Poly1305 (24-byte nonce) alike, and Bouncy Castle's "Poly1305"
            // Mac (the raw one-time key r || s of RFC 8439 2.5); SunJCE's 256-bit "ChaCha20"
            // KeyGenerator.
            new Family("chacha", false, List.of(),
                    List.of(new Macs("poly1305", b -> "Poly1305", b -> List.of(), null)),
                    List.of(new LineKeyGenerator("chacha20", "ChaCha20", List.of(), 256)),
                    List.of(new Aeads("chacha20", m -> "ChaCha20", List.of(), AeadAlgorithm.Kind.CHACHA20),
                            new Aeads("chacha20", m -> "ChaCha20-Poly1305",
                                    AlgorithmTable.oidAliases("1.2.840.113549.1.9.16.3.18"), AeadAlgorithm.Kind.NONCE_IV),
                            new Aeads("xchacha20", m -> "XChaCha20-Poly1305", List.of(), AeadAlgorithm.Kind.NONCE_IV)),
                    List.of(),
                    Map.of("xchacha20", "no JCA parameter spec carries its 24-byte nonce and a counter"
                            + " (ChaCha20ParameterSpec takes 12 bytes) and no provider offers it;"
                            + " XChaCha20-Poly1305 is offered")));

    /**
     * Aliases of one service ("Type.Name") that the other types of the same name must not take.
     * Bouncy Castle names its GOST28147 KeyGenerator by id-Gost28147-89 (1.2.643.2.2.21); its
     * Cipher of that OID is CFB with CryptoPro key meshing ("GCFB", the fixed name of
     * {@link MeshedMode}), and its AlgorithmParameters of that OID are Gost28147-89-Parameters
     * (IV and S-box OID, RFC 4357 section 10.1), not this provider's IV encoding: not offered.
     */
    static final Map<String, List<String>> TYPE_ALIASES = Map.of(
            "KeyGenerator.GOST28147", AlgorithmTable.oidAliases("1.2.643.2.2.21"));

    /**
     * The MessageDigest names of one native hash or XOF name (sc_hash_name_at): the JCA name,
     * its aliases, and for an XOF the fixed number of output bytes the digest returns (0 for a
     * fixed-size hash, whose length is the library's digest size). An XOF may have several.
     */
    record Digest(String nativeName, String name, List<String> aliases, int xofBytes) {
        Digest(String nativeName, String name, List<String> aliases) {
            this(nativeName, name, aliases, 0);
        }
    }

    /**
     * A hash family's rule (sc_hash_info.algorithm: "md5", "keccak"); unoffered: native names
     * deliberately without a MessageDigest, each with the reason.
     */
    record Hashes(String family, List<Digest> digests, Map<String, String> unoffered) {}

    /** NIST's hash OIDs (csor "hashAlgs" arc 2.16.840.1.101.3.4.2.n), bare and "OID."-prefixed. */
    private static List<String> nistHashOid(int n, String... names) {
        List<String> all = new java.util.ArrayList<>(List.of(names));
        all.addAll(AlgorithmTable.oidAliases("2.16.840.1.101.3.4.2." + n));
        return List.copyOf(all);
    }

    /**
     * The JDK's names and OIDs (SUN: MD5, SHA3-n; since JDK 25 also SHAKE128-256 and
     * SHAKE256-512 with the short aliases SHAKE128/SHAKE256, as Bouncy Castle names them),
     * Bouncy Castle's KECCAK-256, and for TurboSHAKE and KangarooTwelve (RFC 9861; no JCA
     * provider has them) the XOF pattern "name-bits" with the short name as alias: 256-bit
     * output at the 128-bit security level, 512-bit at 256, as SHAKE.
     */
    static final List<Hashes> HASHES = List.of(
            new Hashes("md5", List.of(new Digest("md5", "MD5", AlgorithmTable.oidAliases("1.2.840.113549.2.5"))),
                    Map.of()),
            new Hashes("keccak", List.of(
                    new Digest("sha3-224", "SHA3-224", nistHashOid(7)),
                    new Digest("sha3-256", "SHA3-256", nistHashOid(8)),
                    new Digest("sha3-384", "SHA3-384", nistHashOid(9)),
                    new Digest("sha3-512", "SHA3-512", nistHashOid(10)),
                    new Digest("shake128", "SHAKE128-256", nistHashOid(11, "SHAKE128"), 32),
                    new Digest("shake256", "SHAKE256-512", nistHashOid(12, "SHAKE256"), 64),
                    new Digest("keccak-256", "KECCAK-256", List.of()),
                    new Digest("turboshake128", "TurboSHAKE128-256", List.of("TurboSHAKE128"), 32),
                    new Digest("turboshake256", "TurboSHAKE256-512", List.of("TurboSHAKE256"), 64),
                    new Digest("kangarootwelve", "KangarooTwelve", List.of("KT128", "KT128-256"), 32)),
                    Map.of()));

    /** The hash rule of a native family among these, or null. */
    static Hashes hashes(List<Hashes> rules, String nativeFamily) {
        for (Hashes h : rules) {
            if (h.family().equals(nativeFamily)) return h;
        }
        return null;
    }

    private JcaNaming() {}

    /** The rule of a native family, or null. */
    static Family family(String nativeFamily) {
        for (Family f : FAMILIES) {
            if (f.family().equals(nativeFamily)) return f;
        }
        return null;
    }
}
