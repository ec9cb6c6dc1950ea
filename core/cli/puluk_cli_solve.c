/* puluk solve: the game solved, and how. */
#include "puluk_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char solve_usage[] =
    "Usage: puluk solve [--rules R] [--json] [--table FILE] [--no-save]\n"
    "                   [--epsilon E] [--quiet]\n"
    "\n"
    "Solves the game: every position's chance to win under perfect play by\n"
    "both sides, by value iteration over all positions with bounds from below\n"
    "and above (puluk.md, \"The game solved\"), then prints the first\n"
    "player's chance from the start and how it was reached. The table is\n"
    "written to FILE (by default where the perfect player looks for it) and\n"
    "read back: its checksum (zlib's crc32) and the start's value must agree.\n"
    "\n"
    "  --rules R     puluk (default), with +blank or +bias=N, or a smaller board\n"
    "                puluk-S-P; the author's release rule only\n"
    "  --json        print one JSON object: first_player_win, its bounds and\n"
    "                the counts, instead of the text\n"
    "  --table FILE  where to write the table (default: $PULUK_TABLE_DIR, else\n"
    "                $XDG_CACHE_HOME/kalah61, else ~/.cache/kalah61, as RULES.table)\n"
    "  --no-save     do not write the table\n"
    "  --epsilon E   iterate until the bounds are at most E apart at every\n"
    "                position, 1e-15..1e-3 (default 1e-12)\n"
    "  --quiet       no progress line\n"
    "\n"
    "Exit status: 0 done, 1 the table could not be written or read back, 2 bad\n"
    "usage.\n";

typedef struct progress {
    bool on;
    double last;
} progress;

static int on_sweep(void *ctx, int layer, int layers, uint64_t positions, int sweep, double gap)
{
    progress *pr = ctx;
    double now = kalah_now();
    if (pr->on && now - pr->last >= 0.2) {
        pr->last = now;
        fprintf(stderr, "\r  layer %d of %d (%llu positions): sweep %d, bounds %.1e apart   ",
                layer + 1, layers, (unsigned long long)positions, sweep, gap);
        fflush(stderr);
    }
    return 0;
}

