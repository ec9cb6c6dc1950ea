/* A server's peer: buffered, limited, non-blocking line I/O. */
#include "kgp_conn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void kgp_conn_open(kgp_conn *c, int fd, bool engine, double now)
{
    char *out = c->out;
    size_t cap = c->out_cap;
    memset(c, 0, offsetof(kgp_conn, in));
    c->in_len = 0;
    c->out = out;
    c->out_cap = cap;
    c->out_len = 0;
    c->out_overflow = false;
    c->skipping = false;
    c->fd = fd;
    c->engine = engine;
    c->state = KGP_C_HELLO;
    c->game = -1;
    c->next_id = 2;
    c->since = c->heard = c->refilled = now;
    c->tokens = 2.0 * KGP_MAX_LINES_PER_S;
    snprintf(c->name, sizeof c->name, "?");
}

void kgp_conn_send(kgp_conn *c, const char *fmt, ...)
{
    if (c->out_overflow)
        return;
    char line[KGP_LINE_MAX + 2];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (c->out_len + (size_t)n > KGP_OUT_MAX) {
        c->out_overflow = true;
        return;
    }
    if (c->out_len + (size_t)n > c->out_cap) {
        size_t cap = c->out_cap ? c->out_cap : 4096;
        while (cap < c->out_len + (size_t)n)
            cap *= 2;
        char *grown = realloc(c->out, cap);
        if (!grown) {
            c->out_overflow = true;
            return;
        }
        c->out = grown;
        c->out_cap = cap;
    }
    memcpy(c->out + c->out_len, line, (size_t)n);
    c->out_len += (size_t)n;
}

bool kgp_conn_flush(kgp_conn *c)
{
    size_t done = 0;
    while (done < c->out_len) {
        ssize_t w = send(c->fd, c->out + done, c->out_len - done, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            return false;
        }
        done += (size_t)w;
    }
    memmove(c->out, c->out + done, c->out_len - done);
    c->out_len -= done;
    return true;
}

bool kgp_conn_read(kgp_conn *c, void (*line)(void *ctx, kgp_conn *c, char *text, size_t len),
                   void *ctx)
{
    /* At most four buffers a round, so one fast sender cannot starve the
     * others. */
    for (int round = 0; round < 4; round++) {
        size_t room = KGP_LINE_MAX - c->in_len;
        ssize_t got = recv(c->fd, c->in + c->in_len, room, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return errno == EAGAIN || errno == EWOULDBLOCK;
        }
        if (got == 0)
            return false;
        c->in_len += (size_t)got;
        size_t start = 0;
        for (size_t i = c->in_len - (size_t)got; i < c->in_len; i++) {
            if (c->in[i] != '\n')
                continue;
            if (c->skipping)
                c->skipping = false;
            else
                line(ctx, c, c->in + start, i - start);
            start = i + 1;
            /* The handler may have closed the connection. */
            if (c->state == KGP_C_FREE)
                return true;
        }
        memmove(c->in, c->in + start, c->in_len - start);
        c->in_len -= start;
        if (c->in_len == KGP_LINE_MAX) {
            /* A line without its end within the limit: each full buffer of
             * it is reported (an error each, so an endless one ends in a
             * disconnect) and dropped. */
            line(ctx, c, NULL, 0);
            c->skipping = true;
            c->in_len = 0;
            if (c->state == KGP_C_FREE)
                return true;
        }
        if ((size_t)got < room)
            return true;
    }
    return true;
}

bool kgp_conn_spend(kgp_conn *c, double now)
{
    c->tokens += (now - c->refilled) * KGP_MAX_LINES_PER_S;
    if (c->tokens > 2.0 * KGP_MAX_LINES_PER_S)
        c->tokens = 2.0 * KGP_MAX_LINES_PER_S;
    c->refilled = now;
    c->tokens -= 1;
    return c->tokens >= 0;
}

void kgp_conn_close_soon(kgp_conn *c, double now)
{
    if (c->state == KGP_C_CLOSING)
        return;
    c->state = KGP_C_CLOSING;
    c->game = -1;
    c->close_by = now + 2.0;
}

void kgp_conn_free(kgp_conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    c->state = KGP_C_FREE;
    free(c->out);
    c->out = NULL;
    c->out_cap = c->out_len = 0;
}
