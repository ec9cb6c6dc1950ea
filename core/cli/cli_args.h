/*
 * cli_args.h: the options of a command, read by getopt_long, for the kalah,
 * mk61 and mk61-ui commands alike. GNU conventions: "--opt value" and
 * "--opt=value", an unambiguous abbreviation of a long name ("--dep 4"),
 * "--" ends the options, and -h is --help. getopt_long itself reports an
 * unknown, ambiguous or incomplete option ("CMD: unrecognized option
 * '--x'"), then one line says where help is; the same words everywhere.
 *
 * A command lists its options (CLI_OPT takes a value, CLI_FLAG none) and
 * walks its arguments in the order given:
 *
 *     static const struct option opts[] = {CLI_OPT("depth"), CLI_FLAG("quiet"), {0}};
 *     cli_args a;
 *     cli_args_init(&a, "kalah perft", argc, argv, 2, opts, "");
 *     int got;
 *     while ((got = cli_next(&a)) > 0) {
 *         if (cli_help(&a)) ...
 *         else if (cli_got(&a, "--depth", &v)) ...
 *         else if (cli_flag(&a, "--quiet")) ...
 *         else if (cli_arg(&a)) ...    an argument that is not an option
 *         else return cli_unknown(&a);
 *     }
 *     if (got < 0) return 2;           reported already
 */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <getopt.h>
#include <stdbool.h>

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
} cli_args;

/* Reads argv[first..argc) of command cmd with the long options opts (ended
 * by a zeroed entry) and the short ones in shorts (getopt's syntax). */
void cli_args_init(cli_args *a, const char *cmd, int argc, char **argv, int first,
                   const struct option *opts, const char *shorts);
/* The next option or argument: 1; 0 at the end; -1 after a reported
 * mistake (an unknown option, a missing value). */
int cli_next(cli_args *a);
/* True when the option read is name ("--depth"); *value gets its value. */
bool cli_got(const cli_args *a, const char *name, const char **value);
/* True when the option read is name (an option without a value). */
bool cli_flag(const cli_args *a, const char *name);
bool cli_help(const cli_args *a);
/* The argument read when it is not an option, else NULL. */
const char *cli_arg(const cli_args *a);
/* Reports the argument read as not expected here; returns 2. */
int cli_unknown(const cli_args *a);

#endif
