/* kalah bench: the exact solver on positions whose values are known. */
#include "kalah_cli.h"

#include <string.h>

static const char bench_usage[] =
    "Usage: kalah bench [--quick | --long | --compare] [--threads N] [--tt MB]\n"
    "                   [--egdb FILE | --no-egdb] [--time S] [--nodes N] [--quiet]\n"
    "\n"
    "Solves positions whose values are published (Irving, Donkers and\n"
    "Uiterwijk, \"Solving Kalah\", ICGA Journal 2000; Rawlings 2015: Kalah(6,4)\n"
    "+8, (6,4)+empty +10, (6,5) +10, (6,5)+empty +12; the root moves of (6,4)\n"
    "-14 -10 +8 -2 -8 +4; the smaller boards in solver.md) and prints one line\n"
    "a case: its name, the value expected, the value found,\n"
    "whether they match, seconds, nodes, nodes per second, memory (the table\n"
    "and the database, allocated whole before the run: the peak) and the\n"
    "endgame database used. Every case gets a fresh solver, so that no case\n"
    "finds the table warmed by another; opening a database is not timed.\n"
    "\n"
    "  (default)     Kalah(6,4) and Kalah(6,4)+empty from the start, and the\n"
    "                six root moves of Kalah(6,4)\n"
    "  --quick       smaller boards for a smoke test: Kalah(6,3), its six root\n"
    "                moves, and Kalah(5,4)\n"
    "  --long        also Kalah(6,5) and Kalah(6,5)+empty, 30 minutes each at\n"
    "                most (the bounds reached are printed when time runs out)\n"
    "  --compare     the cases of the comparison with the best open solver,\n"
    "                thread for thread (one thread unless --threads says\n"
    "                otherwise) with equal memory (a 192 MB table, as its\n"
    "                2^25 entries of 6 bytes, unless --tt says otherwise):\n"
    "                Kalah(6,4) from the start without an endgame\n"
    "                database, then with the 20-stone one of kalah-6-any. That\n"
    "                one is the default database of the rules (below) when it\n"
    "                holds at least 20 stones; else it is built there once, 20\n"
    "                stones, with two threads or --threads (215 MB, minutes),\n"
    "                and reused by every later run. The build's seconds, wall\n"
    "                clock and CPU, are a line of their own, not part of any\n"
    "                case. --egdb FILE names another database of kalah-6-any\n"
    "                with at least 20 stones instead; --no-egdb leaves out the\n"
    "                second case\n"
    "%s"
    "\n"
    "--time and --nodes are budgets of each case (--time replaces the 30\n"
    "minutes of --long). A database named with --egdb serves the cases of its\n"
    "rules; the others look for the default one of theirs. Exit code 0 when\n"
    "every value found matches (a case that ran out of time is not counted\n"
    "against it), 1 when one differs, Ctrl-C stopped the run or the database\n"
    "of --compare could not be built, 2 for bad usage (--compare with a\n"
    "database of other rules or fewer stones among them).\n";

enum { SET_QUICK = 1, SET_NORMAL = 2, SET_LONG = 4, SET_COMPARE = 8 };

/* The database of a case: the one of --egdb when it is for the case's
 * rules, else the default one of the rules (DB_USUAL); none; the one
 * --compare prepared. */
typedef enum { DB_USUAL, DB_NONE, DB_COMPARE } bench_db;

/* The table of --compare, in MB: CMancala's 2^25 entries of 6 bytes
 * (docs/solver.md, "Against CMancala"). */
#define COMPARE_TT_MB 192
/* The stones of the database of --compare: the comparison's (docs/solver.md). */
#define COMPARE_STONES 20
#define COMPARE_RULES "kalah-6-4"

typedef struct bench_case {
    const char *name;
    const char *position; /* rules: the start */
    int set;
    bool all;             /* expect the values of every root move, pits 1.. */
    int count;
    int expect[KALAH_MAX_PITS];
    double max_seconds;   /* 0: no limit */
    bench_db db;
} bench_case;

/* The values are from ../shared/reference/kalah.md (game values and the
 * root values of Kalah(6,4)) and from the brief of this command (the root
 * values of Kalah(6,3)). */
