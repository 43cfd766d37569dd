# SPDX-License-Identifier: Apache-2.0
"""x86emu: run an x86-64 Linux test binary of this repository on an emulated
Sapphire Rapids CPU (Bochs's CPU core, via bochscpu), so that the AVX-512
kernels run on hosts without AVX-512.  Entry point: run.py."""
