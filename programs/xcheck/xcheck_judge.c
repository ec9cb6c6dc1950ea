/* The strong level that judges the calculator's moves (xcheck_judge.h). */
#include "xcheck_judge.h"

#include <string.h>

/* The solver for r: the one held, or a new one when there is none or it
 * was made for other rules. */
static bool solver_for(xcheck_judge *j, const kalah_rules *r, kalah_error *err)
{
    if (j->solver && kalah_rules_same(&j->rules, r))
        return true;
    xcheck_judge_free(j);
    kalah_solve_config cfg = {.tt_bytes = j->tt_bytes ? j->tt_bytes : XCHECK_JUDGE_TT,
                              .threads = 1};
    if (kalah_solver_new(r, &cfg, &j->solver, err) != KALAH_OK) {
        j->solver = NULL;
        return false;
    }
    j->rules = *r;
    return true;
}

bool xcheck_judge_move(xcheck_judge *j, const kalah_rules *r, const kalah_pos *p, int move,
                       xcheck_judgement *out, kalah_error *err)
{
    memset(out, 0, sizeof *out);
    /* An illegal move is refused before any search. */
    int legal[KALAH_MAX_PITS], n = kalah_moves(r, p, legal), i = 0;
    while (i < n && legal[i] != move)
        i++;
    if (i == n) {
        kalah_fail(err, KALAH_EILLEGAL, 0, "the move judged is not legal in the position");
        return false;
    }
    if (!solver_for(j, r, err))
        return false;
    kalah_solve_limits lim = {.max_nodes = j->max_nodes ? j->max_nodes : XCHECK_JUDGE_NODES};
    kalah_solution sol;
    if (kalah_solver_run(j->solver, p, true, &lim, &sol, err) != KALAH_OK)
        return false;
    int played = -1, best = -1;
    for (int k = 0; k < sol.count; k++) {
        if (sol.moves[k] == move)
            played = k;
        if (best < 0 || sol.values[k] > sol.values[best])
            best = k;
    }
    out->move = move;
    out->value = sol.values[played];
    out->best_move = sol.moves[best];
    out->best = sol.values[best];
    /* Proven: both values, and no move's upper bound above the best. */
    bool exact = sol.exacts[played] && sol.exacts[best];
    for (int k = 0; k < sol.count && exact; k++)
        exact = sol.uppers[k] <= out->best;
    out->exact = exact;
    out->depth = exact ? 0 : sol.depth;
    out->nodes = sol.nodes;
    out->seconds = sol.seconds;
    return true;
}

bool xcheck_judge_game(xcheck_judge *j, const kalah_game *g, int side, xcheck_judge_tally *t,
                       kalah_error *err)
{
    for (int i = 0; i < g->played; i++) {
        const kalah_pos *p = i > 0 ? &g->after[i - 1] : &g->start;
        if (p->to_move != side)
            continue;
        xcheck_judgement jm;
        if (!xcheck_judge_move(j, &g->rules, p, g->moves[i], &jm, err))
            return false;
        int lost = jm.best - jm.value;
        t->moves++;
        t->best += lost == 0;
        t->exact += jm.exact;
        t->lost += lost;
        t->seconds += jm.seconds;
        if (jm.seconds > t->max_seconds)
            t->max_seconds = jm.seconds;
        if (lost > t->worst_lost) {
            t->worst_lost = lost;
            t->worst = jm;
            t->worst_rules = g->rules;
            t->worst_pos = *p;
        }
    }
    return true;
}

void xcheck_judge_free(xcheck_judge *j)
{
    kalah_solver_free(j->solver);
    j->solver = NULL;
}
