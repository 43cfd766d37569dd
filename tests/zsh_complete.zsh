# SPDX-License-Identifier: Apache-2.0
# zsh -f tests/zsh_complete.zsh FPATHDIR OUTFILE LINE...
# Real zsh completion, no stubs: starts an interactive zsh on a pseudo
# terminal (zsh/zpty) with compinit and FPATHDIR first in fpath, types each
# LINE followed by TAB and ^X, where ^X is a widget that appends the edit
# buffer, i.e. what the completion made of LINE, as "[buffer]" to OUTFILE.
# Waits for each line (up to 20 s: the completion may run the binary).
zmodload zsh/zpty || exit 77
fdir=$1 outfile=$2
shift 2
: >"$outfile"
zpty z zsh -f -i
zpty -w z "fpath=($fdir \$fpath); autoload -Uz compinit; compinit -u -D
show() { print -r -- \"[\$BUFFER]\" >> $outfile; BUFFER= }; zle -N show; bindkey '^X' show"
n=0
for line in "$@"; do
    zpty -w -n z "$line"$'\t\C-x'
    n=$((n + 1))
    for try in {1..100}; do
        while zpty -r -t z l; do :; done # drain what the terminal shows
        (($(wc -l <"$outfile") >= n)) && break
        sleep 0.2
    done
done
zpty -d z
