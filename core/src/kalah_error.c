/* Errors as data, and the small lexical helpers the parsers share. */
#include "kalah_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

kalah_status kalah_fail(kalah_error *err, kalah_status code, int pos, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        err->pos = pos;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

double kalah_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

bool kalah_read_uint(const char **s, int *out, int max)
{
    const char *p = *s;
    long v = 0;
    if (*p < '0' || *p > '9')
        return false;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > max)
            return false;
    }
    *out = (int)v;
    *s = p;
    return true;
}
