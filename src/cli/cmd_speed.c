/* simdcrypt speed: placeholder until the benchmark lands. */
#include "cli.h"

int cmd_speed(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_error("speed: not built yet");
}
