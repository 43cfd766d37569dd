#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compiler launcher for the DataFlowSanitizer constant-time build
(CMAKE_C_COMPILER_LAUNCHER). For a C compile `cc ARGS -o X.o -c F.c` with
-fsanitize=dataflow in force it runs three steps:
  1. cc ARGS (without -fsanitize=dataflow) -S -emit-llvm -o X.ll : optimised IR,
     the preprocessor's dependency file as usual;
  2. ct_probe_ir.py X.ll X.probed.ll : a checker call before every access;
  3. cc -fsanitize=dataflow ... -c X.probed.ll -o X.o : DFSan instruments the
     probed IR; the probes become calls to the checker's __dfsw_ wrappers.
Anything else (links, files built with -fno-sanitize=dataflow such as the
checker itself) runs unchanged.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def sanitizes_dataflow(args):
    on = False
    for a in args:
        if a.startswith("-fsanitize=") and "dataflow" in a[len("-fsanitize="):].split(","):
            on = True
        elif a.startswith("-fno-sanitize=") and {"dataflow", "all"} & set(a[len("-fno-sanitize="):].split(",")):
            on = False
    return on


def run(cmd):
    r = subprocess.run(cmd)
    if r.returncode:
        sys.exit(r.returncode)


def main():
    cc, args = sys.argv[1], sys.argv[2:]
    if "-c" not in args or "-o" not in args or not sanitizes_dataflow(args):
        os.execvp(cc, [cc] + args)
    obj = args[args.index("-o") + 1]
    source = args[-1]
    ll, probed = obj + ".ll", obj + ".probed.ll"

    # 1. optimised, uninstrumented IR (same flags, same dependency file)
    front = [a for a in args if not a.startswith("-fsanitize") and a != "-c"]
    front[front.index("-o") + 1] = ll
    run([cc] + front + ["-S", "-emit-llvm"])

    # 2. probes
    run([sys.executable, os.path.join(HERE, "ct_probe_ir.py"), ll, probed])

    # 3. instrument and assemble: code generation flags only
    keep = []
    skip_next = False
    for i, a in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ", "-include", "-isystem", "-I", "-D"):
            skip_next = True
            continue
        if a.startswith(("-D", "-I", "-W", "-M", "-std=", "-include")) or a == source or a == "-c":
            continue
        keep.append(a)
    # clang drops the ABI lists for IR input: hand them to the pass directly
    resource = subprocess.run([cc, "-print-resource-dir"], capture_output=True, text=True).stdout.strip()
    lists = [os.path.join(resource, "share", "dfsan_abilist.txt")]
    lists += [a.split("=", 1)[1] for a in args if a.startswith("-fsanitize-ignorelist=")]
    abi = [x for path in lists for x in ("-mllvm", "-dfsan-abilist=" + path)]
    run([cc] + keep + abi + ["-Wno-unused-command-line-argument", "-c", probed, "-o", obj])


if __name__ == "__main__":
    main()
