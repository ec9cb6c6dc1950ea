/* test_net: whole games on loopback: two engine clients, a client against
 * the server's engine, timeouts, a player who leaves, and the protocol's
 * lines checked one by one. Recorded games are compared with the games the
 * core plays itself. */
#define _POSIX_C_SOURCE 200809L
#include "net_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

/* The recorded game must be the core's own game between the two players. */
static void expect_core_game(const kgp_record *rec, const char *south, const char *north)
{
    uint8_t moves[512];
    int n = core_game(&rec->game.rules, south, north, moves, 512);
    ck_assert_int_eq(rec->game.played, n);
    for (int k = 0; k < n; k++)
        ck_assert_msg(rec->game.moves[k] == moves[k], "move %d: recorded %d, the core plays %d",
                      k + 1, rec->game.moves[k], moves[k]);
}

/* The boards of the games below: a small one, and those of the reference
 * server's last tournament stages. */
static const int boards[][2] = {{6, 4}, {10, 10}, {12, 12}};
/* Boards of a client against the server's engine. */
static const int engine_boards[][2] = {{5, 3}, {10, 10}, {12, 12}};

START_TEST(two_engine_clients_play_the_cores_game)
{
    const int pits = boards[_i][0], stones = boards[_i][1];
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(pits, stones);
    cfg.pair_wait = -1;
    cfg.max_games = 1;
    test_server s;
    server_start(&s, &cfg);
    test_client a, b;
    a.gate = b.gate = NULL;
    client_start(&a, s.port, "ann", "alphabeta:e1:3", 0);
    ck_assert(server_wait_started(&s, 0, 1)); /* ann is first: south */
    test_sleep(0.1);
    client_start(&b, s.port, "bob", "alphabeta:e2:2", 0);
    client_join(&a);
    client_join(&b);
    ck_assert_int_eq(server_join(&s, 60), KALAH_OK);
    ck_assert_msg(a.rc == KALAH_OK && b.rc == KALAH_OK, "%s / %s", a.err.message, b.err.message);
    ck_assert(a.stats.has_result && b.stats.has_result);
    ck_assert_int_eq(a.stats.margin, -b.stats.margin);
    kgp_record rec[2];
    ck_assert_int_eq(records_read(s.record, rec, 2), 1);
    ck_assert_str_eq(rec[0].name[0], "ann");
    ck_assert_str_eq(rec[0].name[1], "bob");
    ck_assert_int_eq(rec[0].margin, a.stats.margin);
    ck_assert_int_eq(rec[0].defaults[0] + rec[0].defaults[1], 0);
    ck_assert(!rec[0].left[0] && !rec[0].left[1]);
    char rules[KALAH_TEXT_MAX], want[KALAH_TEXT_MAX];
    kalah_rules_format(&rec[0].game.rules, rules, sizeof rules);
    snprintf(want, sizeof want, "kalah-%d-%d+decided", pits, stones);
    ck_assert_str_eq(rules, want);
    expect_core_game(&rec[0], "alphabeta:e1:3", "alphabeta:e2:2");
    /* Each client answered exactly its own turns. */
    ck_assert_int_eq(a.stats.states + b.stats.states, rec[0].game.played);
    ck_assert_int_eq(a.stats.stops, 0);
    ck_assert_uint_eq(s.stats.protocol_errors, 0);
    printf("Kalah(%d,%d): two clients, %d moves, margin %+d\n", pits, stones,
           rec[0].game.played, rec[0].margin);
    records_done(&s, rec, 1);
}
END_TEST

