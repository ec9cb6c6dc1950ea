/* What the commands write and how they stop (cli_io.h). */
#include "cli_io.h"

#include "cli_args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
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
