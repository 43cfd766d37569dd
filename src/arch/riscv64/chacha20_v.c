/* ChaCha20 with RVV 1.0 ("rv-v"): the vertical/horizontal kernel of
 * chacha20_v_template.h with rotations as shift, shift, or (3
 * instructions). Built with -march=rv64gcv. */
#define CHACHA_V_FN sc_chacha20_rv_v
#define ROTL(x, n, vl)                                                                                            \
    __riscv_vor_vv_u32m1(__riscv_vsll_vx_u32m1(x, n, vl), __riscv_vsrl_vx_u32m1(x, 32 - (n), vl), vl)
#define HORIZONTAL_MAX 3
#include "chacha20_v_template.h"
