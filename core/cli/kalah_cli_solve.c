/*
 * kalah solve: the exact value of a position; and the parts of the exact
 * solver that analyze --exact and bench share with it (options, the
 * default endgame database, the progress line, Ctrl-C).
 */
#include "kalah_cli.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- shared parts ---------------------------------------------------------- */

const char cli_solve_opts_help[] =
    "  --tt MB       transposition table, in megabytes (default 256)\n"
    "  --threads N   search threads, 1..8 (default: the machine's processors)\n"
    "  --egdb FILE   an endgame database (see 'kalah egdb --help'); without\n"
    "                it, the default one of the rules when it exists:\n"
    "                $KALAH61_EGDB_DIR/NAME.egdb, else\n"
    "                $XDG_CACHE_HOME/kalah61/NAME.egdb, else\n"
    "                ~/.cache/kalah61/NAME.egdb, where NAME is the\n"
    "                rules without the stones per pit: kalah-6-any+empty\n"
    "  --no-egdb     no endgame database\n"
    "  --time S      stop after S seconds (default: no limit)\n"
    "  --nodes N     stop after N nodes; k, M, G multiply by 10^3, 10^6, 10^9\n"
    "  --no-order, --no-futility, --no-etc, --no-deepening, --no-compact,\n"
    "  --no-history\n"
    "                switch off move ordering, the bounds from the stones in\n"
    "                play, enhanced transposition cutoffs, iterative\n"
    "                deepening, the compact table (eight one-word entries\n"
    "                a bucket; without it four 16-byte ones) or the history\n"
    "                of cutoffs that orders moves the rules leave tied, to\n"
    "                measure what each is worth\n"
    "  --quiet       no progress line (it is shown only on a terminal)\n"
    "  --progress    progress lines on standard error even when it is not a\n"
    "                terminal ('kalah solve' and 'kalah analyze --exact'\n"
    "                print them there anyway): one after 1, 2, 5, 10, 20,\n"
    "                50 ... M nodes\n";

const char *cli_margin(int v, char *buf, size_t size)
{
    snprintf(buf, size, v == 0 ? "0" : "%+d", v);
    return buf;
}

const char *cli_count(double n, char *buf, size_t size)
{
    if (n < 10000)
        snprintf(buf, size, "%.0f", n);
    else if (n < 1e6)
        snprintf(buf, size, "%.1f k", n / 1e3);
    else if (n < 1e9)
        snprintf(buf, size, "%.2f M", n / 1e6);
    else
        snprintf(buf, size, "%.2f G", n / 1e9);
    return buf;
}

const char *cli_stop_reason(kalah_solve_stop s)
{
    switch (s) {
    case KALAH_SOLVE_DONE:
        return "finished";
    case KALAH_SOLVE_NODES:
        return "the node budget ran out";
    case KALAH_SOLVE_TIME:
        return "the time budget ran out";
    case KALAH_SOLVE_STOPPED:
        return "interrupted by Ctrl-C";
    }
    return "stopped";
}

int cli_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* Whether the system backs most of the mapping at addr (len bytes) with
 * huge pages, by its entry in /proc/self/smaps (FilePmdMapped): then a
 * copy would gain nothing. False when that cannot be read. */
static bool mapped_huge(const void *addr, size_t len)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return false;
    char line[256];
    bool in = false;
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long long lo, hi;
        if (sscanf(line, "%llx-%llx ", &lo, &hi) == 2)
            in = lo == (unsigned long long)(uintptr_t)addr;
        else if (in && sscanf(line, "FilePmdMapped: %llu kB", &kb) == 1)
            break;
    }
    fclose(f);
    return kb * 1024 >= len / 4 * 3;
}

int cli_solve_threads(const cli_solve_opts *o)
{
    if (o->threads > 0)
        return o->threads;
    int n = cli_cpus();
    return n > KALAH_SOLVE_MAX_THREADS ? KALAH_SOLVE_MAX_THREADS : n;
}

