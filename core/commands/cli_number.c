/* Numbers given to options (cli_args.h): the one reader of whole numbers,
 * and seconds. */
#include "cli_args.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool cli_whole(cli_args *a, uint64_t lo, uint64_t hi, const char *range, uint64_t *out)
{
    const char *text = a->val ? a->val : "";
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end || errno == ERANGE || strchr(text, '-') || v < lo || v > hi) {
        char said[96];
        snprintf(said, sizeof said, range ? range : "a whole number from %llu to %llu",
                 (unsigned long long)lo, (unsigned long long)hi);
        fprintf(stderr, "%s: %s takes %s, not '%s'\n", a->cmd, a->opt, said, text);
        cli_bad(a);
        return false;
    }
    *out = v;
    return true;
}

bool cli_u64_opt(cli_args *a, const char *name, uint64_t lo, uint64_t hi, const char *range,
                 uint64_t *out)
{
    if (!cli_flag(a, name))
        return false;
    cli_whole(a, lo, hi, range, out);
    return true;
}

bool cli_long_opt(cli_args *a, const char *name, long lo, long hi, long *out)
{
    assert(lo >= 0 && lo <= hi);
    uint64_t v;
    if (!cli_flag(a, name))
        return false;
    if (cli_whole(a, (uint64_t)lo, (uint64_t)hi, NULL, &v))
        *out = (long)v;
    return true;
}

bool cli_int_opt(cli_args *a, const char *name, int lo, int hi, int *out)
{
    long v = *out;
    if (!cli_long_opt(a, name, lo, hi, &v))
        return false;
    *out = (int)v;
    return true;
}

bool cli_seconds_opt(cli_args *a, const char *name, double lo, double hi, double *out)
{
    if (!cli_flag(a, name))
        return false;
    const char *text = a->val;
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v >= lo && v <= hi)) {
        fprintf(stderr, "%s: %s takes seconds from %g to %g, not '%s'\n", a->cmd, name, lo, hi,
                text);
        cli_bad(a);
    } else {
        *out = v;
    }
    return true;
}
