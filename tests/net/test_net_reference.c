/* test_net: the client against a scripted server that behaves like the
 * protocol's reference server (docs/network.md, "The reference server"):
 * every line has an id and ends in CRLF, `mode` is answered with `ok`, one
 * connection carries game after game with nothing said between them but a
 * ping, a turn with one legal move is played without asking, the first move
 * of every turn is refused ("No state associated with id"), and the server
 * closes without a goodbye. The scripted server plays the client's opponent
 * with the core and checks every move the client makes against the core's
 * own choice. */
#define _POSIX_C_SOURCE 200809L
#include "net_tests.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

enum { REF_GAMES = 3 };

typedef struct ref_game {
    kalah_rules rules;
    int client_side;
    int turns;         /* state requests sent */
    int own_moves;     /* turns that ended with a move of the client's */
    int random_moves;  /* turns the server had to decide */
    int not_core;      /* moves that differ from the core's choice */
    int margin;        /* the final margin from the client's side */
    bool played;
} ref_game;

typedef struct ref_server {
    int lfd, port;
    int games;                 /* offered */
    const char *client_player; /* what the client plays, for the core's choice */
    pthread_t thread;
    ref_game g[REF_GAMES];
    int refusals;
    double silent;             /* after the games: seconds of silence
                                  before the close */
    bool goodbye;              /* the client said goodbye */
    int goodbye_before;        /* ... before this game (0: never) */
    char fail[160];
} ref_server;

static uint64_t next_id(uint64_t *id)
{
    *id += 2;
    return *id;
}

static void say(raw *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(raw *r, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line - 2, fmt, ap);
    va_end(ap);
    strcat(line, "\r\n");
    raw_send(r, line);
}

/* One turn of the client: state, the refused first move, lines up to the
 * yield, stop. Returns the pit the server plays, or 0 when the client said
 * goodbye. */
static int client_turn(ref_server *s, raw *r, uint64_t *id, const kalah_rules *rules,
                       const kalah_pos *p, ref_game *g, kalah_rng *rng)
{
    char board[KALAH_TEXT_MAX], line[1024];
    kgp_board_format(rules, p, board, sizeof board);
    uint64_t sid = next_id(id);
    say(r, "%llu state %s", (unsigned long long)sid, board);
    g->turns++;
    bool refused = false;
    int chosen = 0;
    static kgp_msg m;
    while (raw_line(r, line, sizeof line, 10)) {
        if (kgp_parse(line, strlen(line), &m, NULL) != KALAH_OK)
            continue;
        if (strcmp(m.name, "goodbye") == 0)
            return 0;
        bool this_turn = m.has_ref && m.ref == sid;
        if (strcmp(m.name, "move") == 0 && this_turn) {
            if (!refused) {
                refused = true;
                s->refusals++;
                if (m.has_id)
                    say(r, "%llu@%llu error \"No state associated with id\"",
                        (unsigned long long)next_id(id), (unsigned long long)m.id);
                else
                    say(r, "%llu error \"No state associated with id\"",
                        (unsigned long long)next_id(id));
            } else if (m.argc == 1 && m.argv[0].type == KGP_INT) {
                chosen = (int)m.argv[0].integer;
            }
        } else if (strcmp(m.name, "yield") == 0 && this_turn) {
            break;
        }
        /* Lines about earlier turns are dropped, as the reference does. */
    }
    say(r, "%llu@%llu stop", (unsigned long long)next_id(id), (unsigned long long)sid);
    int moves[KALAH_MAX_PITS], n = kalah_moves(rules, p, moves);
    bool legal = false;
    for (int k = 0; k < n; k++)
        legal |= moves[k] == chosen;
    if (!legal) {
        g->random_moves++;
        return moves[kalah_rng_below(rng, n)];
    }
    g->own_moves++;
    kalah_player pl;
    kalah_player_parse(s->client_player, 2, &pl, NULL);
    kalah_result res;
    kalah_rng any = kalah_rng_seed(1);
    kalah_search(rules, p, &pl, &any, &res, NULL);
    g->not_core += res.move != chosen;
    return chosen;
}

/* The board as the side to move sees it (kgp_board_format's turn), as a
 * position with south to move. */
static kalah_pos as_mover(const kalah_pos *p)
{
    kalah_pos v = *p;
    if (p->to_move == KALAH_NORTH) {
        memcpy(v.pit[0], p->pit[1], sizeof v.pit[0]);
        memcpy(v.pit[1], p->pit[0], sizeof v.pit[1]);
        v.store[0] = p->store[1];
        v.store[1] = p->store[0];
        v.to_move = KALAH_SOUTH;
    }
    return v;
}

