/* Named levels and the text form of players (docs/search.md). */
#include "kalah_internal.h"
#include "kalah_search.h"

#include <stdio.h>
#include <string.h>

/* Every level kalah_level knows (tests/core/test_players.c pins the
 * length). */
const char *const kalah_level_names[] = {"easy",     "medium",   "hard",     "veryhard", "level1",
                                         "level2",   "level3",   "mk61-1",   "mk61-2",   "mk61-3",
                                         "mk61ab-1", "mk61ab-2", "mk61ab-3", "first",    "last",
                                         "random",   "mcts",     "strong",   NULL};

/* Indexed by kalah_algo. */
const char *const kalah_algo_names[] = {"minimax", "negamax", "alphabeta", "alphabeta003",
                                        "mcts",    "first",   "last",      "random",
                                        "exact",   NULL};
enum { N_ALGOS = sizeof kalah_algo_names / sizeof kalah_algo_names[0] - 1 };

kalah_status kalah_level(const char *name, int coef, kalah_player *out, kalah_error *err)
{
    if (coef <= 0)
        coef = 2;
    kalah_player pl = {.algo = KALAH_ALPHABETA, .eval = KALAH_E1};
    /* Seed 003: alpha-beta (the seed's minimax, pruning everywhere) on the
     * store difference, to depths coef, 2coef, 3coef, 4coef. */
    const char *seed003[] = {"easy", "medium", "hard", "veryhard"};
    for (int k = 0; k < 4; k++)
        if (strcmp(name, seed003[k]) == 0) {
            pl.depth = coef * (k + 1);
            *out = pl;
            return KALAH_OK;
        }
    /* Seed 000's slider changes the algorithm and the depth together. */
    if (strcmp(name, "level1") == 0)
        pl = (kalah_player){.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = 2};
    else if (strcmp(name, "level2") == 0)
        pl = (kalah_player){.algo = KALAH_NEGAMAX, .eval = KALAH_E2, .depth = 4};
    else if (strcmp(name, "level3") == 0)
        pl = (kalah_player){.algo = KALAH_ALPHABETA, .eval = KALAH_E2, .depth = 8};
    else if (strncmp(name, "mk61-", 5) == 0 && name[5] >= '1' && name[5] <= '3' && !name[6])
        /* The MK-61 program's search (programs/kalah.md). */
        pl = (kalah_player){.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = name[5] - '0'};
    else if (strncmp(name, "mk61ab-", 7) == 0 && name[7] >= '1' && name[7] <= '3' && !name[8])
        /* The program's alpha-beta: the pits in its order, no ordering. */
        pl = (kalah_player){.algo = KALAH_ALPHABETA, .eval = KALAH_E1, .depth = name[7] - '0',
                            .pit_order = true};
    else if (strcmp(name, "first") == 0)
        pl = (kalah_player){.algo = KALAH_FIRST};
    else if (strcmp(name, "last") == 0)
        pl = (kalah_player){.algo = KALAH_LAST};
    else if (strcmp(name, "random") == 0)
        pl = (kalah_player){.algo = KALAH_RANDOM};
    else if (strcmp(name, "mcts") == 0)
        pl = (kalah_player){.algo = KALAH_MCTS, .playouts = 2000};
    else if (strcmp(name, "strong") == 0)
        pl = (kalah_player){.algo = KALAH_EXACT, .nodes = KALAH_STRONG_NODES};
    else
        return kalah_fail(err, KALAH_EINVAL, 1, "unknown level '%s'", name);
    *out = pl;
    return KALAH_OK;
}

static kalah_status player_parse(const char *text, int coef, kalah_player *out, kalah_error *err);

/* Whether text (of length *len) ends in suffix; if so *len drops it. */
static bool strip(const char *text, size_t *len, const char *suffix)
{
    size_t n = strlen(suffix);
    if (*len <= n || strncmp(text + *len - n, suffix, n) != 0)
        return false;
    *len -= n;
    return true;
}

