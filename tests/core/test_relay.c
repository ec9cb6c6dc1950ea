/* Seed 001's relay Kalah (docs/rules.md) on hand-built positions, worked
 * out by hand as in test_moves.c. */
#include "core_tests.h"
#include "kalah.h"
#include "move_check.h"

/* ---- 7. relay Kalah --------------------------------------------------------- */

START_TEST(relay_chain_of_two)
{
    /* relay-6-3 (36 stones). South pit 6 (12): store 1, N1..N6 +1, S1..S5
     * +1: last in S5 (8 -> 9), non-empty, and this sowing reached north:
     * relay 1 takes 9 from S5: S6 1, store 2, N1..N6 +1, S1 (1 -> 2):
     * non-empty, reached north: relay 2 takes 2 from S1: S2 (2 -> 3), S3
     * (1 -> 2). S3 was non-empty but this sowing did not reach north: stop. */
    kalah_move_info info =
        play_expect("relay-6-3:S:0,1,0,1,8,12/0:1,2,1,2,1,0/7", 6,
                    "relay-6-3:N:0,3,2,2,0,1/2:3,4,3,4,3,2/7", false, NULL, NULL);
    ck_assert(!info.extra_turn);
    ck_assert_int_eq(info.relays, 2);
    ck_assert_int_eq(info.captured, 0);
    ck_assert(!info.ended);
}
END_TEST

