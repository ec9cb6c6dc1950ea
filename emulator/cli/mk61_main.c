/*
 * mk61: the headless front end of the emulated MK-61.
 *
 * Exit codes: 0 success, 1 a failure of the work asked for, 2 bad usage.
 */
#include "mk61_cli.h"
#include "vm_isa.h"

#include <stdio.h>

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

static const char ops_usage[] =
    "Usage: mk61 ops [--latin]\n\n"
    "Lists every documented MK-61 code, one a line under a header: its hex\n"
    "code, the steps it occupies, its mnemonic (Cyrillic, or the Latin alias\n"
    "with --latin; aa an address, r a register) and its approximate duration\n"
    "on the real calculator in milliseconds.\n";

/* The instruction table, one documented code a line. */
static int cmd_ops(int argc, char **argv)
{
    int latin = 0;
    static const struct option opts[] = {CLI_FLAG("latin"), {0}};
    cli_args a;
    cli_args_init(&a, "mk61 ops", argc, argv, 2, opts, "");
    cli_usage(&a, ops_usage, NULL);
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--latin"))
            latin = 1;
        else
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    /* The mnemonics' column as wide as the widest, in characters. */
    char text[256][32];
    int width = cli_display_width("mnemonic");
    for (int code = 0; code < 256; code++) {
        const vm_op_info *op = vm_op((uint8_t)code);
        if (!op)
            continue;
        const char *name = latin ? op->latin : op->cyrillic;
        if (op->format == VM_FMT_REG)
            snprintf(text[code], sizeof text[code], "%s %c", name, vm_reg_name(op->reg));
        else
            snprintf(text[code], sizeof text[code], "%s%s", name,
                     op->format == VM_FMT_ADDR ? " aa" : "");
        if (cli_display_width(text[code]) > width)
            width = cli_display_width(text[code]);
    }
    printf("code  steps  ");
    cli_put_padded(stdout, "mnemonic", width);
    printf("  ms\n");
    for (int code = 0; code < 256; code++) {
        const vm_op_info *op = vm_op((uint8_t)code);
        if (!op)
            continue;
        printf("%02X    %d      ", code, vm_op_length(op));
        cli_put_padded(stdout, text[code], width);
        printf("  %u\n", op->ms);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const cli_command commands[] = {
        {"ops", cmd_ops},         {"calc", cli_calc},     {"run", cli_run_cmd},
        {"asm", cli_asm},         {"disasm", cli_disasm}, {"bench", cli_bench},
        {"keys", cli_keys},       {"crosscheck", cli_crosscheck},
        {"vectors", cli_vectors}, {"search", cli_search}};
    return cli_main("mk61", usage, commands, sizeof commands / sizeof commands[0], argc, argv);
}
