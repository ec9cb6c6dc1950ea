/* mk61 crosscheck: the Kalah program against the reference core. */
#include "mk61_cli.h"
#include "mk61_cli_data.h"
#include "xcheck.h"
#include "xcheck_judge.h"
#include "xcheck_tree.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char xcheck_usage[] =
    "Usage: mk61 crosscheck [--games N] [--seed S] [--stones n] [--depth d]\n"
    "                       [--alphabeta] [--opponent random|LEVEL] [--program FILE]\n"
    "                       [--judge] [--judge-nodes N] [--nodes] [--jobs N]\n"
    "\n"
    "Plays N whole games of the Kalah program (kalah.mk61) against an\n"
    "opponent played by the reference core, and checks every position and every\n"
    "move the calculator chooses against the core's minimax (E1, the same depth,\n"
    "ties to the lowest pit: the level mk61-d), or with --alphabeta its\n"
    "alpha-beta in the same order (mk61ab-d). Along the way it keys illegal\n"
    "moves (0, 7, 2.5, an empty pit) and checks that the program refuses them\n"
    "and changes nothing.\n"
    "Ends with one summary line (two with --judge); the first mismatch, if any,\n"
    "is printed with what differed and how to reproduce it.\n"
    "\n"
    "  --games N         games (default 100)\n"
    "  --seed S          the random seed (default 1): each game's opponent and\n"
    "                    checks draw from a generator of the seed and the game's\n"
    "                    number, so a game plays the same in any run\n"
    "  --stones n        stones per pit, 1..6 (default: 1 to 6 in turn)\n"
    "  --depth d         the program's search depth, 1..3 (default: 1, 2, 3 in turn)\n"
    "  --alphabeta       start every game with the depth key 10 + d: the calculator\n"
    "                    searches by alpha-beta (kalah.md, \"Alpha-beta\")\n"
    "  --nodes           also check every node of every search the calculator makes\n"
    "                    against the core's search of the same position (the same\n"
    "                    nodes, in the same order, with the same values, and under\n"
    "                    alpha-beta the same windows and cuts: the program's\n"
    "                    .search declarations); one more summary line\n"
    "  --opponent P      random (default) or any player of 'kalah match' (level\n"
    "                    names, alphabeta:e2:4, ...)\n"
    "  --program FILE    the program (default: the installed kalah.mk61, in\n"
    "                    ../share/kalah61/ beside mk61's folder)\n"
    "  --judge           also judge every move the calculator made by the strong\n"
    "                    level: the core's exact solver on the position the move\n"
    "                    was played from, with a node budget; one more summary\n"
    "                    line: moves judged, how many were a best move, how many\n"
    "                    judgements were exact (the rest are the solver's\n"
    "                    estimates), the stones given away (the best move's final\n"
    "                    margin minus the move's) in all and at worst, with the\n"
    "                    worst position\n"
    "  --judge-nodes N   the node budget of a judgement (default 300000; implies\n"
    "                    --judge); the same run judges the same way every time\n"
    "  --jobs N          games played at once, each on a thread of its own\n"
    "                    (default: the number of cores); the report is the same\n"
    "                    whatever N (judgements are made in the games' order)\n"
    "\n"
    "The person moves first in every other game. Exit code 1 on a mismatch (or\n"
    "when a judgement fails: out of memory).\n";

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A final margin: "+3", "-2", "0". */
static const char *margin(int v, char buf[16])
{
    snprintf(buf, 16, v ? "%+d" : "%d", v);
    return buf;
}

/* The summary line of --judge. */
static void print_judged(const xcheck_judge_tally *t, uint64_t nodes)
{
    printf("judged: %ld calculator moves by the strong level (the exact solver, %llu nodes "
           "a move): %ld best moves, %ld judgements exact; stones given away: %ld in all, ",
           t->moves, (unsigned long long)nodes, t->best, t->exact, t->lost);
    if (t->worst_lost > 0) {
        char pos[KALAH_TEXT_MAX];
        kalah_pos_format(&t->worst_rules, &t->worst_pos, pos, sizeof pos);
        const xcheck_judgement *w = &t->worst;
        char a[16], b[16], played[16], best[16];
        int side = t->worst_pos.to_move; /* the calculator's */
        printf("at worst %d (%s: played %s: %s, best %s: %s, ", t->worst_lost, pos,
               xcheck_calc_pit(w->move, side, played, sizeof played), margin(w->value, a),
               xcheck_calc_pit(w->best_move, side, best, sizeof best), margin(w->best, b));
        if (w->exact)
            printf("exact)");
        else
            printf("depth %d)", w->depth);
    } else
        printf("none at worst");
    printf("; %.0f ms a judgement, at most %.0f ms\n",
           t->moves ? t->seconds * 1000 / (double)t->moves : 0.0, t->max_seconds * 1000);
}

