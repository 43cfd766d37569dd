/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.jca;

import io.simdcrypt.internal.NativeAead;
import io.simdcrypt.internal.NativeCipher;
import io.simdcrypt.internal.NativeLibrary;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The provider's Ciphers, Macs and KeyGenerators, derived from the library's own name list
 * (sc_cipher_name_at, sc_mac_name_at, sc_cipher_info_get) and the per-family naming rules of
 * {@link JcaNaming}: the native names of one line ("kalyna", "gost89") with the same block size
 * make one JCA algorithm, their key sizes choose the native prefix ("kalyna-128-256"), their
 * modes the native suffix. Nothing here lists algorithms.
 */
record AlgorithmTable(List<CipherAlgorithm> ciphers, List<MacAlgorithm> macs,
        List<RawKeyGeneratorSpi.Algorithm> keyGenerators, List<AeadAlgorithm> aeads, List<WrapAlgorithm> wraps) {

    /**
     * A key-wrap Cipher ({@link KeyWrapCipherSpi}, {@link JcaNaming.Wraps}): its names, the native
     * name of each key length it takes, the block size and the integrity check value's length.
     */
    record WrapAlgorithm(String jcaName, List<String> aliases, Map<Integer, String> nameByKeyLength, int blockSize,
            int icvSize) {}

    /** The loaded library's table (empty without a library). */
    static AlgorithmTable load() {
        if (!NativeLibrary.isAvailable()) return new AlgorithmTable(List.of(), List.of(), List.of(), List.of(), List.of());
        return derive(infos(NativeCipher.names(false)), infos(NativeCipher.names(true)),
                NativeAead.names().stream().map(AeadAlgorithm::info).toList(), JcaNaming.FAMILIES);
    }

    private static List<NativeCipher.Info> infos(List<String> names) {
        return names.stream().map(CipherAlgorithm::info).toList();
    }

    /** The table for these native cipher and MAC descriptions (no AEADs) under these rules. */
    static AlgorithmTable derive(List<NativeCipher.Info> ciphers, List<NativeCipher.Info> macs,
            List<JcaNaming.Family> rules) {
        return derive(ciphers, macs, List.of(), rules);
    }

    /** The table for these native cipher, MAC and AEAD descriptions under these rules. */
    static AlgorithmTable derive(List<NativeCipher.Info> ciphers, List<NativeCipher.Info> macs,
            List<NativeAead.Info> aeads, List<JcaNaming.Family> rules) {
        List<CipherAlgorithm> cs = new ArrayList<>();
        List<AeadAlgorithm> as = new ArrayList<>();
        List<MacAlgorithm> ms = new ArrayList<>();
        List<RawKeyGeneratorSpi.Algorithm> ks = new ArrayList<>();
        for (JcaNaming.Family f : rules) {
            for (JcaNaming.Ciphers rule : f.ciphers()) {
                for (List<NativeCipher.Info> group : byBlockSize(ciphers, f.family(), rule.line()).values()) {
                    CipherAlgorithm alg = cipher(rule, f.hasSbox(), group);
                    if (alg == null) continue;
                    cs.add(alg);
                    if (rule.keyGenerator()) ks.add(keyGenerator(alg.jcaName(), alg.aliases(), alg.prefixByKeyLength().keySet(), 0));
                    cs.addAll(meshedFixed(rule, alg));
                }
            }
            for (JcaNaming.Macs rule : f.macs()) {
                List<NativeCipher.Info> taken = macs.stream()
                        .filter(i -> rule.modes() == null || rule.modes().contains(i.mode())).toList();
                for (List<NativeCipher.Info> group : byBlockSize(taken, f.family(), rule.line()).values()) {
                    ms.add(mac(rule, f.hasSbox(), group));
                }
            }
            for (JcaNaming.LineKeyGenerator rule : f.keyGenerators()) {
                Set<Integer> keySizes = new TreeSet<>();
                for (NativeCipher.Info i : ciphers) {
                    if (inLine(i, f.family(), rule.line())) keySizes.add(i.keySize());
                }
                if (!keySizes.isEmpty()) ks.add(keyGenerator(rule.name(), rule.aliases(), keySizes, rule.defaultBits()));
            }
            for (JcaNaming.Aeads rule : f.aeads()) as.addAll(aeads(rule, f.family(), aeads, ciphers));
            for (JcaNaming.Oids rule : f.oids()) {
                for (NativeCipher.Info i : ciphers) {
                    if (!inLine(i, f.family(), rule.line())) continue;
                    CipherAlgorithm alg = fixed(rule, f.hasSbox(), i);
                    if (alg == null) continue;
                    cs.add(alg);
                    ks.add(oidKeyGenerator(alg.aliases(), i.keySize()));
                }
                for (NativeAead.Info i : aeads) {
                    if (!inLine(i, f.family(), rule.line())) continue;
                    AeadAlgorithm alg = fixed(rule, i);
                    if (alg == null) continue;
                    as.add(alg);
                    ks.add(oidKeyGenerator(alg.aliases(), i.keySize()));
                }
            }
        }
        List<WrapAlgorithm> ws = wraps(ciphers, JcaNaming.WRAPS);
        for (WrapAlgorithm w : ws) {
            // A wrap's OIDs (id-aesNNN-wrap, dstu7624kw_NNN) get KeyGenerators too; where one OID
            // takes several key lengths (DSTU 7624's, by block size) the default is the block
            // size, as Bouncy Castle's.
            int blockBits = w.blockSize() * 8;
            List<Integer> bits = w.nameByKeyLength().keySet().stream().map(b -> b * 8).toList();
            for (String alias : w.aliases()) {
                if (!alias.matches("[0-9]+(\\.[0-9]+)+")) continue;
                ks.add(keyGenerator(alias, List.of("OID." + alias), w.nameByKeyLength().keySet(),
                        bits.contains(blockBits) ? blockBits : 0));
            }
        }
        List<Object> cipherServices = new ArrayList<>(cs);
        cipherServices.addAll(as);
        cipherServices.addAll(ws);
        unique("Cipher", cipherServices, a -> switch (a) {
            case CipherAlgorithm c -> names(c.jcaName(), c.aliases());
            case AeadAlgorithm w -> names(w.jcaName(), w.aliases());
            case WrapAlgorithm w -> names(w.jcaName(), w.aliases());
            default -> throw new AssertionError(a);
        });
        unique("Mac", ms, a -> names(a.jcaName(), a.aliases()));
        unique("KeyGenerator", ks, a -> names(a.jcaName(), a.aliases()));
        return new AlgorithmTable(List.copyOf(cs), List.copyOf(ms), List.copyOf(ks), List.copyOf(as), List.copyOf(ws));
    }

    /**
     * The key-wrap Ciphers of these rules: per rule and block size one taking every key length
     * of the native names of its mode, and with a fixed name one per key length.
     */
    static List<WrapAlgorithm> wraps(List<NativeCipher.Info> ciphers, List<JcaNaming.Wraps> rules) {
        List<WrapAlgorithm> out = new ArrayList<>();
        for (JcaNaming.Wraps rule : rules) {
            Map<Integer, Map<Integer, String>> byBlock = new TreeMap<>();
            for (NativeCipher.Info i : ciphers) {
                if (inLine(i, rule.family(), rule.line()) && i.mode().equals(rule.mode())) {
                    agree(byBlock.computeIfAbsent(i.blockSize(), b -> new TreeMap<>()), i.keySize(), i.name(),
                            "key size " + i.keySize());
                }
            }
            byBlock.forEach((block, names) -> {
                int icv = rule.semiblockIcv() ? block / 2 : block;
                out.add(new WrapAlgorithm(rule.name().apply(block * 8), rule.aliases().apply(block * 8),
                        Map.copyOf(names), block, icv));
                if (rule.fixedName() == null) return;
                names.forEach((keyLength, name) -> out.add(new WrapAlgorithm(rule.fixedName().apply(keyLength * 8),
                        rule.fixedAliases().apply(keyLength * 8), Map.of(keyLength, name), block, icv)));
            });
        }
        return out;
    }

    /**
     * One Cipher per mode of a line's AEAD names (or cipher names, for a kind over the cipher
     * API), its key lengths choosing the native name.
     */
    private static List<AeadAlgorithm> aeads(JcaNaming.Aeads rule, String family, List<NativeAead.Info> aeads,
            List<NativeCipher.Info> ciphers) {
        // Keyed by mode, or by mode and block bits (perBlock): the names one Cipher takes.
        Map<List<Object>, Map<Integer, String>> byMode = new LinkedHashMap<>();
        if (rule.kind().nativeAead) {
            for (NativeAead.Info i : aeads) {
                if (inLine(i, family, rule.line()) && taken(rule, i.mode())) {
                    addByMode(byMode, i.mode(), rule.perBlock() ? i.nonceSize() * 8 : 0, i.keySize(), i.name());
                }
            }
        } else {
            for (NativeCipher.Info i : ciphers) {
                if (inLine(i, family, rule.line()) && taken(rule, i.mode())) {
                    addByMode(byMode, i.mode(), 0, i.keySize(), i.name());
                }
            }
        }
        List<AeadAlgorithm> out = new ArrayList<>();
        byMode.forEach((key, names) -> {
            String mode = (String) key.get(0);
            String jcaMode = mode.toUpperCase(Locale.ROOT);
            out.add(new AeadAlgorithm(rule.name().apply(jcaMode, (Integer) key.get(1)), rule.aliases(),
                    rule.kind().jcaMode(mode), Map.copyOf(names), rule.kind()));
        });
        return out;
    }

    private static boolean taken(JcaNaming.Aeads rule, String mode) {
        return rule.modes() == null || rule.modes().contains(mode);
    }

    private static void addByMode(Map<List<Object>, Map<Integer, String>> byMode, String mode, int blockBits,
            int keySize, String name) {
        agree(byMode.computeIfAbsent(List.of(mode, blockBits), m -> new TreeMap<>()), keySize, name,
                "key size " + keySize);
    }

    /** The fixed-key-length cipher a native name has under an OID rule, or null. */
    private static CipherAlgorithm fixed(JcaNaming.Oids rule, boolean hasSbox, NativeCipher.Info i) {
        String oid = rule.oid().oid(i.blockSize() * 8, i.keySize() * 8, i.mode());
        if (oid == null) return null;
        String mode = i.mode().toUpperCase(Locale.ROOT);
        return new CipherAlgorithm(rule.name().apply(i.keySize() * 8, i.mode()), oidAliases(oid), i.blockSize(),
                Map.of(i.keySize(), stem(i)), Map.of(mode, i.mode()), Set.of(i.name()),
                i.isStream() ? Set.of(mode) : Set.of(), hasSbox, null, rule.general(), rule.padded());
    }

    private static AeadAlgorithm fixed(JcaNaming.Oids rule, NativeAead.Info i) {
        String oid = rule.oid().oid(i.nonceSize() * 8, i.keySize() * 8, i.mode());
        AeadAlgorithm.Kind kind = rule.aeadKinds().get(i.mode());
        if (oid == null || kind == null) return null;
        return new AeadAlgorithm(rule.name().apply(i.keySize() * 8, i.mode()), oidAliases(oid),
                i.mode().toUpperCase(Locale.ROOT), Map.of(i.keySize(), i.name()), kind);
    }

    /**
     * The KeyGenerator of a fixed-length OID (as Bouncy Castle registers one per NIST AES and
     * DSTU 7624 OID): its keys have that OID's one length. Named by the bare OID, aliased by
     * "OID." + OID ({@link #oidAliases}).
     */
    private static RawKeyGeneratorSpi.Algorithm oidKeyGenerator(List<String> oidAliases, int keyBytes) {
        return keyGenerator(oidAliases.get(0), oidAliases.subList(1, oidAliases.size()), Set.of(keyBytes), 0);
    }

    /** An OID as the JCA looks it up: bare and with the "OID." prefix. */
    static List<String> oidAliases(String oid) {
        return List.of(oid, "OID." + oid);
    }

    /** A line's names of a family, grouped by block size in the library's order. */
    private static Map<Integer, List<NativeCipher.Info>> byBlockSize(List<NativeCipher.Info> infos, String family,
            String line) {
        Map<Integer, List<NativeCipher.Info>> groups = new LinkedHashMap<>();
        for (NativeCipher.Info i : infos) {
            if (inLine(i, family, line)) groups.computeIfAbsent(i.blockSize(), b -> new ArrayList<>()).add(i);
        }
        return groups;
    }

    private static boolean inLine(NativeCipher.Info i, String family, String line) {
        return inLine(i.algorithm(), i.name(), family, line);
    }

    private static boolean inLine(NativeAead.Info i, String family, String line) {
        return inLine(i.algorithm(), i.name(), family, line);
    }

    /** A name of a family's line: the line itself ("poly1305", "chacha20") or "line-...". */
    private static boolean inLine(String algorithm, String name, String family, String line) {
        return algorithm.equals(family) && (name.equals(line) || name.startsWith(line + "-"));
    }

    /** One JCA cipher over a group (one line, one block size), or null when the rule takes none of its modes. */
    private static CipherAlgorithm cipher(JcaNaming.Ciphers rule, boolean hasSbox, List<NativeCipher.Info> group) {
        Map<Integer, String> prefixes = new TreeMap<>();
        Map<String, String> modes = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        Set<String> streams = new HashSet<>();
        for (NativeCipher.Info i : group) {
            if (rule.modes() != null && !rule.modes().contains(i.mode())) continue;
            agree(prefixes, i.keySize(), stem(i), "key size " + i.keySize());
            for (String jca : rule.modeSpellings().getOrDefault(i.mode(), List.of(i.mode().toUpperCase(Locale.ROOT)))) {
                agree(modes, jca, i.mode(), "mode " + jca);
                if (i.isStream()) streams.add(jca);
            }
            names.add(i.name());
        }
        if (names.isEmpty()) return null;
        // The key-meshing modes (GCFB): a second JCA mode over a native mode the line has.
        Set<String> meshed = new HashSet<>();
        for (JcaNaming.MeshedMode m : rule.meshed()) {
            if (!modes.containsValue(m.nativeMode())) continue;
            agree(modes, m.jcaMode(), m.nativeMode(), "mode " + m.jcaMode());
            for (NativeCipher.Info i : group) {
                if (i.mode().equals(m.nativeMode()) && i.isStream()) streams.add(m.jcaMode());
            }
            meshed.add(m.jcaMode());
        }
        int bits = group.get(0).blockSize() * 8;
        return new CipherAlgorithm(rule.name().apply(bits), rule.aliases().apply(bits), group.get(0).blockSize(),
                prefixes, modes, Set.copyOf(names), Set.copyOf(streams), hasSbox, rule.defaultSbox(), null, false,
                Set.copyOf(meshed));
    }

    /**
     * The fixed Ciphers of a line's key-meshing modes that have an OID ("GOST28147/GCFB/NoPadding"
     * = 1.2.643.2.2.21, Bouncy Castle's GCFB): that mode and NoPadding only, every key length
     * of the general name, its default S-box.
     */
    private static List<CipherAlgorithm> meshedFixed(JcaNaming.Ciphers rule, CipherAlgorithm general) {
        List<CipherAlgorithm> out = new ArrayList<>();
        for (JcaNaming.MeshedMode m : rule.meshed()) {
            if (m.oid() == null || !general.keyMeshing(m.jcaMode())) continue;
            String mode = m.jcaMode();
            out.add(new CipherAlgorithm(general.jcaName() + "/" + mode + "/NoPadding", oidAliases(m.oid()),
                    general.blockSize(), general.prefixByKeyLength(), Map.of(mode, m.nativeMode()),
                    general.nativeNames(), general.isStream(mode) ? Set.of(mode) : Set.of(), general.hasSbox(),
                    general.defaultSbox(), general.jcaName(), false, Set.of(mode)));
        }
        return out;
    }

    private static MacAlgorithm mac(JcaNaming.Macs rule, boolean hasSbox, List<NativeCipher.Info> group) {
        Map<Integer, String> byKey = new TreeMap<>();
        for (NativeCipher.Info i : group) agree(byKey, i.keySize(), i.name(), "key size " + i.keySize());
        int bits = group.get(0).blockSize() * 8;
        return new MacAlgorithm(rule.name().apply(bits), rule.aliases().apply(bits), byKey, group.get(0).tagSize(),
                hasSbox, rule.defaultSbox(), group.get(0).ivSize());
    }

    /** Key sizes in bytes as a generator's bits; default 0 = the smallest. */
    private static RawKeyGeneratorSpi.Algorithm keyGenerator(String name, List<String> aliases, Set<Integer> keyBytes,
            int defaultBits) {
        List<Integer> bits = keyBytes.stream().sorted().map(b -> b * 8).toList();
        return new RawKeyGeneratorSpi.Algorithm(name, aliases, bits, defaultBits == 0 ? bits.get(0) : defaultBits);
    }

    /** "kalyna-128-256" of "kalyna-128-256-cbc": names are {@code <prefix>-<mode>} (cipher.h). */
    private static String stem(NativeCipher.Info i) {
        String suffix = "-" + i.mode();
        if (!i.name().endsWith(suffix)) {
            throw new IllegalStateException("native name " + i.name() + " does not end with its mode " + i.mode());
        }
        return i.name().substring(0, i.name().length() - suffix.length());
    }

    /** Puts key to value, refusing a second, different value: a rule that merges distinct names. */
    private static <K> void agree(Map<K, String> map, K key, String value, String what) {
        String old = map.putIfAbsent(key, value);
        if (old != null && !old.equals(value)) {
            throw new IllegalStateException("JCA naming rule maps " + old + " and " + value + " to one " + what);
        }
    }

    private static List<String> names(String name, List<String> aliases) {
        List<String> all = new ArrayList<>(aliases);
        all.add(name);
        return all;
    }

    /** No two services of a type share a name or alias (case-insensitive, as the JCA looks them up). */
    private static <T> void unique(String type, List<T> algs, Function<T, List<String>> names) {
        Set<String> seen = new LinkedHashSet<>();
        for (T a : algs) {
            for (String n : names.apply(a)) {
                if (!seen.add(n.toUpperCase(Locale.ROOT))) {
                    throw new IllegalStateException("JCA naming rules give two " + type + " services the name " + n);
                }
            }
        }
    }
}
