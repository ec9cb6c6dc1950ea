/* How long an exact solve would take, from counts (kalah_cli.h,
 * cli_solve_estimate; docs/solver.md, "How long a solve takes"). */
#include "kalah_cli.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The solves this model follows: each board, the database and table it had,
 * and the nodes it took (docs/solver.md: "Measurements", "Kalah(6,5)", and
 * the published Kalah(6,6)+empty, Rawlings 2015: every position of up to 34
 * stones in its databases, 55 trillion nodes, 106 CPU-days). Ordered by
 * stones in play. */
static const struct reference {
    const char *name;
    int pits, stones;   /* the start of Kalah(pits, stones) */
    int db;             /* the database's stones, 0 none */
    int tt_mb;          /* the table */
    double nodes;
} refs[] = {
    {"(6,3)", 6, 3, 0, 256, 2.72e6},
    {"(6,4)", 6, 4, 22, 256, 3.41e7},
    {"(6,5)", 6, 5, 28, 8192, 1.75e9},
    {"(6,6)+empty (published)", 6, 6, 34, 8192, 5.5e13},
};
enum { NREFS = sizeof refs / sizeof refs[0] };

/* log10 of the placements of at most n stones in the 2m pits, C(n + 2m, 2m):
 * the positions a search of n stones in play may meet (and the bytes of a
 * database of n stones). */
static double log_positions(int n, int pits)
{
    return (lgamma(n + 2.0 * pits + 1) - lgamma(n + 1.0) - lgamma(2.0 * pits + 1)) / log(10);
}

/* The reference model at x = log_positions: log10 of the nodes, and the
 * database the measured solves had there, interpolated between the two
 * references about x (the end segments extended beyond them). */
static void model(double x, double *log_nodes, double *db)
{
    int k = 1;
    while (k < NREFS - 1 && x > log_positions(2 * refs[k].pits * refs[k].stones, refs[k].pits))
        k++;
    const struct reference *a = &refs[k - 1], *b = &refs[k];
    double xa = log_positions(2 * a->pits * a->stones, a->pits);
    double xb = log_positions(2 * b->pits * b->stones, b->pits);
    double t = (x - xa) / (xb - xa);
    *log_nodes = log10(a->nodes) + t * (log10(b->nodes) - log10(a->nodes));
    *db = a->db + t * (b->db - a->db);
}

/* A database stone short of the measured solves' costs this factor, in
 * decades (Kalah(6,4): none against 22 stones, x3.9; (6,5)+empty: 22
 * against 26, x2.3; docs/solver.md). */
#define CLI_DB_DECADES_A_STONE 0.05

static double estimate_nodes(double x, int db_have)
{
    double y, db;
    model(x, &y, &db);
    return pow(10, y + CLI_DB_DECADES_A_STONE * (db - db_have));
}

/* "45 s", "12 minutes", "3.5 hours", "40 days", "2e+09 years" */
static const char *duration(double s, char *buf, size_t size)
{
    if (s < 120)
        snprintf(buf, size, "%.0f s", s);
    else if (s < 7200)
        snprintf(buf, size, "%.0f minutes", s / 60);
    else if (s < 3 * 86400)
        snprintf(buf, size, "%.1f hours", s / 3600);
    else if (s < 730 * 86400)
        snprintf(buf, size, "%.0f days", s / 86400);
    else if (s < 1e6 * 365 * 86400)
        snprintf(buf, size, "%.0f years", s / (365 * 86400));
    else
        snprintf(buf, size, "%.0e years", s / (365 * 86400));
    return buf;
}

/* "779 MB", "5.6 GB", "1.1e+04 TB" */
static const char *bytes_text(double b, char *buf, size_t size)
{
    if (b < 1e9)
        snprintf(buf, size, "%.0f MB", b / 1e6);
    else if (b < 1e12)
        snprintf(buf, size, "%.1f GB", b / 1e9);
    else if (b < 1e15)
        snprintf(buf, size, "%.0f TB", b / 1e12);
    else
        snprintf(buf, size, "%.1e TB", b / 1e12);
    return buf;
}

/* "3.4e+07" */
static const char *count_text(double n, char *buf, size_t size)
{
    snprintf(buf, size, n < 1e6 ? "%.0f" : "%.1e", n);
    return buf;
}