/* ---- games on threads -------------------------------------------------------
 * Workers play the games, each on its own xcheck and generator, into a
 * window of slots; the main thread takes the results in the games' order
 * (and judges them), so the report is the same whatever the number of
 * workers. */

#define TURNS_A_GAME 4096 /* calculator turns kept of one game (far more than
                             any game has) */

typedef struct game_slot {
    xcheck x;
    bool ok;   /* the game agreed throughout */
    bool done; /* played, not yet taken */
    /* --nodes: the slot's tracker (fed by x), its counts and report this
     * game's alone. */
    xcheck_tree tree;
    /* Apart from the next slot: a worker writes its machine's end on
     * every step (the portability check's last code) while another reads
     * the next machine's start (its profile) as often; sharing a cache
     * line, they made two workers slower than one. */
    char apart[128];
} game_slot;

typedef struct games_pool {
    long games, seed, stones, depth;
    bool nodes; /* check every node of every search too */
    xcheck_algo algo; /* the calculator's search (--alphabeta) */
    const vm_program *prog;
    const vm_decl *decl;
    const kalah_player *opp;
    int jobs, window;     /* workers, slots (game g plays in g % window) */
    game_slot *slots;
    pthread_t *threads;
    int started;          /* threads running */
    pthread_mutex_t lock; /* guards next, taken and the slots' done */
    pthread_cond_t change;
    long next;            /* the next game to play */
    long taken;           /* games the main thread has finished with */
} games_pool;

/* Plays game g into slot (a worker, without the lock). */
static void play_game(const games_pool *p, long g, game_slot *slot)
{
    xcheck *x = &slot->x;
    int n = p->stones ? (int)p->stones : 1 + (int)(g / 2 % 6);
    int d = p->depth ? (int)p->depth : 1 + (int)(g / 12 % 3);
    kalah_rng rng = kalah_rng_seed((uint64_t)p->seed << 32 ^ (uint64_t)g);
    xcheck_tree *t = &slot->tree;
    t->nodes_checked = t->node_mismatches = t->searches = 0;
    t->report[0] = '\0';
    x->watch = p->nodes ? xcheck_tree_look : NULL;
    x->watch_ctx = t;
    x->turns = 0;
    slot->ok = xcheck_start(x, p->prog, p->decl, n, d, p->algo, g % 2 == 0, 2000000000ull) &&
               xcheck_play(x, p->opp, &rng);
}

static void *worker(void *arg)
{
    games_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->next < p->games && p->next >= p->taken + p->window)
            pthread_cond_wait(&p->change, &p->lock);
        if (p->next >= p->games)
            break;
        long g = p->next++;
        pthread_mutex_unlock(&p->lock);
        game_slot *slot = &p->slots[g % p->window];
        play_game(p, g, slot);
        pthread_mutex_lock(&p->lock);
        slot->done = true;
        pthread_cond_broadcast(&p->change);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static void pool_end(games_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->next = p->games; /* no more games */
    pthread_cond_broadcast(&p->change);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->started; i++)
        pthread_join(p->threads[i], NULL);
    for (int i = 0; p->slots && i < p->window; i++) {
        free(p->slots[i].x.turn_steps);
        free(p->slots[i].x.turn_ms);
        xcheck_tree_free(&p->slots[i].tree);
    }
    free(p->slots);
    free(p->threads);
    pthread_cond_destroy(&p->change);
    pthread_mutex_destroy(&p->lock);
}

/* Starts the workers; false, with why, when out of memory or threads, or
 * when --nodes finds no search declared. */
