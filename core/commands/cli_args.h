/*
 * cli_args.h: reading a command line, for every command of the project
 * (kalah, mk61, mk61-ui; prefix cli_). The library of core/commands/ is for
 * commands only: it prints to stderr and stdout, as core/ and emulator/
 * never do.
 *
 * Options are read by getopt_long, with GNU conventions: "--opt value" and
 * "--opt=value", an unambiguous abbreviation of a long name ("--dep 4"),
 * "--" ends the options, and -h is --help. getopt_long itself reports an
 * unknown, ambiguous or incomplete option ("CMD: unrecognized option
 * '--x'"), then one line says where help is; the same words everywhere.
 *
 * A command lists its options (CLI_OPT takes a value, CLI_FLAG none) and
 * walks its arguments in the order given. The first mistake ends the walk;
 * so does --help, once the usage is printed:
 *
 *     static const struct option opts[] = {CLI_OPT("depth"), CLI_FLAG("quiet"), {0}};
 *     cli_args a;
 *     cli_args_init(&a, "kalah perft", argc, argv, 2, opts, "");
 *     cli_usage(&a, usage, NULL);
 *     while (cli_next(&a) > 0) {
 *         if (cli_int_opt(&a, "--depth", 1, 30, &depth)) ...  a reported bad value ends the walk
 *         else if (cli_flag(&a, "--quiet")) ...
 *         else if (cli_got(&a, "--out", &path)) ...
 *         else if (cli_arg(&a)) ...          an argument that is not an option
 *         else cli_unknown(&a);
 *     }
 *     if (a.rc != CLI_GO)
 *         return a.rc;                       CLI_OK after --help, else CLI_USAGE
 */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The exit codes of every command: success, a failure of the work asked
 * for, bad usage. CLI_GO: no exit yet (cli_args.rc). */