/* --nodes N: a whole number above 0, k, M or G may follow. */
static void parse_nodes(cli_args *a, uint64_t *out)
{
    const char *text = a->val;
    char *end;
    errno = 0;
    unsigned long long v = text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    uint64_t mul = 1;
    if (v > 0 && errno == 0) {
        if (*end == 'k' || *end == 'K')
            mul = 1000, end++;
        else if (*end == 'M')
            mul = 1000000, end++;
        else if (*end == 'G')
            mul = 1000000000, end++;
    }
    if (v == 0 || errno != 0 || *end != '\0' || v > UINT64_MAX / mul) {
        fprintf(stderr, "%s: --nodes takes a whole number above 0 (k, M or G may follow), "
                        "not '%s'\n", a->cmd, text);
        cli_bad(a);
        return;
    }
    *out = (uint64_t)v * mul;
}

/* --time S: seconds above 0. */
static void parse_time(cli_args *a, double *out)
{
    const char *v = a->val;
    char *end;
    double s = strtod(v, &end);
    if (*v == '\0' || *end != '\0' || !(s > 0) || !isfinite(s)) {
        fprintf(stderr, "%s: --time takes seconds above 0, not '%s'\n", a->cmd, v);
        cli_bad(a);
        return;
    }
    *out = s;
}

/* The switches of the solver's techniques. */
static const struct {
    const char *name;
    unsigned bit;
} solve_switches[] = {{"--no-order", KALAH_SOLVE_NO_ORDER},
                      {"--no-futility", KALAH_SOLVE_NO_FUTILITY},
                      {"--no-etc", KALAH_SOLVE_NO_ETC},
                      {"--no-deepening", KALAH_SOLVE_NO_DEEPENING},
                      {"--no-compact", KALAH_SOLVE_NO_COMPACT},
                      {"--no-history", KALAH_SOLVE_NO_HISTORY}};
enum { SOLVE_SWITCHES = sizeof solve_switches / sizeof solve_switches[0] };

const char *cli_solve_switched_off(unsigned disable, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int k = 0; k < SOLVE_SWITCHES; k++)
        if (disable & solve_switches[k].bit)
            snprintf(buf + strlen(buf), size - strlen(buf), " %s", solve_switches[k].name);
    return buf;
}

/* When the option read is one of solve_switches: its technique off. */
static bool switch_opt(const cli_args *a, cli_solve_opts *o)
{
    for (int k = 0; k < SOLVE_SWITCHES; k++)
        if (cli_flag(a, solve_switches[k].name)) {
            o->disable |= solve_switches[k].bit;
            return true;
        }
    return false;
}

bool cli_solve_opt(cli_args *a, cli_solve_opts *o)
{
    if (cli_flag(a, "--time"))
        parse_time(a, &o->seconds);
    else if (cli_flag(a, "--nodes"))
        parse_nodes(a, &o->nodes);
    else if (cli_flag(a, "--no-egdb"))
        o->no_egdb = true;
    else if (cli_flag(a, "--quiet"))
        o->quiet = true;
    else if (cli_flag(a, "--progress"))
        o->progress = true;
    else if (!cli_int_opt(a, "--tt", 1, 1 << 20, &o->tt_mb) &&
             !cli_int_opt(a, "--threads", 1, KALAH_SOLVE_MAX_THREADS, &o->threads) &&
             !cli_got(a, "--egdb", &o->egdb) && !switch_opt(a, o))
        return false;
    if (a->rc == CLI_GO && o->egdb && o->no_egdb) {
        fprintf(stderr, "%s: --egdb and --no-egdb contradict each other\n", a->cmd);
        cli_bad(a);
    }
    return true;
}

bool cli_egdb_default_path(const kalah_rules *r, char *buf, size_t size)
{
    /* A database serves every number of stones per pit (docs/egdb.md), so
     * its name leaves that number out: kalah-6-any+empty.egdb. */
    char full[KALAH_TEXT_MAX], name[KALAH_TEXT_MAX + 32];
    kalah_rules_format(r, full, sizeof full);
    const char *opts = strchr(full, '+');
    snprintf(name, sizeof name, "kalah-%d-any%s.egdb", r->pits, opts ? opts : "");
    return cli_keep_path(CLI_KEEP_CACHE, "KALAH61_EGDB_DIR", name, buf, size);
}