START_TEST(a_lone_client_plays_the_servers_engine)
{
    const int pits = engine_boards[_i][0], stones = engine_boards[_i][1];
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(pits, stones);
    cfg.pair_wait = 0;
    cfg.max_games = 1;
    engine_config(&cfg, "alphabeta:e1:2");
    test_server s;
    server_start(&s, &cfg);
    test_client a;
    a.gate = NULL;
    client_start(&a, s.port, "ann", "level2", 0);
    client_join(&a);
    ck_assert_int_eq(server_join(&s, 60), KALAH_OK);
    ck_assert_msg(a.rc == KALAH_OK, "%s", a.err.message);
    kgp_record rec[1];
    ck_assert_int_eq(records_read(s.record, rec, 1), 1);
    ck_assert_str_eq(rec[0].name[0], "ann");
    ck_assert_str_eq(rec[0].name[1], "engine");
    ck_assert_int_eq(rec[0].margin, a.stats.margin);
    expect_core_game(&rec[0], "level2", "alphabeta:e1:2");
    ck_assert_uint_eq(s.stats.engine_games, 1);
    printf("Kalah(%d,%d): a client against the server's engine, %d moves, margin %+d\n", pits,
           stones, rec[0].game.played, rec[0].margin);
    records_done(&s, rec, 1);
}
END_TEST

START_TEST(a_silent_client_gets_default_moves_after_the_timeout)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(4, 2);
    cfg.pair_wait = 0;
    cfg.timeout = 0.05;
    cfg.max_games = 1;
    kalah_player_parse("first", 2, &cfg.engine, NULL);
    test_server s;
    server_start(&s, &cfg);
    raw r;
    ck_assert(raw_open(&r, s.port));
    char line[256];
    ck_assert(raw_line(&r, line, sizeof line, 5));
    ck_assert_str_eq(line, "kgp 1 0 1");
    ck_assert(raw_send(&r, "mode freeplay\n"));
    /* Every state is followed by its stop; the client never answers. */
    int states = 0, stops = 0, clocks = 0, scores[2] = {-1, -1}, margin = 999;
    unsigned long long open_id = 0;
    while (raw_line(&r, line, sizeof line, 10) && strcmp(line, "goodbye") != 0) {
        unsigned long long id, ref;
        clocks += strncmp(line, "set time:clock", 14) == 0;
        sscanf(line, "set info:comment \"game over: ? %d, kalah61-hard %d", &scores[0], &scores[1]);
        sscanf(line, "set game:margin %d", &margin);
        if (sscanf(line, "%llu state", &id) == 1 && strstr(line, " state <")) {
            states++;
            open_id = id;
        } else if (sscanf(line, "%llu@%llu stop", &id, &ref) == 2) {
            ck_assert_uint_eq(ref, open_id);
            ck_assert_uint_eq(id, open_id + 2);
            stops++;
        }
    }
    ck_assert_str_eq(line, "goodbye");
    raw_close(&r);
    ck_assert_int_eq(server_join(&s, 10), KALAH_OK);
    ck_assert_int_gt(states, 0);
    ck_assert_int_eq(stops, states);
    /* The clock is an integer of seconds (the specification's type), rounded
     * down: under a second there is none to send. */
    ck_assert_int_eq(clocks, 0);
    kgp_record rec[1];
    ck_assert_int_eq(records_read(s.record, rec, 1), 1);
    ck_assert_int_eq(rec[0].defaults[0], states);
    ck_assert_int_eq(rec[0].defaults[1], 0);
    /* The final scores (stores, plus own stones when a side is empty) make
     * the margin, and it is the recorded one. */
    ck_assert_int_eq(margin, rec[0].margin);
    ck_assert_int_ge(scores[0], 0);
    ck_assert_int_eq(scores[0] - scores[1], margin);
    const kalah_pos *end = kalah_game_pos(&rec[0].game);
    bool swept = kalah_side_stones(&rec[0].game.rules, end, 0) == 0 ||
                 kalah_side_stones(&rec[0].game.rules, end, 1) == 0;
    ck_assert_int_eq(scores[0], end->store[0] + (swept ? kalah_side_stones(&rec[0].game.rules, end, 0) : 0));
    ck_assert_uint_eq(s.stats.timeouts, (uint64_t)states);
    records_done(&s, rec, 1);
}
END_TEST

