/* What the puluk subcommands share: options, the board drawn, the table. */
#include "puluk_cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool puluk_cli_rules(const cli_args *a, const char *text, puluk_rules *r)
{
    kalah_error err;
    if (puluk_rules_parse(text, r, &err) == KALAH_OK)
        return true;
    cli_parse_error(a->cmd, text, &err);
    return false;
}

bool puluk_cli_player(const char *cmd, const char *text, puluk_player *out)
{
    kalah_error err;
    if (puluk_player_parse(text, out, &err) == KALAH_OK)
        return true;
    fprintf(stderr, "%s: unknown player '%s': %s\n", cmd, text, err.message);
    return false;
}

const char *puluk_cli_side(int side)
{
    return side == PULUK_WHITE ? "White" : "Black";
}

/*
 *                 1   2   3   4   5   6   7   8   9
 *   White [3]      .   W   .   .   B   .   .   .   .   [4] Black
 *                      b           w
 * Each strip's top piece on the board's row, in capitals; the pieces under
 * it below, from the top down.
 */
void puluk_cli_draw(FILE *out, const puluk_rules *r, const puluk_pos *p)
{
    char rules[PULUK_TEXT_MAX];
    puluk_rules_format(r, rules, sizeof rules);
    int deepest = 0;
    for (int s = 1; s <= r->strips; s++)
        deepest = p->height[s] > deepest ? p->height[s] : deepest;
    puluk_census c[2] = {puluk_census_of(r, p, PULUK_WHITE), puluk_census_of(r, p, PULUK_BLACK)};
    fprintf(out, "\n  %s\n            ", rules);
    for (int s = 1; s <= r->strips; s++)
        fprintf(out, "%4d", s);
    fprintf(out, "\n  White [%d] ", p->town[PULUK_WHITE]);
    for (int s = 1; s <= r->strips; s++) {
        int top = puluk_top(p, s);
        fprintf(out, "%4c", top < 0 ? '.' : top == PULUK_WHITE ? 'W' : 'B');
    }
    fprintf(out, "   [%d] Black\n", p->town[PULUK_BLACK]);
    for (int k = 1; k < deepest; k++) {
        int last = 1;
        for (int s = 1; s <= r->strips; s++)
            last = p->height[s] > k ? s : last;
        fprintf(out, "            ");
        for (int s = 1; s <= last; s++)
            fprintf(out, "%4c", k >= p->height[s] ? ' ' : (p->stack[s] >> k) & 1u ? 'b' : 'w');
        fprintf(out, "\n");
    }
    fprintf(out, "  [n] at home; dead: White %d, Black %d; prisoners: White %d, Black %d\n",
            c[0].dead, c[1].dead, c[0].held, c[1].held);
    puluk_cli_status(out, r, p);
}

void puluk_cli_status(FILE *out, const puluk_rules *r, const puluk_pos *p)
{
    if (puluk_over(r, p)) {
        fprintf(out, "  Game over: %s wins (%s has no free piece).\n",
                puluk_cli_side(1 - p->to_move), puluk_cli_side(p->to_move));
        return;
    }
    if (!p->thrown) {
        fprintf(out, "  %s to move, not thrown yet.\n", puluk_cli_side(p->to_move));
        return;
    }
    int moves[PULUK_MAX_MOVES], n = puluk_moves(r, p, moves);
    fprintf(out, "  %s to move, threw %d; moves:", puluk_cli_side(p->to_move), p->thrown);
    for (int i = 0; i < n; i++) {
        char m[8];
        puluk_move_format(r, p, moves[i], m, sizeof m);
        fprintf(out, " %s", m);
    }
    fprintf(out, "\n");
}

const char *puluk_cli_note(const puluk_move_info *mi, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
#define ADD(...) n += (size_t)snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__)
    if (mi->killed)
        ADD(", kills %d", mi->killed);
    if (mi->town)
        ADD(", home again");
    if (mi->captured)
        ADD(", takes %d", mi->captured);
    if (mi->freed)
        ADD(", frees %d", mi->freed);
    if (mi->won)
        ADD(", wins");
#undef ADD
    return buf;
}

