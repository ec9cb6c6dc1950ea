/*
 * mk61: the headless front end of the emulated MK-61.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: mk61 COMMAND [OPTIONS]\n"
    "\n"
    "The Elektronika MK-61 programmable calculator, emulated step by step.\n"
    "\n"
    "Commands:\n"
    "  ops [--latin]   list the instruction set: code, steps, mnemonic,\n"
    "                  approximate duration on the real machine\n"
    "  calc            the calculator in the terminal (not written yet:\n"
    "                  says what it will be)\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  --version       show the version and exit\n"
    "\n"
    "Run 'mk61 COMMAND --help' for the options of one command.\n";

static int is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

/* The instruction table, one documented code a line. */
static int cmd_ops(int argc, char **argv)
{
    int latin = 0;
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            printf("Usage: mk61 ops [--latin]\n\n"
                   "Lists every documented MK-61 code: hex code, steps it "
                   "occupies,\nmnemonic (Cyrillic, or the Latin alias with "
                   "--latin) and the\napproximate duration on the real "
                   "calculator in milliseconds.\n");
            return 0;
        }
        if (strcmp(argv[i], "--latin") == 0) {
            latin = 1;
            continue;
        }
        fprintf(stderr, "mk61 ops: unknown option '%s' (see 'mk61 ops --help')\n",
                argv[i]);
        return 2;
    }
    for (int code = 0; code < 256; code++) {
        const vm_op_info *op = vm_op((uint8_t)code);
        if (!op)
            continue;
        const char *name = latin ? op->latin : op->cyrillic;
        if (op->format == VM_FMT_REG)
            printf("%02X  %d  %s %c  %u\n", code, vm_op_length(op), name,
                   vm_reg_name(op->reg), op->ms);
        else
            printf("%02X  %d  %s%s  %u\n", code, vm_op_length(op), name,
                   op->format == VM_FMT_ADDR ? " aa" : "", op->ms);
    }
    return 0;
}

static int cmd_calc(int argc, char **argv)
{
    if (argc > 2 && is_help(argv[2])) {
        printf("Usage: mk61 calc\n\nThe calculator in the terminal.\n");
        return 0;
    }
    printf("mk61 calc: the MK-61 in the terminal is not written yet.\n"
           "It will draw the 12-position display, take keys by name (F, K,\n"
           "digits, В↑, С/П, ...), run programs such as the Kalah player, and\n"
           "is what the run command opens where there is no display.\n"
           "Meanwhile 'mk61 ops' lists the %d documented instruction codes.\n",
           vm_op_count());
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (is_help(cmd)) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("mk61 (kalah61) %s\n", KALAH61_VERSION);
        return 0;
    }
    if (strcmp(cmd, "ops") == 0)
        return cmd_ops(argc, argv);
    if (strcmp(cmd, "calc") == 0)
        return cmd_calc(argc, argv);
    fprintf(stderr, "mk61: unknown command '%s' (see 'mk61 --help')\n", cmd);
    return 2;
}