START_TEST(a_player_who_leaves_is_replaced_by_default_moves)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(6, 3);
    cfg.pair_wait = -1;
    cfg.max_games = 2;
    test_server s;
    server_start(&s, &cfg);
    raw r;
    ck_assert(raw_open(&r, s.port));
    char line[256];
    ck_assert(raw_send(&r, "mode freeplay\n"));
    test_sleep(0.1);
    test_client b;
    b.gate = NULL;
    client_start(&b, s.port, "bob", "alphabeta:e1:2", 0);
    /* Answer the first state, then vanish. */
    ck_assert(raw_until(&r, " state <", line, sizeof line, 5));
    unsigned long long id;
    ck_assert_int_eq(sscanf(line, "%llu", &id), 1);
    char answer[64];
    snprintf(answer, sizeof answer, "@%llu move 1\n@%llu yield\n", id, id);
    ck_assert(raw_send(&r, answer));
    ck_assert(raw_until(&r, "stop", line, sizeof line, 5));
    raw_close(&r);
    client_join(&b);
    ck_assert_msg(b.rc == KALAH_OK && b.stats.has_result, "%s", b.err.message);
    /* The server goes on: another pair plays a whole game. */
    test_client c, d;
    c.gate = d.gate = NULL;
    client_start(&c, s.port, "cy", "first", 0);
    client_start(&d, s.port, "di", "last", 0);
    client_join(&c);
    client_join(&d);
    ck_assert_int_eq(server_join(&s, 30), KALAH_OK);
    ck_assert(c.rc == KALAH_OK && d.rc == KALAH_OK);
    kgp_record rec[2];
    ck_assert_int_eq(records_read(s.record, rec, 2), 2);
    ck_assert(rec[0].left[0] && !rec[0].left[1]);
    ck_assert_int_eq(rec[0].game.moves[0], 1);
    int south_moves = 0;
    kalah_pos p = rec[0].game.start;
    for (int k = 0; k < rec[0].game.played; k++) {
        south_moves += p.to_move == KALAH_SOUTH;
        kalah_play(&rec[0].game.rules, &p, rec[0].game.moves[k], NULL, NULL);
    }
    ck_assert_int_eq(rec[0].defaults[0], south_moves - 1);
    ck_assert_int_eq(rec[0].margin, -b.stats.margin);
    ck_assert(!rec[1].left[0] && !rec[1].left[1]);
    ck_assert_uint_eq(s.stats.lost, 1);
    records_done(&s, rec, 2);
}
END_TEST

/* One turn of a conversation by hand: what is sent (NULL: nothing), then
 * the lines that must come back, in order (a line ending in '*' is a
 * prefix of the one that must come). */
typedef struct exchange {
    const char *send;
    const char *expect[8];
} exchange;

static void converse(raw *r, const exchange *x, int n)
{
    char line[512];
    for (int k = 0; k < n; k++) {
        if (x[k].send)
            ck_assert(raw_send(r, x[k].send));
        for (int e = 0; e < 8 && x[k].expect[e]; e++) {
            const char *want = x[k].expect[e];
            size_t len = strlen(want);
            ck_assert_msg(raw_line(r, line, sizeof line, 5), "nothing came; expected %s", want);
            if (len && want[len - 1] == '*')
                ck_assert_msg(strncmp(line, want, len - 1) == 0, "%s; expected %s", line, want);
            else
                ck_assert_str_eq(line, want);
        }
    }
}

/* A client by hand against the server's engine (it plays "first"), Kalah(6,6). */
static const exchange protocol[] = {
    {NULL, {"kgp 1 0 1"}},
    {"1 set info:name \"tester\"\n3 move 1\n", {"@3 error \"choose a mode first\""}},
    {"5 mode freeplay\n",
     {"set game:id \"1\"", "set game:opponent \"engine\"", "set time:mode relative",
      "set time:clock 5", "2 state <6,0,0,6,6,6,6,6,6,6,6,6,6,6,6>"}},
    {"7@2 move 9\n9@2 move 0\n11@31 move 1\n13 ping\n15 mode freeplay\n17 dance\n@2 move 2\n"
     "@2 move 1\n",
     {"@7 error \"illegal move 9: pit out of range\"",
      "@9 error \"illegal move 0: pit out of range\"", "@11 error \"no such state request\"",
      "@13 pong", "@15 error \"the mode was already chosen\"",
      "@17 error \"unknown command 'dance'\""}},
    /* Pit 1 of six stones ends in the store: an extra turn, so the next
     * state is ours again, after the stop. */
    {"@2 yield\n", {"4@2 stop", "set time:clock 5", "6 state <6,1,0,0,7,7,7,7,7,6,6,6,6,6,6>"}},
    /* A late answer to the stopped request is ignored without a word;
     * moves on our side's empty pit are refused. */
    {"@2 move 4\n19@6 move 1\n@6 move 6\n@6 yield\n",
     {"@19 error \"illegal move 1: pit empty\"", "8@6 stop"}},
};

