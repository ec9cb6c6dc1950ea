/* test_net: the Kalah Game Protocol library. This file: messages, boards
 * and record lines, with expected values written by hand from the
 * protocol's grammar (docs/network.md), and the program's main. */
#include "kalah_file.h"
#include "net_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static kgp_msg msg;

START_TEST(parses_ids_refs_and_argument_types)
{
    kalah_error err;
    const char *line = "6@4 set info:name \"a \\\"b\\\" c\" -12 +.5 <3,0,0,3,3,3,3,3,3>\r";
    ck_assert_int_eq(kgp_parse(line, strlen(line), &msg, &err), KALAH_OK);
    ck_assert(msg.has_id && msg.has_ref);
    ck_assert_uint_eq(msg.id, 6);
    ck_assert_uint_eq(msg.ref, 4);
    ck_assert_str_eq(msg.name, "set");
    ck_assert_int_eq(msg.argc, 5);
    ck_assert_int_eq(msg.argv[0].type, KGP_WORD);
    ck_assert_str_eq(msg.argv[0].text, "info:name");
    ck_assert_int_eq(msg.argv[1].type, KGP_STRING);
    ck_assert_str_eq(msg.argv[1].text, "a \"b\" c");
    ck_assert_int_eq(msg.argv[2].type, KGP_INT);
    ck_assert_int_eq(msg.argv[2].integer, -12);
    ck_assert_int_eq(msg.argv[3].type, KGP_REAL);
    ck_assert_double_eq(msg.argv[3].real, 0.5);
    ck_assert_int_eq(msg.argv[4].type, KGP_BOARD);
    ck_assert_str_eq(msg.argv[4].text, "<3,0,0,3,3,3,3,3,3>");

    ck_assert_int_eq(kgp_parse("kgp 1 0 1", 9, &msg, &err), KALAH_OK);
    ck_assert(!msg.has_id && !msg.has_ref);
    ck_assert_int_eq(msg.argc, 3);
    ck_assert_int_eq(msg.argv[2].integer, 1);
    ck_assert_int_eq(kgp_parse("@8  yield  ", 11, &msg, &err), KALAH_OK);
    ck_assert(!msg.has_id && msg.has_ref && msg.ref == 8 && msg.argc == 0);
    ck_assert_str_eq(msg.name, "yield");
}
END_TEST

START_TEST(refuses_malformed_lines_with_a_column)
{
    static const struct {
        const char *line;
        kalah_status code;
        int pos;
    } bad[] = {
        {"", KALAH_ESYNTAX, 1},
        {"   ", KALAH_ESYNTAX, 1}, /* trailing blanks go first */
        {"4state <1,0,0,1,1>", KALAH_ESYNTAX, 2},
        {"@ move 1", KALAH_ESYNTAX, 2},
        {"move 1 \"open", KALAH_ESYNTAX, 8},
        {"move 1\"x\"", KALAH_ESYNTAX, 7},
        {"set a \"x\"y", KALAH_ESYNTAX, 10},
        {"state <1,2", KALAH_ESYNTAX, 11},
        {"move 1.2.3", KALAH_ESYNTAX, 7}, /* neither a number nor a word */
        {"move a_b", KALAH_ESYNTAX, 7},
        {"1234567890123456789 move 1", KALAH_EINVAL, 1},
        {"move 1234567890123456789", KALAH_EINVAL, 6},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", KALAH_EINVAL, 33},
        {"m 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", KALAH_EINVAL, 42},
        {"-move 1", KALAH_ESYNTAX, 1},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        kalah_error err = {0};
        kalah_status st = kgp_parse(bad[k].line, strlen(bad[k].line), &msg, &err);
        ck_assert_msg(st == bad[k].code && err.pos == bad[k].pos,
                      "'%s': status %d column %d (%s), expected %d column %d", bad[k].line, st,
                      err.pos, err.message, bad[k].code, bad[k].pos);
    }
    char nul[] = "move\0 1";
    kalah_error err;
    ck_assert_int_eq(kgp_parse(nul, sizeof nul - 1, &msg, &err), KALAH_ESYNTAX);
    ck_assert_int_eq(err.pos, 5);
    char *long_line = malloc(KGP_LINE_MAX + 10);
    memset(long_line, 'a', KGP_LINE_MAX + 9);
    ck_assert_int_eq(kgp_parse(long_line, KGP_LINE_MAX + 9, &msg, &err), KALAH_EINVAL);
    free(long_line);
}
END_TEST

