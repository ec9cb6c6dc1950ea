/* Every rule of docs/rules.md on hand-built positions.
 *
 * Each expected position was worked out by hand from the rules, never taken
 * from the engine. The text notation is "RULES:SIDE:S1..Sm/STORE:N1..Nm/STORE":
 * south's pits 1..m from south's left, south's store, then north's pits 1..m
 * from north's left, north's store. South sows S(i+1)..Sm, south store,
 * N1..Nm, (north store skipped), S1...; north sows N(i+1)..Nm, north store,
 * S1..Sm, (south store skipped), N1... A player's pit i faces the opponent's
 * pit m+1-i.
 *
 * The cases are tables: a position, then the moves played from it in turn,
 * each with the position it leaves and what it did. */
#include "core_tests.h"
#include "kalah.h"
#include "kalah_solve.h"
#include "move_check.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What a move did. */
typedef enum move_kind {
    PLAIN,   /* no extra turn, capture or relay; the game goes on */
    CAPTURE, /* n stones captured, no extra turn; the game goes on */
    EXTRA,   /* an extra turn, nothing captured; the game goes on */
    OVER     /* the game ended (no extra turn then), n stones captured, with
                the final margin margin; whose turn it would be is not
                compared */
} move_kind;

typedef struct move_step {
    int pit;            /* 0: no more steps */
    const char *after;  /* the position it leaves */
    move_kind kind;
    int n;              /* CAPTURE, OVER: the stones captured */
    int margin;         /* OVER: south's store minus north's at the end */
    const char *moves;  /* the legal moves after it ("1 2 4"), or NULL: not checked */
    const char *decided; /* kalah_decided after it: "south", "north", "nobody", or
                            NULL: not checked */
} move_step;

/* The steps, by what they did (and, after them, .moves or .decided). */
#define PLAY(p, a, ...) {.pit = (p), .after = (a), .kind = PLAIN, __VA_ARGS__}
#define CAPTURES(p, a, stones, ...)                                                        \
    {.pit = (p), .after = (a), .kind = CAPTURE, .n = (stones), __VA_ARGS__}
#define AGAIN(p, a, ...) {.pit = (p), .after = (a), .kind = EXTRA, __VA_ARGS__}
#define ENDS(p, a, stones, m, ...)                                                          \
    {.pit = (p), .after = (a), .kind = OVER, .n = (stones), .margin = (m), __VA_ARGS__}

typedef struct move_case {
    const char *before;
    move_step steps[4]; /* each played on the position the one before left */
} move_case;

/* The pits of a list such as "1 2 4 5 6" into want; how many. */
static int pits_of(const char *list, int want[KALAH_MAX_PITS])
{
    int n = 0;
    for (char *end; *list && n < KALAH_MAX_PITS; list = end)
        want[n++] = (int)strtol(list, &end, 10);
    return n;
}

static void run_case(const move_case *c)
{
    kalah_rules r;
    kalah_pos p;
    for (int k = 0; k < 4 && c->steps[k].pit; k++) {
        const move_step *s = &c->steps[k];
        const bool over = s->kind == OVER;
        kalah_move_info info = k == 0 ? play_expect(c->before, s->pit, s->after, over, &r, &p)
                                      : play_on(&r, &p, s->pit, s->after, over);
        switch (s->kind) {
        case PLAIN:
            expect_plain(info);
            break;
        case CAPTURE:
            expect_capture(info, s->n);
            break;
        case EXTRA:
            ck_assert(info.extra_turn);
            ck_assert_int_eq(info.captured, 0);
            ck_assert(!info.ended);
            break;
        case OVER:
            ck_assert(info.ended);
            ck_assert(!info.extra_turn);
            ck_assert_int_eq(info.captured, s->n);
            expect_over(&r, &p, s->margin);
            break;
        }
        if (s->moves) {
            int want[KALAH_MAX_PITS], n = pits_of(s->moves, want);
            expect_moves(&r, &p, n, want);
        }
        if (s->decided)
            ck_assert_int_eq(kalah_decided(&r, &p), strcmp(s->decided, "south") == 0   ? KALAH_SOUTH
                                                    : strcmp(s->decided, "north") == 0 ? KALAH_NORTH
                                                                                       : -1);
    }
}