START_TEST(the_protocol_line_by_line)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(6, 6);
    cfg.pair_wait = 0;
    cfg.max_games = 1;
    cfg.timeout = 5;
    engine_config(&cfg, "first");
    test_server s;
    server_start(&s, &cfg);
    raw r;
    ck_assert(raw_open(&r, s.port));
    converse(&r, protocol, (int)(sizeof protocol / sizeof protocol[0]));
    char line[512];
    /* A move without a reference after the stop is a late answer: ignored
     * without a word (the next line is the pong). */
    ck_assert(raw_send(&r, "move 2\n21 ping\n"));
    while (raw_line(&r, line, sizeof line, 5) && strcmp(line, "@21 pong") != 0)
        ck_assert_msg(strncmp(line, "error", 5) != 0 && strncmp(line, "@", 1) != 0, "%s", line);
    ck_assert_str_eq(line, "@21 pong");
    /* Leave: answered with a goodbye, no error; the engine finishes the
     * game against default moves. */
    ck_assert(raw_send(&r, "goodbye\n"));
    while (raw_line(&r, line, sizeof line, 5) && strcmp(line, "goodbye") != 0)
        ck_assert_msg(strncmp(line, "error", 5) != 0, "%s", line);
    ck_assert_str_eq(line, "goodbye");
    raw_close(&r);
    ck_assert_int_eq(server_join(&s, 10), KALAH_OK);
    kgp_record rec[1];
    ck_assert_int_eq(records_read(s.record, rec, 1), 1);
    ck_assert_str_eq(rec[0].name[0], "tester");
    ck_assert_int_eq(rec[0].game.moves[0], 1);
    ck_assert_int_eq(rec[0].game.moves[1], 6);
    ck_assert(rec[0].left[0]);
    ck_assert_uint_eq(s.stats.protocol_errors, 7);
    records_done(&s, rec, 1);
}
END_TEST

/* A fake server: a client (playing "first") started against a listening
 * socket, its one connection accepted into r. */
typedef struct scripted {
    int lfd;
    test_client c;
    raw r;
} scripted;

static void scripted_start(scripted *t, double idle_timeout)
{
    int port;
    ck_assert_int_eq(kgp_listen("127.0.0.1", 0, &t->lfd, &port, NULL), KALAH_OK);
    t->c.gate = NULL;
    if (idle_timeout > 0)
        client_start_idle(&t->c, port, "cli", "first", 0, idle_timeout);
    else
        client_start(&t->c, port, "cli", "first", 0);
    t->r.fd = accept(t->lfd, NULL, NULL);
    t->r.len = 0;
    ck_assert_int_ge(t->r.fd, 0);
}

/* Waits for the client, closes the rest. */
static void scripted_end(scripted *t)
{
    client_join(&t->c);
    raw_close(&t->r);
    close(t->lfd);
}

static const exchange scripted_game[] = {
    {"kgp 1 0 1\n", {"set info:name \"cli\"", "set info:description \"a test client\"",
                     "mode freeplay"}},
    /* Pings are answered; garbage, errors and unknown options are survived.
     * The client's lines have odd ids; the final choice goes again just
     * before the yield. */
    {"7 ping\njunk ### line\nerror \"you are wrong\"\nset x:y 1\nset time:clock 3\n"
     "4 state <3,0,0,3,3,3,3,3,3>\n",
     {"@7 pong", "1@4 move 1", "3@4 move 1", "5@4 yield"}},
    /* A board it cannot play is answered with an error, not a move. */
    {"6@4 stop\n8 state <3,0,0,0,0,0,6,6,6>\n10 state <3,5,5,0,0,1,3,3,1>\n",
     {"@8 error \"the game on this board is over*", "7@10 move 3"}},
    {"12@10 stop\nset game:margin -3\ngoodbye\n", {NULL}},
};

