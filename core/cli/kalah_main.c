/*
 * kalah: the reference Kalah engine in the terminal.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "kalah.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: kalah COMMAND [OPTIONS]\n"
    "\n"
    "The reference Kalah engine that checks every move of the MK-61 program.\n"
    "\n"
    "Commands:\n"
    "  start [--pits M] [--stones N]   draw the starting board of Kalah(M,N)\n"
    "                                  (default Kalah(6,6))\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  --version       show the version and exit\n";

static int parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < -1000000 || v > 1000000)
        return 0;
    *out = (int)v;
    return 1;
}

static int cmd_start(int argc, char **argv)
{
    kalah_rules r = kalah_rules_default();
    for (int i = 2; i < argc; i++) {
        int *dst = NULL;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("Usage: kalah start [--pits M] [--stones N]\n\n"
                   "Draws the starting board of Kalah(M,N): M pits a side "
                   "(1..8), N stones a pit (1..12).\n");
            return 0;
        }
        if (strcmp(argv[i], "--pits") == 0)
            dst = &r.pits;
        else if (strcmp(argv[i], "--stones") == 0)
            dst = &r.stones;
        if (!dst) {
            fprintf(stderr, "kalah start: unknown option '%s' (see 'kalah start --help')\n", argv[i]);
            return 2;
        }
        if (i + 1 >= argc || !parse_int(argv[i + 1], dst)) {
            fprintf(stderr, "kalah start: %s needs a whole number\n", argv[i]);
            return 2;
        }
        i++;
    }
    kalah_error err;
    if (kalah_rules_check(&r, &err) != KALAH_OK) {
        fprintf(stderr, "kalah start: %s\n", err.message);
        return 2;
    }
    kalah_pos p = kalah_start(&r);
    printf("Kalah(%d,%d), %d stones\n    ", r.pits, r.stones, kalah_total_stones(&r, &p));
    for (int i = r.pits - 1; i >= 0; i--)
        printf("%3d", p.pit[1][i]);
    printf("\n%3d %*s%3d\n    ", p.store[1], 3 * r.pits, "", p.store[0]);
    for (int i = 0; i < r.pits; i++)
        printf("%3d", p.pit[0][i]);
    printf("\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("kalah (kalah61) %s\n", KALAH61_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "start") == 0)
        return cmd_start(argc, argv);
    fprintf(stderr, "kalah: unknown command '%s' (see 'kalah --help')\n", argv[1]);
    return 2;
}
