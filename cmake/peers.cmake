# SPDX-License-Identifier: Apache-2.0
# Peer libraries for `simdcrypt speed --peers`: linked when their Debian
# packages are installed (zlib1g-dev libisal-dev libdeflate-dev
# libipsec-mb-dev libssl-dev libgcrypt20-dev libbotan-2-dev nettle-dev
# libsodium-dev libcrypto++-dev), reported as "absent" otherwise. Each found peer adds
# SC_HAVE_<NAME>=1, its library to SC_PEER_LIBS and its include directory to
# SC_PEER_INCS, for the peers plug-in simdcrypt-peers.so (src/cli/CMakeLists.txt),
# never for the CLI itself. -DSC_PEERS=OFF builds no plug-in.
set(SC_PEER_LIBS)
set(SC_PEER_DEFS)
set(SC_PEER_INCS)
set(SC_PEERS_ABSENT)
macro(sc_peer name header lib)
  if(SC_PEERS)
    find_path(SC_${name}_INC ${header})
    find_library(SC_${name}_LIB ${lib})
    if(SC_${name}_INC AND SC_${name}_LIB)
      message(STATUS "simdcrypt peer ${name}: ${SC_${name}_LIB}")
      list(APPEND SC_PEER_LIBS ${SC_${name}_LIB})
      list(APPEND SC_PEER_DEFS SC_HAVE_${name}=1)
      list(APPEND SC_PEER_INCS ${SC_${name}_INC})
    else()
      list(APPEND SC_PEERS_ABSENT ${name})
    endif()
  endif()
endmacro()
sc_peer(ZLIB zlib.h z)
sc_peer(ISAL isa-l.h isal)
sc_peer(LIBDEFLATE libdeflate.h deflate)
# Intel's multi-buffer crypto library exists for x86-64 only.
if(SC_ARCH STREQUAL "x86")
  sc_peer(IPSECMB intel-ipsec-mb.h IPSec_MB)
endif()
# GOST 28147-89 / Magma peers (src/cli/peers/gost_*.c).
sc_peer(BOTAN botan-2/botan/ffi.h botan-2)
if("SC_HAVE_BOTAN=1" IN_LIST SC_PEER_DEFS)
  list(APPEND SC_PEER_INCS ${SC_BOTAN_INC}/botan-2) # its headers include <botan/...>
endif()
sc_peer(GCRYPT gcrypt.h gcrypt)
sc_peer(OPENSSL openssl/evp.h crypto)
# AES peers (src/cli/peers/aes_*.c): also OpenSSL, libgcrypt, Botan, ipsec-mb.
sc_peer(NETTLE nettle/aes.h nettle)
sc_peer(SODIUM sodium.h sodium)
# Crypto++ (Kalyna and AES peers, src/cli/peers/*_cryptopp.cpp): a C++ library,
# so C++ is enabled only when it is found.
sc_peer(CRYPTOPP cryptopp/kalyna.h crypto++)
if("SC_HAVE_CRYPTOPP=1" IN_LIST SC_PEER_DEFS)
  enable_language(CXX)
endif()
if(SC_PEERS_ABSENT)
  message(STATUS "simdcrypt peers not found (listed as absent by `speed --peers`): ${SC_PEERS_ABSENT}")
endif()
if(SC_PEER_INCS)
  list(REMOVE_DUPLICATES SC_PEER_INCS)
endif()
