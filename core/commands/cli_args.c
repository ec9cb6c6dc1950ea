/* Reading a command line, for every command (cli_args.h). */
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
    a->rc = CLI_GO;
    optind = 0; /* glibc: start afresh */
}

void cli_usage(cli_args *a, const char *usage, const char *arg)
{
    a->usage = usage;
    a->usage_arg = arg;
}

/* The next item from getopt_long into a: 1, 0 at the end (or "--"), -1
 * after its message. */
static int next_item(cli_args *a)
{
    /* "-" first: arguments come back in their place (as 1), not moved to
     * the end, so that a command reads them in order. */
    char spec[64];
    snprintf(spec, sizeof spec, "-h%s", a->shorts ? a->shorts : "");
    int c = getopt_long(a->argc, a->argv, spec, a->opts, NULL);
    if (c == -1)
        return 0;
    if (c == '?' || c == ':') {
        fprintf(stderr, "Try '%s --help' for more information.\n", a->cmd);
        return -1;
    }
    if (c >= CLI_ARGS_CODE) {
        a->opt = a->names[c - CLI_ARGS_CODE];
    } else if (c != 1) {
        snprintf(a->short_name, sizeof a->short_name, "-%c", c);
        a->opt = c == 'h' ? "--help" : a->short_name;
    }
    a->val = optarg;
    return 1;
}

int cli_next(cli_args *a)
{
    a->opt = "";
    a->val = NULL;
    if (a->rc != CLI_GO)
        return 0;
    if (!a->rest) {
        int got = next_item(a);
        if (got < 0)
            a->rc = CLI_USAGE;
        if (got > 0 && cli_help(a) && a->usage) {
            if (a->usage_arg)
                cli_help_printf(stdout, a, a->usage, a->usage_arg);
            else
                cli_help_print(stdout, a->usage, a);
            a->rc = CLI_OK;
            return 0;
        }
        if (got != 0)
            return got;
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

bool cli_first_arg(const cli_args *a, const char **out)
{
    if (!cli_arg(a) || *out)
        return false;
    *out = a->val;
    return true;
}

int cli_unknown(cli_args *a)
{
    if (a->opt[0])
        fprintf(stderr, "%s: %s does not apply here\n", a->cmd, a->opt);
    else
        fprintf(stderr, "%s: unexpected argument '%s'\n", a->cmd, a->val ? a->val : "");
    fprintf(stderr, "Try '%s --help' for more information.\n", a->cmd);
    return a->rc = CLI_USAGE;
}

void cli_bad(cli_args *a)
{
    a->rc = CLI_USAGE;
}

int cli_missing(const cli_args *a, const char *what)
{
    fprintf(stderr, "%s: which %s? (see '%s --help')\n", a->cmd, what, a->cmd);
    return CLI_USAGE;
}

int cli_end(const cli_args *a, const char *need, const void *got)
{
    if (a->rc != CLI_GO)
        return a->rc;
    return need && !got ? cli_missing(a, need) : CLI_GO;
}

bool cli_no_options(const char *cmd, int argc, char **argv, const char *usage, int *rc)
{
    static const struct option none[] = {{0}};
    cli_args a;
    cli_args_init(&a, cmd, argc, argv, 2, none, "");
    cli_usage(&a, usage, NULL);
    if (cli_next(&a) > 0)
        cli_unknown(&a);
    *rc = a.rc;
    return a.rc == CLI_GO;
}

int cli_main(const char *prog, const char *usage, const cli_command *commands, size_t n,
             int argc, char **argv)
{
    static const struct option opts[] = {CLI_FLAG("version"), {0}};
    cli_args a;
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        char *words[] = {(char *)prog, NULL};
        cli_args_init(&a, prog, 1, words, 1, opts, "");
        cli_help_print(stdout, usage, &a);
        return CLI_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("%s (kalah61) %s\n", prog, KALAH61_VERSION);
        return CLI_OK;
    }
    for (size_t k = 0; k < n; k++)
        if (strcmp(cmd, commands[k].name) == 0)
            return commands[k].run(argc, argv);
    fprintf(stderr, "%s: unknown command '%s' (see '%s --help')\n", prog, cmd, prog);
    return CLI_USAGE;
}