/* A database of at least this many bytes is copied into huge pages when
 * the page cache does not hold it in them (docs/egdb.md); a smaller one
 * spans few pages anyway. */
#define CLI_PIN_MIN_BYTES ((size_t)16 << 20)

/* Opens the database for s (see cli_solver_open). */
static int open_egdb(const char *cmd, const kalah_rules *r, const cli_solve_opts *o,
                     cli_solver *s)
{
    char rules[KALAH_TEXT_MAX], def[sizeof s->egdb_path];
    kalah_rules_format(r, rules, sizeof rules);
    bool has_default = cli_egdb_default_path(r, def, sizeof def);
    if (o->no_egdb)
        return CLI_OK;
    if (!kalah_egdb_applies(r)) {
        if (!o->egdb)
            return CLI_OK;
        fprintf(stderr, "%s: no endgame database serves %s (under +decided and relay Kalah the "
                        "value depends on the stores); leave out --egdb\n", cmd, rules);
        return CLI_USAGE;
    }
    const char *path = o->egdb ? o->egdb : has_default ? def : NULL;
    struct stat st;
    if (!path)
        return CLI_OK;
    if (stat(path, &st) != 0) {
        if (!o->egdb)
            return CLI_OK; /* no default database: nothing to say */
        fprintf(stderr, "%s: cannot open the endgame database %s: %s\n", cmd, path,
                strerror(errno));
        return CLI_FAIL;
    }
    kalah_error err;
    if (kalah_egdb_open(path, r, &s->egdb, &err) == KALAH_OK) {
        snprintf(s->egdb_path, sizeof s->egdb_path, "%s", path);
        /* Large ones are copied into huge pages, unless the page cache
         * already holds them in huge pages: probes miss the TLB less
         * (docs/egdb.md). Without the memory, the mapping serves. */
        kalah_egdb_info di;
        kalah_egdb_describe(s->egdb, &di);
        if (di.bytes >= CLI_PIN_MIN_BYTES && !mapped_huge(di.map, di.map_len))
            kalah_egdb_pin(s->egdb, cli_solve_threads(o), NULL);
        return CLI_OK;
    }
    s->egdb = NULL;
    if (o->egdb && err.code != KALAH_ESYNTAX) {
        fprintf(stderr, "%s: %s\n", cmd, err.message); /* it names the file */
        return CLI_FAIL;
    }
    bool at_default = has_default && strcmp(path, def) == 0;
    fprintf(stderr,
            "%s: warning: %s\n"
            "%s: going on without an endgame database; rebuild it with\n"
            "  kalah egdb build --rules %s --max-stones K%s%s\n"
            "(K: the stones in play it is to hold, up to %d)\n",
            cmd, err.message, cmd, rules, at_default ? "" : " --out ", at_default ? "" : path,
            KALAH_EGDB_MAX_STONES);
    return CLI_OK;
}