/* ---- 1. sowing across both rows, 2. lapping the board, 3. skipping the
 * opponent's store ------------------------------------------------------------ */

static const move_case sowing[] = {
    /* Kalah(6,4) start, south pit 5 (4 stones): S6, south store, N1, N2.
     * Last stone in N2, an opponent's pit: nothing more; north to move. */
    {"kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0",
     {PLAY(5, "kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0")}},
    /* North pit 4 (4 stones): N5, N6, north store, S1. South to move. */
    {"kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0",
     {PLAY(4, "kalah-6-4:S:5,4,4,4,0,5/1:5,5,4,0,5,5/1")}},
    /* North pit 6 (4 stones) from the same position: north store, S1, S2, S3. */
    {"kalah-6-4:N:4,4,4,4,0,5/1:5,5,4,4,4,4/0",
     {PLAY(6, "kalah-6-4:S:5,5,5,4,0,5/1:5,5,4,4,4,0/1")}},
    /* South pit 2 with 15 stones on a 6-pit board: one lap is 13 slots
     * (S3..S6, store, N1..N6, S1, S2 = the starting pit), then 2 more: S3, S4.
     * S: 1,15,2,0,3,1 -> 2,1,4,2,4,2, store 5 -> 6; N: each +1.
     * The last stone lands in S4, which got a stone on the first lap, so it
     * is not empty at that point: no capture (N3 opposite stays). */
    {"kalah-6-4:S:1,15,2,0,3,1/5:2,3,4,1,0,2/9",
     {PLAY(2, "kalah-6-4:N:2,1,4,2,4,2/6:3,4,5,2,1,3/9")}},
    /* South pit 3 with 13 = 2*6+1 stones: every slot but north's store gets
     * one: S: 0,0,13,1,2,0 -> 1,1,1,2,3,1, store 4 -> 5, N: 3,1,2,2,0,1 ->
     * 4,2,3,3,1,2. The last stone is in S3 (emptied at the start): capture
     * it with N4 (opposite of S3 is N 7-3) = 3: 4 stones, store 9. */
    {"kalah-6-4:S:0,0,13,1,2,0/4:3,1,2,2,0,1/19",
     {CAPTURES(3, "kalah-6-4:N:1,1,0,2,3,1/9:4,2,3,0,1,2/19", 4)}},
    /* North pit 2 with 13: N3..N6 +1, north store +1, S1..S6 +1 (south
     * store skipped), N1 +1, last in N2 (emptied) -> capture with S5
     * (opposite of N2) = 4+1 = 5: 6 stones. N store 11+1+6 = 18. */
    {"kalah-6-4:N:1,2,3,0,4,1/10:0,13,0,1,2,0/11",
     {CAPTURES(2, "kalah-6-4:S:2,3,4,1,0,2/10:1,0,1,2,3,1/18", 6)}},
    /* South pit 6 with 8: south store, N1..N6 (7 stones), then north's store
     * is skipped and the 8th goes to S1 (2 -> 3, non-empty: no capture).
     * Were north's store sown, it would read 11 and S1 2. */
    {"kalah-6-4:S:2,3,0,1,0,8/3:1,2,3,4,5,6/10",
     {PLAY(6, "kalah-6-4:N:3,3,0,1,0,0/4:2,3,4,5,6,7/10")}},
    /* North pit 5 with 9: N6, north store, S1..S6 (8 stones), south store
     * skipped, 9th in N1 (1 -> 2, non-empty: no capture). */
    {"kalah-6-4:N:1,1,1,1,1,1/10:1,2,0,1,9,2/17",
     {PLAY(5, "kalah-6-4:S:2,2,2,2,2,2/10:2,2,0,1,0,3/18")}},
};