enum { CLI_GO = -1, CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

#define CLI_OPT(name) {name, required_argument, NULL, 0}
#define CLI_FLAG(name) {name, no_argument, NULL, 0}
#define CLI_ARGS_MAX_OPTS 48

typedef struct cli_args {
    int argc;
    char **argv;        /* argv[0] is cmd: getopt_long names it in its messages */
    const char *cmd;    /* "kalah play" */
    const char *shorts; /* getopt's short options beyond -h ("o:"), for this command */
    struct option opts[CLI_ARGS_MAX_OPTS + 2]; /* the command's, then "help" */
    const char *opt;    /* the option just read, "--depth" or "-o"; "" for an argument.
                           It stays valid while a does (a message may name it later). */
    char names[CLI_ARGS_MAX_OPTS + 2][32]; /* "--" and each long name */
    char short_name[3];
    char *val;          /* its value, or the argument */
    bool rest;          /* past "--": the rest are arguments */
    const char *usage;  /* printed by --help when set (cli_usage) */
    const char *usage_arg;
    int rc;             /* CLI_GO while the walk goes on; else the exit code */
} cli_args;

/* Reads argv[first..argc) of command cmd with the long options opts (ended
 * by a zeroed entry) and the short ones in shorts (getopt's syntax). */
void cli_args_init(cli_args *a, const char *cmd, int argc, char **argv, int first,
                   const struct option *opts, const char *shorts);
/* Lets --help answer by itself: it prints usage to stdout (as a printf
 * format of arg when arg is not NULL) and ends the walk with CLI_OK. */
void cli_usage(cli_args *a, const char *usage, const char *arg);
/* The next option or argument: 1; 0 at the end or once the walk has ended
 * (a->rc); -1 after a reported mistake of getopt_long (an unknown option,
 * a missing value), which also ends the walk with CLI_USAGE. */
int cli_next(cli_args *a);
/* True when the option read is name ("--depth"); *value gets its value. */
bool cli_got(const cli_args *a, const char *name, const char **value);
/* True when the option read is name (an option without a value). */
bool cli_flag(const cli_args *a, const char *name);
bool cli_help(const cli_args *a);
/* The argument read when it is not an option, else NULL. */
const char *cli_arg(const cli_args *a);
/* True, *out set, when an argument is read and *out is still NULL: the one
 * argument of a command ("mk61 asm FILE"); a second is left unread. */
bool cli_first_arg(const cli_args *a, const char **out);
/* Reports the option or argument read as not expected here and ends the
 * walk; returns CLI_USAGE. */
int cli_unknown(cli_args *a);
/* Ends the walk with CLI_USAGE, a message reported by the caller. */
void cli_bad(cli_args *a);
/* "CMD: which WHAT? (see 'CMD --help')", for a missing argument; returns
 * CLI_USAGE. */
int cli_missing(const cli_args *a, const char *what);
/* After the walk: the exit code it ended with (--help, a mistake); else,
 * when need is not NULL and got is NULL, cli_missing(a, need); else CLI_GO:
 *     if ((rc = cli_end(&a, "file", in)) != CLI_GO)
 *         return rc; */
int cli_end(const cli_args *a, const char *need, const void *got);
/* For a command without options: true when it may go on; otherwise *rc is
 * what to return (--help printed usage, or a reported mistake). */
bool cli_no_options(const char *cmd, int argc, char **argv, const char *usage, int *rc);

/* ---- help texts (cli_help.c) ---------------------------------------------- */

/* Prints a command's help text to f, then, when it names any of the
 * project's documents ("notation.md"), one line saying where they are:
 * "The documents named here are in DIR/: notation.md, search.md." (DIR:
 * cli_doc_dir). With KALAH61_LIST_OPTIONS in the environment it also lists
 * the options a reads on stderr, "options: --depth --help -h" (a NULL:
 * --help and -h only), for the test that holds every --help to its
 * command's options (tests/cli/help_options.sh). Every help goes through
 * here: cli_usage's, cli_main's, and the commands' own. */
void cli_help_print(FILE *f, const char *text, const cli_args *a);
/* The same, the text a printf format. */
void cli_help_printf(FILE *f, const cli_args *a, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Where the installed documents are, written into buf and returned:
 *   1. $KALAH61_DOC_DIR when set (the man pages are written with it);
 *   2. the documents' folder relative to the running program's
 *      (BIN/../share/doc/kalah61), when it exists;
 *   3. for a program in the build folder it was built in, the source
 *      tree's docs/;
 *   4. else the folder of 2, where the documents belong.
 * Without /proc/self/exe the configured install folder stands for BIN's.
 * Resolved (realpath) when it exists. Opens no file. */
const char *cli_doc_dir(char *buf, size_t size);
/* The folder of the running program (/proc/self/exe); false when it
 * cannot be read. */
bool cli_exe_dir(char *buf, size_t size);
/* Whether two paths name the same existing folder. */
bool cli_same_dir(const char *a, const char *b);

/* ---- numbers (cli_number.c) ---------------------------------------------- */

/* The one reader of a whole number given to an option: the value of the
 * option just read, in lo..hi, decimal as strtoull reads it (no minus
 * sign), nothing after it. Otherwise it says so, "CMD: --OPT takes a whole
 * number from LO to HI, not 'TEXT'" (range, when not NULL, is a printf
 * format of LO and HI, two %llu, said instead of "a whole number from LO
 * to HI"), ends the walk and returns false. */
bool cli_whole(cli_args *a, uint64_t lo, uint64_t hi, const char *range, uint64_t *out);
/* When the option read is name: its value by cli_whole into *out (left
 * alone when bad), and true; false for another option. */
bool cli_int_opt(cli_args *a, const char *name, int lo, int hi, int *out);
bool cli_long_opt(cli_args *a, const char *name, long lo, long hi, long *out);
bool cli_u64_opt(cli_args *a, const char *name, uint64_t lo, uint64_t hi, const char *range,
                 uint64_t *out);
/* When the option read is name: its value as seconds in lo..hi into *out;
 * otherwise "CMD: NAME takes seconds from LO to HI, not 'TEXT'" and the
 * walk ends. False for another option. */
bool cli_seconds_opt(cli_args *a, const char *name, double lo, double hi, double *out);

/* ---- the command itself --------------------------------------------------- */

/* A subcommand: its name and what runs it (given the whole argv). */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
} cli_command;

/* The main() of a command of subcommands: without one, usage on stderr
 * (CLI_USAGE); -h or --help, usage on stdout; --version, "PROG (kalah61)
 * VERSION"; else the subcommand named, or "PROG: unknown command 'X' (see
 * 'PROG --help')" (CLI_USAGE). */
int cli_main(const char *prog, const char *usage, const cli_command *commands, size_t n,
             int argc, char **argv);

#endif
