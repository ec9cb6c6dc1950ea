/* Options by getopt_long for every command (cli_args.h). */
#define _GNU_SOURCE
#include "cli_args.h"

#include <stdio.h>
#include <string.h>

enum { CLI_ARGS_CODE = 256 }; /* getopt_long's code of option k: CLI_ARGS_CODE + k */

void cli_args_init(cli_args *a, const char *cmd, int argc, char **argv, int first,
                   const struct option *opts, const char *shorts)
{
    memset(a, 0, sizeof *a);
    a->argc = argc - first + 1;
    a->argv = argv + first - 1; /* the word before the first argument becomes cmd */
    a->argv[0] = (char *)cmd;
    a->cmd = cmd;
    a->shorts = shorts;
    int n = 0;
    for (; opts && opts[n].name && n < CLI_ARGS_MAX_OPTS; n++)
        a->opts[n] = opts[n];
    a->opts[n] = (struct option)CLI_FLAG("help");
    for (int k = 0; k <= n; k++) {
        /* Each its own code: getopt_long calls an abbreviation ambiguous
         * only between options that differ in it. */
        a->opts[k].flag = NULL;
        a->opts[k].val = CLI_ARGS_CODE + k;
        snprintf(a->names[k], sizeof a->names[k], "--%s", a->opts[k].name);
    }
    a->opt = "";
    optind = 0; /* glibc: start afresh */
}

int cli_next(cli_args *a)
{
    a->opt = "";
    a->val = NULL;
    if (!a->rest) {
        /* "-" first: arguments come back in their place (as 1), not moved
         * to the end, so that a command reads them in order. */
        char spec[64];
        snprintf(spec, sizeof spec, "-h%s", a->shorts ? a->shorts : "");
        int c = getopt_long(a->argc, a->argv, spec, a->opts, NULL);
        if (c == 1) {
            a->val = optarg;
            return 1;
        }
        if (c >= CLI_ARGS_CODE) {
            a->opt = a->names[c - CLI_ARGS_CODE];
            a->val = optarg;
            return 1;
        }
        if (c == '?' || c == ':') {
            fprintf(stderr, "Try '%s --help' for more information.\n", a->cmd);
            return -1;
        }
        if (c != -1) {
            snprintf(a->short_name, sizeof a->short_name, "-%c", c);
            a->opt = c == 'h' ? "--help" : a->short_name;
            a->val = optarg;
            return 1;
        }
        a->rest = true; /* the end, or "--": what follows are arguments */
    }
    if (optind >= a->argc)
        return 0;
    a->val = a->argv[optind++];
    return 1;
}

bool cli_got(const cli_args *a, const char *name, const char **value)
{
    if (strcmp(a->opt, name) != 0)
        return false;
    *value = a->val;
    return true;
}

bool cli_flag(const cli_args *a, const char *name)
{
    return strcmp(a->opt, name) == 0;
}

bool cli_help(const cli_args *a)
{
    return cli_flag(a, "--help");
}

const char *cli_arg(const cli_args *a)
{
    return a->opt[0] ? NULL : a->val;
}

int cli_unknown(const cli_args *a)
{
    if (a->opt[0])
        fprintf(stderr, "%s: %s does not apply here\n", a->cmd, a->opt);
    else
        fprintf(stderr, "%s: unexpected argument '%s'\n", a->cmd, a->val ? a->val : "");
    fprintf(stderr, "Try '%s --help' for more information.\n", a->cmd);
    return 2;
}