static void *ref_main(void *arg)
{
    ref_server *s = arg;
    raw r;
    r.fd = accept(s->lfd, NULL, NULL);
    r.len = 0;
    if (r.fd < 0) {
        snprintf(s->fail, sizeof s->fail, "accept failed");
        return NULL;
    }
    int one = 1; /* as the reference (Go) does: no waiting on small lines */
    setsockopt(r.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    uint64_t id = 0;
    char line[1024];
    say(&r, "%llu kgp 1 0 1", (unsigned long long)next_id(&id));
    while (raw_line(&r, line, sizeof line, 10) && !strstr(line, "mode freeplay"))
        ;
    say(&r, "%llu ok", (unsigned long long)next_id(&id));
    kalah_player opponent;
    kalah_player_parse("alphabeta:e2:1", 2, &opponent, NULL);
    kalah_rng rng = kalah_rng_seed(3);
    for (int gi = 0; gi < s->games && !s->goodbye; gi++) {
        ref_game *g = &s->g[gi];
        if (gi > 0) {
            /* Back in the queue: the scheduler's ping, and nothing else. */
            say(&r, "%llu ping", (unsigned long long)next_id(&id));
            while (raw_line(&r, line, sizeof line, 10) && !strstr(line, "pong") &&
                   !strstr(line, "goodbye"))
                ;
            if (strstr(line, "goodbye")) {
                s->goodbye = true;
                s->goodbye_before = gi + 1;
                break;
            }
        }
        kalah_pos p = kalah_start(&g->rules);
        while (!kalah_over(&g->rules, &p)) {
            int moves[KALAH_MAX_PITS], n = kalah_moves(&g->rules, &p, moves), pit;
            if (p.to_move != g->client_side) {
                kalah_result res;
                kalah_search(&g->rules, &p, &opponent, &rng, &res, NULL);
                pit = res.move;
            } else if (n == 1) {
                pit = moves[0]; /* the reference plays a lone move without asking */
            } else {
                kalah_pos view = as_mover(&p);
                pit = client_turn(s, &r, &id, &g->rules, &view, g, &rng);
                if (pit == 0) {
                    s->goodbye = true;
                    s->goodbye_before = gi + 1;
                    break;
                }
            }
            kalah_play(&g->rules, &p, pit, NULL, NULL);
        }
        if (s->goodbye)
            break;
        int m = kalah_margin(&g->rules, &p);
        g->margin = g->client_side == KALAH_SOUTH ? m : -m;
        g->played = true;
    }
    /* The end: silence, if asked, then the connection closes without a
     * goodbye. */
    double until = test_now() + s->silent;
    while (!s->goodbye && test_now() < until)
        if (raw_line(&r, line, sizeof line, until - test_now()) && strstr(line, "goodbye"))
            s->goodbye = true;
    close(r.fd);
    return NULL;
}

typedef struct ref_client {
    pthread_t thread;
    int port, max_games;
    double idle;
    kgp_engine engine;
    kgp_client_stats stats;
    kalah_status rc;
    kalah_error err;
    kgp_game_report reports[REF_GAMES + 1];
    int nreports;
} ref_client;

static void ref_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    ref_client *c = ctx;
    kgp_brain inner = kgp_engine_brain(&c->engine);
    inner.think(inner.ctx, t, r, p);
}

static void ref_game_over(void *ctx, const kgp_game_report *g)
{
    ref_client *c = ctx;
    if (c->nreports <= REF_GAMES)
        c->reports[c->nreports++] = *g;
}

static void *ref_client_main(void *arg)
{
    ref_client *c = arg;
    char address[32];
    int fd;
    snprintf(address, sizeof address, "127.0.0.1:%d", c->port);
    c->rc = kgp_connect(address, 5, &fd, &c->err);
    if (c->rc != KALAH_OK)
        return NULL;
    kgp_client_config cc = {.name = "kalah61", .idle_timeout = c->idle, .max_games = c->max_games,
                            .settle = 0.01};
    kgp_brain b = {.think = ref_think, .game_over = ref_game_over, .ctx = c};
    c->rc = kgp_client_run(fd, &cc, &b, &c->stats, &c->err);
    return NULL;
}

/* Kalah(10,10) with the client south, then north, then Kalah(12,12). */
static void ref_run(ref_server *s, ref_client *c, int max_games, int games, double silent,
                    double idle)
{
    memset(s, 0, sizeof *s);
    memset(c, 0, sizeof *c);
    ck_assert_int_eq(kgp_listen("127.0.0.1", 0, &s->lfd, &s->port, NULL), KALAH_OK);
    s->games = games;
    s->silent = silent;
    c->idle = idle;
    s->client_player = "alphabeta:e1:2";
    s->g[0] = (ref_game){.rules = kgp_rules(10, 10), .client_side = KALAH_SOUTH};
    s->g[1] = (ref_game){.rules = kgp_rules(10, 10), .client_side = KALAH_NORTH};
    s->g[2] = (ref_game){.rules = kgp_rules(12, 12), .client_side = KALAH_SOUTH};
    c->port = s->port;
    c->max_games = max_games;
    kalah_player_parse(s->client_player, 2, &c->engine.player, NULL);
    c->engine.rng = kalah_rng_seed(5);
    ck_assert_int_eq(pthread_create(&s->thread, NULL, ref_main, s), 0);
    ck_assert_int_eq(pthread_create(&c->thread, NULL, ref_client_main, c), 0);
    pthread_join(c->thread, NULL);
    pthread_join(s->thread, NULL);
    close(s->lfd);
    ck_assert_msg(!s->fail[0], "%s", s->fail);
}