START_TEST(the_client_against_a_scripted_server)
{
    scripted t;
    scripted_start(&t, 0);
    converse(&t.r, scripted_game, (int)(sizeof scripted_game / sizeof scripted_game[0]));
    scripted_end(&t);
    ck_assert_msg(t.c.rc == KALAH_OK, "%s", t.c.err.message);
    ck_assert(t.c.stats.finished && t.c.stats.has_result);
    ck_assert_int_eq(t.c.stats.margin, -3);
    ck_assert_int_eq(t.c.stats.states, 2);
    ck_assert_int_eq(t.c.stats.stops, 0); /* every stop came after the yield */
}
END_TEST

/* Version lines the client refuses, and the words of its error. */
static const struct {
    const char *hello;
    const char *why;
} refused_versions[] = {
    {"kgp 2 0 0\n", "KGP 2"}, /* another major version */
    /* The minor and patch versions are read too: a line without them. */
    {"kgp 1 0\n", "MAJOR MINOR PATCH"},
};

START_TEST(the_client_refuses_other_versions)
{
    scripted t;
    scripted_start(&t, 0);
    ck_assert(raw_send(&t.r, refused_versions[_i].hello));
    scripted_end(&t);
    ck_assert_int_eq(t.c.rc, KALAH_EINVAL);
    ck_assert_msg(strstr(t.c.err.message, refused_versions[_i].why) != NULL, "%s",
                  t.c.err.message);
}
END_TEST

START_TEST(the_client_plays_a_later_minor_version)
{
    /* 1.3.7 is played as 1.0.1's freeplay. */
    scripted t;
    char line[512];
    scripted_start(&t, 0);
    ck_assert(raw_send(&t.r, "kgp 1 3 7\n"));
    ck_assert(raw_until(&t.r, "mode freeplay", line, sizeof line, 5));
    ck_assert(raw_send(&t.r, "goodbye\n"));
    scripted_end(&t);
    ck_assert_msg(t.c.rc == KALAH_OK, "%s", t.c.err.message);
    ck_assert_int_eq(t.c.stats.minor, 3);
    ck_assert_int_eq(t.c.stats.patch, 7);
}
END_TEST

START_TEST(the_client_reports_a_connection_lost_in_a_game)
{
    scripted t;
    char line[512];
    scripted_start(&t, 0);
    ck_assert(raw_send(&t.r, "kgp 1 0 1\n2 state <3,0,0,3,3,3,3,3,3>\n"));
    ck_assert(raw_until(&t.r, "yield", line, sizeof line, 5));
    raw_close(&t.r);
    client_join(&t.c);
    close(t.lfd);
    ck_assert_int_eq(t.c.rc, KALAH_EINVAL);
    ck_assert_msg(strstr(t.c.err.message, "closed the connection") != NULL, "%s",
                  t.c.err.message);
    ck_assert(!t.c.stats.finished);
}
END_TEST

