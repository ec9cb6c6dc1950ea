/* A game's history: moves with the position after each, undo and redo. */
#include "kalah_internal.h"

#include <stdlib.h>
#include <string.h>

kalah_status kalah_game_init(kalah_game *g, const kalah_rules *r, const kalah_pos *start,
                             kalah_error *err)
{
    kalah_status st = kalah_rules_check(r, err);
    if (st != KALAH_OK)
        return st;
    memset(g, 0, sizeof *g);
    g->rules = *r;
    g->start = start ? *start : kalah_start(r);
    return KALAH_OK;
}

void kalah_game_free(kalah_game *g)
{
    free(g->moves);
    free(g->after);
    g->moves = NULL;
    g->after = NULL;
    g->played = g->recorded = g->capacity = 0;
}

const kalah_pos *kalah_game_pos(const kalah_game *g)
{
    return g->played ? &g->after[g->played - 1] : &g->start;
}

kalah_status kalah_game_play(kalah_game *g, int pit, kalah_move_info *info, kalah_error *err)
{
    kalah_pos next = *kalah_game_pos(g);
    kalah_status st = kalah_play(&g->rules, &next, pit, info, err);
    if (st != KALAH_OK)
        return st;
    if (g->played == g->capacity) {
        int cap = g->capacity ? 2 * g->capacity : 64;
        uint8_t *moves = realloc(g->moves, (size_t)cap * sizeof *moves);
        if (moves)
            g->moves = moves;
        kalah_pos *after = moves ? realloc(g->after, (size_t)cap * sizeof *after) : NULL;
        if (!after)
            return kalah_fail(err, KALAH_ENOMEM, 0, "out of memory for the game's history");
        g->after = after;
        g->capacity = cap;
    }
    g->moves[g->played] = (uint8_t)pit;
    g->after[g->played] = next;
    g->recorded = ++g->played;
    return KALAH_OK;
}

bool kalah_game_undo(kalah_game *g)
{
    if (g->played == 0)
        return false;
    g->played--;
    return true;
}

bool kalah_game_redo(kalah_game *g)
{
    if (g->played == g->recorded)
        return false;
    g->played++;
    return true;
}
