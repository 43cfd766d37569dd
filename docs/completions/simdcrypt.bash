# SPDX-License-Identifier: Apache-2.0
# bash completion for simdcrypt: commands, each command's options and the
# names -a takes. Options and names come from the binary being completed
# (`COMMAND --help`, `simdcrypt info --names`), so this file never goes stale
# when a name or option is added. Installed as
# <prefix>/share/bash-completion/completions/simdcrypt.

# The -a names of the kinds matching the extended regex $2 ("sum", "cipher",
# "mac", "aead" as `info --names` prints them), asked of the binary $1.
_simdcrypt_names()
{
    "$1" info --names 2>/dev/null | awk -v kinds="^($2)\$" '$1 ~ kinds { print $2 }'
}

# Every long and short option the command's --help shows.
_simdcrypt_options()
{
    "$1" "$2" --help 2>/dev/null | grep -oE -- '(^|[ [,|])--?[a-z][a-z0-9-]*' | sed 's/^[ [,|]//' | sort -u
}

_simdcrypt()
{
    local bin=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="info sum selftest cipher aead mac speed tune"
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands --help" -- "$cur"))
        return
    fi
    local cmd=${COMP_WORDS[1]} kinds
    case $prev in
    -a | --algorithm)
        case $cmd in
        sum | cipher | mac | aead) kinds=$cmd ;;
        speed | tune) kinds='sum|cipher|mac|aead' ;;
        *) return ;;
        esac
        # speed and tune take ALG[,ALG...]: complete the word after the last comma.
        local head=
        case $cur in *,*) head=${cur%,*}, ;; esac
        COMPREPLY=($(compgen -P "$head" -W "$(_simdcrypt_names "$bin" "$kinds")" -- "${cur##*,}"))
        return
        ;;
    -i | -o | --key-file | --aad-file | --custom-file | --json | --sbox)
        COMPREPLY=($(compgen -f -- "$cur"))
        return
        ;;
    --key-env)
        COMPREPLY=($(compgen -e -- "$cur"))
        return
        ;;
    --padding) COMPREPLY=($(compgen -W "pkcs7 none" -- "$cur")); return ;;
    --key-meshing) COMPREPLY=($(compgen -W "cryptopro none" -- "$cur")); return ;;
    --short-mac) COMPREPLY=($(compgen -W "cryptopro bc" -- "$cur")); return ;;
    esac
    case $cur in
    -*) COMPREPLY=($(compgen -W "$(_simdcrypt_options "$bin" "$cmd")" -- "$cur")) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -F _simdcrypt simdcrypt
