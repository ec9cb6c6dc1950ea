/*
 * The KGP server's loop (kgp_server_internal.h): one thread runs poll()
 * over every connection and the listening socket; the server's own player
 * is a KGP client in a thread of its own, on the far end of a socket pair,
 * so it passes the same checks as any client.
 */
#include "kgp_server_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

kgp_server_config kgp_server_defaults(void)
{
    kgp_server_config c;
    memset(&c, 0, sizeof c);
    c.listen_fd = -1;
    c.record_fd = -1;
    c.rules = kgp_rules(6, 6);
    c.timeout = 5;
    c.hello_timeout = 10;
    c.pair_wait = 2;
    kalah_level("hard", 2, &c.engine, NULL);
    snprintf(c.engine_name, sizeof c.engine_name, "kalah61-hard");
    c.seed = 1;
    return c;
}

/* Accepts every connection waiting: a free network slot each, or `error`
 * and `goodbye` when the server is full or stopping. */
static void accept_all(kgp_srv *s, double now)
{
    for (;;) {
        int fd = accept(s->cfg->listen_fd, NULL, NULL);
        if (fd < 0) {
            /* Out of descriptors, the connection waits in the backlog; a
             * pause keeps poll from reporting it in a busy loop. */
            if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
                s->accept_paused = now + 0.1;
                kgp_srv_event(s, KGP_EV_PROBLEM, "cannot accept a connection: %s", strerror(errno));
            }
            return;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        int slot = 0;
        while (slot < s->nnet && s->conns[slot].state != KGP_C_FREE)
            slot++;
        if (slot == s->nnet || s->stopping) {
            static const char full[] = "error \"the server is full\"\ngoodbye\n";
            if (send(fd, full, sizeof full - 1, MSG_NOSIGNAL) < 0) {
                /* Nothing more to say to it. */
            }
            close(fd);
            s->st->refused++;
            continue;
        }
        kgp_conn *c = &s->conns[slot];
        kgp_conn_open(c, fd, false, now);
        kgp_conn_send(c, "kgp %s", KGP_VERSION);
        s->st->connections++;
        kgp_srv_event(s, KGP_EV_INFO, "connection %d opened", slot);
    }
}

/* Pairs lobby connections in arrival order; a lone one that waited long
 * enough gets the engine. */
static void pair(kgp_srv *s, double now)
{
    for (;;) {
        int first = -1, second = -1;
        for (int i = 0; i < s->nnet; i++) {
            kgp_conn *c = &s->conns[i];
            if (c->state != KGP_C_LOBBY)
                continue;
            if (first < 0 || c->since < s->conns[first].since) {
                second = first;
                first = i;
            } else if (second < 0 || c->since < s->conns[second].since) {
                second = i;
            }
        }
        if (second >= 0) {
            kgp_srv_new_game(s, first, second, NULL);
            continue;
        }
        if (first >= 0 && s->cfg->pair_wait >= 0 &&
            now - s->conns[first].since >= s->cfg->pair_wait)
            kgp_srv_start_engine_game(s, first);
        return;
    }
}

/* Reads what c sent, each line answered (kgp_srv_on_line); a peer gone is
 * a player gone. */
static void serve_conn(kgp_srv *s, kgp_conn *c, short revents)
{
    if (c->state == KGP_C_FREE)
        return;
    if (revents & (POLLIN | POLLHUP | POLLERR)) {
        if (!kgp_conn_read(c, kgp_srv_on_line, s)) {
            if (c->state == KGP_C_CLOSING) {
                kgp_conn_flush(c); /* the goodbye, if the peer still reads */
                kgp_conn_free(c);
                return;
            }
            if (c->state != KGP_C_FREE) {
                kgp_srv_event(s, KGP_EV_PROBLEM, "connection %d (%s) lost", kgp_srv_slot(s, c),
                              c->name);
                kgp_srv_leave_game(s, c);
                kgp_conn_free(c);
            }
            return;
        }
    }
}

/* A lobby connection silent this long is pinged, and dropped when it has
 * not answered this long after; the seconds to say `mode` when the
 * configuration leaves it 0. */
enum { LOBBY_PING_S = 10, LOBBY_PONG_S = 10, HELLO_S = 10 };

/* Timeouts of every kind; returns the time of the next one (a tenth of a
 * second away at most, for the lobby's timers). */