START_TEST(the_client_leaves_a_server_that_never_reads)
{
    /* A server that never reads while it pings on cannot hold the client:
     * its pongs fill the buffers, and it gives up after its timeout. */
    scripted t;
    scripted_start(&t, 1);
    ck_assert(raw_send(&t.r, "kgp 1 0 1\n"));
    char *pings = malloc(6 * 4096 + 1);
    for (int i = 0; i < 4096; i++)
        memcpy(pings + 6 * i, " ping\n", 6);
    pings[6 * 4096] = '\0';
    struct timeval tv = {.tv_sec = 0, .tv_usec = 200000};
    setsockopt(t.r.fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    /* Send until the client hangs up (a full buffer only delays us); the
     * test's time limit is the only bound, so however slowly the client
     * runs, what is checked is why it gave up, never how soon. */
    for (;;)
        if (!raw_send(&t.r, pings) && errno != EAGAIN && errno != EWOULDBLOCK)
            break;
    free(pings);
    scripted_end(&t);
    ck_assert_int_eq(t.c.rc, KALAH_EINVAL);
    ck_assert_msg(strstr(t.c.err.message, "has read nothing") != NULL, "%s", t.c.err.message);
}
END_TEST

/* Games whose one player left keep their slot until they end, so there can
 * be nearly as many games as connections (once this overran the table of
 * games: 8 connections, one engine, 7 such games). */
START_TEST(games_with_a_departed_player_keep_their_slots)
{
    enum { CLIENTS = 8, GAMES = CLIENTS - 1 };
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(6, 6);
    cfg.pair_wait = -1;
    cfg.max_clients = CLIENTS;
    cfg.engine_threads = 1;
    cfg.timeout = 30;
    test_server s;
    server_start(&s, &cfg);
    raw stay[GAMES];
    for (int k = 0; k < GAMES; k++) {
        raw go;
        ck_assert(raw_open(&go, s.port));
        ck_assert(raw_send(&go, "mode freeplay\n"));
        test_sleep(0.02);
        ck_assert(raw_open(&stay[k], s.port));
        ck_assert(raw_send(&stay[k], "mode freeplay\n"));
        ck_assert_msg(server_wait_started(&s, k + 1, 5), "game %d did not start", k + 1);
        raw_close(&go); /* south leaves; north stays and never moves */
        test_sleep(0.02);
    }
    /* Every connection slot but one is held by a game: one more client
     * waits, the next is turned away. */
    raw late[2];
    char line[256];
    ck_assert(raw_open(&late[0], s.port));
    ck_assert(raw_line(&late[0], line, sizeof line, 5));
    ck_assert_str_eq(line, "kgp 1 0 1");
    ck_assert(raw_open(&late[1], s.port));
    ck_assert(raw_line(&late[1], line, sizeof line, 5));
    ck_assert_str_eq(line, "error \"the server is full\"");
    for (int k = 0; k < 2; k++)
        raw_close(&late[k]);
    for (int k = 0; k < GAMES; k++)
        raw_close(&stay[k]);
    test_sleep(0.2);
    ck_assert_int_eq(server_join(&s, 0.5), KALAH_OK);
    ck_assert_uint_eq(s.stats.games_started, GAMES);
    ck_assert_uint_eq(s.stats.refused, 1);
    /* When both players had gone, default moves finished every game. */
    kgp_record rec[GAMES];
    ck_assert_int_eq(records_read(s.record, rec, GAMES), GAMES);
    for (int k = 0; k < GAMES; k++)
        ck_assert(rec[k].left[0] && rec[k].left[1]);
    records_done(&s, rec, GAMES);
}
END_TEST

START_TEST(an_endless_line_ends_in_a_disconnect)
{
    kgp_server_config cfg = kgp_server_defaults();
    test_server s;
    server_start(&s, &cfg);
    raw r;
    ck_assert(raw_open(&r, s.port));
    char *chunk = malloc(KGP_LINE_MAX + 1);
    memset(chunk, 'x', KGP_LINE_MAX);
    chunk[KGP_LINE_MAX] = '\0';
    int sent = 0;
    for (; sent < 4 * KGP_MAX_ERRORS && raw_send(&r, chunk); sent++) {
    }
    free(chunk);
    char line[256];
    int errors = 0;
    bool told = false;
    while (raw_line(&r, line, sizeof line, 5)) {
        errors += strncmp(line, "error \"line longer than", 23) == 0;
        told |= strcmp(line, "error \"too many protocol errors\"") == 0;
    }
    raw_close(&r);
    ck_assert_int_eq(server_join(&s, 0.1), KALAH_OK);
    ck_assert_int_eq(errors, KGP_MAX_ERRORS);
    ck_assert(told);
    ck_assert_uint_eq(s.stats.kicked, 1);
    unlink(s.record);
}
END_TEST

START_TEST(names_are_quoted_whatever_they_hold)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.pair_wait = -1;
    test_server s;
    server_start(&s, &cfg);
    raw a, b;
    char line[512], set[128] = "set info:name \"";
    for (int k = 0; k < KGP_NAME_MAX; k++)
        strcat(set, k % 2 ? "\\\"" : "\\\\");
    strcat(set, "\"\nmode freeplay\n");
    ck_assert(raw_open(&a, s.port));
    ck_assert(raw_send(&a, set));
    ck_assert(raw_open(&b, s.port));
    ck_assert(raw_send(&b, "mode freeplay\n"));
    ck_assert(raw_until(&b, "set game:opponent", line, sizeof line, 5));
    kgp_msg *m = malloc(sizeof *m);
    kalah_error err;
    ck_assert_msg(kgp_parse(line, strlen(line), m, &err) == KALAH_OK, "%s: %s", line, err.message);
    ck_assert_int_eq(m->argc, 2);
    ck_assert_int_eq((int)strlen(m->argv[1].text), KGP_NAME_MAX);
    for (int k = 0; k < KGP_NAME_MAX; k++)
        ck_assert_int_eq(m->argv[1].text[k], k % 2 ? '"' : '\\');
    free(m);
    raw_close(&a);
    raw_close(&b);
    ck_assert_int_eq(server_join(&s, 0.5), KALAH_OK);
    unlink(s.record);
}
END_TEST

