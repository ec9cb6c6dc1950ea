/* What the commands write and how they stop (cli_io.h). */
#include "cli_io.h"

#include "cli_args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- files written whole ---------------------------------------------------------- */

/* The temporary files in the making, removed by a signal that ends the
 * program. */
enum { MAX_PENDING = 8 };
static char *volatile pending[MAX_PENDING];

static void on_fatal_signal(int sig)
{
    for (int k = 0; k < MAX_PENDING; k++)
        if (pending[k])
            unlink(pending[k]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void pending_add(char *tmp)
{
    static bool installed;
    if (!installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
        for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
            struct sigaction old;
            /* Leave alone a signal that was ignored (nohup). */
            if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                sigaction(sigs[k], &sa, NULL);
        }
        installed = true;
    }
    for (int k = 0; k < MAX_PENDING; k++)
        if (!pending[k]) {
            pending[k] = tmp;
            return;
        }
}

/* Takes o's temporary file off the list, and forgets its name. */
static void pending_remove(cli_out *o)
{
    for (int k = 0; k < MAX_PENDING; k++)
        if (pending[k] == o->pending)
            pending[k] = NULL;
    free(o->pending);
    o->pending = NULL;
}

bool cli_out_open(cli_out *o, const char *cmd, const char *path)
{
    char err[1200];
    memset(o, 0, sizeof *o);
    if (*path == '\0') {
        fprintf(stderr, "%s: an empty file name\n", cmd);
        return false;
    }
    if (!kalah_file_begin(&o->file, path, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", cmd, err);
        return false;
    }
    o->f = o->file.f;
    if (o->file.tmp && (o->pending = strdup(o->file.tmp)))
        pending_add(o->pending);
    return true;
}

void cli_out_abort(cli_out *o)
{
    if (o->f)
        kalah_file_abort(&o->file);
    pending_remove(o);
    o->f = NULL;
}

bool cli_out_commit(cli_out *o, const char *cmd)
{
    char err[1200];
    bool ok = kalah_file_commit(&o->file, err, sizeof err);
    if (!ok)
        fprintf(stderr, "%s: %s\n", cmd, err);
    pending_remove(o);
    o->f = NULL;
    return ok;
}

int cli_write_file(const char *cmd, const char *path, const void *data, size_t len)
{
    char err[1200];
    if (!path) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
            fprintf(stderr, "%s: cannot write the output: %s\n", cmd, strerror(errno));
            return CLI_FAIL;
        }
        return CLI_OK;
    }
    if (kalah_file_write_atomic(path, data, len, err, sizeof err))
        return CLI_OK;
    fprintf(stderr, "%s: %s\n", cmd, err);
    return CLI_FAIL;
}

/* ---- files kept for later ------------------------------------------------------ */

bool cli_keep_path(cli_keep kind, const char *env, const char *name, char *buf, size_t size)
{
    const bool cache = kind == CLI_KEEP_CACHE;
    const char *d;
    int n;
    if (env && (d = getenv(env)) && *d)
        n = snprintf(buf, size, "%s/%s", d, name);
    else if ((d = getenv(cache ? "XDG_CACHE_HOME" : "XDG_STATE_HOME")) && *d)
        n = snprintf(buf, size, "%s/kalah61/%s", d, name);
    else if ((d = getenv("HOME")) && *d)
        n = snprintf(buf, size, "%s/%s/kalah61/%s", d, cache ? ".cache" : ".local/state", name);
    else
        return false;
    return n > 0 && (size_t)n < size;
}

bool cli_make_parent(const char *path)
{
    char dir[1024];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        errno = ENAMETOOLONG;
        return false;
    }
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return true;
    *slash = '\0';
    /* Each directory from the top down; those there already are left. */
    for (char *c = dir + 1;; c++) {
        if (*c == '/' || *c == '\0') {
            char saved = *c;
            *c = '\0';
            if (mkdir(dir, 0777) != 0 && errno != EEXIST)
                return false;
            *c = saved;
            if (saved == '\0')
                break;
        }
    }
    struct stat st;
    if (stat(dir, &st) != 0)
        return false;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return false;
    }
    return true;
}

/* ---- Ctrl-C ----------------------------------------------------------------------- */

volatile sig_atomic_t cli_interrupted = 0;

static void on_sigint(int sig)
{
    (void)sig;
    cli_interrupted = 1;
}

void cli_sigint_install(bool repeat)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = repeat ? 0 : SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
}

/* ---- messages and text ----------------------------------------------------------- */

void cli_parse_error(const char *cmd, const char *text, const kalah_error *err)
{
    if (err->pos > 0) {
        fprintf(stderr, "%s: column %d: %s\n  %s\n  %*s^\n", cmd, err->pos, err->message, text,
                err->pos - 1, "");
    } else {
        fprintf(stderr, "%s: %s\n  %s\n", cmd, err->message, text);
    }
}

const char *cli_duration(double s, char *buf, size_t size)
{
    if (s < 10)
        snprintf(buf, size, "%.2f s", s);
    else if (s < 60)
        snprintf(buf, size, "%.1f s", s);
    else if (s < 3600)
        snprintf(buf, size, "%d min %02d s", (int)s / 60, (int)s % 60);
    else
        snprintf(buf, size, "%d h %02d min", (int)(s / 3600), (int)s % 3600 / 60);
    return buf;
}

void cli_progress_init(cli_progress *p, bool quiet, long total)
{
    p->on = !quiet && isatty(fileno(stderr));
    p->shown = false;
    p->start = p->last = kalah_now();
    p->done = 0;
    p->total = total;
}

void cli_progress_step(cli_progress *p)
{
    p->done++;
    if (!p->on)
        return;
    double t = kalah_now(), spent = t - p->start;
    /* Short runs show nothing; long ones redraw at most ten times a second. */
    if (spent < 0.5 || (t - p->last < 0.1 && p->done < p->total))
        return;
    p->last = t;
    enum { BAR = 24 };
    char bar[BAR + 1];
    int full = (int)(BAR * p->done / p->total);
    for (int k = 0; k < BAR; k++)
        bar[k] = k < full ? '#' : '.';
    bar[BAR] = '\0';
    char elapsed[32], left[32];
    cli_duration(spent, elapsed, sizeof elapsed);
    cli_duration(spent / p->done * (p->total - p->done), left, sizeof left);
    fprintf(stderr, "\r  [%s] %ld/%ld games, %s elapsed, about %s left   ", bar, p->done,
            p->total, elapsed, left);
    fflush(stderr);
    p->shown = true;
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr); /* back to the start, erase the line */
    p->shown = false;
}

/* ---- text ---------------------------------------------------------------------------- */

void cli_xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: putc((unsigned char)*s < 0x20 ? '?' : *s, f);
        }
    }
}

int cli_display_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80; /* not a continuation byte */
    return n;
}

void cli_put_padded(FILE *f, const char *s, int width)
{
    int pad = (width < 0 ? -width : width) - cli_display_width(s);
    if (width < 0)
        fprintf(f, "%*s", pad > 0 ? pad : 0, "");
    fputs(s, f);
    if (width > 0)
        fprintf(f, "%*s", pad > 0 ? pad : 0, "");
}