void cli_solve_estimate(const kalah_rules *r, const kalah_pos *p, int db_have, int threads,
                        cli_estimate *e)
{
    memset(e, 0, sizeof *e);
    e->stones = kalah_side_stones(r, p, KALAH_SOUTH) + kalah_side_stones(r, p, KALAH_NORTH);
    e->log_positions = log_positions(e->stones, r->pits);
    e->threads = threads > 0 ? threads : 1;
    e->db_have = db_have;
    e->nodes = estimate_nodes(e->log_positions, db_have);
    e->seconds = e->nodes / (CLI_RATE_A_THREAD * e->threads);
    e->feasible = e->seconds <= CLI_FEASIBLE_SECONDS;

    /* The most this machine allows: its processors (the solver's most), the
     * database the measured solves had (even stones, at most
     * KALAH_EGDB_MAX_STONES), as long as it fits in half the memory, and
     * their table in what is left, half of it at most. */
    double ram = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    if (ram <= 0)
        ram = 4e9;
    e->ram = ram;
    e->best_threads = cli_cpus() < KALAH_SOLVE_MAX_THREADS ? cli_cpus() : KALAH_SOLVE_MAX_THREADS;
    double y, db;
    model(e->log_positions, &y, &db);
    int want = kalah_egdb_applies(r) ? ((int)ceil(db) + 1) / 2 * 2 : 0;
    if (want > KALAH_EGDB_MAX_STONES)
        want = KALAH_EGDB_MAX_STONES;
    if (want > e->stones)
        want = e->stones;
    e->db_want = want;
    e->db_want_bytes = pow(10, log_positions(want, r->pits));
    int best = want;
    while (best > 0 && pow(10, log_positions(best, r->pits)) > ram / 2)
        best -= 2;
    if (best < db_have)
        best = db_have;
    e->best_db = best;
    e->best_db_bytes = best > 0 ? pow(10, log_positions(best, r->pits)) : 0;
    /* The table: 256 MB up to Kalah(6,4)'s size, the measured 8 GB from
     * (6,5)'s on, in what the database leaves (half of it at most). */
    double tt = e->log_positions > log_positions(48, 6) ? 8192 : 256;
    double room = (ram - e->best_db_bytes) / 2 / 1048576;
    int mb = 16;
    while (mb * 2 <= tt && mb * 2 <= room)
        mb *= 2;
    e->best_tt_mb = mb;
    e->best_nodes = estimate_nodes(e->log_positions, best);
    e->best_seconds = e->best_nodes / (CLI_RATE_A_THREAD * e->best_threads);
    e->best_feasible = e->best_seconds <= CLI_FEASIBLE_SECONDS;
}

/* Appends to text (size bytes). */
static void add(char *text, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void add(char *text, size_t size, const char *fmt, ...)
{
    size_t len = strlen(text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + len, size - len, fmt, ap);
    va_end(ap);
}

/* One paragraph, wrapped, indented by two. */
static void say(FILE *out, const char *text)
{
    char lines[4096];
    cli_wrap(lines, sizeof lines, text, 2, 78);
    fprintf(out, "%s\n", lines);
}

void cli_solve_estimate_say(FILE *out, const char *cmd, const kalah_rules *r,
                            const kalah_pos *p, const cli_estimate *e)
{
    char rules[KALAH_TEXT_MAX], a[32], b[32], c[32], d[32], dir[4096], t[2048] = "";
    kalah_rules_format(r, rules, sizeof rules);
    (void)p;
    fprintf(out, "%s: this solve cannot finish here in reasonable time.\n", cmd);
    add(t, sizeof t, "%d stones in play, %s placements of them; ", e->stones,
        count_text(pow(10, e->log_positions), a, sizeof a));
    if (e->db_have > 0)
        add(t, sizeof t, "the %d-stone database holds %s of them.", e->db_have,
            count_text(pow(10, log_positions(e->db_have, r->pits)), b, sizeof b));
    else
        add(t, sizeof t, "no endgame database.");
    add(t, sizeof t, " Estimate: about %s nodes, %s at %.0f M nodes a second a thread, %d "
                     "thread%s (the solves measured:",
        count_text(e->nodes, a, sizeof a), duration(e->seconds, b, sizeof b),
        CLI_RATE_A_THREAD / 1e6, e->threads, e->threads == 1 ? "" : "s");
    for (int k = 0; k < NREFS; k++)
        add(t, sizeof t, "%s %s %s%s", k ? "," : "", refs[k].name,
            count_text(refs[k].nodes, a, sizeof a), k ? "" : " nodes");
    add(t, sizeof t, ", by the placements of their stones).");
    say(out, t);
    t[0] = '\0';
    if (e->best_feasible) {
        add(t, sizeof t, "Feasible here with a %d-stone database (%s, about %s to build with "
                         "kalah egdb build --rules %s --max-stones %d), --threads %d and "
                         "--tt %d: about %s nodes, %s.",
            e->best_db, bytes_text(e->best_db_bytes, a, sizeof a),
            duration(e->best_db_bytes / CLI_BUILD_RATE * (e->best_threads >= 2 ? 1 : 2), b,
                     sizeof b),
            rules, e->best_db, e->best_threads, e->best_tt_mb,
            count_text(e->best_nodes, c, sizeof c), duration(e->best_seconds, d, sizeof d));
    } else {
        add(t, sizeof t, "Even with the most this machine allows (");
        if (e->best_db > 0)
            add(t, sizeof t, "a %d-stone database of %s, ", e->best_db,
                bytes_text(e->best_db_bytes, a, sizeof a));
        add(t, sizeof t, "%d thread%s, --tt %d): about %s nodes, %s.", e->best_threads,
            e->best_threads == 1 ? "" : "s", e->best_tt_mb,
            count_text(e->best_nodes, b, sizeof b), duration(e->best_seconds, c, sizeof c));
        if (e->db_want > e->best_db)
            add(t, sizeof t, " The solves measured at this size had a %d-stone database (%s), "
                             "more than half this machine's memory (%s).",
                e->db_want, bytes_text(e->db_want_bytes, a, sizeof a),
                bytes_text(e->ram, b, sizeof b));
        add(t, sizeof t, " Beyond one machine: the published solution of Kalah(6,6)+empty took "
                         "106 CPU-days; %s/solver-cluster.md sketches a cluster.",
            cli_doc_dir(dir, sizeof dir));
    }
    say(out, t);
    fprintf(out, "  Going on: Ctrl-C stops it with the bounds proven so far.\n");
}