static const bench_case cases[] = {
    {"kalah-6-3 start", "kalah-6-3", SET_QUICK, false, 1, {2}, 0, DB_USUAL},
    {"kalah-6-3 all six root values", "kalah-6-3", SET_QUICK, true, 6, {-14, -16, -10, -2, 2, 0},
     0, DB_USUAL},
    {"kalah-5-4 start", "kalah-5-4", SET_QUICK, false, 1, {10}, 0, DB_USUAL},
    {"kalah-6-4 start", "kalah-6-4", SET_NORMAL | SET_LONG, false, 1, {8}, 0, DB_USUAL},
    {"kalah-6-4+empty start", "kalah-6-4+empty", SET_NORMAL | SET_LONG, false, 1, {10}, 0,
     DB_USUAL},
    {"kalah-6-4 all six root values", "kalah-6-4", SET_NORMAL | SET_LONG, true, 6,
     {-14, -10, 8, -2, -8, 4}, 0, DB_USUAL},
    {"kalah-6-5 start", "kalah-6-5", SET_LONG, false, 1, {10}, 1800, DB_USUAL},
    {"kalah-6-5+empty start", "kalah-6-5+empty", SET_LONG, false, 1, {12}, 1800, DB_USUAL},
    {"kalah-6-4 start, no database", COMPARE_RULES, SET_COMPARE, false, 1, {8}, 0, DB_NONE},
    {"kalah-6-4 start, database", COMPARE_RULES, SET_COMPARE, false, 1, {8}, 0, DB_COMPARE},
};

/* "-14 -10 +8" */
static void join(const int *v, int n, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int k = 0; k < n && at < size; k++) {
        char m[16];
        at += (size_t)snprintf(buf + at, size - at, "%s%s", k ? " " : "", cli_margin(v[k], m, sizeof m));
    }
}

/* One value found: exact, or its bounds "-2..+8". */
static void found_text(bool exact, int value, int lo, int hi, char *buf, size_t size)
{
    char a[16], b[16];
    if (exact)
        cli_margin(value, buf, size);
    else
        snprintf(buf, size, "%s..%s", cli_margin(lo, a, sizeof a), cli_margin(hi, b, sizeof b));
}

typedef enum { MATCH_YES, MATCH_NO, MATCH_OPEN } match_kind;

/* Compares one value with its expectation. */
static match_kind compare(bool exact, int value, int lo, int hi, int want)
{
    if (exact)
        return value == want ? MATCH_YES : MATCH_NO;
    return want < lo || want > hi ? MATCH_NO : MATCH_OPEN;
}

static match_kind worse(match_kind a, match_kind b)
{
    return a == MATCH_NO || b == MATCH_NO ? MATCH_NO : a == MATCH_OPEN || b == MATCH_OPEN ? MATCH_OPEN : MATCH_YES;
}

/* The rules of the database file named with --egdb, in *rules. */
static int egdb_rules(const char *path, char *rules, size_t size)
{
    kalah_egdb *db;
    kalah_error err;
    if (kalah_egdb_open(path, NULL, &db, &err) != KALAH_OK) {
        fprintf(stderr, "kalah bench: %s\n", err.message); /* it names the file */
        return CLI_FAIL;
    }
    kalah_egdb_info info;
    kalah_egdb_describe(db, &info);
    kalah_rules_format(&info.rules, rules, size);
    kalah_egdb_free(db);
    return CLI_OK;
}

/* Runs one case and prints its line; *match gets the verdict. compare_db:
 * the database of DB_COMPARE. */
