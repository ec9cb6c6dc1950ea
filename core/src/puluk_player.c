/* Pulúk's players: parsing, choosing, expectimax, and whole games
 * (docs/puluk.md, "The players"). */
#include "puluk_players.h"
#include "puluk_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 6

const char *const puluk_player_names[] = {"random", "quetzalcoatl", "camaxtli", "centeotl",
                                          "expectimax-N", "perfect", NULL};

kalah_status puluk_player_parse(const char *text, puluk_player *out, kalah_error *err)
{
    puluk_player p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "%s", text);
    static const struct {
        const char *name;
        const puluk_weights *w;
    } gods[] = {{"quetzalcoatl", &puluk_quetzalcoatl},
                {"camaxtli", &puluk_camaxtli},
                {"centeotl", &puluk_centeotl}};
    for (size_t k = 0; k < sizeof gods / sizeof gods[0]; k++)
        if (strcmp(text, gods[k].name) == 0) {
            p.algo = PULUK_GOD;
            p.weights = *gods[k].w;
            *out = p;
            return KALAH_OK;
        }
    if (strcmp(text, "random") == 0) {
        p.algo = PULUK_RANDOM;
    } else if (strcmp(text, "perfect") == 0) {
        p.algo = PULUK_PERFECT;
    } else if (strncmp(text, "expectimax", 10) == 0) {
        const char *s = text + 10;
        if (*s != '-' || s[1] < '1' || s[1] > '0' + MAX_DEPTH || s[2] != '\0')
            return kalah_fail(err, KALAH_ESYNTAX, (int)(s - text) + 1,
                              "expectimax-N takes a depth N of 1..%d plies", MAX_DEPTH);
        p.algo = PULUK_EXPECTIMAX;
        p.depth = s[1] - '0';
    } else {
        return kalah_fail(err, KALAH_ESYNTAX, 1,
                          "unknown player (random, quetzalcoatl, camaxtli, centeotl, "
                          "expectimax-N, perfect)");
    }
    *out = p;
    return KALAH_OK;
}

double puluk_eval(const puluk_rules *r, const puluk_pos *p)
{
    if (puluk_over(r, p))
        return 0;
    double m[2];
    for (int side = 0; side < 2; side++) {
        puluk_census c = puluk_census_of(r, p, side);
        /* A free piece counts 1, a prisoner (it may be freed) 1/2. */
        m[side] = c.home + c.free + 0.5 * c.held;
    }
    double d = m[p->to_move] - m[1 - p->to_move];
    return 1 / (1 + exp(-d));
}

static double decide(const puluk_rules *r, const puluk_pos *p, int depth, uint64_t *nodes);

/* Before the throw: the chance over the throws. */
static double chance(const puluk_rules *r, const puluk_pos *p, int depth, uint64_t *nodes)
{
    if (puluk_over(r, p))
        return 0;
    if (depth == 0)
        return puluk_eval(r, p);
    double prob[PULUK_MAX_THROW + 1], v = 0;
    puluk_throw_probs(r, prob);
    for (int t = 1; t <= PULUK_MAX_THROW; t++) {
        puluk_pos q = *p;
        q.thrown = (uint8_t)t;
        v += prob[t] * decide(r, &q, depth, nodes);
    }
    return v;
}

/* After the throw: the best move's value, searching depth plies. */
static double decide(const puluk_rules *r, const puluk_pos *p, int depth, uint64_t *nodes)
{
    int moves[PULUK_MAX_MOVES], n = puluk_moves(r, p, moves);
    double best = 0;
    for (int i = 0; i < n; i++) {
        puluk_pos c = *p;
        puluk_apply(r, &c, moves[i], NULL);
        ++*nodes;
        double v = 1 - chance(r, &c, depth - 1, nodes);
        best = v > best ? v : best;
    }
    return best;
}

double puluk_expectimax(const puluk_rules *r, const puluk_pos *p, int depth, uint64_t *nodes)
{
    return p->thrown ? decide(r, p, depth, nodes) : chance(r, p, depth, nodes);
}