/* Plays one quick game between two clients of the server. */
static void quick_game(test_server *s, const char *a, const char *b)
{
    test_client c[2];
    c[0].gate = c[1].gate = NULL;
    client_start(&c[0], s->port, a, "first", 0);
    test_sleep(0.05);
    client_start(&c[1], s->port, b, "last", 0);
    client_join(&c[0]);
    client_join(&c[1]);
    ck_assert(c[0].rc == KALAH_OK && c[1].rc == KALAH_OK);
}

/* A record line cut short (here by a file size limit, as by a full disk)
 * is taken back: the next game's line is whole and on its own. */
START_TEST(a_record_write_cut_short_is_taken_back)
{
    signal(SIGXFSZ, SIG_IGN);
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(3, 2);
    cfg.pair_wait = -1;
    cfg.record_sync = false;
    test_server s;
    server_start(&s, &cfg);
    quick_game(&s, "ann", "bob");
    struct stat st;
    ck_assert_int_eq(stat(s.record, &st), 0);
    ck_assert_int_gt(st.st_size, 60);
    struct rlimit old, small;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    small = old;
    small.rlim_cur = (rlim_t)st.st_size + 40;
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
    quick_game(&s, "cy", "di");
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
    quick_game(&s, "ed", "flo");
    ck_assert_int_eq(server_join(&s, 0.5), KALAH_OK);
    ck_assert_uint_eq(s.stats.record_failures, 1);
    kgp_record rec[3];
    ck_assert_int_eq(records_read(s.record, rec, 3), 2);
    ck_assert_str_eq(rec[0].name[0], "ann");
    ck_assert_str_eq(rec[1].name[0], "ed");
    ck_assert_uint_eq(rec[1].number, 3);
    records_done(&s, rec, 2);
}
END_TEST

Suite *play_suite(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, two_engine_clients_play_the_cores_game, 0,
                        (int)(sizeof boards / sizeof boards[0]));
    tcase_add_loop_test(tc, a_lone_client_plays_the_servers_engine, 0,
                        (int)(sizeof engine_boards / sizeof engine_boards[0]));
    tcase_add_test(tc, a_silent_client_gets_default_moves_after_the_timeout);
    tcase_add_test(tc, a_player_who_leaves_is_replaced_by_default_moves);
    tcase_add_test(tc, the_protocol_line_by_line);
    tcase_add_test(tc, the_client_against_a_scripted_server);
    tcase_add_loop_test(tc, the_client_refuses_other_versions, 0,
                        (int)(sizeof refused_versions / sizeof refused_versions[0]));
    tcase_add_test(tc, the_client_plays_a_later_minor_version);
    tcase_add_test(tc, the_client_reports_a_connection_lost_in_a_game);
    tcase_add_test(tc, the_client_leaves_a_server_that_never_reads);
    tcase_add_test(tc, games_with_a_departed_player_keep_their_slots);
    tcase_add_test(tc, an_endless_line_ends_in_a_disconnect);
    tcase_add_test(tc, names_are_quoted_whatever_they_hold);
    tcase_add_test(tc, a_record_write_cut_short_is_taken_back);
    suite_add_tcase(s, tc);
    return s;
}
