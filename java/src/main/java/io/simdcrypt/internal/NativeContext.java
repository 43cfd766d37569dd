/* SPDX-License-Identifier: Apache-2.0 */
package io.simdcrypt.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;

/**
 * The native memory of one Cipher or Mac instance, allocated once when the instance is made:
 * the caller-owned sc_cipher_ctx / sc_mac_ctx, a scratch copy for operations that may have to
 * be undone, the out-length word, and the S-box text for init. Nothing is allocated per update
 * or per init. doFinal and reset return to the initialised state through sc_cipher_reset /
 * sc_mac_reset: the library restores the few bytes of mode state init left (chain, counter),
 * with no new key schedule and no copy of the 4 KiB context.
 *
 * <p>{@link #close()} (or the Cleaner, once the owner is unreachable) wipes every copy of the
 * key schedule and frees the memory. The arena is shared only so the Cleaner's thread may
 * close it; the owning Cipher is used by one thread at a time, as the JCA expects.
 */
public final class NativeContext implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();
    /** Contexts whose memory is not yet freed (diagnostics and tests). */
    private static final java.util.concurrent.atomic.AtomicLong LIVE = new java.util.concurrent.atomic.AtomicLong();

    /** The context handed to the library. */
    public final MemorySegment ctx;
    /** size_t written by sc_cipher_update / final. */
    public final MemorySegment outLen;
    /** sc_cipher_opts for init; the sbox string lives in {@link #sboxText}. */
    public final MemorySegment opts;

    private final MemorySegment saved;
    private final Cleaner.Cleanable cleanable;
    private final State state;
    /** 128 hex digits or a name, NUL-terminated. */
    private static final int SBOX_TEXT_MAX = 160;
    private final MemorySegment sboxText;
    private boolean initialised;

    /**
     * What a context is for: its size and how its key (a hash's: its buffered input) is wiped.
     * CIPHER and MAC contexts have a saved copy ({@link #save()}); AEAD and HASH ones do not.
     */
    public enum Kind {
        CIPHER, MAC, AEAD, HASH;

        long bytes() {
            return switch (this) {
                case AEAD -> NativeAead.CTX_BYTES;
                case HASH -> NativeHash.CTX_BYTES;
                default -> NativeCipher.CTX_BYTES;
            };
        }

        long alignment() {
            return this == HASH ? NativeHash.CTX_ALIGNMENT : NativeCipher.CTX_ALIGNMENT;
        }

        boolean saves() {
            return this == CIPHER || this == MAC;
        }

        /**
         * HASH contexts live in an automatic arena, which the GC frees once the Cleaner has wiped
         * them: closing a shared arena costs a handshake with every thread (~18 us measured), which
         * a MessageDigest made per message would pay each time. The others keep a shared arena,
         * closed (so unusable) as soon as they are wiped.
         */
        boolean sharedArena() {
            return this != HASH;
        }

        Arena newArena() {
            return sharedArena() ? Arena.ofShared() : Arena.ofAuto();
        }

        void wipe(MemorySegment ctx) {
            switch (this) {
                case CIPHER -> NativeCipher.cipherWipe(ctx);
                case MAC -> NativeCipher.macWipe(ctx);
                case AEAD -> NativeAead.wipe(ctx);
                case HASH -> NativeHash.wipe(ctx);
            }
        }
    }

    /** What the Cleaner runs: must not refer to the NativeContext itself. */
    private static final class State implements Runnable {
        final Arena arena;
        final MemorySegment[] secrets;
        final Kind kind;

        State(Arena arena, Kind kind, MemorySegment... secrets) {
            this.arena = arena;
            this.kind = kind;
            this.secrets = secrets;
        }

        @Override
        public void run() {
            try {
                for (MemorySegment s : secrets) kind.wipe(s);
            } finally {
                if (kind.sharedArena()) arena.close(); // an automatic one is freed by the GC
                LIVE.decrementAndGet();
            }
        }
    }

    /** @param mac true for a MAC context (wiped with sc_mac_wipe) */
    public NativeContext(Object owner, boolean mac) {
        this(owner, mac ? Kind.MAC : Kind.CIPHER);
    }

    /**
     * A context of this kind for {@code owner}, freed once the owner is unreachable. AEAD
     * contexts have no saved copy (nothing of theirs is undone) and are not {@link #reset()};
     * HASH contexts have none either (a digest is never undone).
     */
    public NativeContext(Object owner, Kind kind) {
        Arena arena = kind.newArena();
        try {
            ctx = arena.allocate(kind.bytes(), kind.alignment());
            saved = kind.saves() ? arena.allocate(kind.bytes(), kind.alignment()) : null;
            outLen = arena.allocate(JAVA_LONG);
            opts = arena.allocate(NativeCipher.OPTS);
            sboxText = arena.allocate(SBOX_TEXT_MAX);
        } catch (RuntimeException | Error e) {
            if (kind.sharedArena()) arena.close();
            throw e;
        }
        state = saved == null ? new State(arena, kind, ctx) : new State(arena, kind, ctx, saved);
        LIVE.incrementAndGet();
        cleanable = CLEANER.register(owner, state);
    }

    /** How many contexts are allocated and not yet wiped and freed. */
    public static long liveCount() {
        return LIVE.get();
    }

    /**
     * Points opts.sbox at a copy of {@code text} (null: the default S-box), in a buffer made
     * once per context, so repeated inits allocate nothing. Call {@link #clearSbox()} after
     * init: a GOST 28147-89 S-box may be secret.
     *
     * @throws IllegalArgumentException if the text cannot be an S-box (too long)
     */
    public void setSbox(String text) {
        if (text == null) {
            opts.set(ValueLayout.ADDRESS, 8, MemorySegment.NULL);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length >= SBOX_TEXT_MAX) throw new IllegalArgumentException("not an S-box: too long");
        MemorySegment.copy(bytes, 0, sboxText, ValueLayout.JAVA_BYTE, 0, bytes.length);
        sboxText.set(ValueLayout.JAVA_BYTE, bytes.length, (byte) 0);
        opts.set(ValueLayout.ADDRESS, 8, sboxText);
    }

    /** opts.counter: ChaCha20's first block for the next init (0 for every other name). */
    public void setCounter(long counter) {
        opts.set(JAVA_LONG, COUNTER_OFFSET, counter);
    }

    /**
     * opts.key_meshing and opts.short_mac for the next init of {@code nativeName}: the JCA names
     * are Bouncy Castle's, so its conventions (no CryptoPro key meshing, its MAC of 0..8 bytes) for
     * the GOST 28147-89 names that take these options (the C library defaults to gost-engine's,
     * magma.h); 0 (the name's default) for every other name, which would refuse them.
     */
    public void setGostConventions(String nativeName) {
        setGostConventions(nativeName, false);
    }

    /**
     * As {@link #setGostConventions(String)}, but with {@code keyMeshing} CryptoPro key meshing
     * (RFC 4357 section 2.3) for a name that takes it: Bouncy Castle's "GCFB" (GCFBBlockCipher)
     * is gost89-cfb with it.
     */
    public void setGostConventions(String nativeName, boolean keyMeshing) {
        boolean meshing = nativeName.equals("gost89-cnt") || nativeName.equals("gost89-cfb")
                || nativeName.equals("gost89-mac");
        int option = !meshing ? 0 : keyMeshing ? SC_KEY_MESHING_CRYPTOPRO : SC_KEY_MESHING_NONE;
        opts.set(ValueLayout.JAVA_INT, KEY_MESHING_OFFSET, option);
        opts.set(ValueLayout.JAVA_INT, SHORT_MAC_OFFSET, nativeName.equals("gost89-mac") ? SC_SHORT_MAC_BC : 0);
    }

    private static final int SC_KEY_MESHING_NONE = 1, SC_KEY_MESHING_CRYPTOPRO = 2, SC_SHORT_MAC_BC = 2; // cipher.h
    private static final long KEY_MESHING_OFFSET =
            NativeCipher.OPTS.byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement("key_meshing"));
    private static final long SHORT_MAC_OFFSET =
            NativeCipher.OPTS.byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement("short_mac"));

    private static final long COUNTER_OFFSET =
            NativeCipher.OPTS.byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement("counter"));

    public void clearSbox() {
        sboxText.fill((byte) 0);
        opts.set(ValueLayout.ADDRESS, 8, MemorySegment.NULL);
    }

    public long outLen() {
        return outLen.get(JAVA_LONG, 0);
    }

    /** The library accepted an init: {@link #reset()} may return to it. */
    public void markInitialised() {
        initialised = true;
    }

    /** Back to the state the last init left (same key and IV). */
    public void reset() {
        if (!initialised) throw new IllegalStateException("simdcrypt: context not initialised");
        int rc = switch (state.kind) {
            case MAC -> NativeCipher.macReset(ctx);
            case CIPHER -> NativeCipher.cipherReset(ctx);
            case HASH -> NativeHash.reset(ctx);
            case AEAD -> throw new IllegalStateException("simdcrypt: an AEAD context starts messages, not resets");
        };
        if (rc != NativeCipher.SC_OK) throw new IllegalStateException("simdcrypt: reset failed: " + NativeCipher.strerror(rc));
    }

    /** Save the current state so that a failing operation can be undone with {@link #undo()}. */
    public void save() {
        saved.copyFrom(ctx);
    }

    public void undo() {
        ctx.copyFrom(saved);
    }

    /** Wipe every copy of the key schedule; the context must be initialised again. */
    public void wipe() {
        initialised = false;
        for (MemorySegment s : state.secrets) state.kind.wipe(s);
    }

    /**
     * Wipe and free now (a HASH context: wipe now, freed by the GC); the instance is unusable
     * afterwards (the library refuses a wiped context). Idempotent.
     */
    @Override
    public void close() {
        initialised = false;
        cleanable.clean();
    }
}
