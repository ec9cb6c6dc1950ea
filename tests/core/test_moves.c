/* Every rule of docs/rules.md on hand-built positions.
 *
 * Each expected position was worked out by hand from the rules, never taken
 * from the engine. The text notation is "RULES:SIDE:S1..Sm/STORE:N1..Nm/STORE":
 * south's pits 1..m from south's left, south's store, then north's pits 1..m
 * from north's left, north's store. South sows S(i+1)..Sm, south store,
 * N1..Nm, (north store skipped), S1...; north sows N(i+1)..Nm, north store,
 * S1..Sm, (south store skipped), N1... A player's pit i faces the opponent's
 * pit m+1-i. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_solve.h"
#include "move_check.h"

#include <stdbool.h>
#include <string.h>


/* ---- 1. sowing across both rows ----------------------------------------- */

START_TEST(sow_south_into_north_row)
{
    /* Kalah(6,4) start, south pit 5 (4 stones): S6, south store, N1, N2.
     * Last stone in N2, an opponent's pit: nothing more; north to move. */
    kalah_move_info info =
        play_expect("kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0", 5,
                    "kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(sow_north_into_south_row)
{
    /* North pit 4 (4 stones): N5, N6, north store, S1. South to move. */
    kalah_move_info info =
        play_expect("kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0", 4,
                    "kalah-6-4:S:5,4,4,4,0,5/1:5,5,4,0,5,5/1", false, NULL, NULL);
    expect_plain(info);
    /* North pit 6 (4 stones) from the same position: north store, S1, S2, S3. */
    info = play_expect("kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0", 6,
                       "kalah-6-4:S:5,5,5,4,0,5/1:5,5,4,4,4,0/1", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

/* ---- 2. lapping the board ------------------------------------------------ */

START_TEST(lap_sows_the_starting_pit)
{
    /* South pit 2 with 15 stones on a 6-pit board: one lap is 13 slots
     * (S3..S6, store, N1..N6, S1, S2 = the starting pit), then 2 more: S3, S4.
     * S: 1,15,2,0,3,1 -> 2,1,4,2,4,2, store 5 -> 6; N: each +1.
     * The last stone lands in S4, which got a stone on the first lap, so it
     * is not empty at that point: no capture (N3 opposite stays). */
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,15,2,0,3,1/5:2,3,4,1,0,2/9", 2,
                    "kalah-6-4:N:2,1,4,2,4,2/6:3,4,5,2,1,3/9", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(lap_of_2m_plus_1_captures_in_starting_pit_south)
{
    /* South pit 3 with 13 = 2*6+1 stones: every slot but north's store gets
     * one: S: 0,0,13,1,2,0 -> 1,1,1,2,3,1, store 4 -> 5, N: 3,1,2,2,0,1 ->
     * 4,2,3,3,1,2. The last stone is in S3 (emptied at the start): capture
     * it with N4 (opposite of S3 is N 7-3) = 3: 4 stones, store 9. */
    kalah_move_info info =
        play_expect("kalah-6-4:S:0,0,13,1,2,0/4:3,1,2,2,0,1/19", 3,
                    "kalah-6-4:N:1,1,0,2,3,1/9:4,2,3,0,1,2/19", false, NULL, NULL);
    expect_capture(info, 4);
}
END_TEST

START_TEST(lap_of_2m_plus_1_captures_in_starting_pit_north)
{
    /* North pit 2 with 13: N3..N6 +1, north store +1, S1..S6 +1 (south
     * store skipped), N1 +1, last in N2 (emptied) -> capture with S5
     * (opposite of N2) = 4+1 = 5: 6 stones. N store 11+1+6 = 18. */
    kalah_move_info info =
        play_expect("kalah-6-4:N:1,2,3,0,4,1/10:0,13,0,1,2,0/11", 2,
                    "kalah-6-4:S:2,3,4,1,0,2/10:1,0,1,2,3,1/18", false, NULL, NULL);
    expect_capture(info, 6);
}
END_TEST

/* ---- 3. skipping the opponent's store ----------------------------------- */

START_TEST(south_skips_north_store)
{
    /* South pit 6 with 8: south store, N1..N6 (7 stones), then north's store
     * is skipped and the 8th goes to S1 (2 -> 3, non-empty: no capture).
     * Were north's store sown, it would read 11 and S1 2. */
    kalah_move_info info =
        play_expect("kalah-6-4:S:2,3,0,1,0,8/3:1,2,3,4,5,6/10", 6,
                    "kalah-6-4:N:3,3,0,1,0,0/4:2,3,4,5,6,7/10", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(north_skips_south_store)
{
    /* North pit 5 with 9: N6, north store, S1..S6 (8 stones), south store
     * skipped, 9th in N1 (1 -> 2, non-empty: no capture). */
    kalah_move_info info =
        play_expect("kalah-6-4:N:1,1,1,1,1,1/10:1,2,0,1,9,2/17", 5,
                    "kalah-6-4:S:2,2,2,2,2,2/10:2,2,0,1,0,3/18", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

/* ---- 4. extra turn ------------------------------------------------------- */

START_TEST(extra_turn_south)
{
    /* Kalah(6,4) start, south pit 3 (4): S4, S5, S6, store: last stone in the
     * own store, south moves again. Then pit 6 (5): store, N1..N4: north. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0", 3,
                    "kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", false, &r, &p);
    ck_assert(info.extra_turn);
    ck_assert_int_eq(info.captured, 0);
    ck_assert(!info.ended);
    ck_assert_int_eq(p.to_move, KALAH_SOUTH);
    expect_moves(&r, &p, 5, (const int[]){1, 2, 4, 5, 6});
    info = play_on(&r, &p, 6, "kalah-6-4:N:4,4,0,5,5,0/2:5,5,5,5,4,4/0", false);
    expect_plain(info);
}
END_TEST

START_TEST(extra_turn_counts_as_a_move)
{
    /* From the Kalah(6,4) start, 6 first moves. Of them, pit 3 gives an
     * extra turn (5 south moves follow: pit 3 is empty); the other 5 give
     * north 6 moves each: 5*6 + 5 = 35 sequences of two moves. */
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-6-4", &r, &p);
    ck_assert_uint_eq(kalah_perft(&r, &p, 1), 6);
    ck_assert_uint_eq(kalah_perft(&r, &p, 2), 35);
}
END_TEST

START_TEST(extra_turns_chain_north)
{
    /* North pit 6 (1) -> north store: again. Pit 5 (2) -> N6, store: again.
     * Pit 6 (1) -> store: again. Pit 1 (3) -> N2, N3, N4 (non-empty): south. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,2,1/7", 6,
                    "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,2,0/8", false, &r, &p);
    ck_assert(info.extra_turn);
    ck_assert(!info.ended);
    info = play_on(&r, &p, 5, "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,0,1/9", false);
    ck_assert(info.extra_turn);
    info = play_on(&r, &p, 6, "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,0,0/10", false);
    ck_assert(info.extra_turn);
    info = play_on(&r, &p, 1, "kalah-6-4:S:4,4,4,4,4,4/2:0,4,4,4,0,0/10", false);
    expect_plain(info);
}
END_TEST

/* ---- 5. captures ---------------------------------------------------------- */

START_TEST(capture_south)
{
    /* South pit 1 (1) -> S2, empty; opposite is N5 (7-2) = 5: 1+5 = 6 to
     * the south store (10 -> 16). */
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,5,1/13", 1,
                    "kalah-6-4:N:0,0,3,0,2,2/16:3,4,2,2,0,1/13", false, NULL, NULL);
    expect_capture(info, 6);
}
END_TEST

START_TEST(capture_north)
{
    /* North pit 3 (1) -> N4, empty; opposite is S3 (7-4) = 4: 5 stones to
     * the north store (16 -> 21). */
    kalah_move_info info =
        play_expect("kalah-6-4:N:2,3,4,1,6,2/8:2,0,1,0,0,3/16", 3,
                    "kalah-6-4:S:2,3,0,1,6,2/8:2,0,0,0,0,3/21", false, NULL, NULL);
    expect_capture(info, 5);
}
END_TEST

START_TEST(capture_on_four_pit_board)
{
    /* Kalah(4,3): south pit 2 (1) -> S3, empty; opposite is N2 (5-3) = 4:
     * 5 stones, store 5 -> 10. */
    kalah_move_info info =
        play_expect("kalah-4-3:S:2,1,0,3/5:1,4,2,0/6", 2,
                    "kalah-4-3:N:2,0,0,3/10:1,0,2,0/6", false, NULL, NULL);
    ck_assert_int_eq(info.captured, 5);
}
END_TEST

START_TEST(no_capture_in_nonempty_own_pit)
{
    /* South pit 3 (3) -> S4, S5, S6; S6 held 2, so no capture though N1
     * opposite holds 3. */
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,5,1/13", 3,
                    "kalah-6-4:N:1,0,0,1,3,3/10:3,4,2,2,5,1/13", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(no_capture_in_opponent_empty_pit)
{
    /* South pit 5 (3) -> S6, store, N1. N1 was empty, but it is north's
     * pit: nothing is taken (S6, opposite N1, holds 3). */
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,0,3,0,3,2/10:0,4,2,2,5,4/12", 5,
                    "kalah-6-4:N:1,0,3,0,0,3/11:1,4,2,2,5,4/12", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(empty_opposite_no_capture_standard)
{
    /* South pit 1 (1) -> S2, empty; opposite N5 is empty: standard rules
     * take nothing, the stone stays in S2. */
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,0,1/18", 1,
                    "kalah-6-4:N:0,1,3,0,2,2/10:3,4,2,2,0,1/18", false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(empty_opposite_lone_stone_captured_with_empty_rule)
{
    /* Same move under +empty: the lone stone goes to the store (10 -> 11). */
    kalah_move_info info = play_expect(
        "kalah-6-4+empty:S:1,0,3,0,2,2/10:3,4,2,2,0,1/18", 1,
        "kalah-6-4+empty:N:0,0,3,0,2,2/11:3,4,2,2,0,1/18", false, NULL, NULL);
    expect_capture(info, 1);
}
END_TEST

/* ---- 6. end of the game --------------------------------------------------- */

START_TEST(end_either_mover_empties_own_side)
{
    /* South pit 6 (2) -> store 21, N1 2. South's side is empty: the game
     * ends, north takes 2+2+3+4 = 11 (16 -> 27). Margin 21-27 = -6. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4:S:0,0,0,0,0,2/20:1,2,3,0,0,4/16", 6,
                    "kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", true, &r, &p);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 0);
    expect_over(&r, &p, -6);
}
END_TEST

START_TEST(end_either_after_extra_turn)
{
    /* South pit 6 (1) -> store 21: an extra turn, but south's side is empty,
     * so the game ends; north takes its 10 (17 -> 27). Margin -6. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4:S:0,0,0,0,0,1/20:1,2,3,0,0,4/17", 6,
                    "kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", true, &r, &p);
    ck_assert(info.ended);
    expect_over(&r, &p, -6);
}
END_TEST

START_TEST(end_either_capture_empties_opponent_side)
{
    /* South pit 1 (1) -> S2, empty, opposite N5 = 4: capture 5 (20 -> 25).
     * North's side is now empty: south takes its own 3+2+2 = 7 (-> 32).
     * Margin 32-16 = 16. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4:S:1,0,3,0,2,2/20:0,0,0,0,4,0/16", 1,
                    "kalah-6-4:N:0,0,0,0,0,0/32:0,0,0,0,0,0/16", true, &r, &p);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 5);
    expect_over(&r, &p, 16);
}
END_TEST

START_TEST(end_mover_empty_own_side_does_not_end)
{
    /* +mover: south pit 6 (2) -> store 21, N1 2. South is empty but north,
     * to move, has stones: the game goes on; north may play 1, 2, 3, 6. */
    kalah_rules r;
    kalah_pos p;
    const char *after = "kalah-6-4+mover:N:0,0,0,0,0,0/21:2,2,3,0,0,4/16";
    kalah_move_info info = play_expect("kalah-6-4+mover:S:0,0,0,0,0,2/20:1,2,3,0,0,4/16",
                                       6, after, false, &r, &p);
    expect_plain(info);
    expect_moves(&r, &p, 4, (const int[]){1, 2, 3, 6});

    /* North pit 6 (4) -> north store, S1, S2, S3: south can move again. */
    kalah_pos q = p;
    info = play_on(&r, &q, 6, "kalah-6-4+mover:S:1,1,1,0,0,0/21:2,2,3,0,0,0/17", false);
    expect_plain(info);
    expect_moves(&r, &q, 3, (const int[]){1, 2, 3});

    /* North pit 3 (3) -> N4, N5, N6 (non-empty). South, to move, has no
     * stones: the game ends, north takes 2+2+1+1+5 = 11 (16 -> 27). */
    q = p;
    info = play_on(&r, &q, 3, "kalah-6-4+mover:S:0,0,0,0,0,0/21:0,0,0,0,0,0/27", true);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 0);
    expect_over(&r, &q, -6);
}
END_TEST

START_TEST(end_mover_extra_turn_with_empty_side)
{
    /* +mover: south pit 6 (1) -> store 21, an extra turn; south is to move
     * with no stones, so the game ends and north takes its 10 (17 -> 27). */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4+mover:S:0,0,0,0,0,1/20:1,2,3,0,0,4/17", 6,
                    "kalah-6-4+mover:S:0,0,0,0,0,0/21:0,0,0,0,0,0/27", true, &r, &p);
    ck_assert(info.ended);
    expect_over(&r, &p, -6);
}
END_TEST

START_TEST(end_mover_capture_empties_opponent)
{
    /* +mover: the capture of end_either_capture_empties_opponent_side leaves
     * north, to move, with no stones: south takes its own 7 (25 -> 32). */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4+mover:S:1,0,3,0,2,2/20:0,0,0,0,4,0/16", 1,
                    "kalah-6-4+mover:N:0,0,0,0,0,0/32:0,0,0,0,0,0/16", true, &r, &p);
    ck_assert(info.ended);
    ck_assert_int_eq(info.captured, 5);
    expect_over(&r, &p, 16);
}
END_TEST

/* ---- 8. decided early ------------------------------------------------------ */

START_TEST(decided_goes_on_by_default)
{
    /* Kalah(6,4), 48 stones, half 24. South's store holds exactly 24: not
     * decided. South pit 6 (2): store 25, N1 3->4: decided for south, but the
     * default rules play on; north has all six moves. */
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-6-4:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), -1);
    kalah_move_info info =
        play_expect("kalah-6-4:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3", 6,
                    "kalah-6-4:N:0,0,0,0,1,0/25:4,3,3,3,3,3/3", false, &r, &p);
    expect_plain(info);
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_SOUTH);
    expect_moves(&r, &p, 6, (const int[]){1, 2, 3, 4, 5, 6});
}
END_TEST

START_TEST(decided_stops_with_decided_rule)
{
    /* The same move under +decided ends the game at once; the stones stay
     * where they are. Margin 25-3 = 22. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info =
        play_expect("kalah-6-4+decided:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3", 6,
                    "kalah-6-4+decided:N:0,0,0,0,1,0/25:4,3,3,3,3,3/3", true, &r, &p);
    ck_assert(info.ended);
    ck_assert(!info.extra_turn);
    ck_assert_int_eq(info.captured, 0);
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_SOUTH);
    expect_over(&r, &p, 22);
}
END_TEST

START_TEST(decided_north)
{
    /* North's store 25 of 48: decided for north (1). */
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-6-4:S:1,1,1,1,1,1/5:2,2,2,2,2,2/25", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_NORTH);
    ck_assert(!kalah_over(&r, &p));
    /* Both stores at 24: nobody. */
    parse_ok("kalah-6-4:N:0,0,0,0,0,0/24:0,0,0,0,0,0/24", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), -1);
}
END_TEST

/* ---- 9. illegal moves and the move list ----------------------------------- */

static void expect_illegal(const char *text, int pit)
{
    kalah_rules r;
    kalah_pos p, before;
    parse_ok(text, &r, &p);
    before = p;
    kalah_move_info info = {.extra_turn = false, .captured = 0, .relays = 0,
                            .ended = false};
    kalah_error err = {.code = KALAH_OK, .pos = 0};
    kalah_status st = kalah_play(&r, &p, pit, &info, &err);
    ck_assert_msg(st == KALAH_EILLEGAL, "%s pit %d: status %d", text, pit, (int)st);
    ck_assert_int_eq(err.code, KALAH_EILLEGAL);
    ck_assert_msg(err.message[0] != '\0', "no message for %s pit %d", text, pit);
    ck_assert_msg(memcmp(&p, &before, sizeof p) == 0, "%s changed by pit %d", text, pit);
    /* Without info and err too. */
    ck_assert_int_eq(kalah_play(&r, &p, pit, NULL, NULL), KALAH_EILLEGAL);
    ck_assert(memcmp(&p, &before, sizeof p) == 0);
}

START_TEST(illegal_pit_numbers_and_empty_pit)
{
    const char *pos = "kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0";
    expect_illegal(pos, 0);
    expect_illegal(pos, 7);
    expect_illegal(pos, -1);
    expect_illegal(pos, 3); /* empty */
    /* North to move: north's empty pit 2 is illegal, though south's pit 2
     * is not empty. */
    expect_illegal("kalah-6-4:N:4,4,4,4,4,4/0:4,0,4,4,4,4/4", 2);
    /* A 4-pit board: pit 5 does not exist. */
    expect_illegal("kalah-4-3:S:3,3,3,3/0:3,3,3,3/0", 5);
}
END_TEST

START_TEST(illegal_in_finished_game)
{
    /* All stones in the stores. */
    expect_illegal("kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 1);
    /* +decided with south's store at 25 > 24: over, though south's pit 5
     * holds a stone. */
    expect_illegal("kalah-6-4+decided:S:0,0,0,0,1,0/25:4,3,3,3,3,3/3", 5);
    /* relay: south's store at 20 > 18: over, north's pits still full. */
    expect_illegal("relay-6-3:N:2,2,2,2,2,0/20:0,1,1,1,1,1/1", 2);
}
END_TEST

/* ---- 12 pits, and counts above a byte ------------------------------------- */

START_TEST(twelve_pits_lap_of_250_stones)
{
    /* Kalah(12,12): 288 stones. South pit 1 holds 250; a lap of a 12-pit
     * board is 25 slots (S2..S12, the store, N1..N12, S1), so 250 stones are
     * exactly 10 laps: every slot gets 10, the last one lands in S1 (now 10,
     * not empty: no capture). North to move. */
    kalah_move_info info = play_expect(
        "kalah-12-12:S:250,0,0,0,0,0,0,0,0,0,0,0/0:10,0,0,0,0,0,0,0,0,0,0,0/28", 1,
        "kalah-12-12:N:10,10,10,10,10,10,10,10,10,10,10,10/10:"
        "20,10,10,10,10,10,10,10,10,10,10,10/28",
        false, NULL, NULL);
    expect_plain(info);
}
END_TEST

START_TEST(twelve_pits_store_above_255)
{
    /* South's store holds 260. South pit 12 (20 stones): the store (261),
     * N1..N12, north's store skipped, S1..S7: the last stone in S7, empty
     * before, facing N6 (now 1): both captured, store 263. */
    kalah_rules r;
    kalah_pos p;
    kalah_move_info info = play_expect(
        "kalah-12-12:S:0,0,0,0,0,0,0,0,0,0,0,20/260:1,0,0,0,0,0,0,0,0,0,0,7/0", 12,
        "kalah-12-12:N:1,1,1,1,1,1,0,0,0,0,0,0/263:2,1,1,1,1,0,1,1,1,1,1,8/0", false,
        &r, &p);
    expect_capture(info, 2);
    ck_assert_int_eq(p.store[KALAH_SOUTH], 263);
    ck_assert_int_eq(kalah_total_stones(&r, &p), 288);
    /* Both sides still have stones: the game goes on. */
    ck_assert(!kalah_over(&r, &p));
    /* Under "decided", 263 of 288 ends the game at once. */
    kalah_rules d = r;
    d.stop_when_decided = true;
    ck_assert(kalah_over(&d, &p));
    ck_assert_int_eq(kalah_decided(&d, &p), KALAH_SOUTH);
    ck_assert_int_eq(kalah_margin(&d, &p), 263);
}
END_TEST

START_TEST(twelve_pits_moves_and_perft)
{
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-12-1", &r, &p);
    expect_moves(&r, &p, 12, (const int[]){1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
    /* One stone a pit: pit 12 reaches the store (an extra turn), every
     * other pit sows into the next one. From the start, south's 12 moves;
     * after pit 12 south moves again with 11 pits to choose from; after any
     * other move north has all 12: 11 x 12 + 11 = 143 sequences of 2. */
    ck_assert_uint_eq(kalah_perft(&r, &p, 1), 12);
    ck_assert_uint_eq(kalah_perft(&r, &p, 2), 143);
}
END_TEST

START_TEST(solver_refuses_boards_of_more_than_255_stones)
{
    kalah_solve_config c = {.tt_bytes = KALAH_SOLVE_TT_MIN};
    kalah_solver *s = NULL;
    kalah_error err;
    kalah_rules r = rules_of("kalah-12-12");
    ck_assert_int_eq(kalah_solver_new(&r, &c, &s, &err), KALAH_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(err.message, "at most 255 stones") && strstr(err.message, "288"), "%s",
                  err.message);
    r = rules_of("kalah-11-12"); /* 264 */
    ck_assert_int_eq(kalah_solver_new(&r, &c, &s, &err), KALAH_EINVAL);
    r = rules_of("kalah-12-10"); /* 240: within the limit */
    ck_assert_int_eq(kalah_solver_new(&r, &c, &s, &err), KALAH_OK);
    kalah_solver_free(s);
}
END_TEST

START_TEST(moves_lists_nonempty_pits_in_order)
{
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", &r, &p);
    expect_moves(&r, &p, 5, (const int[]){1, 2, 4, 5, 6});
    /* North to move: north's pits, not south's. */
    parse_ok("kalah-6-4:N:7,0,6,0,5,0/10:0,3,0,0,2,1/14", &r, &p);
    expect_moves(&r, &p, 3, (const int[]){2, 5, 6});
    /* Start: all pits. */
    parse_ok("kalah-4-3", &r, &p);
    expect_moves(&r, &p, 4, (const int[]){1, 2, 3, 4});
}
END_TEST

Suite *moves_suite(void)
{
    Suite *s = suite_create("moves");

    TCase *tc = tcase_create("sowing");
    tcase_add_test(tc, sow_south_into_north_row);
    tcase_add_test(tc, sow_north_into_south_row);
    tcase_add_test(tc, lap_sows_the_starting_pit);
    tcase_add_test(tc, lap_of_2m_plus_1_captures_in_starting_pit_south);
    tcase_add_test(tc, lap_of_2m_plus_1_captures_in_starting_pit_north);
    tcase_add_test(tc, south_skips_north_store);
    tcase_add_test(tc, north_skips_south_store);
    suite_add_tcase(s, tc);

    tc = tcase_create("twelve_pits");
    tcase_add_test(tc, twelve_pits_lap_of_250_stones);
    tcase_add_test(tc, twelve_pits_store_above_255);
    tcase_add_test(tc, twelve_pits_moves_and_perft);
    tcase_add_test(tc, solver_refuses_boards_of_more_than_255_stones);
    suite_add_tcase(s, tc);

    tc = tcase_create("extra_turn");
    tcase_add_test(tc, extra_turn_south);
    tcase_add_test(tc, extra_turn_counts_as_a_move);
    tcase_add_test(tc, extra_turns_chain_north);
    suite_add_tcase(s, tc);

    tc = tcase_create("capture");
    tcase_add_test(tc, capture_south);
    tcase_add_test(tc, capture_north);
    tcase_add_test(tc, capture_on_four_pit_board);
    tcase_add_test(tc, no_capture_in_nonempty_own_pit);
    tcase_add_test(tc, no_capture_in_opponent_empty_pit);
    tcase_add_test(tc, empty_opposite_no_capture_standard);
    tcase_add_test(tc, empty_opposite_lone_stone_captured_with_empty_rule);
    suite_add_tcase(s, tc);

    tc = tcase_create("end");
    tcase_add_test(tc, end_either_mover_empties_own_side);
    tcase_add_test(tc, end_either_after_extra_turn);
    tcase_add_test(tc, end_either_capture_empties_opponent_side);
    tcase_add_test(tc, end_mover_empty_own_side_does_not_end);
    tcase_add_test(tc, end_mover_extra_turn_with_empty_side);
    tcase_add_test(tc, end_mover_capture_empties_opponent);
    suite_add_tcase(s, tc);

    tc = tcase_create("decided");
    tcase_add_test(tc, decided_goes_on_by_default);
    tcase_add_test(tc, decided_stops_with_decided_rule);
    tcase_add_test(tc, decided_north);
    suite_add_tcase(s, tc);

    tc = tcase_create("illegal");
    tcase_add_test(tc, illegal_pit_numbers_and_empty_pit);
    tcase_add_test(tc, illegal_in_finished_game);
    tcase_add_test(tc, moves_lists_nonempty_pits_in_order);
    suite_add_tcase(s, tc);

    return s;
}