START_TEST(quotes_strings_so_they_parse_back)
{
    char q[64];
    ck_assert_int_eq(kgp_quote("say \"hi\" \\ now\n", q, sizeof q), 20);
    ck_assert_str_eq(q, "\"say \\\"hi\\\" \\\\ now \"");
    char line[96];
    snprintf(line, sizeof line, "set info:comment %s", q);
    kalah_error err;
    ck_assert_int_eq(kgp_parse(line, strlen(line), &msg, &err), KALAH_OK);
    ck_assert_str_eq(msg.argv[1].text, "say \"hi\" \\ now ");
    char tiny[5];
    ck_assert_int_eq(kgp_quote("abcdef", tiny, sizeof tiny), 8);
    ck_assert_str_eq(tiny, "\"abc");
}
END_TEST

START_TEST(boards_are_read_from_the_receivers_side)
{
    kalah_rules r;
    kalah_pos p;
    kalah_error err;
    /* South has 4+0+2 = 6 in pits and 10 in store, north 1+2+3 = 6 and 2:
     * 24 stones = 2 x 3 pits x 4. */
    ck_assert_int_eq(kgp_board_parse("<3,10,2,4,0,2,1,2,3>", &r, &p, &err), KALAH_OK);
    ck_assert_int_eq(r.pits, 3);
    ck_assert_int_eq(r.stones, 4);
    ck_assert(r.stop_when_decided && !r.empty_capture && r.end == KALAH_END_EITHER_EMPTY);
    ck_assert_int_eq(p.to_move, KALAH_SOUTH);
    ck_assert_int_eq(p.store[0], 10);
    ck_assert_int_eq(p.store[1], 2);
    ck_assert_int_eq(p.pit[0][0], 4);
    ck_assert_int_eq(p.pit[0][1], 0);
    ck_assert_int_eq(p.pit[1][2], 3);
    char buf[64];
    ck_assert_int_eq(kgp_board_format(&r, &p, buf, sizeof buf), 20);
    ck_assert_str_eq(buf, "<3,10,2,4,0,2,1,2,3>");
    /* North to move: the board is turned so that north is the receiver. */
    p.to_move = KALAH_NORTH;
    kgp_board_format(&r, &p, buf, sizeof buf);
    ck_assert_str_eq(buf, "<3,2,10,1,2,3,4,0,2>");
    static const char *bad[] = {
        "<3,10,2,4,0,2,1,2>",      /* a number short */
        "<3,10,2,4,0,2,1,2,3,0>",  /* one too many */
        "<13,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1>", /* 13 pits */
        "<0,0,0>",                 /* no pits */
        "<1,289,0,1,1>",           /* above 288, the most stones of a game */
        "<3,0,0,1,1,1,1,1,2>",     /* 7 stones: not 2 x 3 x n */
        "<2,2,2,0,0,2,2>",         /* south is empty: the game is over */
        "<2,5,0,1,0,1,1>",         /* south holds more than half */
        "<3,0,0,3,3,3,3,3,3",      /* no '>' */
        "3,0,0,3,3,3,3,3,3>",      /* no '<' */
        "<3,,0,3,3,3,3,3,3>",      /* an empty number */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(kgp_board_parse(bad[k], &r, &p, &err) != KALAH_OK, "%s was accepted",
                      bad[k]);
}
END_TEST

START_TEST(addresses_split_into_host_and_port)
{
    char host[64];
    int port;
    kalah_error err;
    ck_assert_int_eq(kgp_split_address("localhost:2671", host, sizeof host, &port, &err),
                     KALAH_OK);
    ck_assert_str_eq(host, "localhost");
    ck_assert_int_eq(port, 2671);
    ck_assert_int_eq(kgp_split_address("[::1]:80", host, sizeof host, &port, &err), KALAH_OK);
    ck_assert_str_eq(host, "::1");
    ck_assert_int_eq(port, 80);
    static const char *bad[] = {"localhost", ":80", "host:", "host:0", "host:65536", "host:8x",
                                "[::1]80"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(kgp_split_address(bad[k], host, sizeof host, &port, &err) != KALAH_OK,
                      "%s was accepted", bad[k]);
}
END_TEST

/* A finished game of Kalah(2,1)+decided written by hand: south plays 2
 * (1 stone into its store: an extra turn), then 1 (into pit 2, empty:
 * captures north's pit 1 (1 stone) with it; south's side is then empty and
 * the game ends, north keeps its 1 stone). South 3, north 1: margin +2. */
static void small_game(kalah_game *g)
{
    kalah_rules r = kgp_rules(2, 1);
    ck_assert_int_eq(kalah_game_init(g, &r, NULL, NULL), KALAH_OK);
    ck_assert_int_eq(kalah_game_play(g, 2, NULL, NULL), KALAH_OK);
    ck_assert_int_eq(kalah_game_play(g, 1, NULL, NULL), KALAH_OK);
    ck_assert(kalah_over(&r, kalah_game_pos(g)));
}

START_TEST(record_lines_round_trip_and_refuse_damage)
{
    kalah_game g;
    small_game(&g);
    const char *names[2] = {"ann", "bo b\t"};
    int defaults[2] = {0, 1};
    bool left[2] = {false, true};
    char line[256];
    int n = kgp_record_format(42, 0, names, defaults, left, &g, line, sizeof line);
    ck_assert_int_eq(n, (int)strlen(line));
    const char *head = "kgp1\t42\t1970-01-01T00:00:00Z\tann\tbo_b?\t+2\t0/1\tN\tkalah-2-1+decided 2 1\t";
    ck_assert_msg(strncmp(line, head, strlen(head)) == 0, "%s", line);
    ck_assert_int_eq(n, (int)strlen(head) + 9);
    line[n - 1] = '\0';
    kgp_record rec;
    kalah_error err;
    ck_assert_msg(kgp_record_parse(line, strlen(line), &rec, &err) == KALAH_OK, "%s", err.message);
    ck_assert_uint_eq(rec.number, 42);
    ck_assert_str_eq(rec.name[1], "bo_b?");
    ck_assert_int_eq(rec.margin, 2);
    ck_assert(!rec.left[0] && rec.left[1]);
    ck_assert_int_eq(rec.game.played, 2);
    kalah_game_free(&rec.game);
    /* Every single changed byte is caught. */
    for (int i = 0; i < n - 1; i++) {
        char copy[256];
        memcpy(copy, line, (size_t)n);
        copy[i] = copy[i] == '1' ? '2' : '1';
        ck_assert_msg(kgp_record_parse(copy, strlen(copy), &rec, &err) != KALAH_OK, "byte %d changed, accepted", i);
    }
    /* A wrong margin with a correct checksum is caught by the replay. */
    char forged[256];
    snprintf(forged, sizeof forged, "kgp1\t1\t1970-01-01T00:00:00Z\ta\tb\t+3\t0/0\t-\tkalah-2-1+decided 2 1\t");
    size_t fl = strlen(forged);
    snprintf(forged + fl, sizeof forged - fl, "%08x", kalah_file_crc32(forged, fl));
    ck_assert_int_eq(kgp_record_parse(forged, strlen(forged), &rec, &err), KALAH_EINVAL);
    ck_assert_msg(strstr(err.message, "margin") != NULL, "%s", err.message);
    /* An unfinished game likewise. */
    snprintf(forged, sizeof forged, "kgp1\t1\t1970-01-01T00:00:00Z\ta\tb\t0\t0/0\t-\tkalah-2-1+decided 2\t");
    fl = strlen(forged);
    snprintf(forged + fl, sizeof forged - fl, "%08x", kalah_file_crc32(forged, fl));
    ck_assert_int_eq(kgp_record_parse(forged, strlen(forged), &rec, &err), KALAH_EINVAL);
    ck_assert_msg(strstr(err.message, "not finished") != NULL, "%s", err.message);
    kalah_game_free(&g);
    /* A drawn game: Kalah(1,1), south's only stone goes to its store and
     * its side is empty; north keeps its stone: 1 to 1. */
    kalah_rules r11 = kgp_rules(1, 1);
    ck_assert_int_eq(kalah_game_init(&g, &r11, NULL, NULL), KALAH_OK);
    ck_assert_int_eq(kalah_game_play(&g, 1, NULL, NULL), KALAH_OK);
    defaults[1] = 0;
    left[1] = false;
    n = kgp_record_format(7, 0, names, defaults, left, &g, line, sizeof line);
    ck_assert_msg(strstr(line, "\t0\t0/0\t-\tkalah-1-1+decided 1\t") != NULL, "%s", line);
    line[n - 1] = '\0';
    ck_assert_int_eq(kgp_record_parse(line, strlen(line), &rec, &err), KALAH_OK);
    ck_assert_int_eq(rec.margin, 0);
    kalah_game_free(&rec.game);
    snprintf(forged, sizeof forged, "kgp1\t1\t1970-01-01T00:00:00Z\ta\tb\t+0\t0/0\t-\tkalah-1-1+decided 1\t");
    fl = strlen(forged);
    snprintf(forged + fl, sizeof forged - fl, "%08x", kalah_file_crc32(forged, fl));
    ck_assert_int_eq(kgp_record_parse(forged, strlen(forged), &rec, &err), KALAH_ESYNTAX);
    kalah_game_free(&g);
    /* Fields a forger might try with a correct checksum: a huge or signed
     * count of default moves, a checksum in capitals; and a NUL byte. */
    static const char *fields[] = {"2147483647/1", " +1/0", "-0/0", "1/ 0", "12345/0", "0/0/0"};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        snprintf(forged, sizeof forged, "kgp1\t1\t1970-01-01T00:00:00Z\ta\tb\t0\t%s\t-\tkalah-1-1+decided 1\t", fields[k]);
        fl = strlen(forged);
        snprintf(forged + fl, sizeof forged - fl, "%08x", kalah_file_crc32(forged, fl));
        ck_assert_msg(kgp_record_parse(forged, strlen(forged), &rec, &err) != KALAH_OK,
                      "defaults '%s' accepted", fields[k]);
    }
    snprintf(forged, sizeof forged, "kgp1\t1\t1970-01-01T00:00:00Z\ta\tb\t0\t0/0\t-\tkalah-1-1+decided 1\t");
    fl = strlen(forged);
    snprintf(forged + fl, sizeof forged - fl, "%08X", kalah_file_crc32(forged, fl));
    ck_assert_msg(strpbrk(forged + fl, "ABCDEF") != NULL, "pick a line whose check has a letter");
    ck_assert_int_eq(kgp_record_parse(forged, strlen(forged), &rec, &err), KALAH_EINVAL);
    for (char *c = forged + fl; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'F' ? *c - 'A' + 'a' : *c);
    ck_assert_int_eq(kgp_record_parse(forged, strlen(forged), &rec, &err), KALAH_OK);
    kalah_game_free(&rec.game);
    forged[fl + 8] = '\0';
    char with_nul[300];
    memcpy(with_nul, forged, fl + 9);
    memcpy(with_nul + fl + 9, "junk", 4);
    ck_assert_int_eq(kgp_record_parse(with_nul, fl + 13, &rec, &err), KALAH_ESYNTAX);
    ck_assert_int_eq(err.pos, (int)fl + 9);
    /* A record of a newer format is named as such, whatever its fields. */
    ck_assert_int_eq(kgp_record_parse("kgp2\tx", 6, &rec, &err), KALAH_EINVAL);
    ck_assert_msg(strstr(err.message, "newer than this program's kgp1") != NULL, "%s",
                  err.message);
    /* CRC-32 of "123456789" is the standard check value. */
    ck_assert_uint_eq(kalah_file_crc32("123456789", 9), 0xcbf43926u);
}
END_TEST

/* Boards in the receiver's view, south to move, Kalah(3,3) as KGP plays it. */
static kalah_pos board3(const char *text)
{
    kalah_rules r;
    kalah_pos p;
    ck_assert_int_eq(kgp_board_parse(text, &r, &p, NULL), KALAH_OK);
    return p;
}

START_TEST(traces_the_moves_between_two_boards)
{
    kalah_rules r = kgp_rules(3, 3);
    kalah_pos start = kalah_start(&r);
    /* South 1 (3 stones): S2, S3, the store: an extra turn. */
    kalah_pos b1 = board3("<3,1,0,0,4,4,3,3,3>");
    kgp_path path;
    ck_assert_int_eq(kgp_trace(&r, &start, &b1, &path, 1, 0), 1);
    ck_assert_int_eq(path.n, 1);
    ck_assert_int_eq(path.side[0], KALAH_SOUTH);
    ck_assert_int_eq(path.pit[0], 1);
    /* South 2 (4 stones): S3, the store, N1, N2; north 3 (3 stones): its
     * store, S1, S2. */
    kalah_pos b2 = board3("<3,2,1,1,1,5,4,4,0>");
    ck_assert_int_eq(kgp_trace(&r, &b1, &b2, &path, 1, 0), 1);
    ck_assert_int_eq(path.n, 2);
    ck_assert_int_eq(path.side[0], KALAH_SOUTH);
    ck_assert_int_eq(path.pit[0], 2);
    ck_assert_int_eq(path.side[1], KALAH_NORTH);
    ck_assert_int_eq(path.pit[1], 3);
    /* Back to the start: the stores would have to shrink, another game. */
    ck_assert_int_eq(kgp_trace(&r, &b2, &start, &path, 1, 0), 0);
    /* Two state requests in a row with a choice of south's between them
     * cannot be one game either: from the start, b2 needs south's choice at
     * b1 (two legal moves), which would have been a request of its own. */
    ck_assert_int_eq(kgp_trace(&r, &start, &b2, &path, 1, 0), 0);
    /* Another size of board: nothing follows. */
    kalah_rules r4 = kgp_rules(4, 3);
    kalah_pos s4 = kalah_start(&r4);
    ck_assert_int_eq(kgp_trace(&r4, &s4, &b2, &path, 1, 0), 0);
}
END_TEST

START_TEST(tells_how_a_game_can_have_ended)
{
    kalah_rules r = kgp_rules(3, 3);
    kgp_endings e;
    /* South 3 (1 stone) makes its store 10 of 18 and empties south's
     * side: north's last stone goes to its store, 8; margin 10 - 8. */
    kalah_pos p = board3("<3,9,7,0,0,1,1,0,0>");
    kalah_play(&r, &p, 3, NULL, NULL);
    ck_assert(kgp_game_endings(&r, &p, 0, &e));
    ck_assert_int_eq(e.lines, 1);
    ck_assert_int_eq(e.lo, 2);
    ck_assert_int_eq(e.hi, 2);
    ck_assert(!e.may_go_on);
    /* From the start, south 2 (3 stones: S3, the store, N1): each of
     * north's three moves ends in south's pits, and south then has a
     * choice: a request would come, and no line ends. */
    p = kalah_start(&r);
    kalah_play(&r, &p, 2, NULL, NULL);
    ck_assert(kgp_game_endings(&r, &p, 0, &e));
    ck_assert_int_eq(e.lines, 0);
    ck_assert(e.may_go_on);
    /* South 1 (1 stone) into its empty S2, N2 opposite empty: no capture.
     * North's only move, N1 into its empty N2, takes S2 (2 stones, store
     * 9) and empties north's side: south's S3 goes to its store, 9 - 9. */
    p = board3("<3,8,7,1,0,1,1,0,0>");
    kalah_play(&r, &p, 1, NULL, NULL);
    ck_assert(kgp_game_endings(&r, &p, 0, &e));
    ck_assert_int_eq(e.lines, 1);
    ck_assert_int_eq(e.lo, 0);
    ck_assert_int_eq(e.hi, 0);
    ck_assert(!e.may_go_on);
}
END_TEST

Suite *line_suite(void)
{
    Suite *s = suite_create("line");
    TCase *tc = tcase_create("line");
    tcase_add_test(tc, parses_ids_refs_and_argument_types);
    tcase_add_test(tc, refuses_malformed_lines_with_a_column);
    tcase_add_test(tc, quotes_strings_so_they_parse_back);
    tcase_add_test(tc, boards_are_read_from_the_receivers_side);
    tcase_add_test(tc, addresses_split_into_host_and_port);
    tcase_add_test(tc, record_lines_round_trip_and_refuse_damage);
    tcase_add_test(tc, traces_the_moves_between_two_boards);
    tcase_add_test(tc, tells_how_a_game_can_have_ended);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(line_suite());
    srunner_add_suite(sr, play_suite());
    srunner_add_suite(sr, hostile_suite());
    srunner_add_suite(sr, reference_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
