/* Help texts and where the documents they name are (cli_args.h, "help"). */
#define _GNU_SOURCE
#include "cli_args.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Compiled in by core/CMakeLists.txt:
 *   KALAH61_DOC_FROM_BIN  the documents' folder relative to the binaries'
 *   KALAH61_DOC_INSTALL   the same, absolute, for the configured prefix
 *   KALAH61_BUILD_DIR     the build folder the commands are written to
 *   KALAH61_SOURCE_DOCS   the source tree's docs/ */

bool cli_exe_dir(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || exe[0] != '/')
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    slash[slash == exe] = '\0'; /* the folder ("/" for a program in /) */
    snprintf(buf, size, "%s", exe);
    return true;
}

bool cli_same_dir(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && S_ISDIR(sa.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* path with its "X/.." and "." parts taken out, in place (a path that does
 * not exist cannot go through realpath). */
static void tidy(char *path)
{
    char *part[256];
    int n = 0;
    bool absolute = path[0] == '/';
    for (char *save = NULL, *p = strtok_r(path, "/", &save); p && n < 256;
         p = strtok_r(NULL, "/", &save)) {
        if (strcmp(p, ".") == 0)
            continue;
        if (strcmp(p, "..") == 0 && n > 0 && strcmp(part[n - 1], "..") != 0)
            n--;
        else if (!(strcmp(p, "..") == 0 && absolute))
            part[n++] = p;
    }
    char out[4096] = "";
    size_t len = 0;
    for (int k = 0; k < n; k++)
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", absolute || k ? "/" : "",
                                part[k]);
    if (n == 0)
        snprintf(out, sizeof out, "%s", absolute ? "/" : ".");
    strcpy(path, out);
}

const char *cli_doc_dir(char *buf, size_t size)
{
    const char *env = getenv("KALAH61_DOC_DIR");
    char bin[4096], dir[4096 + 64];
    if (env && *env)
        snprintf(dir, sizeof dir, "%s", env);
    else if (!cli_exe_dir(bin, sizeof bin))
        snprintf(dir, sizeof dir, "%s", KALAH61_DOC_INSTALL);
    else {
        snprintf(dir, sizeof dir, "%s/%s", bin, KALAH61_DOC_FROM_BIN);
        struct stat st;
        if (stat(dir, &st) != 0 && cli_same_dir(bin, KALAH61_BUILD_DIR))
            snprintf(dir, sizeof dir, "%s", KALAH61_SOURCE_DOCS);
    }
    char real[PATH_MAX];
    if (realpath(dir, real))
        snprintf(dir, sizeof dir, "%s", real);
    else
        tidy(dir);
    snprintf(buf, size, "%s", dir);
    return buf;
}

/* Whether c may be part of a document's name. */
static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_';
}

void cli_help_print(FILE *f, const char *text, const cli_args *a)
{
    fputs(text, f);
    /* The documents named: "NAME.md", each once, in order. */
    char names[16][64];
    int count = 0;
    for (const char *p = strstr(text, ".md"); p; p = strstr(p + 3, ".md")) {
        const char *start = p;
        while (start > text && name_char(start[-1]))
            start--;
        if (start == p || name_char(p[3]) || p - start >= 60)
            continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s.md", (int)(p - start), start);
        bool seen = false;
        for (int k = 0; k < count; k++)
            seen = seen || strcmp(names[k], name) == 0;
        if (!seen && count < 16)
            snprintf(names[count++], sizeof names[0], "%s", name);
    }
    if (count) {
        char dir[4096];
        fprintf(f, "\nThe document%s named here %s in %s/:", count == 1 ? "" : "s",
                count == 1 ? "is" : "are", cli_doc_dir(dir, sizeof dir));
        for (int k = 0; k < count; k++)
            fprintf(f, " %s%s", names[k], k + 1 < count ? "," : ".\n");
    }
    /* For the test of the helps against the options (tests/cli). */
    if (getenv("KALAH61_LIST_OPTIONS")) {
        fprintf(stderr, "options:");
        for (int k = 0; a && k < CLI_ARGS_MAX_OPTS + 1 && a->opts[k].name; k++)
            fprintf(stderr, " --%s", a->opts[k].name);
        if (!a)
            fprintf(stderr, " --help");
        fprintf(stderr, " -h");
        for (const char *s = a && a->shorts ? a->shorts : ""; *s; s++)
            if (*s != ':')
                fprintf(stderr, " -%c", *s);
        fprintf(stderr, "\n");
    }
}

void cli_help_printf(FILE *f, const cli_args *a, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *text = NULL;
    if (vasprintf(&text, format, ap) < 0)
        text = NULL;
    va_end(ap);
    cli_help_print(f, text ? text : format, a);
    free(text);
}