int cli_solver_open(const char *cmd, const kalah_rules *r, const cli_solve_opts *o, FILE *info,
                    cli_solver *out)
{
    memset(out, 0, sizeof *out);
    /* A table that does not fit in memory would be zeroed into the
     * out-of-memory killer's arms: refuse it first. */
    double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    if (o->tt_mb > 0 && ram > 0 && (double)o->tt_mb * 1048576.0 > 0.75 * ram) {
        fprintf(stderr, "%s: --tt %d MB is more than 3/4 of this machine's memory (%.0f MB); "
                        "at most %.0f\n", cmd, o->tt_mb, ram / 1048576.0, 0.75 * ram / 1048576.0);
        return CLI_USAGE;
    }
    out->opts = *o;
    out->cmd = cmd;
    out->rules = *r;
    out->threads = cli_solve_threads(o);
    bool tty = isatty(STDERR_FILENO);
    out->progress = !o->quiet && tty && !o->progress;
    out->lines = !o->quiet && (o->progress || (o->one_position && !tty));
    int rc = open_egdb(cmd, r, o, out);
    if (rc != CLI_OK)
        return rc;
    if (out->egdb && info) {
        kalah_egdb_info di;
        kalah_egdb_describe(out->egdb, &di);
        fprintf(info, "endgame database: %s (%d stones, %llu positions)\n", out->egdb_path,
                di.max_stones, (unsigned long long)di.positions);
    }
    kalah_solve_config cfg = {
        .tt_bytes = (size_t)o->tt_mb << 20,
        .threads = out->threads,
        .egdb = out->egdb,
        .disable = o->disable,
    };
    kalah_error err;
    if (kalah_solver_new(r, &cfg, &out->solver, &err) != KALAH_OK) {
        fprintf(stderr, "%s: cannot start the solver: %s\n", cmd, err.message);
        cli_solver_close(out);
        return err.code == KALAH_ENOMEM ? CLI_FAIL : CLI_USAGE;
    }
    return CLI_OK;
}

void cli_solver_close(cli_solver *s)
{
    kalah_solver_free(s->solver);
    kalah_egdb_free(s->egdb);
    s->solver = NULL;
    s->egdb = NULL;
}

/* The node counts of the progress lines: 1, 2, 5, 10, 20, 50 ... M. */
static uint64_t next_mark(uint64_t mark)
{
    uint64_t decade = 1000000;
    while (decade * 10 <= mark)
        decade *= 10;
    uint64_t lead = mark / decade;
    return lead < 2 ? 2 * decade : lead < 5 ? 5 * decade : 10 * decade;
}

static void on_progress(const kalah_solve_progress *p, void *ctx)
{
    cli_solver *s = ctx;
    if (s->lines && p->nodes < s->next_mark)
        return;
    while (s->lines && p->nodes >= s->next_mark)
        s->next_mark = next_mark(s->next_mark);
    char lo[16], hi[16], guess[16], nodes[32], rate[32], what[32], done[32] = "";
    if (p->depth > 0)
        snprintf(what, sizeof what, "depth %d", p->depth);
    else
        snprintf(what, sizeof what, "exact");
    if (p->moves_done > 0)
        snprintf(done, sizeof done, ", %d move%s done", p->moves_done,
                 p->moves_done == 1 ? "" : "s");
    fprintf(stderr, s->lines ? "progress: %s%s: value in [%s, %s], guess %s, %s nodes, %s "
                               "nodes/s, %.1f s, %.0f MB\n"
                             : "\r%s%s: value in [%s, %s], guess %s, %s nodes, %s nodes/s, "
                               "%.1f s, %.0f MB\033[K",
            what, done, cli_margin(p->lower, lo, sizeof lo), cli_margin(p->upper, hi, sizeof hi),
            cli_margin(p->guess, guess, sizeof guess), cli_count((double)p->nodes, nodes, sizeof nodes),
            cli_count(p->seconds > 0 ? (double)p->nodes / p->seconds : 0, rate, sizeof rate),
            p->seconds, (double)p->memory / (1 << 20));
    fflush(stderr);
    s->last_seconds = s->lines ? 0 : p->seconds > 0 ? p->seconds : 1e-9;
}

void cli_solver_progress(const kalah_solve_progress *p, void *ctx)
{
    on_progress(p, ctx);
}

/* The advice on a database (advise): given above this many stones in play
 * (Kalah(4,3) and (6,2) solve in a blink without one); for a database of at
 * most this many bytes; its build time by the rate measured on the machine
 * of docs/solver.md (2 cores, quiet): 548 354 040 positions in 126-128 s
 * with two threads. */
#define CLI_ADVISE_STONES 24
#define CLI_ADVISE_BYTES 600e6

/* Up front, when no database serves a large position: which file would,
 * the command that builds it with its size and time, and what to expect. */