static double check_timers(kgp_srv *s, double now)
{
    double next = now + 0.1;
    for (int k = 0; k < s->ngames; k++) {
        kgp_srv_game *g = &s->games[k];
        if (!g->used || !g->turn_open)
            continue;
        if (now >= g->deadline) {
            /* What arrived before the deadline counts, even when the loop
             * was late to read it. */
            uint64_t id = g->state_id;
            int seat = g->seat[kalah_game_pos(&g->g)->to_move];
            if (seat >= 0)
                serve_conn(s, &s->conns[seat], POLLIN);
            if (g->used && g->turn_open && g->state_id == id)
                kgp_srv_end_turn(s, g, true);
        }
        else if (g->deadline < next)
            next = g->deadline;
    }
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        double hello = s->cfg->hello_timeout > 0 ? s->cfg->hello_timeout : HELLO_S;
        if (c->state == KGP_C_HELLO && !c->engine && now - c->since > hello)
            kgp_srv_drop(s, c, "no `mode` in time", true);
        else if (c->state == KGP_C_LOBBY && !c->ping_sent && now - c->heard > LOBBY_PING_S) {
            kgp_conn_send(c, "ping");
            c->ping_sent = now;
        } else if (c->state == KGP_C_LOBBY && c->ping_sent && now - c->ping_sent > LOBBY_PONG_S)
            kgp_srv_drop(s, c, "no `pong` to a ping", true);
        else if (c->state == KGP_C_CLOSING && now > c->close_by)
            kgp_conn_free(c);
    }
    return next;
}

/* Joins the engine threads whose games are over and whose clients have
 * ended (all: every one, waiting for it). */
static void join_engines(kgp_srv *s, bool all)
{
    for (int k = 0; k < s->ndone;) {
        kgp_srv_engine *run = s->done_runs[k];
        if (!all && !atomic_load(&run->done)) {
            k++;
            continue;
        }
        pthread_join(run->thread, NULL);
        free(run);
        s->engines_busy--;
        s->done_runs[k] = s->done_runs[--s->ndone];
    }
}

/* Sends what every connection has queued; a peer that does not read (its
 * queue past KGP_OUT_MAX) or is gone loses its seat; a closing one that
 * has been told everything gets its writing side shut. */
static void flush_all(kgp_srv *s)
{
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        if (c->state == KGP_C_FREE)
            continue;
        if (c->out_overflow) {
            kgp_srv_event(s, KGP_EV_PROBLEM, "connection %d (%s) does not read: dropped", i,
                          c->name);
            s->st->kicked++;
            kgp_srv_leave_game(s, c);
            kgp_conn_free(c);
            continue;
        }
        if (!kgp_conn_flush(c)) {
            if (c->state != KGP_C_CLOSING) {
                kgp_srv_event(s, KGP_EV_PROBLEM, "connection %d (%s) lost", i, c->name);
                kgp_srv_leave_game(s, c);
            }
            kgp_conn_free(c);
            continue;
        }
        if (c->state == KGP_C_CLOSING && c->out_len == 0)
            shutdown(c->fd, SHUT_WR);
    }
}

/* The stop asked (cfg->stop, or --games reached): every peer is told and
 * let go; the games are dropped unrecorded. */
static void begin_stop(kgp_srv *s, double now)
{
    s->stopping = true;
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        if (c->state == KGP_C_FREE || c->state == KGP_C_CLOSING)
            continue;
        if (c->state == KGP_C_GAME && c->game >= 0 && s->games[c->game].used) {
            kgp_srv_game *g = &s->games[c->game];
            g->seat[c->side] = -1;
            if (g->engine) {
                s->done_runs[s->ndone++] = g->engine;
                g->engine = NULL;
            }
        }
        c->game = -1;
        kgp_conn_send(c, "error \"the server is shutting down\"");
        kgp_conn_send(c, "goodbye");
        kgp_conn_close_soon(c, now);
    }
    for (int k = 0; k < s->ngames; k++)
        if (s->games[k].used) {
            kalah_game_free(&s->games[k].g);
            s->games[k].used = false;
        }
}

static bool any_open(const kgp_srv *s)
{
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i].state != KGP_C_FREE)
            return true;
    return false;
}

/* Waits (until next at most, and 100 ms) for the listening socket and
 * every connection, and serves what is ready. False when poll fails. */
