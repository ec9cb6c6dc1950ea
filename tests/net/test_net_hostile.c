/* test_net: hostile peers (garbage, over-long lines, floods, wrong ids,
 * illegal and out-of-order moves, silence) while honest games go on, and a
 * load of 50 games at once. */
#define _POSIX_C_SOURCE 200809L
#include "net_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { HONEST_PAIRS = 3, STORM_THREADS = 6, STORM_ROUNDS = 12 };

typedef struct storm {
    pthread_t thread;
    int port, kind;
    kalah_rng rng;
    long lines;         /* lines sent */
    int flood_refused;  /* floods answered with the flooding error */
    int floods;
} storm;

static void send_count(storm *st, raw *r, const char *text)
{
    if (raw_send(r, text))
        for (const char *c = text; *c; c++)
            st->lines += *c == '\n';
}

/* Random bytes, newline-terminated (never a newline inside). */
static void garbage(storm *st, raw *r, int lines)
{
    char buf[256];
    for (int k = 0; k < lines; k++) {
        int n = kalah_rng_below(&st->rng, 200);
        for (int i = 0; i < n; i++) {
            int c = 1 + kalah_rng_below(&st->rng, 255);
            buf[i] = (char)(c == '\n' ? ' ' : c);
        }
        buf[n] = '\n';
        buf[n + 1] = '\0';
        /* NUL bytes go through raw send too. */
        if (kalah_rng_below(&st->rng, 4) == 0 && n > 2)
            buf[1] = '\0';
        send_count(st, r, buf);
    }
}

/* Lines that parse but break the rules of the conversation. */
static void wrong_moves(storm *st, raw *r, int lines)
{
    static const char *forms[] = {
        "move %d\n", "@%d move 3\n", "%d@2 move 40\n", "@2 move -%d\n", "yield\n",
        "@%d yield\n", "mode freeplay\n", "mode chess%d\n", "set info:name \"%d\"\n",
        "set\n", "state <6,0,0,1,1,1,1,1,1,1,1,1,1,1,1>\n", "stop\n", "@%d pong\n",
        "goodbye%d\n", "move 99999999999999999999\n", "move 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n",
    };
    char buf[128];
    for (int k = 0; k < lines; k++) {
        int f = kalah_rng_below(&st->rng, (int)(sizeof forms / sizeof forms[0]));
        snprintf(buf, sizeof buf, forms[f], kalah_rng_below(&st->rng, 100));
        send_count(st, r, buf);
    }
}

static void drain(raw *r, double seconds, int *saw_flood)
{
    char line[512];
    while (raw_line(r, line, sizeof line, seconds))
        if (saw_flood && strstr(line, "flooding"))
            *saw_flood = 1;
}

static void *storm_main(void *arg)
{
    storm *st = arg;
    for (int round = 0; round < STORM_ROUNDS; round++) {
        raw r;
        if (!raw_open(&r, st->port))
            continue;
        switch ((st->kind + round) % 7) {
        case 0: /* garbage before and after choosing a mode */
            garbage(st, &r, 30);
            break;
        case 1: { /* an over-long line, then a line without an end */
            char *big = malloc(40001);
            memset(big, 'x', 40000);
            big[20000] = '\n';
            big[40000] = '\0';
            send_count(st, &r, big);
            free(big);
            break;
        }
        case 2: { /* a flood of pings, nothing read meanwhile */
            char *many = malloc(5 * 2000 + 1);
            for (int i = 0; i < 2000; i++)
                memcpy(many + 5 * i, "ping\n", 5);
            many[5 * 2000] = '\0';
            send_count(st, &r, many);
            free(many);
            int saw = 0;
            drain(&r, 3, &saw);
            st->floods++;
            st->flood_refused += saw;
            break;
        }
        case 3: /* out of order, then seated with another hostile peer */
            wrong_moves(st, &r, 5);
            send_count(st, &r, "mode freeplay\n");
            wrong_moves(st, &r, 40);
            break;
        case 4: /* wrong mode */
            send_count(st, &r, "mode tournament\n");
            break;
        case 5: /* silence: the hello timeout */
            test_sleep(0.02);
            break;
        default: /* mode, then garbage while seated */
            send_count(st, &r, "mode freeplay\n");
            garbage(st, &r, 20);
            break;
        }
        drain(&r, 0.05, NULL);
        raw_close(&r);
    }
    return NULL;
}