static void advise(const cli_solver *s, const kalah_rules *r, const kalah_pos *p)
{
    int stones = kalah_side_stones(r, p, KALAH_SOUTH) + kalah_side_stones(r, p, KALAH_NORTH);
    if (!s->opts.one_position || s->egdb || s->opts.no_egdb || s->opts.quiet ||
        !kalah_egdb_applies(r) || stones <= CLI_ADVISE_STONES)
        return;
    /* The largest database of at most CLI_ADVISE_BYTES, and a quarter of
     * the memory: 22 stones for 6 pits (523 MB). */
    double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    double most = ram > 0 && ram / 4 < CLI_ADVISE_BYTES ? ram / 4 : CLI_ADVISE_BYTES;
    int k = 0;
    while (k < KALAH_EGDB_MAX_STONES && k < 2 * r->pits * r->stones &&
           (double)kalah_egdb_positions(r, k + 1) <= most)
        k++;
    char path[1024] = "", rules[KALAH_TEXT_MAX], size[32];
    cli_egdb_default_path(r, path, sizeof path);
    kalah_rules_format(r, rules, sizeof rules);
    double bytes = (double)kalah_egdb_positions(r, k);
    snprintf(size, sizeof size, bytes >= 1e9 ? "%.1f GB" : "%.0f MB",
             bytes >= 1e9 ? bytes / 1e9 : bytes / 1048576);
    bool two = cli_cpus() >= 2; /* the build's threads: the machine's */
    double secs = bytes / CLI_BUILD_RATE * (two ? 1 : 2);
    fprintf(stderr,
            "No endgame database serves this position (%d stones in play)%s%s.\n"
            "  One of %d stones would: build it once (%s, about %.0f %s with %s on a quiet\n"
            "  machine like the one of solver.md; more on a busy one) with\n"
            "    kalah egdb build --rules %s --max-stones %d\n"
            "  Without it the value is as exact, found more slowly: Kalah(6,4) from the\n"
            "  start takes about 5 s with the 22-stone database and can take tens of\n"
            "  minutes without one. Progress goes to standard error meanwhile.\n",
            stones, path[0] ? ": looked for " : "", path, k, size,
            secs < 120 ? secs : secs / 60, secs < 120 ? "s" : "minutes",
            two ? "two threads" : "one thread", rules, k);
}

kalah_status cli_solver_run(cli_solver *s, const kalah_pos *p, bool all, kalah_solution *sol,
                            kalah_error *err)
{
    kalah_solve_limits lim = {
        .max_nodes = s->opts.nodes,
        .max_seconds = s->opts.seconds,
        .stop = &cli_interrupted,
        .progress = s->progress || s->lines ? on_progress : NULL,
        .progress_ctx = s,
    };
    s->last_seconds = 0;
    s->next_mark = 1000000;
    if (s->lines)
        lim.progress_interval = 1e-9; /* every poll: the lines go by nodes */
    /* A solve that cannot finish here says so first, with what would make
     * it feasible; else, the database that would make it quicker. */
    cli_estimate e = {.feasible = true};
    if (s->opts.one_position) {
        kalah_egdb_info di = {0};
        if (s->egdb)
            kalah_egdb_describe(s->egdb, &di);
        cli_solve_estimate(&s->rules, p, s->egdb ? di.max_stones : 0, s->threads, &e);
    }
    if (!e.feasible)
        cli_solve_estimate_say(stderr, s->cmd, &s->rules, p, &e);
    else
        advise(s, &s->rules, p);
    fflush(stderr);
    kalah_status st = kalah_solver_run(s->solver, p, all, &lim, sol, err);
    if (s->last_seconds > 0) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    return st;
}

/* ---- kalah solve --------------------------------------------------------------- */

