# x86-64 kernels and the target flags each one is built with.
# sc_kernel(<file> <flags...>)