static void ref_setup(ref_server *s, ref_client *c, int max_games)
{
    ref_run(s, c, max_games, REF_GAMES, 0, 30);
}

START_TEST(a_reference_like_server_plays_three_games_on_one_connection)
{
    ref_server s;
    ref_client c;
    ref_setup(&s, &c, 0);
    /* The close without goodbye, between turns after finished games, is a
     * normal end. */
    ck_assert_msg(c.rc == KALAH_OK, "%s", c.err.message);
    ck_assert(c.stats.finished && !c.stats.unfinished);
    ck_assert_int_eq(c.stats.games, REF_GAMES);
    ck_assert_int_eq(c.nreports, REF_GAMES);
    int turns = 0, known = 0;
    for (int k = 0; k < REF_GAMES; k++) {
        const ref_game *g = &s.g[k];
        const kgp_game_report *rep = &c.reports[k];
        ck_assert(g->played);
        /* Every turn ended with the client's own move, the core's move. */
        ck_assert_int_eq(g->random_moves, 0);
        ck_assert_int_eq(g->own_moves, g->turns);
        ck_assert_int_eq(g->not_core, 0);
        ck_assert_int_eq(rep->number, k + 1);
        ck_assert_int_eq(rep->rules.pits, g->rules.pits);
        ck_assert_int_eq(rep->rules.stones, g->rules.stones);
        ck_assert_int_eq(rep->states, g->turns);
        ck_assert_int_eq(rep->refused, g->turns);
        ck_assert(!rep->told);
        /* The result: the true margin, or a range that holds it. */
        ck_assert_msg(rep->lo <= g->margin && g->margin <= rep->hi,
                      "game %d: margin %d, reported %d..%d", k + 1, g->margin, rep->lo, rep->hi);
        if (rep->known)
            ck_assert_int_eq(rep->margin, g->margin);
        known += rep->known;
        turns += g->turns;
    }
    /* Every refusal was counted, and the turn sent again. */
    ck_assert_int_eq(s.refusals, turns);
    ck_assert_int_eq(c.stats.refused, turns);
    ck_assert_int_eq(c.stats.resent, turns);
    ck_assert_int_eq(c.stats.states, turns);
    printf("reference-like server: %d games (Kalah(10,10) twice, Kalah(12,12)) on one "
           "connection, %d turns, %d refused and sent again, %d results exact\n",
           REF_GAMES, turns, s.refusals, known);
}
END_TEST

START_TEST(games_n_counts_games_on_one_connection)
{
    /* Two games wanted of the three offered: the client leaves after the
     * second, before the third starts. */
    ref_server s;
    ref_client c;
    ref_setup(&s, &c, 2);
    ck_assert_msg(c.rc == KALAH_OK, "%s", c.err.message);
    ck_assert_int_eq(c.stats.games, 2);
    ck_assert_int_eq(c.nreports, 2);
    ck_assert(s.g[0].played && s.g[1].played && !s.g[2].played);
    ck_assert(s.goodbye);
    ck_assert_int_eq(s.g[2].turns, 0);
    for (int k = 0; k < 2; k++)
        ck_assert(c.reports[k].lo <= s.g[k].margin && s.g[k].margin <= c.reports[k].hi);
}
END_TEST

START_TEST(silence_after_the_last_game_ends_it)
{
    /* One game, then a server that says nothing more (the reference server
     * can drop a player from its queue). The client's idle timeout ends
     * the game where it can have ended: with one game wanted, a success;
     * with no limit, the game is reported and the silence is an error. */
    ref_server s;
    ref_client c;
    ref_run(&s, &c, 1, 1, 4, 1);
    ck_assert_msg(c.rc == KALAH_OK, "%s", c.err.message);
    ck_assert_int_eq(c.stats.games, 1);
    ck_assert(s.goodbye);
    ck_assert(c.reports[0].lo <= s.g[0].margin && s.g[0].margin <= c.reports[0].hi);
    ref_run(&s, &c, 0, 1, 2, 1);
    ck_assert_int_eq(c.rc, KALAH_EINVAL);
    ck_assert_msg(strstr(c.err.message, "said nothing"), "%s", c.err.message);
    ck_assert_int_eq(c.stats.games, 1);
    ck_assert(c.reports[0].lo <= s.g[0].margin && s.g[0].margin <= c.reports[0].hi);
}
END_TEST

Suite *reference_suite(void)
{
    Suite *s = suite_create("reference");
    TCase *tc = tcase_create("reference");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_reference_like_server_plays_three_games_on_one_connection);
    tcase_add_test(tc, games_n_counts_games_on_one_connection);
    tcase_add_test(tc, silence_after_the_last_game_ends_it);
    suite_add_tcase(s, tc);
    return s;
}