kalah_status kalah_player_parse(const char *text, int coef, kalah_player *out, kalah_error *err)
{
    /* ":store", seed 000's order, may end any depth player, ":pits" an
     * alpha-beta player; either order, each once. */
    size_t len = strlen(text), at[2] = {0, 0};
    bool store = false, pits = false;
    for (int k = 0; k < 2; k++) {
        if (!store && strip(text, &len, ":store")) {
            store = true;
            at[0] = len;
        } else if (!pits && strip(text, &len, ":pits")) {
            pits = true;
            at[1] = len;
        }
    }
    if (!store && !pits)
        return player_parse(text, coef, out, err);
    char head[64];
    if (len >= sizeof head)
        return kalah_fail(err, KALAH_ESYNTAX, 1, "a player of %zu characters", strlen(text));
    memcpy(head, text, len);
    head[len] = '\0';
    kalah_player pl;
    kalah_status st = player_parse(head, coef, &pl, err);
    if (st != KALAH_OK)
        return st;
    if (store && !KALAH_DEPTH_ALGO(pl.algo))
        return kalah_fail(err, KALAH_EINVAL, (int)at[0] + 2,
                          "':store' (ties to the pit nearest the store) is for minimax, "
                          "negamax and alpha-beta players");
    if (pits && pl.algo != KALAH_ALPHABETA)
        return kalah_fail(err, KALAH_EINVAL, (int)at[1] + 2,
                          "':pits' (the moves in pit order, not ordered) is for alphabeta "
                          "players: the others try the pits in order already");
    pl.ties_to_store = pl.ties_to_store || store;
    pl.pit_order = pl.pit_order || pits;
    *out = pl;
    return KALAH_OK;
}

static kalah_status player_parse(const char *text, int coef, kalah_player *out, kalah_error *err)
{
    size_t len = strcspn(text, ":");
    int a = 0;
    while (a < N_ALGOS && !(strlen(kalah_algo_names[a]) == len &&
                            strncmp(text, kalah_algo_names[a], len) == 0))
        a++;
    /* A name alone is a level, or an algorithm with its defaults
     * ("alphabeta" is alphabeta:e2:4, "exact" solves to the end). */
    if (!text[len] && a == N_ALGOS)
        return kalah_level(text, coef, out, err);
    if (a == N_ALGOS) {
        char names[160] = "";
        for (int k = 0; k < N_ALGOS; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                     kalah_algo_names[k]);
        return kalah_fail(err, KALAH_ESYNTAX, 1, "unknown algorithm (%s) or level", names);
    }
    kalah_player pl = {.algo = (kalah_algo)a, .eval = KALAH_E2, .depth = 4, .playouts = 2000};
    const char *s = text + len;
    while (*s == ':') {
        const char *at = ++s;
        int v;
        if ((*s == 'e' || *s == 'E') && s[1] >= '1' && s[1] <= '3' &&
            (s[2] == '\0' || s[2] == ':') && KALAH_DEPTH_ALGO(pl.algo)) {
            pl.eval = (kalah_eval_id)(s[1] - '1');
            s += 2;
        } else if (kalah_read_uint(&s, &v, 1000000000) && (*s == '\0' || *s == ':')) {
            if (pl.algo == KALAH_EXACT)
                pl.nodes = (uint64_t)v;
            else if (pl.algo == KALAH_MCTS)
                pl.playouts = v;
            else
                pl.depth = v;
        } else {
            return kalah_fail(err, KALAH_ESYNTAX, (int)(at - text) + 1,
                              pl.algo == KALAH_MCTS    ? "expected the number of playouts"
                              : pl.algo == KALAH_EXACT ? "expected a node budget"
                                                       : "expected e1, e2, e3 or a depth");
        }
    }
    if (KALAH_DEPTH_ALGO(pl.algo) && (pl.depth < 1 || pl.depth > 64))
        return kalah_fail(err, KALAH_EINVAL, 1, "search depth must be 1..64, not %d", pl.depth);
    if (pl.algo == KALAH_MCTS && pl.playouts < 1)
        return kalah_fail(err, KALAH_EINVAL, 1, "MCTS needs at least one playout");
    *out = pl;
    return KALAH_OK;
}

int kalah_player_format(const kalah_player *pl, char *buf, size_t size)
{
    const char *name = (unsigned)pl->algo < N_ALGOS ? kalah_algo_names[pl->algo] : "?";
    if (KALAH_DEPTH_ALGO(pl->algo))
        return snprintf(buf, size, "%s e%d depth %d%s%s", name, (int)pl->eval + 1, pl->depth,
                        pl->pit_order && pl->algo == KALAH_ALPHABETA ? ", pits in order" : "",
                        pl->ties_to_store ? ", ties to the store" : "");
    if (pl->algo == KALAH_MCTS)
        return snprintf(buf, size, "mcts %d playouts", pl->playouts);
    if (pl->algo == KALAH_EXACT)
        return pl->nodes ? snprintf(buf, size, "exact %llu nodes", (unsigned long long)pl->nodes)
                         : snprintf(buf, size, "exact");
    return snprintf(buf, size, "%s", name);
}