void puluk_cli_wilson(int k, int n, double *lo, double *hi)
{
    const double z = 1.96;
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = (double)k / n, den = 1 + z * z / n;
    double mid = (p + z * z / (2.0 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / den;
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

/* ---- the table ----------------------------------------------------------------- */

bool puluk_cli_table_path(const puluk_rules *r, char *buf, size_t size)
{
    char rules[PULUK_TEXT_MAX], name[PULUK_TEXT_MAX + 8];
    puluk_rules_format(r, rules, sizeof rules);
    snprintf(name, sizeof name, "%s.table", rules);
    return cli_keep_path(CLI_KEEP_CACHE, "PULUK_TABLE_DIR", name, buf, size);
}

typedef struct solve_progress {
    bool on;
    double last;
} solve_progress;

static int show_progress(void *ctx, int layer, int layers, uint64_t positions, int sweep,
                         double gap)
{
    solve_progress *sp = ctx;
    double now = kalah_now();
    if (!sp->on || now - sp->last < 0.2)
        return 0;
    sp->last = now;
    fprintf(stderr, "\r  solving: layer %d of %d (%llu positions), sweep %d, bounds %.1e apart   ",
            layer + 1, layers, (unsigned long long)positions, sweep, gap);
    fflush(stderr);
    return 0;
}

puluk_table *puluk_cli_table(const char *cmd, const puluk_rules *r, const char *path, bool quiet)
{
    char def[1024], rules[PULUK_TEXT_MAX];
    puluk_rules_format(r, rules, sizeof rules);
    if (!path) {
        if (!puluk_cli_table_path(r, def, sizeof def)) {
            fprintf(stderr, "%s: no default place for the table of %s (HOME is not set); give "
                            "--table FILE\n", cmd, rules);
            return NULL;
        }
        path = def;
    }
    kalah_error err;
    puluk_table *t = NULL;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (puluk_table_load(path, &t, &err) == KALAH_OK) {
            if (memcmp(puluk_table_rules(t), r, sizeof *r) == 0)
                return t;
            char other[PULUK_TEXT_MAX];
            puluk_rules_format(puluk_table_rules(t), other, sizeof other);
            fprintf(stderr, "%s: %s is the table of %s, not %s\n", cmd, path, other, rules);
            puluk_table_free(t);
            return NULL;
        }
        if (err.code != KALAH_ESYNTAX) {
            fprintf(stderr, "%s: %s\n", cmd, err.message);
            return NULL;
        }
        fprintf(stderr, "%s: %s; building it anew\n", cmd, err.message);
    } else if (!quiet) {
        fprintf(stderr, "%s: no table of %s at %s: solving the game once (the full board "
                        "takes a minute or two)\n", cmd, rules, path);
    }
    solve_progress sp = {.on = !quiet && isatty(fileno(stderr))};
    puluk_solve_opts o = {.progress = show_progress, .ctx = &sp};
    puluk_solve_stats stats;
    kalah_status s = puluk_solve(r, &o, &t, &stats, &err);
    if (sp.on)
        fputs("\r\033[K", stderr);
    if (s != KALAH_OK) {
        fprintf(stderr, "%s: the solve failed: %s\n", cmd, err.message);
        return NULL;
    }
    if (!cli_make_parent(path))
        fprintf(stderr, "%s: cannot create the directory of %s: %s (the table is not kept)\n",
                cmd, path, strerror(errno));
    else if (puluk_table_save(t, path, &err) != KALAH_OK)
        fprintf(stderr, "%s: %s (the table is not kept)\n", cmd, err.message);
    else if (!quiet)
        fprintf(stderr, "%s: solved in %.1f s; the table is kept at %s\n", cmd, stats.seconds,
                path);
    return t;
}

bool puluk_cli_tables(const char *cmd, const puluk_rules *r, const char *path, bool quiet,
                      puluk_player *players, int n, puluk_table **table)
{
    for (int i = 0; i < n; i++) {
        if (players[i].algo != PULUK_PERFECT)
            continue;
        if (!*table) {
            if (r->release != PULUK_RELEASE_HOME) {
                fprintf(stderr, "%s: the perfect player plays the solved game, which is the "
                                "author's release rule only (not +skiryuk or +english)\n",
                        cmd);
                return false;
            }
            if (!(*table = puluk_cli_table(cmd, r, path, quiet)))
                return false;
        }
        players[i].table = *table;
    }
    return true;
}