int puluk_cli_solve(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPT("rules"), CLI_FLAG("json"), CLI_OPT("table"),
                                         CLI_FLAG("no-save"), CLI_OPT("epsilon"),
                                         CLI_FLAG("quiet"), {0}};
    cli_args a;
    cli_args_init(&a, "puluk solve", argc, argv, 2, opts, "");
    const char *v, *path = NULL;
    puluk_rules r = puluk_rules_default();
    bool json = false, save = true, quiet = false;
    double eps = 1e-12;
    int got;
    while ((got = cli_next(&a)) > 0) {
        if (cli_help(&a)) {
            cli_help_print(stdout, solve_usage, &a);
            return CLI_OK;
        }
        if (cli_got(&a, "--rules", &v)) {
            if (!puluk_cli_rules(&a, v, &r))
                return CLI_USAGE;
        } else if (cli_flag(&a, "--json")) {
            json = true;
        } else if (cli_got(&a, "--table", &v)) {
            path = v;
        } else if (cli_flag(&a, "--no-save")) {
            save = false;
        } else if (cli_got(&a, "--epsilon", &v)) {
            char *end;
            eps = strtod(v, &end);
            if (*v == '\0' || *end != '\0' || !(eps >= 1e-15 && eps <= 1e-3)) {
                fprintf(stderr, "puluk solve: --epsilon takes a number from 1e-15 to 1e-3, "
                                "not '%s'\n", v);
                return CLI_USAGE;
            }
        } else if (cli_flag(&a, "--quiet")) {
            quiet = true;
        } else {
            return cli_unknown(&a);
        }
    }
    if (got < 0)
        return CLI_USAGE;
    char rules[PULUK_TEXT_MAX], def[1024];
    puluk_rules_format(&r, rules, sizeof rules);
    if (r.release != PULUK_RELEASE_HOME) {
        fprintf(stderr, "puluk solve: %s: the solver takes the author's release rule only "
                        "(%s/puluk.md, \"The game solved\")\n", rules,
                cli_doc_dir(def, sizeof def));
        return CLI_USAGE;
    }
    if (save && !path) {
        if (!puluk_cli_table_path(&r, def, sizeof def)) {
            fprintf(stderr, "puluk solve: no default place for the table (HOME is not set); "
                            "give --table FILE or --no-save\n");
            return CLI_USAGE;
        }
        path = def;
    }
    kalah_error err;
    uint64_t reach = 0, reach_pos = 0;
    if (puluk_count_reachable(&r, &reach, &reach_pos, &err) != KALAH_OK) {
        fprintf(stderr, "puluk solve: %s\n", err.message);
        return CLI_FAIL;
    }
    progress pr = {.on = !quiet && isatty(fileno(stderr))};
    puluk_solve_opts o = {.epsilon = eps, .progress = on_sweep, .ctx = &pr};
    puluk_table *t;
    puluk_solve_stats st;
    kalah_status s = puluk_solve(&r, &o, &t, &st, &err);
    if (pr.on)
        fputs("\r\033[K", stderr);
    if (s != KALAH_OK) {
        fprintf(stderr, "puluk solve: %s\n", err.message);
        return CLI_FAIL;
    }
    double value = 0.5 * (st.start_lo + st.start_hi);
    uint32_t crc = puluk_table_crc(t);
    int rc = CLI_OK;
    bool checked = false;
    if (save) {
        puluk_table *back = NULL;
        if (!cli_make_parent(path)) {
            fprintf(stderr, "puluk solve: cannot create the directory of %s: %s\n", path,
                    strerror(errno));
            rc = CLI_FAIL;
        } else if (puluk_table_save(t, path, &err) != KALAH_OK ||
                   puluk_table_load(path, &back, &err) != KALAH_OK) {
            fprintf(stderr, "puluk solve: %s\n", err.message);
            rc = CLI_FAIL;
        } else {
            puluk_pos start = puluk_start(&r);
            checked = puluk_table_crc(back) == crc &&
                      puluk_table_value(back, &start) == puluk_table_value(t, &start);
            if (!checked) {
                fprintf(stderr, "puluk solve: %s read back differs from the table written\n",
                        path);
                rc = CLI_FAIL;
            }
        }
        puluk_table_free(back);
    }
    if (json) {
        printf("{\"rules\": \"%s\", \"first_player_win\": %.15f, \"lower\": %.15f, "
               "\"upper\": %.15f, \"epsilon\": %g, \"gap\": %.3e, \"positions\": %llu, "
               "\"reachable\": %llu, \"reachable_positions\": %llu, \"terminal\": %llu, "
               "\"layers\": %d, \"sweeps\": %llu, \"max_layer_sweeps\": %d, "
               "\"updates\": %llu, \"seconds\": %.2f, \"crc32\": \"%08x\"",
               rules, value, st.start_lo, st.start_hi, eps, st.gap,
               (unsigned long long)st.positions, (unsigned long long)reach,
               (unsigned long long)reach_pos, (unsigned long long)st.terminal, st.layers,
               (unsigned long long)st.sweeps, st.max_layer_sweeps,
               (unsigned long long)st.updates, st.seconds, (unsigned)crc);
        if (save) {
            printf(", \"table\": \"");
            for (const char *c = path; *c; c++)
                printf(*c == '"' || *c == '\\' ? "\\%c" : (unsigned char)*c < ' ' ? "?" : "%c",
                       *c);
            printf("\", \"read_back\": %s", checked ? "true" : "false");
        }
        printf("}\n");
    } else {
        char took[32];
        printf("Pulúk %s solved.\n", rules);
        printf("Positions: %llu indexed from the mover's side (%llu finished); %llu of them\n"
               "  reachable from the start, %llu positions with the side to move told apart.\n",
               (unsigned long long)st.positions, (unsigned long long)st.terminal,
               (unsigned long long)reach, (unsigned long long)reach_pos);
        printf("Method: value iteration, bounds from below (an endless game lost) and above\n"
               "  (won), %d layers by pieces alive, fewest first; %llu sweeps (at most %d in\n"
               "  one layer), until the bounds were at most %g apart at every position.\n",
               st.layers, (unsigned long long)st.sweeps, st.max_layer_sweeps, eps);
        printf("The first player (White) wins from the start with probability %.12f\n"
               "  (bounds %.13f and %.13f).\n",
               value, st.start_lo, st.start_hi);
        printf("Time: %s.\n", cli_duration(st.seconds, took, sizeof took));
        if (save && checked)
            printf("Table: %s, crc32 %08x, written and read back.\n", path, crc);
    }
    puluk_table_free(t);
    return rc;
}