static int run_case(const bench_case *c, const cli_solve_opts *base, const char *egdb_rules_text,
                    const char *compare_db, match_kind *match)
{
    kalah_rules r;
    kalah_pos p;
    kalah_error err;
    if (kalah_pos_parse(c->position, &r, &p, &err) != KALAH_OK) {
        fprintf(stderr, "kalah bench: %s: %s\n", c->position, err.message);
        return CLI_FAIL;
    }
    cli_solve_opts o = *base;
    char rules[KALAH_TEXT_MAX];
    kalah_rules_format(&r, rules, sizeof rules);
    if (c->db == DB_NONE) {
        o.egdb = NULL;
        o.no_egdb = true;
    } else if (c->db == DB_COMPARE) {
        o.egdb = compare_db;
    } else if (o.egdb && strcmp(rules, egdb_rules_text) != 0) {
        o.egdb = NULL; /* not for these rules: the default lookup */
    }
    if (o.seconds == 0)
        o.seconds = c->max_seconds;
    cli_solver s;
    int rc = cli_solver_open("kalah bench", &r, &o, NULL, &s);
    if (rc != CLI_OK)
        return rc;
    kalah_solution sol;
    if (cli_solver_run(&s, &p, c->all, &sol, &err) != KALAH_OK) {
        fprintf(stderr, "kalah bench: %s: %s\n", c->name, err.message);
        cli_solver_close(&s);
        return CLI_FAIL;
    }
    char want[64], found[96], nodes[32], rate[32], db[1100] = "none";
    join(c->expect, c->count, want, sizeof want);
    if (c->all) {
        size_t at = 0;
        *match = MATCH_YES;
        found[0] = '\0';
        for (int k = 0; k < c->count; k++) {
            int j = 0;
            while (j < sol.count && sol.moves[j] != k + 1)
                j++;
            char one[32] = "illegal";
            match_kind m = MATCH_NO;
            if (j < sol.count) {
                found_text(sol.exacts[j], sol.values[j], sol.lowers[j], sol.uppers[j], one,
                           sizeof one);
                m = compare(sol.exacts[j], sol.values[j], sol.lowers[j], sol.uppers[j],
                            c->expect[k]);
            }
            *match = worse(*match, m);
            at += (size_t)snprintf(found + at, sizeof found - at, "%s%s", k ? " " : "", one);
            if (at >= sizeof found)
                break;
        }
    } else {
        found_text(sol.exact, sol.value, sol.lower, sol.upper, found, sizeof found);
        *match = compare(sol.exact, sol.value, sol.lower, sol.upper, c->expect[0]);
    }
    if (s.egdb) {
        kalah_egdb_info info;
        kalah_egdb_describe(s.egdb, &info);
        snprintf(db, sizeof db, "%s (%d stones)", s.egdb_path, info.max_stones);
    }
    static const char *const verdicts[] = {"yes", "no", "open"};
    printf("%-30s %-22s %-22s %-5s %9.2f %10s %10s %8.1f  %s\n", c->name, want, found,
           verdicts[*match], sol.seconds, cli_count((double)sol.nodes, nodes, sizeof nodes),
           cli_count(sol.seconds > 0 ? (double)sol.nodes / sol.seconds : 0, rate, sizeof rate),
           (double)sol.memory / (1 << 20), db);
    if (sol.stopped != KALAH_SOLVE_DONE) {
        printf("%-30s (%s after %.1f s", "", cli_stop_reason(sol.stopped), sol.seconds);
        if (sol.depth > 0) /* what the deepening saw, unproven */
            printf("; estimate %+d at depth %d", sol.value, sol.depth);
        printf(")\n");
    }
    fflush(stdout);
    cli_solver_close(&s);
    return CLI_OK;
}

/* The database of --compare's second case, into path: the one named with
 * --egdb, checked, or the default one, built there with build_threads when
 * it is missing or holds fewer than COMPARE_STONES (cli_egdb_ensure).
 * Prints its line. Returns CLI_OK or the exit code of the reported error. */
static int compare_database(const cli_solve_opts *o, int build_threads, char *path, size_t size)
{
    kalah_rules r;
    kalah_pos p;
    kalah_error err;
    if (kalah_pos_parse(COMPARE_RULES, &r, &p, &err) != KALAH_OK) {
        fprintf(stderr, "kalah bench: %s: %s\n", COMPARE_RULES, err.message);
        return CLI_FAIL;
    }
    kalah_egdb_info info;
    if (o->egdb) {
        kalah_egdb *db;
        if (kalah_egdb_open(o->egdb, &r, &db, &err) != KALAH_OK) {
            /* Readable but for other rules: the wrong file for --compare. */
            bool other = err.code == KALAH_EINVAL &&
                         kalah_egdb_open(o->egdb, NULL, &db, NULL) == KALAH_OK;
            if (other)
                kalah_egdb_free(db);
            fprintf(stderr, "kalah bench: %s%s\n", err.message, /* it names the file */
                    other ? ": --compare needs a database of kalah-6-any" : "");
            return other ? CLI_USAGE : CLI_FAIL;
        }
        kalah_egdb_describe(db, &info);
        kalah_egdb_free(db);
        if (info.max_stones < COMPARE_STONES) {
            fprintf(stderr, "kalah bench: %s holds %d stones in play; --compare needs at least "
                            "%d (leave out --egdb to build one at the default place)\n",
                    o->egdb, info.max_stones, COMPARE_STONES);
            return CLI_USAGE;
        }
        snprintf(path, size, "%s", o->egdb);
        printf("endgame database: %s, %d stones, named with --egdb\n", path, info.max_stones);
        return CLI_OK;
    }
    cli_egdb_ready ready;
    int rc = cli_egdb_ensure("kalah bench", &r, COMPARE_STONES, build_threads, &ready);
    if (rc != CLI_OK) {
        if (!cli_interrupted)
            fprintf(stderr, "kalah bench: without a %d-stone database the second case cannot "
                            "run: make room, set KALAH61_EGDB_DIR to a directory that can hold "
                            "it, name one with --egdb FILE, or leave the case out with "
                            "--no-egdb\n", COMPARE_STONES);
        return rc;
    }
    snprintf(path, size, "%s", ready.path);
    if (ready.built)
        printf("endgame database: %s, %d stones, built now in %.2f s wall clock, %.2f s CPU "
               "(%d thread%s), not part of the cases\n", path, ready.max_stones, ready.wall,
               ready.cpu, ready.threads, ready.threads == 1 ? "" : "s");
    else
        printf("endgame database: %s, %d stones, found there\n", path, ready.max_stones);
    return CLI_OK;
}