START_TEST(relay_not_when_sowing_stays_home)
{
    /* South pit 1 (2) -> S2, S3: S3 held 1, but no stone went to north's
     * pits: no relay. */
    kalah_move_info info =
        play_expect("relay-6-3:S:2,1,1,3,3,3/3:3,3,3,3,3,3/2", 1,
                    "relay-6-3:N:0,2,2,3,3,3/3:3,3,3,3,3,3/2", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(relay_not_in_own_empty_pit)
{
    /* South pit 6 (8): store, N1..N6, S1 (empty): the move just ends, and
     * captures nothing (N6 opposite holds 4; standard Kalah would capture). */
    kalah_move_info info =
        play_expect("relay-6-3:S:0,1,1,1,1,8/0:3,3,3,3,3,3/6", 6,
                    "relay-6-3:N:1,1,1,1,1,0/1:4,4,4,4,4,4/6", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(relay_no_extra_turn)
{
    /* relay-6-3 start, south pit 4 (3): S5, S6, store. The last stone in the
     * own store ends the move: north to move. */
    kalah_move_info info =
        play_expect("relay-6-3:S:3,3,3,3,3,3/0:3,3,3,3,3,3/0", 4,
                    "relay-6-3:N:3,3,3,0,4,4/1:3,3,3,3,3,3/0", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(relay_north)
{
    /* North pit 6 (8): north store, S1..S6, N1 (2 -> 3): non-empty, reached
     * south: relay, N1's 3 go to N2, N3, N4 (1 -> 2, no south pit: stop). */
    kalah_move_info info =
        play_expect("relay-6-3:N:3,3,3,3,3,3/0:2,1,1,1,0,8/5", 6,
                    "relay-6-3:S:4,4,4,4,4,4/0:0,2,2,2,0,0/6", false, NULL, NULL);
    ck_assert(!info.extra_turn);
    ck_assert_int_eq(info.relays, 1);
    ck_assert_int_eq(info.captured, 0);
    ck_assert(!info.ended);
}
END_TEST

START_TEST(relay_then_capture)
{
    /* South pit 6 (12): store 1, N: 1,4,4,4,4,4, S1..S5: 1,1,1,1,3; last in
     * S5 (held 2): relay with 3: S6 1, store 2, N1 (1 -> 2): capture 2
     * (store 4); N1 is north's first pit, the chain stops. */
    kalah_move_info info =
        play_expect("relay-6-3:S:0,0,0,0,2,12/0:0,3,3,3,3,3/7", 6,
                    "relay-6-3:N:1,1,1,1,0,1/4:0,4,4,4,4,4/7", false, NULL, NULL);
    ck_assert_int_eq(info.relays, 1);
    ck_assert_int_eq(info.captured, 2);
    ck_assert(!info.ended);
}
END_TEST

START_TEST(relay_capture_two)
{
    /* South pit 6 (2): store, N1 (1 -> 2): capture 2; nothing before N1. */
    kalah_move_info info =
        play_expect("relay-6-3:S:3,3,3,3,3,2/0:1,3,3,3,3,3/3", 6,
                    "relay-6-3:N:3,3,3,3,3,0/3:0,3,3,3,3,3/3", false, NULL, NULL);
    ck_assert_int_eq(info.captured, 2);
    ck_assert_int_eq(info.relays, 0);
    ck_assert(!info.extra_turn);
    ck_assert(!info.ended);
}
END_TEST

/* Pit 6's last stone lands on the opponent's side and takes the pits back
 * from it while they hold 2 or 3; the game goes on. One row a position. */
static const struct {
    const char *before, *after;
    int captured;
} chain_captures[] = {
    /* South pit 6 (3): store, N1 (4 -> 5), N2 (2 -> 3): capture 3; N1 holds
     * 5: the chain stops. */
    {"relay-6-3:S:3,3,3,3,3,3/0:4,2,3,3,3,3/0", "relay-6-3:N:3,3,3,3,3,0/4:5,0,3,3,3,3/0", 3},
    /* South pit 6 (5): store, N1 2->3, N2 0->1, N3 2->3, N4 1->2. Take N4
     * (2), N3 (3); N2 holds 1: stop (N1's 3 stay). 5 captured, store 6. */
    {"relay-6-3:S:3,3,3,3,3,5/0:2,0,2,1,3,3/5", "relay-6-3:N:3,3,3,3,3,0/6:3,1,0,0,3,3/5", 5},
    /* South pit 6 (5): store, N1 2->3, N2 3->4, N3 2->3, N4 1->2. Take N4
     * (2), N3 (3); N2 holds 4: stop. 5 captured, store 6. */
    {"relay-6-3:S:3,3,3,3,3,5/0:2,3,2,1,3,3/2", "relay-6-3:N:3,3,3,3,3,0/6:3,4,0,0,3,3/2", 5},
    /* South pit 6 (5): store, N1..N4: 1,2,1,2 -> 2,3,2,3. All four are taken,
     * back to N1, the end of north's side: 10 captured, store 11. */
    {"relay-6-3:S:3,3,3,3,3,5/0:1,2,1,2,3,3/4", "relay-6-3:N:3,3,3,3,3,0/11:0,0,0,0,3,3/4", 10},
    /* North pit 6 (4): north store, S1 1->2, S2 2->3, S3 1->2. Take S3, S2,
     * S1 (to the end of south's side): 7, north store 1 -> 8. */
    {"relay-6-3:N:1,2,1,4,4,4/1:3,3,3,3,3,4/0", "relay-6-3:S:0,0,0,4,4,4/1:3,3,3,3,3,0/8", 7},
};

START_TEST(relay_chain_captures)
{
    for (int i = 0; i < (int)(sizeof chain_captures / sizeof chain_captures[0]); i++) {
        kalah_move_info info = play_expect(chain_captures[i].before, 6, chain_captures[i].after,
                                           false, NULL, NULL);
        ck_assert_msg(info.captured == chain_captures[i].captured,
                      "row %d: captured %d, want %d", i, info.captured,
                      chain_captures[i].captured);
        ck_assert_msg(!info.ended, "row %d: the game ended", i);
    }
}
END_TEST

START_TEST(relay_ends_when_store_holds_more_than_half)
{
    /* relay-6-3, 36 stones, half 18. South pit 6 (2): store 18, N1 1->2:
     * capture 2, store 20 > 18: the game ends at once, the other stones stay
     * where they are. Margin 20-1 = 19. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("relay-6-3:S:2,2,2,2,2,2/17:1,1,1,1,1,1/1", 6,
                    "relay-6-3:N:2,2,2,2,2,0/20:0,1,1,1,1,1/1", true, &r, &p);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 2);
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_SOUTH);
    expect_over(&r, &p, 19);
}
END_TEST

START_TEST(relay_exactly_half_goes_on)
{
    /* South pit 5 (2): S6, store 18 = exactly half: not decided, north moves. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("relay-6-3:S:2,2,2,2,2,2/17:1,1,1,1,1,1/1", 5,
                    "relay-6-3:N:2,2,2,2,0,3/18:1,1,1,1,1,1/1", false, &r, &p);
    expect_plain(info);
    ck_assert_int_eq(kalah_decided(&r, &p), -1);
    expect_moves(&r, &p, 6, (const int[]){1, 2, 3, 4, 5, 6});
}
END_TEST

START_TEST(relay_ends_when_player_to_move_has_no_stones)
{
    /* South pit 6 (3): store 11, N1 1->2, N2 1->2: take N2 and N1 (4, store
     * 15 <= 18). North, to move, has no stones: south takes its own 5+4 = 9
     * (-> 24). Margin 24-12 = 12. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("relay-6-3:S:5,4,0,0,0,3/10:1,1,0,0,0,0/12", 6,
                    "relay-6-3:N:0,0,0,0,0,0/24:0,0,0,0,0,0/12", true, &r, &p);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 4);
    expect_over(&r, &p, 12);
}
END_TEST

START_TEST(relay_mover_emptying_own_side_goes_on)
{
    /* South pit 6 (1): store 11 (no extra turn). South is empty but north,
     * to move, has stones: the game goes on. North pit 1 (3): N2..N4 -> 4
     * (no south pit reached: no relay). South, to move, has none: the game
     * ends, north takes 4+4+4+3+3 = 18 (7 -> 25). Margin 11-25 = -14. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("relay-6-3:S:0,0,0,0,0,1/10:3,3,3,3,3,3/7", 6,
                    "relay-6-3:N:0,0,0,0,0,0/11:3,3,3,3,3,3/7", false, &r, &p);
    expect_plain(info);
    ck_assert(!kalah_over(&r, &p));
    info = play_on(&r, &p, 1, "relay-6-3:S:0,0,0,0,0,0/11:0,0,0,0,0,0/25", true);
    ck_assert(info.ended);
    ck_assert_int_eq(info.relays, 0);
    expect_over(&r, &p, -14);
}
END_TEST

Suite *relay_suite(void)
{
    Suite *s = suite_create("relay");
    TCase *tc = tcase_create("relay");
    tcase_add_test(tc, relay_chain_of_two);
    tcase_add_test(tc, relay_not_when_sowing_stays_home);
    tcase_add_test(tc, relay_not_in_own_empty_pit);
    tcase_add_test(tc, relay_no_extra_turn);
    tcase_add_test(tc, relay_north);
    tcase_add_test(tc, relay_then_capture);
    tcase_add_test(tc, relay_capture_two);
    tcase_add_test(tc, relay_chain_captures);
    tcase_add_test(tc, relay_ends_when_store_holds_more_than_half);
    tcase_add_test(tc, relay_exactly_half_goes_on);
    tcase_add_test(tc, relay_ends_when_player_to_move_has_no_stones);
    tcase_add_test(tc, relay_mover_emptying_own_side_goes_on);
    suite_add_tcase(s, tc);
    return s;
}