/* ---- 4. extra turn ------------------------------------------------------- */

static const move_case extra_turns[] = {
    /* Kalah(6,4) start, south pit 3 (4): S4, S5, S6, store: last stone in the
     * own store, south moves again (pit 3 is empty now). Then pit 6 (5):
     * store, N1..N4: north. */
    {"kalah-6-4:S:4,4,4,4,4,4/0:4,4,4,4,4,4/0",
     {AGAIN(3, "kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", .moves = "1 2 4 5 6"),
      PLAY(6, "kalah-6-4:N:4,4,0,5,5,0/2:5,5,5,5,4,4/0")}},
    /* North pit 6 (1) -> north store: again. Pit 5 (2) -> N6, store: again.
     * Pit 6 (1) -> store: again. Pit 1 (3) -> N2, N3, N4 (non-empty): south. */
    {"kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,2,1/7",
     {AGAIN(6, "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,2,0/8"),
      AGAIN(5, "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,0,1/9"),
      AGAIN(6, "kalah-6-4:N:4,4,4,4,4,4/2:3,3,3,3,0,0/10"),
      PLAY(1, "kalah-6-4:S:4,4,4,4,4,4/2:0,4,4,4,0,0/10")}},
};

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

/* ---- 5. captures ---------------------------------------------------------- */

static const move_case captures[] = {
    /* South pit 1 (1) -> S2, empty; opposite is N5 (7-2) = 5: 1+5 = 6 to
     * the south store (10 -> 16). */
    {"kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,5,1/13",
     {CAPTURES(1, "kalah-6-4:N:0,0,3,0,2,2/16:3,4,2,2,0,1/13", 6)}},
    /* North pit 3 (1) -> N4, empty; opposite is S3 (7-4) = 4: 5 stones to
     * the north store (16 -> 21). */
    {"kalah-6-4:N:2,3,4,1,6,2/8:2,0,1,0,0,3/16",
     {CAPTURES(3, "kalah-6-4:S:2,3,0,1,6,2/8:2,0,0,0,0,3/21", 5)}},
    /* Kalah(4,3): south pit 2 (1) -> S3, empty; opposite is N2 (5-3) = 4:
     * 5 stones, store 5 -> 10. */
    {"kalah-4-3:S:2,1,0,3/5:1,4,2,0/6", {CAPTURES(2, "kalah-4-3:N:2,0,0,3/10:1,0,2,0/6", 5)}},
    /* South pit 3 (3) -> S4, S5, S6; S6 held 2, so no capture though N1
     * opposite holds 3. */
    {"kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,5,1/13",
     {PLAY(3, "kalah-6-4:N:1,0,0,1,3,3/10:3,4,2,2,5,1/13")}},
    /* South pit 5 (3) -> S6, store, N1. N1 was empty, but it is north's
     * pit: nothing is taken (S6, opposite N1, holds 3). */
    {"kalah-6-4:S:1,0,3,0,3,2/10:0,4,2,2,5,4/12",
     {PLAY(5, "kalah-6-4:N:1,0,3,0,0,3/11:1,4,2,2,5,4/12")}},
    /* South pit 1 (1) -> S2, empty; opposite N5 is empty: standard rules
     * take nothing, the stone stays in S2. */
    {"kalah-6-4:S:1,0,3,0,2,2/10:3,4,2,2,0,1/18",
     {PLAY(1, "kalah-6-4:N:0,1,3,0,2,2/10:3,4,2,2,0,1/18")}},
    /* Same move under +empty: the lone stone goes to the store (10 -> 11). */
    {"kalah-6-4+empty:S:1,0,3,0,2,2/10:3,4,2,2,0,1/18",
     {CAPTURES(1, "kalah-6-4+empty:N:0,0,3,0,2,2/11:3,4,2,2,0,1/18", 1)}},
};

