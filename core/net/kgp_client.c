/*
 * The KGP client: reads the server's lines, answers `ping`, hands each
 * `state` to its brain and sends `yield` when the brain is done. The brain
 * may poll the connection while it thinks (kgp_turn_open) to learn of a
 * `stop` early.
 *
 * Games: a connection may carry many (the reference server keeps it open
 * and never says that a game ended). A game starts with a `set game:id`
 * other than the current one, or with a state that cannot follow the last
 * one (kgp_trace); it ends with `set game:margin` (this project's server),
 * with the start of the next, or with the end of the connection between
 * turns. docs/network.md, "The client".
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
typedef struct request request;

struct kgp_turn {
    client *cl;
    const request *req; /* the request answered (a newer one may arrive) */
    uint64_t id;
    bool open;
    double clock;
};

/* A state request as it arrived. */
struct request {
    uint64_t id;
    kalah_rules rules;
    kalah_pos pos;
    double at;        /* when it arrived */
    int game;         /* its game's number */
    bool first;       /* the game's first request */
    int paths;        /* kgp_trace from the previous request */
    kgp_path path;
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
    request req;           /* the pending one, or the last one */
    bool skipping;
    size_t in_len;
    char in[KGP_LINE_MAX + 1];
    kgp_msg msg;
    uint64_t next_line;    /* odd ids of the client's move and yield lines */

    /* The game being played. */
    bool in_game;
    int game_no;
    kgp_game_report cur;
    char game_id[80];
    bool have_id;
    bool told;             /* `set game:margin` arrived for this game */
    int told_margin;
    bool have_last;        /* last: the game's last state request */
    request last;
    bool answered;         /* last was answered with final move last_pit */
    int last_pit;