static bool pool_start(games_pool *p, char *why, size_t size)
{
    p->window = 4 * p->jobs;
    p->slots = calloc((size_t)p->window, sizeof *p->slots);
    p->threads = calloc((size_t)p->jobs, sizeof *p->threads);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->change, NULL);
    bool ok = p->slots && p->threads;
    for (int i = 0; ok && i < p->window; i++) {
        xcheck *x = &p->slots[i].x;
        x->turns_cap = TURNS_A_GAME;
        x->turn_steps = malloc(TURNS_A_GAME * sizeof *x->turn_steps);
        x->turn_ms = malloc(TURNS_A_GAME * sizeof *x->turn_ms);
        ok = x->turn_steps && x->turn_ms;
        snprintf(why, size, "out of memory");
        if (ok && p->nodes) {
            ok = xcheck_tree_init(&p->slots[i].tree, p->prog, p->decl, why, size);
            p->slots[i].tree.prune_counts = false;
        }
    }
    for (; ok && p->started < p->jobs; p->started++)
        ok = pthread_create(&p->threads[p->started], NULL, worker, p) == 0;
    if (!ok)
        pool_end(p);
    return ok;
}

/* Waits for game g (the next in order) and returns its slot. */
static game_slot *pool_take(games_pool *p, long g)
{
    game_slot *slot = &p->slots[g % p->window];
    pthread_mutex_lock(&p->lock);
    while (!slot->done)
        pthread_cond_wait(&p->change, &p->lock);
    pthread_mutex_unlock(&p->lock);
    return slot;
}

/* The main thread is done with game g: its slot is free for another. */
static void pool_give_back(games_pool *p, long g)
{
    game_slot *slot = &p->slots[g % p->window];
    xcheck_free(&slot->x);
    pthread_mutex_lock(&p->lock);
    slot->done = false;
    p->taken = g + 1;
    pthread_cond_broadcast(&p->change);
    pthread_mutex_unlock(&p->lock);
}

