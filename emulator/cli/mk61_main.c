/*
 * mk61: the headless front end of the emulated MK-61.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "mk61_cli.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: mk61 COMMAND [OPTIONS]\n"
    "\n"
    "The Elektronika MK-61 programmable calculator, emulated step by step.\n"
    "\n"
    "Commands:\n"
    "  calc [FILE]     the calculator in the terminal\n"
    "  run FILE        load a program, press keys, run, print the state\n"
    "  asm FILE        assemble source into a hex dump\n"
    "  disasm FILE     a listing (or --table, --stats) of a program\n"
    "  bench           instructions per second on tight loops\n"
    "  ops [--latin]   the instruction set: code, steps, mnemonic, duration\n"
    "  keys            the keypad: key names and their F and K functions\n"
    "  crosscheck      play the Kalah program against the reference core and\n"
    "                  check every position and every move\n"
    "  vectors FILE... the machine against cases measured on the real one\n"
    "  search          the Kalah program's search of one turn, node by node,\n"
    "                  beside the core's (as text, JSON and SVG)\n"
    "\n"
    "Options:\n"
    "  -h, --help      show this help and exit\n"
    "  --version       show the version and exit\n"
    "\n"
    "Run 'mk61 COMMAND --help' for the options of one command.\n";

/* The instruction table, one documented code a line. */
static int cmd_ops(int argc, char **argv)
{
    int latin = 0;
    for (int i = 2; i < argc; i++) {
        if (cli_is_help(argv[i])) {
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

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (cli_is_help(cmd)) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("mk61 (kalah61) %s\n", KALAH61_VERSION);
        return 0;
    }
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } commands[] = {{"ops", cmd_ops},       {"calc", cli_calc},   {"run", cli_run_cmd},
                    {"asm", cli_asm},       {"disasm", cli_disasm}, {"bench", cli_bench},
                    {"keys", cli_keys},     {"crosscheck", cli_crosscheck},
                    {"vectors", cli_vectors}, {"search", cli_search}};
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(cmd, commands[k].name) == 0)
            return commands[k].run(argc, argv);
    fprintf(stderr, "mk61: unknown command '%s' (see 'mk61 --help')\n", cmd);
    return 2;
}