    /* The last turn's lines, sent again when the server refuses them. */
    uint64_t turn_state;   /* its state id (0: none) */
    uint64_t turn_first;   /* the id of its first line */
    int turn_pit;          /* the final choice sent, 0: none */
    bool turn_yielded, turn_stopped;
    int turn_tries;
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

/* `ID@STATE move pit` or `ID@STATE yield` (pit 0), or without the
 * reference when the state had no id. */
static void send_turn_line(client *cl, uint64_t state, int pit)
{
    uint64_t id = cl->next_line;
    cl->next_line += 2;
    char ref[24] = "";
    if (state)
        snprintf(ref, sizeof ref, "@%llu", (unsigned long long)state);
    if (pit)
        send_line(cl, "%llu%s move %d", (unsigned long long)id, ref, pit);
    else
        send_line(cl, "%llu%s yield", (unsigned long long)id, ref);
}

/* ---- games ------------------------------------------------------------------------ */

/* What the last board allows: the client's final move (every legal one
 * when it sent none), then every way to the end without a state request. */
static void deduce(client *cl, kgp_game_report *g)
{
    const kalah_rules *r = &cl->last.rules;
    int moves[KALAH_MAX_PITS], n = 0;
    if (cl->answered && cl->last_pit > 0)
        moves[n++] = cl->last_pit;
    else
        n = kalah_moves(r, &cl->last.pos, moves);
    long lines = 0;
    bool complete = true;
    for (int k = 0; k < n; k++) {
        kalah_pos after = cl->last.pos;
        if (kalah_play(r, &after, moves[k], NULL, NULL) != KALAH_OK)
            continue;
        kgp_endings e;
        complete &= kgp_game_endings(r, &after, 0, &e);
        if (e.lines > 0) {
            g->lo = lines == 0 || e.lo < g->lo ? e.lo : g->lo;
            g->hi = lines == 0 || e.hi > g->hi ? e.hi : g->hi;
        }
        lines += e.lines;
    }
    if (!complete) {
        g->lo = -kalah_rules_total(r);
        g->hi = kalah_rules_total(r);
    } else if (lines == 0) {
        g->lo = 1;
        g->hi = 0;
    }
    g->known = complete && lines > 0 && g->lo == g->hi;
    g->margin = g->known ? g->lo : 0;
}

/* Whether the current game can have ended after the client's last move
 * without another state request (every game can, before its first). */
static bool can_have_ended(client *cl)
{
    if (!cl->have_last || cl->told)
        return true;
    kgp_game_report g;
    memset(&g, 0, sizeof g);
    deduce(cl, &g);
    return g.lo <= g.hi;
}

/* Whether it surely has: no line from the client's last move reaches a
 * state request. */
static bool surely_ended(client *cl)
{
    if (cl->told)
        return true;
    if (!cl->have_last || !cl->answered || cl->last_pit <= 0)
        return false;
    kalah_pos after = cl->last.pos;
    if (kalah_play(&cl->last.rules, &after, cl->last_pit, NULL, NULL) != KALAH_OK)
        return false;
    kgp_endings e;
    return kgp_game_endings(&cl->last.rules, &after, 0, &e) && e.lines > 0 && !e.may_go_on;
}

static void end_game(client *cl)
{
    if (!cl->in_game)
        return;
    kgp_game_report g = cl->cur;
    g.number = cl->game_no;
    if (cl->have_last)
        g.rules = cl->last.rules;
    if (cl->told) {
        g.told = g.known = true;
        g.margin = g.lo = g.hi = cl->told_margin;
    } else if (cl->have_last) {
        deduce(cl, &g);
    } else {
        g.lo = 1;
        g.hi = 0;
    }
    if (g.known) {
        cl->st->has_result = true;
        cl->st->margin = g.margin;
    }
    cl->in_game = false;
    cl->have_last = false;
    cl->told = false;
    cl->st->games++;
    if (cl->brain->game_over)
        cl->brain->game_over(cl->brain->ctx, &g);
}

static void begin_game(client *cl)
{
    cl->in_game = true;
    cl->game_no++;
    memset(&cl->cur, 0, sizeof cl->cur);
    cl->have_last = false;
    cl->answered = false;
    cl->told = false;
}

/* Enough games: goodbye, without answering what is pending. */
static bool enough(client *cl)
{
    return cl->cfg->max_games > 0 && cl->st->games >= cl->cfg->max_games;
}

static void leave(client *cl)
{
    send_line(cl, "goodbye");
    cl->goodbye = true;
    cl->left = true;
    cl->pending = false;
    if (cl->turn)
        cl->turn->open = false;
}

/* A state request arrived: the same game, or the start of another. */
static void on_state(client *cl, uint64_t id, const kalah_rules *r, const kalah_pos *p)
{
    request q = {.id = id, .rules = *r, .pos = *p, .at = kalah_now()};
    bool same_game = cl->in_game && cl->have_last;
    if (same_game) {
        same_game = cl->last.rules.pits == r->pits && cl->last.rules.stones == r->stones;
        if (same_game) {
            q.paths = kgp_trace(r, &cl->last.pos, p, &q.path, 1, 0);
            if (q.paths < 0) /* undecided: stores that shrank tell a new game */
                same_game = cl->last.pos.store[0] <= p->store[0] &&
                            cl->last.pos.store[1] <= p->store[1];
            else
                same_game = q.paths > 0;
        }
    }
    if (!same_game && cl->in_game && cl->have_last) {
        end_game(cl);
        if (enough(cl)) {
            leave(cl);
            return;
        }
    }
    if (!cl->in_game)
        begin_game(cl);
    q.game = cl->game_no;
    q.first = !cl->have_last;
    if (q.first) {
        /* Not the start: the opponent moved first (the start as the
         * receiver sees it, with the other side to move). */
        kalah_pos start = kalah_start(r);
        start.to_move = KALAH_NORTH;
        q.paths = kgp_trace(r, &start, p, &q.path, 1, 0);
        if (q.paths < 0)
            q.paths = 0;
    }
    cl->last = q;
    cl->have_last = true;
    cl->answered = false;
    cl->last_pit = 0;
    cl->req = q;
    cl->pending = true;
}

/* The server refused a line of the last turn: the turn is sent again while
 * the server has not stopped it (at most KGP_RESENDS times). */
static void on_refusal(client *cl, uint64_t ref)
{
    if (!cl->turn_state || ref < cl->turn_first || ref >= cl->next_line || ref % 2 == 0)
        return;
    cl->st->refused++;
    cl->cur.refused++;
    if (cl->turn_stopped || cl->turn_tries >= KGP_RESENDS || cl->turn_pit == 0)
        return;
    cl->turn_tries++;
    cl->st->resent++;
    char note[96];
    snprintf(note, sizeof note, "the server refused a line of this turn: move %d sent again",
             cl->turn_pit);
    tell(cl, KGP_CL_NOTE, note);
    send_turn_line(cl, cl->turn_state, cl->turn_pit);
    if (cl->turn_yielded)
        send_turn_line(cl, cl->turn_state, 0);
}

static void on_hello(client *cl, const kgp_msg *m, const char *text)
{
    if (strcmp(m->name, "kgp") != 0 || m->argc != 3 || m->argv[0].type != KGP_INT ||
        m->argv[1].type != KGP_INT || m->argv[2].type != KGP_INT || m->argv[0].integer < 0 ||
        m->argv[1].integer < 0 || m->argv[2].integer < 0) {
        fail(cl, KALAH_EINVAL, "the server did not start with 'kgp MAJOR MINOR PATCH'");
        return;
    }
    long long major = m->argv[0].integer, minor = m->argv[1].integer,
              patch = m->argv[2].integer;
    if (major != 1) {
        fail(cl, KALAH_EINVAL, "the server speaks KGP %lld.%lld.%lld, this client KGP 1",
             major, minor, patch);
        return;
    }
    cl->st->minor = minor > 1000 ? 1000 : (int)minor;
    cl->st->patch = patch > 1000 ? 1000 : (int)patch;
    /* 1.0.x and 1.1.x (whose draft adds a mode this client does not ask
     * for) are what this client knows; a later minor version may add what
     * it cannot use, which is worth a note but no reason to leave. */
    if (minor > 1) {
        char note[192];
        snprintf(note, sizeof note,
                 "the server speaks KGP 1.%lld.%lld, newer than the 1.0 and 1.1 this client "
                 "knows; playing freeplay as 1.0.1 has it", minor, patch);
        tell(cl, KGP_CL_NOTE, note);
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
}

static void on_set(client *cl, const kgp_msg *m)
{
    const char *opt = m->argv[0].text;
    const kgp_arg *v = &m->argv[1];
    if (strcmp(opt, "info:comment") == 0) {
        tell(cl, KGP_CL_COMMENT, v->text);
    } else if (strcmp(opt, "time:clock") == 0 && (v->type == KGP_INT || v->type == KGP_REAL)) {
        cl->clock = v->real;
    } else if (strcmp(opt, "game:id") == 0) {
        bool other = !cl->have_id || strcmp(cl->game_id, v->text) != 0;
        snprintf(cl->game_id, sizeof cl->game_id, "%s", v->text);
        cl->have_id = true;
        if (other && cl->in_game && cl->have_last) {
            end_game(cl);
            if (enough(cl))
                leave(cl);
        }
    } else if (strcmp(opt, "game:margin") == 0 && v->type == KGP_INT &&
               v->integer >= -KALAH_MAX_TOTAL && v->integer <= KALAH_MAX_TOTAL) {
        cl->st->has_result = true;
        cl->st->margin = (int)v->integer;
        tell(cl, KGP_CL_RESULT, v->text);
        if (cl->in_game) {
            cl->told = true;
            cl->told_margin = (int)v->integer;
            end_game(cl);
            if (enough(cl))
                leave(cl);
        }
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
        on_hello(cl, m, text);
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
        kalah_rules r;
        kalah_pos p;
        if (kgp_board_parse(m->argv[0].text, &r, &p, &err) != KALAH_OK) {
            char q[240];
            kgp_quote(err.message, q, sizeof q);
            if (m->has_id)
                send_line(cl, "@%llu error %s", (unsigned long long)m->id, q);
            tell(cl, KGP_CL_IGNORED, err.message);
            return;
        }
        on_state(cl, m->has_id ? m->id : 0, &r, &p);
    } else if (strcmp(name, "stop") == 0) {
        if (cl->turn_state && (!m->has_ref || m->ref == cl->turn_state))
            cl->turn_stopped = true;
        if (cl->turn && cl->turn->open && (!m->has_ref || m->ref == cl->turn->id)) {
            cl->turn->open = false;
            cl->st->stops++;
            tell(cl, KGP_CL_STOP, text);
        } else if (cl->pending && (!m->has_ref || m->ref == cl->req.id)) {
            cl->pending = false; /* stopped before the brain saw it */
            cl->st->stops++;
            tell(cl, KGP_CL_STOP, text);
        }
        /* The last game wanted is over for sure: no need to wait for the
         * next one to start (a server that names its games says when one
         * ends, and is waited for). */
        if (!cl->turn && !cl->pending && cl->in_game && !cl->have_id &&
            cl->cfg->max_games > 0 && cl->st->games + 1 >= cl->cfg->max_games &&
            surely_ended(cl)) {
            end_game(cl);
            leave(cl);
        }
    } else if (strcmp(name, "ping") == 0) {
        /* The reference server pings the players it has put back in its
         * queue, after their game: with the last game wanted done and no
         * turn waiting, that is the moment to leave. */
        if (!cl->turn && !cl->pending && cl->in_game && cl->turn_stopped &&
            cl->cfg->max_games > 0 && cl->st->games + 1 >= cl->cfg->max_games &&
            can_have_ended(cl)) {
            end_game(cl);
            leave(cl);
            return;
        }
        if (m->has_id)
            send_line(cl, "@%llu pong", (unsigned long long)m->id);
        else
            send_line(cl, "pong");
    } else if (strcmp(name, "set") == 0 && m->argc == 2) {
        on_set(cl, m);
    } else if (strcmp(name, "error") == 0) {
        tell(cl, KGP_CL_ERROR, m->argc > 0 ? m->argv[0].text : "");
        if (m->has_ref)
            on_refusal(cl, m->ref);
    } else if (strcmp(name, "goodbye") == 0) {
        cl->goodbye = true;
        if (cl->turn)
            cl->turn->open = false;
    } else if (strcmp(name, "ok") && strcmp(name, "pong") && strcmp(name, "init") &&
               strcmp(name, "set")) {
        tell(cl, KGP_CL_IGNORED, text);
    }
}

/* Whether the server may end the connection here without it being a
 * failure: between turns, after a game, where that game can have ended. */
static bool may_close_here(client *cl)
{
    if (cl->turn || cl->pending)
        return false;
    if (cl->in_game)
        return cl->have_last && cl->answered && can_have_ended(cl);
    return cl->st->games > 0;
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
        if (may_close_here(cl)) {
            end_game(cl);
            cl->goodbye = true; /* a normal end (docs/network.md) */
            return;
        }
        fail(cl, KALAH_EINVAL, "the server closed the connection without a goodbye%s",
             cl->in_game ? " in the middle of a game" : "");
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
    send_turn_line(t->cl, t->id, pit);
    t->cl->turn_pit = pit;
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

int kgp_turn_game(const kgp_turn *t) { return t->req->game; }

bool kgp_turn_first(const kgp_turn *t) { return t->req->first; }

int kgp_turn_path(const kgp_turn *t, kgp_path *out)
{
    if (t->req->paths > 0 && out)
        *out = t->req->path;
    return t->req->paths;
}

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
    request q = cl->req;
    kgp_turn t = {.cl = cl, .req = &q, .id = q.id, .open = true, .clock = cl->clock};
    cl->turn = &t;
    cl->turn_state = q.id ? q.id : 1; /* a turn without id: refusals still count */
    cl->turn_first = cl->next_line;
    cl->turn_pit = 0;
    cl->turn_yielded = cl->turn_stopped = false;
    cl->turn_tries = 0;
    cl->st->states++;
    cl->cur.states++;
    cl->brain->think(cl->brain->ctx, &t, &q.rules, &q.pos);
    if (t.open && !cl->failed && !cl->left) {
        /* The last move before the yield is the one that counts: it goes
         * again, late enough for a server that was not ready for the
         * first. */
        double ready = q.at + cl->cfg->settle;
        while (t.open && !cl->failed && kalah_now() < ready)
            kgp_turn_open(&t, (int)((ready - kalah_now()) * 1000) + 1);
        if (t.open && !cl->failed && !cl->left) {
            if (cl->turn_pit > 0)
                send_turn_line(cl, q.id, cl->turn_pit);
            send_turn_line(cl, q.id, 0);
            cl->turn_yielded = true;
        }
    }
    cl->turn = NULL;
    if (cl->have_last && cl->last.id == q.id && cl->last.game == q.game) {
        cl->answered = true;
        cl->last_pit = cl->turn_pit;
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
    cl->next_line = 1;
    while (!cl->failed && !cl->goodbye) {
        if (cl->pending) {
            answer_state(cl);
            continue;
        }
        pump(cl, 100);
        if (c->idle_timeout > 0 && kalah_now() - cl->heard > c->idle_timeout) {
            /* Silence after a game that can have ended (the reference
             * server may drop a player from its queue): the game is over,
             * and the run too when it was the last one wanted. */
            if (may_close_here(cl) && cl->in_game) {
                end_game(cl);
                if (enough(cl)) {
                    leave(cl);
                    break;
                }
            }
            fail(cl, KALAH_EINVAL, "the server said nothing for %.0f s", c->idle_timeout);
        }
    }
    kalah_status result = KALAH_OK;
    if (cl->goodbye) {
        if (!cl->left && cl->in_game && (cl->told || may_close_here(cl)))
            end_game(cl);
        cl->st->finished = cl->st->games > 0;
        cl->st->unfinished = cl->in_game && !cl->left;
        shutdown(fd, SHUT_WR);
    } else {
        cl->st->unfinished = cl->in_game;
        result = kalah_fail(err, cl->why.code, 0, "%s", cl->why.message);
    }
    close(fd);
    free(cl);
    return result;
}