/* ---- 6. end of the game --------------------------------------------------- */

static const move_case endings[] = {
    /* South pit 6 (2) -> store 21, N1 2. South's side is empty: the game
     * ends, north takes 2+2+3+4 = 11 (16 -> 27). Margin 21-27 = -6. */
    {"kalah-6-4:S:0,0,0,0,0,2/20:1,2,3,0,0,4/16",
     {ENDS(6, "kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 0, -6)}},
    /* South pit 6 (1) -> store 21: an extra turn, but south's side is empty,
     * so the game ends; north takes its 10 (17 -> 27). Margin -6. */
    {"kalah-6-4:S:0,0,0,0,0,1/20:1,2,3,0,0,4/17",
     {ENDS(6, "kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 0, -6)}},
    /* South pit 1 (1) -> S2, empty, opposite N5 = 4: capture 5 (20 -> 25).
     * North's side is now empty: south takes its own 3+2+2 = 7 (-> 32).
     * Margin 32-16 = 16. */
    {"kalah-6-4:S:1,0,3,0,2,2/20:0,0,0,0,4,0/16",
     {ENDS(1, "kalah-6-4:N:0,0,0,0,0,0/32:0,0,0,0,0,0/16", 5, 16)}},
    /* +mover: south pit 6 (2) -> store 21, N1 2. South is empty but north,
     * to move, has stones: the game goes on; north may play 1, 2, 3, 6.
     * North pit 6 (4) -> north store, S1, S2, S3: south can move again. */
    {"kalah-6-4+mover:S:0,0,0,0,0,2/20:1,2,3,0,0,4/16",
     {PLAY(6, "kalah-6-4+mover:N:0,0,0,0,0,0/21:2,2,3,0,0,4/16", .moves = "1 2 3 6"),
      PLAY(6, "kalah-6-4+mover:S:1,1,1,0,0,0/21:2,2,3,0,0,0/17", .moves = "1 2 3")}},
    /* The same first move, then north pit 3 (3) -> N4, N5, N6 (non-empty).
     * South, to move, has no stones: the game ends, north takes
     * 2+2+1+1+5 = 11 (16 -> 27). */
    {"kalah-6-4+mover:S:0,0,0,0,0,2/20:1,2,3,0,0,4/16",
     {PLAY(6, "kalah-6-4+mover:N:0,0,0,0,0,0/21:2,2,3,0,0,4/16"),
      ENDS(3, "kalah-6-4+mover:S:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 0, -6)}},
    /* +mover: south pit 6 (1) -> store 21, an extra turn; south is to move
     * with no stones, so the game ends and north takes its 10 (17 -> 27). */
    {"kalah-6-4+mover:S:0,0,0,0,0,1/20:1,2,3,0,0,4/17",
     {ENDS(6, "kalah-6-4+mover:S:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 0, -6)}},
    /* +mover: the capture of the third case leaves north, to move, with no
     * stones: south takes its own 7 (25 -> 32). */
    {"kalah-6-4+mover:S:1,0,3,0,2,2/20:0,0,0,0,4,0/16",
     {ENDS(1, "kalah-6-4+mover:N:0,0,0,0,0,0/32:0,0,0,0,0,0/16", 5, 16)}},
};

/* ---- 8. decided early ------------------------------------------------------ */

static const move_case decided[] = {
    /* Kalah(6,4), 48 stones, half 24. South's store holds exactly 24: not
     * decided (decided_north checks such a position). South pit 6 (2):
     * store 25, N1 3->4: decided for south, but the default rules play on;
     * north has all six moves. */
    {"kalah-6-4:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3",
     {PLAY(6, "kalah-6-4:N:0,0,0,0,1,0/25:4,3,3,3,3,3/3", .moves = "1 2 3 4 5 6",
       .decided = "south")}},
    /* The same move under +decided ends the game at once; the stones stay
     * where they are. Margin 25-3 = 22. */
    {"kalah-6-4+decided:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3",
     {ENDS(6, "kalah-6-4+decided:N:0,0,0,0,1,0/25:4,3,3,3,3,3/3", 0, 22, .decided = "south")}},
};

START_TEST(decided_north)
{
    kalah_rules r;
    kalah_pos p;
    /* The position before the moves of decided[]: 24 of 48 decides nothing. */
    parse_ok("kalah-6-4:S:0,0,0,0,1,2/24:3,3,3,3,3,3/3", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), -1);
    /* North's store 25 of 48: decided for north (1). */
    parse_ok("kalah-6-4:S:1,1,1,1,1,1/5:2,2,2,2,2,2/25", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_NORTH);
    ck_assert(!kalah_over(&r, &p));
    /* Both stores at 24: nobody. */
    parse_ok("kalah-6-4:N:0,0,0,0,0,0/24:0,0,0,0,0,0/24", &r, &p);
    ck_assert_int_eq(kalah_decided(&r, &p), -1);
}
END_TEST

/* ---- 12 pits, and counts above a byte ------------------------------------- */

static const move_case twelve_pits[] = {
    /* Kalah(12,12): 288 stones. South pit 1 holds 250; a lap of a 12-pit
     * board is 25 slots (S2..S12, the store, N1..N12, S1), so 250 stones are
     * exactly 10 laps: every slot gets 10, the last one lands in S1 (now 10,
     * not empty: no capture). North to move. */
    {"kalah-12-12:S:250,0,0,0,0,0,0,0,0,0,0,0/0:10,0,0,0,0,0,0,0,0,0,0,0/28",
     {PLAY(1, "kalah-12-12:N:10,10,10,10,10,10,10,10,10,10,10,10/10:"
       "20,10,10,10,10,10,10,10,10,10,10,10/28")}},
    /* South's store holds 260. South pit 12 (20 stones): the store (261),
     * N1..N12, north's store skipped, S1..S7: the last stone in S7, empty
     * before, facing N6 (now 1): both captured, store 263. Both sides still
     * have stones: the game goes on, north with every pit but N6. */
    {"kalah-12-12:S:0,0,0,0,0,0,0,0,0,0,0,20/260:1,0,0,0,0,0,0,0,0,0,0,7/0",
     {CAPTURES(12, "kalah-12-12:N:1,1,1,1,1,1,0,0,0,0,0,0/263:2,1,1,1,1,0,1,1,1,1,1,8/0", 2, .moves = "1 2 3 4 5 7 8 9 10 11 12")}},
};

START_TEST(twelve_pits_store_above_255_decides)
{
    /* The position twelve_pits[1] leaves: under "decided", 263 of 288 ends
     * the game at once. */
    kalah_rules r;
    kalah_pos p;
    parse_ok("kalah-12-12+decided:N:1,1,1,1,1,1,0,0,0,0,0,0/263:2,1,1,1,1,0,1,1,1,1,1,8/0", &r,
             &p);
    ck_assert_int_eq(p.store[KALAH_SOUTH], 263);
    ck_assert_int_eq(kalah_total_stones(&r, &p), 288);
    ck_assert(kalah_over(&r, &p));
    ck_assert_int_eq(kalah_decided(&r, &p), KALAH_SOUTH);
    ck_assert_int_eq(kalah_margin(&r, &p), 263);
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

/* ---- 9. illegal moves and the move list ----------------------------------- */

static const struct {
    const char *pos;
    int pit;
} illegal[] = {
    {"kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", 0},
    {"kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", 7},
    {"kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", -1},
    {"kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", 3}, /* empty */
    /* North to move: north's empty pit 2 is illegal, though south's pit 2
     * is not empty. */
    {"kalah-6-4:N:4,4,4,4,4,4/0:4,0,4,4,4,4/4", 2},
    /* A 4-pit board: pit 5 does not exist. */
    {"kalah-4-3:S:3,3,3,3/0:3,3,3,3/0", 5},
    /* Finished games. All stones in the stores: */
    {"kalah-6-4:N:0,0,0,0,0,0/21:0,0,0,0,0,0/27", 1},
    /* +decided with south's store at 25 > 24: over, though south's pit 5
     * holds a stone. */
    {"kalah-6-4+decided:S:0,0,0,0,1,0/25:4,3,3,3,3,3/3", 5},
    /* relay: south's store at 20 > 18: over, north's pits still full. */
    {"relay-6-3:N:2,2,2,2,2,0/20:0,1,1,1,1,1/1", 2},
};

START_TEST(illegal_moves)
{
    const char *text = illegal[_i].pos;
    const int pit = illegal[_i].pit;
    kalah_rules r;
    kalah_pos p, before;
    parse_ok(text, &r, &p);
    before = p;
    kalah_move_info info = {.extra_turn = false, .captured = 0, .relays = 0, .ended = false};
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
END_TEST

static const struct {
    const char *pos;
    const char *moves;
} move_lists[] = {
    {"kalah-6-4:S:4,4,0,5,5,5/1:4,4,4,4,4,4/0", "1 2 4 5 6"},
    /* North to move: north's pits, not south's. */
    {"kalah-6-4:N:7,0,6,0,5,0/10:0,3,0,0,2,1/14", "2 5 6"},
    /* Start: all pits. */
    {"kalah-4-3", "1 2 3 4"},
};

START_TEST(moves_lists_nonempty_pits_in_order)
{
    kalah_rules r;
    kalah_pos p;
    int want[KALAH_MAX_PITS], n = pits_of(move_lists[_i].moves, want);
    parse_ok(move_lists[_i].pos, &r, &p);
    expect_moves(&r, &p, n, want);
}
END_TEST

/* One test of a table each case. */
#define CASE_TEST(table)                                                                   \
    START_TEST(table##_cases) { run_case(&table[_i]); }                                    \
    END_TEST
CASE_TEST(sowing)
CASE_TEST(extra_turns)
CASE_TEST(captures)
CASE_TEST(endings)
CASE_TEST(decided)
CASE_TEST(twelve_pits)

#define COUNT(table) (int)(sizeof table / sizeof table[0])

Suite *moves_suite(void)
{
    Suite *s = suite_create("moves");

    TCase *tc = tcase_create("sowing");
    tcase_add_loop_test(tc, sowing_cases, 0, COUNT(sowing));
    suite_add_tcase(s, tc);

    tc = tcase_create("twelve_pits");
    tcase_add_loop_test(tc, twelve_pits_cases, 0, COUNT(twelve_pits));
    tcase_add_test(tc, twelve_pits_store_above_255_decides);
    tcase_add_test(tc, twelve_pits_moves_and_perft);
    tcase_add_test(tc, solver_refuses_boards_of_more_than_255_stones);
    suite_add_tcase(s, tc);

    tc = tcase_create("extra_turn");
    tcase_add_loop_test(tc, extra_turns_cases, 0, COUNT(extra_turns));
    tcase_add_test(tc, extra_turn_counts_as_a_move);
    suite_add_tcase(s, tc);

    tc = tcase_create("capture");
    tcase_add_loop_test(tc, captures_cases, 0, COUNT(captures));
    suite_add_tcase(s, tc);

    tc = tcase_create("end");
    tcase_add_loop_test(tc, endings_cases, 0, COUNT(endings));
    suite_add_tcase(s, tc);

    tc = tcase_create("decided");
    tcase_add_loop_test(tc, decided_cases, 0, COUNT(decided));
    tcase_add_test(tc, decided_north);
    suite_add_tcase(s, tc);

    tc = tcase_create("illegal");
    tcase_add_loop_test(tc, illegal_moves, 0, COUNT(illegal));
    tcase_add_loop_test(tc, moves_lists_nonempty_pits_in_order, 0, COUNT(move_lists));
    suite_add_tcase(s, tc);

    return s;
}
