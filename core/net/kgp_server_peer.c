/* The lines a peer sends to the KGP server (kgp_server_internal.h). */
#include "kgp_server_internal.h"

#include <stdio.h>
#include <string.h>

/* Answers a peer's line with `error`, referencing its id when it had one. */
static void send_error(kgp_srv *s, kgp_conn *c, const kgp_msg *m, const char *why)
{
    char q[256];
    kgp_quote(why, q, sizeof q);
    if (m && m->has_id)
        kgp_conn_send(c, "@%llu error %s", (unsigned long long)m->id, q);
    else
        kgp_conn_send(c, "error %s", q);
    s->st->protocol_errors++;
}

/* send_error, counted against the peer: KGP_MAX_ERRORS of them end the
 * connection, so a confused or hostile client cannot talk forever. */
static void protocol_error(kgp_srv *s, kgp_conn *c, const kgp_msg *m, const char *why)
{
    send_error(s, c, m, why);
    if (++c->errors >= KGP_MAX_ERRORS)
        kgp_srv_drop(s, c, "too many protocol errors", true);
}

/* `move PIT` or `yield` (yield true). A move answers the open state
 * request of the peer's turn and is only noted (g->best): the turn ends at
 * `yield` or at the deadline, with the last legal move the peer sent. The
 * server's ids are even, so a reference to an even id below next_id is an
 * answer to a request already stopped. */
static void on_move(kgp_srv *s, kgp_conn *c, const kgp_msg *m, bool yield)
{
    kgp_srv_game *g = c->state == KGP_C_GAME ? &s->games[c->game] : NULL;
    bool mine = g && g->turn_open && kalah_game_pos(&g->g)->to_move == c->side;
    if (m->has_ref && (!mine || m->ref != g->state_id)) {
        /* Answers to an earlier request come after its stop: ignored. */
        if (m->ref >= 2 && m->ref < c->next_id && m->ref % 2 == 0)
            return;
        protocol_error(s, c, m, "no such state request");
        return;
    }
    if (!mine) {
        /* Without a reference, a move out of turn is taken for a late answer
         * to a stopped request: ignored, as the protocol asks. */
        if (c->state != KGP_C_GAME)
            protocol_error(s, c, m, "not in a game");
        return;
    }
    if (yield) {
        if (m->argc != 0)
            protocol_error(s, c, m, "yield takes no arguments");
        else
            kgp_srv_end_turn(s, g, false);
        return;
    }
    if (m->argc != 1 || m->argv[0].type != KGP_INT) {
        protocol_error(s, c, m, "move takes one integer, a pit number");
        return;
    }
    long long pit = m->argv[0].integer;
    const kalah_pos *p = kalah_game_pos(&g->g);
    if (pit < 1 || pit > g->g.rules.pits || p->pit[p->to_move][pit - 1] == 0) {
        char why[96];
        snprintf(why, sizeof why, "illegal move %lld: pit %s", pit,
                 pit < 1 || pit > g->g.rules.pits ? "out of range" : "empty");
        protocol_error(s, c, m, why);
        return;
    }
    g->best = (int)pit;
}

/* `set OPTION VALUE`: only the peer's name counts, and not during a game
 * (the opponent was told the name it had). */
static void on_set(kgp_srv *s, kgp_conn *c, const kgp_msg *m)
{
    if (m->argc != 2) {
        protocol_error(s, c, m, "set takes an option and a value");
        return;
    }
    if (strcmp(m->argv[0].text, "info:name") == 0 && c->state != KGP_C_GAME)
        kgp_clean_name(m->argv[1].text, c->name);
    /* Other options are hints; unknown ones are ignored, as the protocol asks. */
}

/* Every line costs a token of the flood bucket (kgp_conn_spend) before it
 * is parsed; a peer past the rate is dropped. */
void kgp_srv_on_line(void *ctx, kgp_conn *c, char *text, size_t len)
{
    kgp_srv *s = ctx;
    if (c->state == KGP_C_CLOSING)
        return;
    double now = kalah_now();
    s->st->lines_in++;
    c->heard = now;
    if (!kgp_conn_spend(c, now)) {
        kgp_srv_drop(s, c, "flooding: more than 200 lines a second", true);
        return;
    }
    if (!text) {
        protocol_error(s, c, NULL, "line longer than 16384 characters, ignored");
        return;
    }
    static _Thread_local kgp_msg m;
    kalah_error err;
    if (kgp_parse(text, len, &m, &err) != KALAH_OK) {
        char why[200];
        snprintf(why, sizeof why, "column %d: %s", err.pos, err.message);
        protocol_error(s, c, NULL, why);
        return;
    }
    if (strcmp(m.name, "mode") == 0) {
        if (c->mode_seen) {
            protocol_error(s, c, &m, "the mode was already chosen");
        } else if (m.argc != 1 || strcmp(m.argv[0].text, "freeplay") != 0) {
            kgp_srv_drop(s, c, "unsupported activity (this server plays freeplay)", false);
        } else {
            c->mode_seen = true;
            if (c->state == KGP_C_HELLO) {
                c->state = KGP_C_LOBBY;
                c->since = now;
            }
        }
    } else if (strcmp(m.name, "move") == 0 || strcmp(m.name, "yield") == 0) {
        if (!c->mode_seen)
            protocol_error(s, c, &m, "choose a mode first");
        else
            on_move(s, c, &m, m.name[0] == 'y');
    } else if (strcmp(m.name, "set") == 0) {
        on_set(s, c, &m);
    } else if (strcmp(m.name, "ping") == 0) {
        if (m.has_id)
            kgp_conn_send(c, "@%llu pong", (unsigned long long)m.id);
        else
            kgp_conn_send(c, "pong");
    } else if (strcmp(m.name, "pong") == 0) {
        c->ping_sent = 0;
    } else if (strcmp(m.name, "goodbye") == 0) {
        kgp_srv_event(s, KGP_EV_INFO, "connection %d (%s) said goodbye", kgp_srv_slot(s, c),
                      c->name);
        kgp_srv_leave_game(s, c);
        kgp_conn_send(c, "goodbye");
        kgp_conn_close_soon(c, now);
    } else if (strcmp(m.name, "ok") == 0 || strcmp(m.name, "error") == 0) {
        /* A peer's opinion of our lines; nothing to do. */
    } else {
        char why[80];
        snprintf(why, sizeof why, "unknown command '%s'", m.name);
        protocol_error(s, c, &m, why);
    }
}