static const char solve_usage[] =
    "Usage: kalah solve [POSITION | --rules R --pits M --stones N] [--all]\n"
    "                   [--tt MB] [--threads N] [--egdb FILE | --no-egdb]\n"
    "                   [--time S] [--nodes N] [--quiet] [--mpi [--frontier N]]\n"
    "\n"
    "Solves a position exactly: its value is the final margin of the side to\n"
    "move (its store minus the other's at the end) when both play perfectly,\n"
    "and a best move. POSITION is in the notation of notation.md; RULES\n"
    "alone (kalah-6-4, kalah-6-4+empty) is the start, and a game (kalah-6-4 3 6)\n"
    "the position after its moves. Instead of POSITION,\n"
    "--rules, --pits and --stones give the start of a game (as for 'kalah\n"
    "play': kalah-6-6 unless told otherwise).\n"
    "\n"
    "  --all         the exact value of every legal move, not only the best\n"
    "%s"
    "  --mpi         search over the ranks of an MPI job, each with its own\n"
    "                table and --threads threads (mpirun -np N kalah solve\n"
    "                POSITION --mpi; solver-cluster.md); needs kalah-mpi\n"
    "  --frontier N  with --mpi: the positions the ranks search, at least N\n"
    "                (default 8 a rank; 1 on one rank)\n"
    "\n"
    "With --quiet the board is not drawn either.\n"
    "\n"
    "On a terminal a progress line shows the search: the depth of the\n"
    "iteration (or 'exact'), the proven bounds of the value, the value being\n"
    "tested, nodes, speed, time and memory. Ctrl-C stops the search and\n"
    "prints the bounds proven so far; so does the end of a --time or --nodes\n"
    "budget. Exit code 0 when the value is exact, 1 when the search stopped\n"
    "before, 2 for bad usage. solver.md describes the solver.\n"
    "\n"
    "Examples: kalah solve kalah-6-4\n"
    "          kalah solve kalah-6-3 --all\n"
    "          kalah solve kalah-6-4:N:0,5,5,5,5,4/0:4,4,4,4,4,4/0 --time 60\n";

/* "South wins by 2", "a draw" for the value v of the side to move. */
static const char *verdict(int side, int v, char *buf, size_t size)
{
    if (v == 0)
        snprintf(buf, size, "a draw");
    else
        snprintf(buf, size, "%s wins by %d", cli_side_name(v > 0 ? side : 1 - side), abs(v));
    return buf;
}

static void print_table(const kalah_solution *sol)
{
    printf("\n  pit  value\n");
    for (int k = 0; k < sol->count; k++) {
        char v[16], lo[16], hi[16];
        cli_margin(sol->values[k], v, sizeof v);
        if (sol->exacts[k])
            printf("  %3d  %4s%s\n", sol->moves[k], v,
                   sol->exact && sol->moves[k] == sol->move ? "  best" : "");
        else
            printf("  %3d  between %s and %s (estimate %s)\n", sol->moves[k],
                   cli_margin(sol->lowers[k], lo, sizeof lo),
                   cli_margin(sol->uppers[k], hi, sizeof hi), v);
    }
}

static void print_summary(const cli_solver *s, const kalah_solution *sol)
{
    char nodes[32], rate[32];
    printf("%s nodes in %.2f s (%s nodes/s), memory %.1f MB, %d thread%s.\n",
           cli_count((double)sol->nodes, nodes, sizeof nodes), sol->seconds,
           cli_count(sol->seconds > 0 ? (double)sol->nodes / sol->seconds : 0, rate, sizeof rate),
           (double)sol->memory / (1 << 20), s->threads, s->threads == 1 ? "" : "s");
}