static bool wait_and_serve(kgp_srv *s, double now, double next)
{
    int n = 0;
    if (!s->stopping && now >= s->accept_paused) {
        s->pfd[n].fd = s->cfg->listen_fd;
        s->pfd[n].events = POLLIN;
        s->pfd_conn[n++] = -1;
    }
    for (int i = 0; i < s->nconns; i++) {
        kgp_conn *c = &s->conns[i];
        if (c->state == KGP_C_FREE)
            continue;
        s->pfd[n].fd = c->fd;
        s->pfd[n].events = (short)(POLLIN | (c->out_len ? POLLOUT : 0));
        s->pfd_conn[n++] = i;
    }
    int wait = (int)((next - kalah_now()) * 1000) + 1;
    if (wait < 0)
        wait = 0;
    if (wait > 100)
        wait = 100;
    int ready = poll(s->pfd, (nfds_t)n, wait);
    if (ready < 0)
        return errno == EINTR;
    now = kalah_now();
    for (int k = 0; ready > 0 && k < n; k++) {
        if (!s->pfd[k].revents)
            continue;
        if (s->pfd_conn[k] < 0) {
            if (s->pfd[k].revents & POLLIN)
                accept_all(s, now);
            continue;
        }
        /* A slot freed and reused during this pass holds another socket. */
        kgp_conn *c = &s->conns[s->pfd_conn[k]];
        if (c->state != KGP_C_FREE && c->fd == s->pfd[k].fd)
            serve_conn(s, c, s->pfd[k].revents);
    }
    return true;
}

/* Frees what the run holds: connections, games, engine threads. */
static void release(kgp_srv *s)
{
    if (s->conns) {
        for (int i = 0; i < s->nconns; i++)
            if (s->conns[i].state != KGP_C_FREE || s->conns[i].out)
                kgp_conn_free(&s->conns[i]);
    }
    if (s->games)
        for (int k = 0; k < s->ngames; k++)
            if (s->games[k].used) {
                if (s->games[k].engine)
                    s->done_runs[s->ndone++] = s->games[k].engine;
                kalah_game_free(&s->games[k].g);
            }
    if (s->done_runs)
        join_engines(s, true);
    free(s->conns);
    free(s->games);
    free(s->done_runs);
    free(s->pfd);
    free(s->pfd_conn);
}

kalah_status kgp_server_run(const kgp_server_config *cfg, kgp_server_stats *stats,
                            kalah_error *err)
{
    kgp_srv s;
    memset(&s, 0, sizeof s);
    kgp_server_stats local;
    memset(&local, 0, sizeof local);
    s.cfg = cfg;
    s.st = stats ? stats : &local;
    memset(s.st, 0, sizeof *s.st);
    s.nnet = cfg->max_clients > 0 ? cfg->max_clients : 256;
    int engines = s.engines = cfg->engine_threads > 0 ? cfg->engine_threads : 64;
    s.nconns = s.nnet + engines;
    s.ngames = s.nconns; /* a game keeps its slot while one player remains */
    s.rng = kalah_rng_seed(cfg->seed ? cfg->seed : 1);
    s.next_game = cfg->first_game > 0 ? cfg->first_game - 1 : 0;
    s.conns = calloc((size_t)s.nconns, sizeof *s.conns);
    s.games = calloc((size_t)s.ngames, sizeof *s.games);
    s.done_runs = calloc((size_t)engines + 1, sizeof *s.done_runs);
    s.pfd = calloc((size_t)s.nconns + 1, sizeof *s.pfd);
    s.pfd_conn = calloc((size_t)s.nconns + 1, sizeof *s.pfd_conn);
    kalah_status result = KALAH_OK;
    double t0 = kalah_now();
    if (!s.conns || !s.games || !s.done_runs || !s.pfd || !s.pfd_conn) {
        result = kalah_fail(err, KALAH_ENOMEM, 0, "out of memory for %d connections", s.nconns);
        release(&s);
        s.st->seconds = kalah_now() - t0;
        return result;
    }
    for (int i = 0; i < s.nconns; i++)
        s.conns[i].fd = -1;
    fcntl(cfg->listen_fd, F_SETFL, fcntl(cfg->listen_fd, F_GETFL) | O_NONBLOCK);
    for (;;) {
        double now = kalah_now();
        bool stop_now = (cfg->stop && *cfg->stop) ||
                        (cfg->max_games > 0 && s.st->games_finished >= (uint64_t)cfg->max_games);
        if (stop_now && !s.stopping)
            begin_stop(&s, now);
        if (s.stopping && !any_open(&s))
            break;
        if (!s.stopping)
            pair(&s, now);
        double next = check_timers(&s, now);
        join_engines(&s, false);
        flush_all(&s);
        if (!wait_and_serve(&s, now, next)) {
            result = kalah_fail(err, KALAH_EINVAL, 0, "poll failed: %s", strerror(errno));
            break;
        }
    }
    release(&s);
    s.st->seconds = kalah_now() - t0;
    return result;
}
