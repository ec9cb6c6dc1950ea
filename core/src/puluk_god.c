/* Seed 004's gods: a move's score by the seed's weights, and Centeotl's
 * memory of the throws (docs/puluk.md, "The gods"). Scores are whole
 * numbers of ten-thousandths: the weights are tenths and a score goes
 * through at most four weights, so every product is exact, on this
 * machine's binary doubles as on the MK-61's decimal ones. */
#include "puluk_players.h"
#include "puluk_internal.h"

const puluk_weights puluk_quetzalcoatl = {.town = 10, .capture = 11, .release = 11, .carry = 15};
const puluk_weights puluk_camaxtli = {.town = 10, .capture = 20, .release = 11, .carry = 11};
const puluk_weights puluk_centeotl = {.town = 10, .capture = 11, .release = 11, .carry = 15,
                                      .save = 30};

void puluk_memory_add(puluk_memory *m, int throw_value)
{
    if (m->n == PULUK_MEMORY) {
        for (int i = 1; i < PULUK_MEMORY; i++)
            m->last[i - 1] = m->last[i];
        m->n--;
    }
    m->last[m->n++] = (uint8_t)throw_value;
}

int puluk_expected_throw(const puluk_rules *r, const puluk_memory *m)
{
    double prob[PULUK_MAX_THROW + 1];
    puluk_throw_probs(r, prob);
    int seen[PULUK_MAX_THROW + 1] = {0};
    for (int i = 0; m && i < m->n; i++)
        if (m->last[i] >= 1 && m->last[i] <= PULUK_MAX_THROW)
            seen[m->last[i]]++;
    int n = m ? m->n : 0, best = 0;
    double best_owed = 0;
    for (int v = 1; v <= PULUK_MAX_THROW; v++) {
        double owed = n * prob[v] - seen[v];
        /* Owed more by more than rounding; or as much and likelier. */
        if (best == 0 || owed > best_owed + 1e-9 ||
            (owed > best_owed - 1e-9 && prob[v] > prob[best] + 1e-12)) {
            best = v;
            best_owed = owed;
        }
    }
    return best;
}

/* The pieces of side on the board that the other side could take with
 * throw q: each column topped by side that a free piece of the other side
 * (from its town or a strip) lands on exactly, counted with the pieces
 * that move with its top (the top and its prisoners). */
static int at_risk(const puluk_rules *r, const puluk_pos *p, int side, int q)
{
    int o = 1 - side, risk = 0;
    for (int x = 1; x <= r->strips; x++) {
        if (puluk_top(p, x) != side)
            continue;
        bool hit = false;
        int home = puluk_town_square(r, o);
        if (p->town[o] > 0 && puluk_dest(r, o, home, q) == x)
            hit = true;
        for (int y = 1; y <= r->strips && !hit; y++)
            if (puluk_top(p, y) == o && puluk_dest(r, o, y, q) == x)
                hit = true;
        if (hit)
            risk += puluk_unit_height(r, p, x);
    }
    return risk;
}

/* score = (score + count) * weight, in ten-thousandths and tenths. */
static int64_t weigh(int64_t score, int count, int weight)
{
    return (score + (int64_t)count * PULUK_SCORE_ONE) * weight / 10;
}

int puluk_god_scores(const puluk_rules *r, const puluk_pos *p, const puluk_weights *w,
                     int expect, int moves[PULUK_MAX_MOVES], int64_t scores[PULUK_MAX_MOVES])
{
    int n = puluk_moves(r, p, moves), c = p->to_move;
    bool look = w->save > 0 && expect >= 1 && expect <= PULUK_MAX_THROW;
    int before = look ? at_risk(r, p, c, expect) : 0;
    for (int i = 0; i < n; i++) {
        puluk_pos after = *p;
        puluk_move_info mi;
        puluk_apply(r, &after, moves[i], &mi);
        int64_t s = 0;
        /* The seed's calcInitialScores: a column that reaches the far town
         * scores 1 and its prisoners, times the HOME weight. */
        if (mi.town)
            s = weigh(s, 1 + mi.killed, w->town);
        else if (mi.captured)
            s = weigh(s, mi.captured, w->capture);
        if (mi.freed)
            s = weigh(s, mi.freed, w->release);
        if (!mi.town && mi.carried)
            s = weigh(s, mi.carried, w->carry);
        if (look) {
            int saved = before - at_risk(r, &after, c, expect);
            if (saved > 0)
                s = weigh(s, saved, w->save);
        }
        scores[i] = s;
    }
    return n;
}

int puluk_god_choose(const puluk_rules *r, const puluk_pos *p, const puluk_weights *w,
                     int expect)
{
    int moves[PULUK_MAX_MOVES];
    int64_t scores[PULUK_MAX_MOVES];
    int n = puluk_god_scores(r, p, w, expect, moves, scores), best = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > scores[best])
            best = i;
    return n ? moves[best] : -1;
}
