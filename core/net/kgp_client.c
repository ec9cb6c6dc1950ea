/*
 * The KGP client: reads the server's lines, answers `ping`, hands each
 * `state` to its brain and sends `yield` when the brain is done. The brain
 * may poll the connection while it thinks (kgp_turn_open) to learn of a
 * `stop` early.
 */
#include "kgp_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct client client;

struct kgp_turn {
    client *cl;
    uint64_t id;
    bool open;
    double clock;
};

struct client {
    int fd;
    const kgp_client_config *cfg;
    const kgp_brain *brain;
    kgp_client_stats *st;
    kgp_turn *turn;        /* the turn being thought about, or NULL */
    bool hello, goodbye, failed;
    bool left;             /* this side said goodbye */
    kalah_error why;       /* of a failure */
    double clock;          /* the last time:clock */
    double heard;
    bool pending;          /* a state request waits for the brain */
    uint64_t pending_id;
    kalah_rules pending_rules;
    kalah_pos pending_pos;
    bool skipping;
    size_t in_len;
    char in[KGP_LINE_MAX + 1];
    kgp_msg msg;
};

static void tell(client *cl, kgp_client_event k, const char *text)
{
    if (cl->brain->event)
        cl->brain->event(cl->brain->ctx, k, text);
}

static void fail(client *cl, kalah_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(client *cl, kalah_status code, const char *fmt, ...)
{
    if (cl->failed)
        return;
    cl->failed = true;
    va_list ap;
    va_start(ap, fmt);
    cl->why.code = code;
    cl->why.pos = 0;
    vsnprintf(cl->why.message, sizeof cl->why.message, fmt, ap);
    va_end(ap);
}

static void send_line(client *cl, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_line(client *cl, const char *fmt, ...)
{
    if (cl->failed)
        return;
    char line[KGP_LINE_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return;
    line[n++] = '\n';
    /* The socket is non-blocking: a server that stops reading cannot hold
     * the client for longer than the send timeout. */
    size_t done = 0;
    double limit = cl->cfg->idle_timeout > 0 ? cl->cfg->idle_timeout : KGP_SEND_TIMEOUT;
    double until = kalah_now() + limit;
    while (done < (size_t)n) {
        ssize_t w = send(cl->fd, line + done, (size_t)n - done, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            double left = until - kalah_now();
            struct pollfd p = {.fd = cl->fd, .events = POLLOUT};
            if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) == 0) {
                fail(cl, KALAH_EINVAL, "the server has read nothing for %.0f s", limit);
                return;
            }
            continue;
        }
        if (w <= 0) {
            fail(cl, KALAH_EINVAL, "the connection was lost while sending: %s", strerror(errno));
            return;
        }
        done += (size_t)w;
    }
}

static void on_line(client *cl, const char *text, size_t len)
{
    kgp_msg *m = &cl->msg;
    kalah_error err;
    if (kgp_parse(text, len, m, &err) != KALAH_OK) {
        char note[240];
        snprintf(note, sizeof note, "an unreadable line from the server (column %d: %s)",
                 err.pos, err.message);
        tell(cl, KGP_CL_IGNORED, note);
        return;
    }
    const char *name = m->name;
    if (!cl->hello) {
        if (strcmp(name, "kgp") != 0 || m->argc < 1 || m->argv[0].type != KGP_INT) {
            fail(cl, KALAH_EINVAL, "the server did not start with 'kgp MAJOR MINOR PATCH'");
            return;
        }
        if (m->argv[0].integer != 1) {
            fail(cl, KALAH_EINVAL, "the server speaks KGP %lld, this client KGP 1",
                 m->argv[0].integer);
            return;
        }
        cl->hello = true;
        char q[256];
        if (cl->cfg->name) {
            kgp_quote(cl->cfg->name, q, sizeof q);
            send_line(cl, "set info:name %s", q);
        }
        if (cl->cfg->description) {
            kgp_quote(cl->cfg->description, q, sizeof q);
            send_line(cl, "set info:description %s", q);
        }
        send_line(cl, "mode freeplay");
        tell(cl, KGP_CL_HELLO, text);
        return;
    }
    if (strcmp(name, "state") == 0) {
        if (m->argc != 1 || m->argv[0].type != KGP_BOARD) {
            if (m->has_id)
                send_line(cl, "@%llu error \"state takes one board\"", (unsigned long long)m->id);
            return;
        }
        /* A board it cannot play is answered at once; of several requests
         * waiting, the newest is answered. */
        kalah_error err;
        if (kgp_board_parse(m->argv[0].text, &cl->pending_rules, &cl->pending_pos, &err) !=
            KALAH_OK) {
            char q[240];
            kgp_quote(err.message, q, sizeof q);
            if (m->has_id)
                send_line(cl, "@%llu error %s", (unsigned long long)m->id, q);
            tell(cl, KGP_CL_IGNORED, err.message);
            return;
        }
        cl->pending = true;
        cl->pending_id = m->has_id ? m->id : 0;
    } else if (strcmp(name, "stop") == 0) {
        if (cl->turn && cl->turn->open && (!m->has_ref || m->ref == cl->turn->id)) {
            cl->turn->open = false;
            cl->st->stops++;
            tell(cl, KGP_CL_STOP, text);
        } else if (cl->pending && (!m->has_ref || m->ref == cl->pending_id)) {
            cl->pending = false; /* stopped before the brain saw it */
            cl->st->stops++;
            tell(cl, KGP_CL_STOP, text);
        }
    } else if (strcmp(name, "ping") == 0) {
        if (m->has_id)
            send_line(cl, "@%llu pong", (unsigned long long)m->id);
        else
            send_line(cl, "pong");
    } else if (strcmp(name, "set") == 0 && m->argc == 2) {
        const char *opt = m->argv[0].text;
        if (strcmp(opt, "info:comment") == 0) {
            tell(cl, KGP_CL_COMMENT, m->argv[1].text);
        } else if (strcmp(opt, "time:clock") == 0 && m->argv[1].type != KGP_STRING) {
            cl->clock = m->argv[1].real;
        } else if (strcmp(opt, "game:margin") == 0 && m->argv[1].type == KGP_INT &&
                   m->argv[1].integer >= -KALAH_MAX_TOTAL && m->argv[1].integer <= KALAH_MAX_TOTAL) {
            cl->st->has_result = true;
            cl->st->margin = (int)m->argv[1].integer;
            tell(cl, KGP_CL_RESULT, m->argv[1].text);
        }
    } else if (strcmp(name, "error") == 0) {
        tell(cl, KGP_CL_ERROR, m->argc > 0 ? m->argv[0].text : "");
    } else if (strcmp(name, "goodbye") == 0) {
        cl->goodbye = true;
        if (cl->turn)
            cl->turn->open = false;
    } else if (strcmp(name, "ok") && strcmp(name, "pong") && strcmp(name, "init") &&
               strcmp(name, "set")) {
        tell(cl, KGP_CL_IGNORED, text);
    }
}

/* Waits up to wait_ms (-1: the idle timeout) for the server and handles
 * every complete line that arrived. */
static void pump(client *cl, int wait_ms)
{
    if (cl->failed || cl->goodbye)
        return;
    struct pollfd p = {.fd = cl->fd, .events = POLLIN};
    int ready = poll(&p, 1, wait_ms);
    if (ready < 0) {
        if (errno != EINTR)
            fail(cl, KALAH_EINVAL, "poll failed: %s", strerror(errno));
        return;
    }
    if (ready == 0)
        return;
    ssize_t got = recv(cl->fd, cl->in + cl->in_len, KGP_LINE_MAX - cl->in_len, 0);
    if (got < 0) {
        if (errno != EINTR && errno != EAGAIN)
            fail(cl, KALAH_EINVAL, "the connection was lost: %s", strerror(errno));
        return;
    }
    if (got == 0) {
        fail(cl, KALAH_EINVAL, "the server closed the connection without a goodbye");
        return;
    }
    cl->heard = kalah_now();
    size_t start = 0, end = cl->in_len + (size_t)got;
    for (size_t i = cl->in_len; i < end && !cl->failed && !cl->goodbye; i++) {
        if (cl->in[i] != '\n')
            continue;
        cl->in[i] = '\0'; /* the events quote the line as a string */
        if (!cl->skipping)
            on_line(cl, cl->in + start, i - start);
        cl->skipping = false;
        start = i + 1;
    }
    cl->in_len = end;
    memmove(cl->in, cl->in + start, cl->in_len - start);
    cl->in_len -= start;
    cl->heard = kalah_now(); /* answering (pongs) may have taken a while */
    if (cl->in_len == KGP_LINE_MAX) {
        tell(cl, KGP_CL_IGNORED, "a line longer than 16384 characters from the server");
        cl->skipping = true;
        cl->in_len = 0;
    }
}

bool kgp_turn_move(kgp_turn *t, int pit)
{
    if (!t->open || t->cl->failed)
        return false;
    if (t->id)
        send_line(t->cl, "@%llu move %d", (unsigned long long)t->id, pit);
    else
        send_line(t->cl, "move %d", pit);
    t->cl->st->moves_sent++;
    return !t->cl->failed;
}

bool kgp_turn_open(kgp_turn *t, int wait_ms)
{
    double until = kalah_now() + wait_ms / 1000.0;
    do {
        double left = until - kalah_now();
        pump(t->cl, t->open ? (left > 0 ? (int)(left * 1000) : 0) : 0);
    } while (t->open && !t->cl->failed && kalah_now() < until);
    return t->open && !t->cl->failed;
}

double kgp_turn_clock(const kgp_turn *t) { return t->clock; }

void kgp_turn_leave(kgp_turn *t)
{
    send_line(t->cl, "goodbye");
    t->cl->goodbye = true;
    t->cl->left = true;
    t->open = false;
}

static void answer_state(client *cl)
{
    cl->pending = false;
    kalah_rules r = cl->pending_rules;
    kalah_pos p = cl->pending_pos;
    kgp_turn t = {.cl = cl, .id = cl->pending_id, .open = true, .clock = cl->clock};
    cl->turn = &t;
    cl->st->states++;
    cl->brain->think(cl->brain->ctx, &t, &r, &p);
    cl->turn = NULL;
    if (t.open && !cl->failed && !cl->left) {
        if (t.id)
            send_line(cl, "@%llu yield", (unsigned long long)t.id);
        else
            send_line(cl, "yield");
    }
}

kalah_status kgp_client_run(int fd, const kgp_client_config *c, const kgp_brain *b,
                            kgp_client_stats *st, kalah_error *err)
{
    kgp_client_stats local;
    client *cl = calloc(1, sizeof *cl);
    if (!cl) {
        close(fd);
        return kalah_fail(err, KALAH_ENOMEM, 0, "out of memory");
    }
    cl->fd = fd;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    cl->cfg = c;
    cl->brain = b;
    cl->st = st ? st : &local;
    memset(cl->st, 0, sizeof *cl->st);
    cl->heard = kalah_now();
    while (!cl->failed && !cl->goodbye) {
        if (cl->pending) {
            answer_state(cl);
            continue;
        }
        pump(cl, 100);
        if (c->idle_timeout > 0 && kalah_now() - cl->heard > c->idle_timeout)
            fail(cl, KALAH_EINVAL, "the server said nothing for %.0f s", c->idle_timeout);
    }
    kalah_status result = KALAH_OK;
    if (cl->goodbye) {
        cl->st->finished = cl->st->has_result;
        shutdown(fd, SHUT_WR);
    } else {
        result = kalah_fail(err, cl->why.code, 0, "%s", cl->why.message);
    }
    close(fd);
    free(cl);
    return result;
}