int cli_crosscheck(int argc, char **argv)
{
    char installed[CLI_PATH_MAX];
    const char *cmd = "mk61 crosscheck";
    const char *program = cli_data_path("kalah.mk61", installed, sizeof installed);
    const char *opponent = "random";
    long games = 100, seed = 1, stones = 0, depth = 0, judge_nodes = 0;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    bool judging = false, nodes = false, alphabeta = false;
    static const struct option opts[] = {
        CLI_OPT("games"),   CLI_OPT("seed"),    CLI_OPT("stones"), CLI_OPT("depth"),
        CLI_OPT("opponent"), CLI_OPT("program"), CLI_FLAG("judge"), CLI_FLAG("nodes"),
        CLI_OPT("judge-nodes"), CLI_OPT("jobs"), CLI_FLAG("alphabeta"), {0}};
    cli_args args;
    cli_args_init(&args, cmd, argc, argv, 2, opts, "");
    cli_usage(&args, xcheck_usage, NULL);
    while (cli_next(&args) > 0) {
        if (cli_flag(&args, "--judge"))
            judging = true;
        else if (cli_flag(&args, "--nodes"))
            nodes = true;
        else if (cli_flag(&args, "--alphabeta"))
            alphabeta = true;
        else if (cli_long_opt(&args, "--judge-nodes", 1000, 2000000000, &judge_nodes))
            judging = true;
        else if (!cli_long_opt(&args, "--games", 1, 100000000, &games) &&
                 !cli_long_opt(&args, "--seed", 0, 2000000000, &seed) &&
                 !cli_long_opt(&args, "--stones", 1, XCHECK_STONES_MAX, &stones) &&
                 !cli_long_opt(&args, "--depth", 1, XCHECK_DEPTH_MAX, &depth) &&
                 !cli_got(&args, "--opponent", &opponent) &&
                 !cli_got(&args, "--program", &program) &&
                 !cli_long_opt(&args, "--jobs", 1, 256, &jobs))
            cli_unknown(&args);
    }
    if (args.rc != CLI_GO)
        return args.rc;
    kalah_player opp;
    kalah_error err;
    if (kalah_player_parse(opponent, 2, &opp, &err) != KALAH_OK) {
        fprintf(stderr, "%s: --opponent %s: %s\n", cmd, opponent, err.message);
        return CLI_USAGE;
    }
    vm_program prog;
    vm_decl decl;
    if (!cli_load_program(cmd, program, VM_PROFILE_MK61X, &prog, &decl))
        return CLI_FAIL;

    if (jobs < 1)
        jobs = 1;
    uint64_t *steps = malloc(((size_t)1 << 20) * sizeof *steps);
    uint64_t *ms = malloc(((size_t)1 << 20) * sizeof *ms);
    games_pool pool = {.games = games, .seed = seed, .stones = stones, .depth = depth,
                       .nodes = nodes, .prog = &prog, .decl = &decl, .opp = &opp,
                       .algo = alphabeta ? XCHECK_ALPHABETA : XCHECK_MINIMAX,
                       .jobs = (int)jobs};
    char why[160] = "out of memory";
    if (!steps || !ms || !pool_start(&pool, why, sizeof why)) {
        if (nodes && strcmp(why, "out of memory") != 0)
            fprintf(stderr, "%s: --nodes: %s: %s\n", cmd, program, why);
        else
            fprintf(stderr, "%s: out of memory\n", cmd);
        free(steps);
        free(ms);
        return CLI_FAIL;
    }
    long total_moves = 0, checked = 0, mismatches = 0, refusals = 0, turns = 0;
    long nodes_checked = 0, node_mismatches = 0, searches = 0;
    char first[XCHECK_REPORT_MAX + 64] = "";
    char first_node[XCHECK_REPORT_MAX + 160] = "";
    const bool progress = isatty(fileno(stderr));
    xcheck_judge judge = {.max_nodes = (uint64_t)judge_nodes};
    xcheck_judge_tally tally = {0};
    bool judged = true;
    double t0 = kalah_now();
    for (long g = 0; g < games; g++) {
        game_slot *slot = pool_take(&pool, g);
        xcheck *x = &slot->x;
        total_moves += x->moves;
        checked += x->checked;
        mismatches += x->mismatches;
        refusals += x->refusals;
        if (!slot->ok && !first[0])
            snprintf(first, sizeof first, "game %ld (seed %ld):\n%s", g + 1, seed, x->report);
        /* This game's node counts, summed in game order. */
        const xcheck_tree *t = &slot->tree;
        nodes_checked += t->nodes_checked;
        node_mismatches += t->node_mismatches;
        searches += t->searches;
        if (t->node_mismatches && !first_node[0])
            snprintf(first_node, sizeof first_node, "game %ld (seed %ld, %d stones, depth %d, "
                     "the person %s):\n%s", g + 1, seed, x->stones, x->depth,
                     g % 2 == 0 ? "first" : "second", t->report);
        for (long t = 0; t < x->turns && t < x->turns_cap && turns < (1L << 20); t++, turns++) {
            steps[turns] = x->turn_steps[t];
            ms[turns] = x->turn_ms[t];
        }
        if (judging && judged) {
            int calc_side = x->person_first ? KALAH_NORTH : KALAH_SOUTH;
            judged = xcheck_judge_game(&judge, &x->game, calc_side, &tally, &err);
            if (!judged)
                fprintf(stderr, "%s: --judge: %s\n", cmd, err.message);
        }
        pool_give_back(&pool, g);
        if (progress && (g % 10 == 9 || g + 1 == games))
            fprintf(stderr, "\r  %ld of %ld games, %ld mismatches, %.0f s ", g + 1, games,
                    mismatches, kalah_now() - t0);
    }
    pool_end(&pool);
    if (progress)
        fprintf(stderr, "\r%60s\r", "");
    double secs = kalah_now() - t0;
    if (first[0])
        fputs(first, stdout);
    uint64_t lo = 0, med = 0, hi = 0, med_ms = 0;
    if (turns) {
        qsort(steps, (size_t)turns, sizeof *steps, cmp_u64);
        qsort(ms, (size_t)turns, sizeof *ms, cmp_u64);
        lo = steps[0];
        med = steps[turns / 2];
        hi = steps[turns - 1];
        med_ms = ms[turns / 2];
    }
    printf("crosscheck: %ld games, %ld moves, %ld positions checked, %ld mismatches, "
           "%ld illegal inputs refused; instructions per calculator turn: min %llu, median "
           "%llu, max %llu; the median turn takes %.1f min on a real MK-61; %.1f s\n",
           games, total_moves, checked, mismatches, refusals, (unsigned long long)lo,
           (unsigned long long)med, (unsigned long long)hi, med_ms / 60000.0, secs);
    if (nodes) {
        fputs(first_node, stdout);
        printf("nodes: %ld searches, %ld nodes checked against the core's %s, %ld node "
               "mismatches\n", searches, nodes_checked,
               alphabeta ? "alpha-beta (values, windows and cuts)" : "minimax", node_mismatches);
    }
    if (judging)
        print_judged(&tally, judge.max_nodes ? judge.max_nodes : XCHECK_JUDGE_NODES);
    xcheck_judge_free(&judge);
    free(steps);
    free(ms);
    return mismatches || node_mismatches || !judged ? CLI_FAIL : CLI_OK;
}