/* " --compare", the set's option in the header */
static const char *set_name(int set)
{
    return set == SET_QUICK     ? " --quick"
           : set == SET_LONG    ? " --long"
           : set == SET_COMPARE ? " --compare"
                                : "";
}

int cli_bench(int argc, char **argv)
{
    static const struct option opts[] = {CLI_SOLVE_OPTS, CLI_FLAG("quick"), CLI_FLAG("long"),
                                         CLI_FLAG("compare"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah bench", argc, argv, 2, opts, "");
    cli_usage(&a, bench_usage, cli_solve_opts_help);
    cli_solve_opts o = {0};
    const char *set_opt = NULL; /* --quick, --long or --compare */
    int set = SET_NORMAL;
    while (cli_next(&a) > 0) {
        int now = cli_flag(&a, "--quick") ? SET_QUICK : cli_flag(&a, "--long") ? SET_LONG
                  : cli_flag(&a, "--compare") ? SET_COMPARE : 0;
        if (now && set_opt && set != now) {
            fprintf(stderr, "kalah bench: %s and %s contradict each other\n", set_opt, a.opt);
            cli_bad(&a);
        } else if (now) {
            set_opt = a.opt;
            set = now;
        } else if (!cli_solve_opt(&a, &o)) {
            cli_unknown(&a);
        }
    }
    if (a.rc != CLI_GO)
        return a.rc;
    char egdb_rules_text[KALAH_TEXT_MAX] = "", compare_db[1024] = "";
    if (set != SET_COMPARE && o.egdb &&
        egdb_rules(o.egdb, egdb_rules_text, sizeof egdb_rules_text) != CLI_OK)
        return CLI_FAIL;
    /* --compare: the search thread for thread, the build with two threads,
     * unless --threads says how many for both. */
    int build_threads = o.threads ? o.threads : 2;
    if (set == SET_COMPARE && o.threads == 0)
        o.threads = 1;
    if (set == SET_COMPARE && o.tt_mb == 0)
        o.tt_mb = COMPARE_TT_MB;
    int threads = cli_solve_threads(&o);
    char off[128];
    cli_solve_switched_off(o.disable, off, sizeof off);
    printf("kalah bench%s: %d thread%s (the machine has %d processor%s), table %d MB, a fresh "
           "solver per case%s%s\n",
           set_name(set), threads, threads == 1 ? "" : "s", cli_cpus(),
           cli_cpus() == 1 ? "" : "s", o.tt_mb ? o.tt_mb : (int)(KALAH_SOLVE_TT_DEFAULT >> 20),
           off[0] ? ", switched off:" : "", off);
    fflush(stdout);
    cli_sigint_install(false);
    if (set == SET_COMPARE && !o.no_egdb) {
        int rc = compare_database(&o, build_threads, compare_db, sizeof compare_db);
        if (rc != CLI_OK)
            return rc;
    }
    printf("%-30s %-22s %-22s %-5s %9s %10s %10s %8s  %s\n", "case", "expected", "found", "match",
           "seconds", "nodes", "nodes/s", "MB", "endgame database");
    fflush(stdout);
    int ran = 0, differ = 0, open = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        if (!(cases[k].set & set) || (cases[k].db == DB_COMPARE && !compare_db[0]))
            continue;
        match_kind m;
        int rc = run_case(&cases[k], &o, egdb_rules_text, compare_db, &m);
        if (rc != CLI_OK)
            return rc;
        ran++;
        differ += m == MATCH_NO;
        open += m == MATCH_OPEN;
        if (cli_interrupted) {
            printf("Interrupted by Ctrl-C: %d case%s run.\n", ran, ran == 1 ? "" : "s");
            return CLI_FAIL;
        }
    }
    if (differ)
        printf("%d of %d cases differ from the values expected.\n", differ, ran);
    else if (open)
        printf("No value differs; %d of %d cases did not finish.\n", open, ran);
    else
        printf("All %d cases match.\n", ran);
    return differ ? CLI_FAIL : CLI_OK;
}