START_TEST(hostile_peers_do_not_reach_other_games)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(6, 4);
    cfg.pair_wait = -1;
    cfg.hello_timeout = 0.5;
    test_server s;
    server_start(&s, &cfg);
    test_client honest[2 * HONEST_PAIRS];
    for (int k = 0; k < 2 * HONEST_PAIRS; k++) {
        char name[16];
        snprintf(name, sizeof name, "honest%d", k);
        honest[k].gate = NULL;
        client_start(&honest[k], s.port, name, NULL, 0.04);
    }
    ck_assert(server_wait_started(&s, HONEST_PAIRS, 10));
    double t0 = test_now();
    storm st[STORM_THREADS];
    for (int k = 0; k < STORM_THREADS; k++) {
        memset(&st[k], 0, sizeof st[k]);
        st[k].port = s.port;
        st[k].kind = k;
        st[k].rng = kalah_rng_seed((uint64_t)k + 11);
        ck_assert_int_eq(pthread_create(&st[k].thread, NULL, storm_main, &st[k]), 0);
    }
    long lines = 0;
    int floods = 0, refused = 0;
    for (int k = 0; k < STORM_THREADS; k++) {
        pthread_join(st[k].thread, NULL);
        lines += st[k].lines;
        floods += st[k].floods;
        refused += st[k].flood_refused;
    }
    double storm_seconds = test_now() - t0;
    for (int k = 0; k < 2 * HONEST_PAIRS; k++)
        client_join(&honest[k]);
    /* Afterwards a new pair is served as usual. */
    test_client after[2];
    after[0].gate = after[1].gate = NULL;
    client_start(&after[0], s.port, "after0", "alphabeta:e1:2", 0);
    client_start(&after[1], s.port, "after1", "alphabeta:e1:2", 0);
    client_join(&after[0]);
    client_join(&after[1]);
    ck_assert_int_eq(server_join(&s, 1), KALAH_OK);
    printf("hostile: %ld lines on %d connections in %.2f s; %llu protocol errors, %llu "
           "disconnected, %d of %d floods refused\n",
           lines, STORM_THREADS * STORM_ROUNDS, storm_seconds,
           (unsigned long long)s.stats.protocol_errors, (unsigned long long)s.stats.kicked,
           refused, floods);
    ck_assert_int_ge(lines, 3000);
    ck_assert_int_gt(floods, 0);
    ck_assert_int_eq(refused, floods);
    ck_assert_uint_gt(s.stats.protocol_errors, 100);
    ck_assert_uint_gt(s.stats.kicked, 10);
    for (int k = 0; k < 2 * HONEST_PAIRS; k++)
        ck_assert_msg(honest[k].rc == KALAH_OK && honest[k].stats.has_result, "%s: %s",
                      honest[k].name, honest[k].err.message);
    ck_assert(after[0].rc == KALAH_OK && after[0].stats.has_result);
    ck_assert(after[1].rc == KALAH_OK && after[1].stats.has_result);
    static kgp_record rec[256];
    int n = records_read(s.record, rec, 256);
    ck_assert_int_le(n, 256);
    int honest_games = 0, after_games = 0;
    for (int k = 0; k < n; k++) {
        if (strncmp(rec[k].name[0], "honest", 6) == 0 || strncmp(rec[k].name[1], "honest", 6) == 0) {
            /* Honest players met each other, moved in time and stayed. */
            ck_assert(strncmp(rec[k].name[0], "honest", 6) == 0 &&
                      strncmp(rec[k].name[1], "honest", 6) == 0);
            ck_assert_int_eq(rec[k].defaults[0] + rec[k].defaults[1], 0);
            ck_assert(!rec[k].left[0] && !rec[k].left[1]);
            int south = atoi(rec[k].name[0] + 6);
            ck_assert_int_eq(rec[k].margin, honest[south].stats.margin);
            honest_games++;
        }
        after_games += strcmp(rec[k].name[0], "after0") == 0 || strcmp(rec[k].name[0], "after1") == 0;
    }
    ck_assert_int_eq(honest_games, HONEST_PAIRS);
    ck_assert_int_eq(after_games, 1);
    records_done(&s, rec, n < 256 ? n : 256);
}
END_TEST

enum { LOAD_GAMES = 50 };

START_TEST(fifty_games_at_once)
{
    kgp_server_config cfg = kgp_server_defaults();
    cfg.rules = kgp_rules(6, 4);
    cfg.pair_wait = -1;
    cfg.max_games = LOAD_GAMES;
    cfg.timeout = 20;
    test_server s;
    server_start(&s, &cfg);
    static test_client c[2 * LOAD_GAMES];
    atomic_int gate = 1;
    for (int k = 0; k < 2 * LOAD_GAMES; k++) {
        char name[16];
        snprintf(name, sizeof name, "load%d", k);
        c[k].gate = &gate;
        client_start(&c[k], s.port, name, "alphabeta:e1:3", 0);
    }
    /* Nobody moves before every game has started: they all run at once. */
    ck_assert(server_wait_started(&s, LOAD_GAMES, 30));
    double t0 = test_now();
    atomic_store(&gate, 0);
    for (int k = 0; k < 2 * LOAD_GAMES; k++)
        client_join(&c[k]);
    ck_assert_int_eq(server_join(&s, 60), KALAH_OK);
    double seconds = test_now() - t0;
    static kgp_record rec[LOAD_GAMES + 1];
    int n = records_read(s.record, rec, LOAD_GAMES + 1);
    long moves = 0;
    for (int k = 0; k < n; k++)
        moves += rec[k].game.played;
    printf("load: %d games (%d at once), %ld moves in %.2f s: %.1f games/s, %.0f moves/s\n", n,
           atomic_load(&s.max_live), moves, seconds, n / seconds, moves / seconds);
    ck_assert_int_eq(n, LOAD_GAMES);
    ck_assert_int_eq(atomic_load(&s.max_live), LOAD_GAMES);
    bool seen[LOAD_GAMES + 1] = {false};
    for (int k = 0; k < n; k++) {
        ck_assert(rec[k].number >= 1 && rec[k].number <= LOAD_GAMES && !seen[rec[k].number]);
        seen[rec[k].number] = true;
        ck_assert_int_eq(rec[k].defaults[0] + rec[k].defaults[1], 0);
        int south = atoi(rec[k].name[0] + 4), north = atoi(rec[k].name[1] + 4);
        ck_assert_int_eq(rec[k].margin, c[south].stats.margin);
        ck_assert_int_eq(-rec[k].margin, c[north].stats.margin);
    }
    for (int k = 0; k < 2 * LOAD_GAMES; k++)
        ck_assert_msg(c[k].rc == KALAH_OK && c[k].stats.has_result, "%s: %s", c[k].name,
                      c[k].err.message);
    records_done(&s, rec, n);
}
END_TEST

Suite *hostile_suite(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("hostile");
    tcase_set_timeout(tc, 180);
    tcase_add_test(tc, hostile_peers_do_not_reach_other_games);
    tcase_add_test(tc, fifty_games_at_once);
    suite_add_tcase(s, tc);
    return s;
}