kalah_status puluk_choose(const puluk_rules *r, const puluk_pos *p, const puluk_player *pl,
                          const puluk_memory *mem, kalah_rng *rng, puluk_choice *out,
                          kalah_error *err)
{
    puluk_choice ch = {.move = -1};
    int moves[PULUK_MAX_MOVES];
    double values[PULUK_MAX_MOVES];
    if (!p->thrown)
        return kalah_fail(err, KALAH_EINVAL, 0, "nothing is thrown: a player chooses after "
                                                "the throw");
    int n = puluk_moves(r, p, moves);
    switch (pl->algo) {
    case PULUK_RANDOM:
        if (!rng)
            return kalah_fail(err, KALAH_EINVAL, 0, "the random player needs a generator");
        if (n) {
            int k = kalah_rng_below(rng, n);
            ch.move = moves[k];
        }
        break;
    case PULUK_GOD: {
        int64_t scores[PULUK_MAX_MOVES];
        int expect = pl->weights.save ? puluk_expected_throw(r, mem) : 0;
        n = puluk_god_scores(r, p, &pl->weights, expect, moves, scores);
        int best = 0;
        for (int i = 1; i < n; i++)
            if (scores[i] > scores[best])
                best = i;
        if (n) {
            ch.move = moves[best];
            ch.value = (double)scores[best] / PULUK_SCORE_ONE;
        }
        break;
    }
    case PULUK_EXPECTIMAX:
        if (pl->depth < 1 || pl->depth > MAX_DEPTH)
            return kalah_fail(err, KALAH_EINVAL, 0, "expectimax depth 1..%d, not %d", MAX_DEPTH,
                              pl->depth);
        for (int i = 0; i < n; i++) {
            puluk_pos c = *p;
            puluk_apply(r, &c, moves[i], NULL);
            ch.nodes++;
            values[i] = 1 - chance(r, &c, pl->depth - 1, &ch.nodes);
        }
        goto best_value;
    case PULUK_PERFECT:
        if (!pl->table)
            return kalah_fail(err, KALAH_EINVAL, 0, "the perfect player needs the solved table");
        if (memcmp(puluk_table_rules(pl->table), r, sizeof *r) != 0)
            return kalah_fail(err, KALAH_EINVAL, 0, "the solved table is of other rules");
        n = puluk_table_moves(pl->table, p, moves, values);
    best_value:
        for (int i = 0; i < n; i++)
            if (i == 0 || values[i] > ch.value) {
                ch.move = moves[i];
                ch.value = values[i];
            }
        break;
    default:
        return kalah_fail(err, KALAH_EINVAL, 0, "unknown player kind %d", (int)pl->algo);
    }
    *out = ch;
    return KALAH_OK;
}

kalah_status puluk_play_game(const puluk_rules *r, const puluk_pos *start,
                             const puluk_player player[2], kalah_rng *rng, puluk_outcome *out,
                             kalah_error *err)
{
    puluk_pos p = *start;
    puluk_outcome o = {.winner = -1};
    puluk_memory mem = {0};
    /* The random players draw from a generator of their own, so that the
     * throws of a game do not depend on who plays it. */
    kalah_rng moves_rng = kalah_rng_seed(kalah_rng_next(rng));
    while (!puluk_over(r, &p) && o.plies < PULUK_MAX_PLIES) {
        if (!p.thrown)
            p.thrown = (uint8_t)puluk_throw_random(r, rng);
        puluk_memory_add(&mem, p.thrown);
        puluk_choice ch;
        kalah_status st = puluk_choose(r, &p, &player[p.to_move], &mem, &moves_rng, &ch, err);
        if (st != KALAH_OK)
            return st;
        if (ch.move < 0)
            return kalah_fail(err, KALAH_EINVAL, 0, "a position without a move");
        puluk_move_info mi;
        puluk_apply(r, &p, ch.move, &mi);
        o.plies++;
        o.captures += mi.captured;
        o.kills += mi.killed;
    }
    o.winner = puluk_winner(r, &p);
    *out = o;
    return KALAH_OK;
}