int cli_solve(int argc, char **argv)
{
    static const struct option opts[] = {CLI_SOLVE_OPTS, CLI_RULES_OPTS, CLI_FLAG("all"),
                                         CLI_FLAG("mpi"), CLI_OPT("frontier"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah solve", argc, argv, 2, opts, "");
    cli_usage(&a, solve_usage, cli_solve_opts_help);
    kalah_rules r = kalah_rules_default();
    cli_solve_opts o = {.one_position = true};
    cli_position_text text = {"", 0};
    const char *rules_opt = NULL;
    bool all = false, mpi = false;
    int frontier = 0;
    while (cli_next(&a) > 0) {
        const char *arg = a.opt;
        if (cli_rules_opt(&a, &r))
            rules_opt = arg;
        else if (cli_solve_opt(&a, &o)) {
        } else if (cli_flag(&a, "--all"))
            all = true;
        else if (cli_flag(&a, "--mpi"))
            mpi = true;
        else if (!cli_int_opt(&a, "--frontier", 1, 1 << 20, &frontier) &&
                 !cli_position_arg(&a, &text))
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    kalah_pos p;
    if (text.words && rules_opt) {
        fprintf(stderr, "kalah solve: give POSITION or %s, not both (see 'kalah solve --help')\n",
                rules_opt);
        return CLI_USAGE;
    } else if (text.words) {
        if (!cli_position_parse("kalah solve", &text, &r, &p))
            return CLI_USAGE;
    } else if (rules_opt) {
        if (!cli_rules_final(&a, &r))
            return CLI_USAGE;
        p = kalah_start(&r);
    } else {
        return cli_missing(&a, "position");
    }

    if (frontier && !mpi) {
        fprintf(stderr, "kalah solve: --frontier goes with --mpi\n");
        return CLI_USAGE;
    }
    if (mpi && !cli_mpi)
        return cli_mpi_exec("kalah solve", argv, 1, "solve");
    if (mpi && o.threads == 0)
        o.threads = cli_mpi->threads;
    char pos[KALAH_TEXT_MAX], buf[64];
    kalah_pos_format(&r, &p, pos, sizeof pos);
    const int side = p.to_move;
    const bool over = kalah_over(&r, &p);
    cli_solver s;
    int rc = over ? CLI_OK : cli_solver_open("kalah solve", &r, &o, NULL, &s);
    if (rc != CLI_OK)
        return rc;
    if (!o.quiet)
        cli_draw(stdout, &r, &p);
    printf("\n%s (%s to move)\n", pos, cli_side_name(side));
    if (over) {
        int v = kalah_margin(&r, &p) * (side == KALAH_SOUTH ? 1 : -1);
        printf("Value: %s (%s to move): the game is over, %s.\n", cli_margin(v, buf, sizeof buf),
               cli_side_name(side), verdict(side, v, pos, sizeof pos));
        return CLI_OK;
    }
    if (s.egdb) {
        kalah_egdb_info di;
        kalah_egdb_describe(s.egdb, &di);
        printf("endgame database: %s (%d stones, %llu positions)\n", s.egdb_path, di.max_stones,
               (unsigned long long)di.positions);
    }
    fflush(stdout);
    cli_sigint_install(false);
    kalah_solution sol;
    kalah_error err;
    if ((mpi ? cli_mpi->solve(&s, &p, all, frontier, &sol, &err)
             : cli_solver_run(&s, &p, all, &sol, &err)) != KALAH_OK) {
        fprintf(stderr, "kalah solve: %s\n", err.message);
        cli_solver_close(&s);
        return CLI_FAIL;
    }
    char v[16], lo[16], hi[16], how[64];
    if (sol.exact) {
        printf("Value: %s (%s to move): %s with perfect play.\n",
               cli_margin(sol.value, v, sizeof v), cli_side_name(side),
               verdict(side, sol.value, how, sizeof how));
        printf("Best move: pit %d\n", sol.move);
        if (all)
            print_table(&sol);
        printf("Solved: ");
    } else {
        printf("Stopped after %.1f s (%s): value between %s and %s", sol.seconds,
               cli_stop_reason(sol.stopped), cli_margin(sol.lower, lo, sizeof lo),
               cli_margin(sol.upper, hi, sizeof hi));
        if (sol.move && sol.depth > 0)
            printf("; best move so far %d (estimate %s at depth %d).\n", sol.move,
                   cli_margin(sol.value, v, sizeof v), sol.depth);
        else if (sol.move)
            printf("; best move so far %d (no iteration finished).\n", sol.move);
        else
            printf("; no iteration finished.\n");
        if (all)
            print_table(&sol);
        printf("Searched: ");
    }
    print_summary(&s, &sol);
    if (mpi)
        cli_mpi->summary(stdout);
    cli_solver_close(&s);
    return sol.exact ? CLI_OK : CLI_FAIL;
}
