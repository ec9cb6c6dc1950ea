/* A Pulúk tournament as text and as an SVG picture. */
#include "puluk_cli.h"
#include "puluk_cli_tour.h"

#include <string.h>

void puluk_tour_rate(const puluk_tour *t, int i, int seat, int *wins, int *games)
{
    *wins = *games = 0;
    for (int j = 0; j < t->n; j++) {
        if (j == i)
            continue;
        if (seat != 1) {
            *wins += t->cell[i][j].wins_a;
            *games += t->cell[i][j].games;
        }
        if (seat != 0) {
            *wins += t->cell[j][i].wins_b;
            *games += t->cell[j][i].games;
        }
    }
}

/* The players by their overall rate, best first (ties: as given). */
static void ranking(const puluk_tour *t, int order[PULUK_TOUR_MAX])
{
    double rate[PULUK_TOUR_MAX];
    for (int i = 0; i < t->n; i++) {
        int w, g;
        puluk_tour_rate(t, i, 2, &w, &g);
        rate[i] = g ? (double)w / g : 0;
        order[i] = i;
    }
    for (int i = 1; i < t->n; i++)
        for (int k = i; k > 0 && rate[order[k]] > rate[order[k - 1]]; k--) {
            int x = order[k];
            order[k] = order[k - 1];
            order[k - 1] = x;
        }
}

/* "61.2 (59.1-63.3)" */
static const char *rate_text(int wins, int games, char *buf, size_t size)
{
    double lo, hi;
    puluk_cli_wilson(wins, games, &lo, &hi);
    snprintf(buf, size, "%.1f (%.1f-%.1f)", games ? 100.0 * wins / games : 0.0, 100 * lo,
             100 * hi);
    return buf;
}

void puluk_tour_print(FILE *f, const puluk_tour *t)
{
    char rules[PULUK_TEXT_MAX], buf[64];
    puluk_rules_format(&t->rules, rules, sizeof rules);
    int namew = 6;
    for (int i = 0; i < t->n; i++)
        namew = (int)strlen(t->names[i]) > namew ? (int)strlen(t->names[i]) : namew;
    const int cw = namew > 18 ? namew : 18;
    fprintf(f, "Tournament %s: %d players, %d games for each ordered pair, seed %llu\n\n",
            rules, t->n, t->games, (unsigned long long)t->seed);
    fprintf(f, "The row player moves first; each cell is its win rate in %% against the\n"
               "column player, with the 95%% interval (Wilson's):\n\n");
    fprintf(f, "  %-*s", namew, "first \\ second");
    for (int j = 0; j < t->n; j++)
        fprintf(f, "  %-*s", j < t->n - 1 ? cw : 0, t->names[j]);
    fprintf(f, "\n");
    for (int i = 0; i < t->n; i++) {
        fprintf(f, "  %-*s", namew > 14 ? namew : 14, t->names[i]);
        for (int j = 0; j < t->n; j++) {
            const puluk_seat *c = &t->cell[i][j];
            const char *text = i == j ? "-" : rate_text(c->wins_a, c->games, buf, sizeof buf);
            fprintf(f, "  %-*s", j < t->n - 1 ? cw : 0, text);
        }
        fprintf(f, "\n");
    }
    int order[PULUK_TOUR_MAX];
    ranking(t, order);
    fprintf(f, "\nEach player's win rate in %%, ranked over both seats:\n\n");
    fprintf(f, "  %-*s  %-*s  %-*s  %s\n", namew, "player", cw, "as first", cw, "as second",
            "overall");
    for (int k = 0; k < t->n; k++) {
        int i = order[k];
        fprintf(f, "  %-*s", namew, t->names[i]);
        for (int seat = 0; seat < 3; seat++) {
            int w, g;
            puluk_tour_rate(t, i, seat, &w, &g);
            fprintf(f, "  %-*s", seat < 2 ? cw : 0, rate_text(w, g, buf, sizeof buf));
        }
        fprintf(f, "\n");
    }
    int unfinished = 0;
    for (int i = 0; i < t->n; i++)
        for (int j = 0; j < t->n; j++)
            unfinished += t->cell[i][j].unfinished;
    long long games = (long long)t->n * (t->n - 1) * t->games;
    fprintf(f, "\n%lld games, %.1f plies a game, %d unfinished.\n", games,
            games ? (double)t->plies / (double)games : 0.0, unfinished);
    if (t->solved >= 0)
        fprintf(f, "Under perfect play by both, the first player wins %.2f%% (the solved game).\n",
                100 * t->solved);
    fprintf(f, "Time: %s\n", cli_duration(t->seconds, buf, sizeof buf));
}

/* ---- the picture ------------------------------------------------------------ */

/* A rate 0..1 as a colour: red, through pale yellow at one half, to green. */
static void colour(double v, char out[8])
{
    static const int stops[3][3] = {{0xd7, 0x30, 0x27}, {0xff, 0xf5, 0xc0}, {0x1a, 0x98, 0x50}};
    int k = v < 0.5 ? 0 : 1;
    double u = v < 0.5 ? v / 0.5 : (v - 0.5) / 0.5;
    int rgb[3];
    for (int c = 0; c < 3; c++)
        rgb[c] = (int)(stops[k][c] + u * (stops[k + 1][c] - stops[k][c]) + 0.5);
    snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static void text_at(FILE *f, double x, double y, const char *anchor, int size, const char *fill,
                    const char *s)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\" fill=\"%s\">",
            x, y, anchor, size, fill);
    cli_xml_text(f, s);
    fputs("</text>\n", f);
}

void puluk_tour_svg(FILE *f, const puluk_tour *t)
{
    const double cw = 112, ch = 44, namew = 118, left = 24 + namew, top = 124;
    const double chart_w = 420, row_h = 34;
    int n = t->n;
    double grid_w = n * cw;
    double chart_top = top + n * ch + 92;
    double width = left + (grid_w > chart_w + 160 ? grid_w : chart_w + 160) + 30;
    double height = chart_top + n * row_h + 60;
    char rules[PULUK_TEXT_MAX], line[256], c[8];
    puluk_rules_format(&t->rules, rules, sizeof rules);

    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n",
            width, height, width, height);
    snprintf(line, sizeof line, "Pulúk tournament: %s, %d players", rules, n);
    fputs("<title>", f);
    cli_xml_text(f, line);
    fputs("</title>\n", f);
    fprintf(f, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", width, height);
    fprintf(f, "<text x=\"24\" y=\"32\" font-size=\"18\" font-weight=\"bold\" "
               "fill=\"#1a1a1a\">");
    cli_xml_text(f, line);
    fputs("</text>\n", f);
    snprintf(line, sizeof line, "%d games for each ordered pair, seed %llu.", t->games,
             (unsigned long long)t->seed);
    text_at(f, 24, 54, "start", 12, "#444444", line);
    text_at(f, 24, 70, "start", 12, "#444444",
            "Each cell: the row player's win rate moving first against the column player, "
            "and its 95% interval.");

    /* The cross table. */
    text_at(f, left - 10, top - 12, "end", 12, "#444444", "first \\ second");
    for (int j = 0; j < n; j++)
        text_at(f, left + j * cw + cw / 2, top - 12, "middle", 13, "#1a1a1a", t->names[j]);
    for (int i = 0; i < n; i++) {
        double y = top + i * ch;
        text_at(f, left - 10, y + ch / 2 + 5, "end", 13, "#1a1a1a", t->names[i]);
        for (int j = 0; j < n; j++) {
            double x = left + j * cw;
            const puluk_seat *s = &t->cell[i][j];
            if (i == j || s->games == 0) {
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                           "fill=\"#e0e0e0\" stroke=\"#ffffff\" stroke-width=\"2\"/>\n",
                        x, y, cw, ch);
                continue;
            }
            double rate = (double)s->wins_a / s->games, lo, hi;
            puluk_cli_wilson(s->wins_a, s->games, &lo, &hi);
            colour(rate, c);
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                       "fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"2\"/>\n",
                    x, y, cw, ch, c);
            snprintf(line, sizeof line, "%.1f%%", 100 * rate);
            text_at(f, x + cw / 2, y + 20, "middle", 14, "#1a1a1a", line);
            snprintf(line, sizeof line, "%.1f to %.1f", 100 * lo, 100 * hi);
            text_at(f, x + cw / 2, y + 36, "middle", 10, "#333333", line);
        }
    }

    /* Each player's rates with their intervals. */
    int order[PULUK_TOUR_MAX];
    ranking(t, order);
    double x0 = left + 40, y0 = chart_top;
    text_at(f, 24, y0 - 46, "start", 14, "#1a1a1a",
            "Win rates as first (filled) and as second (open), 95% intervals, ranked over both");
    for (int k = 0; k <= 10; k++) {
        double x = x0 + chart_w * k / 10;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
                x, y0 - 14, x, y0 + n * row_h - 10);
        snprintf(line, sizeof line, "%d%%", 10 * k);
        text_at(f, x, y0 - 20, "middle", 10, "#666666", line);
    }
    if (t->solved >= 0)
        for (int seat = 0; seat < 2; seat++) {
            double v = seat ? 1 - t->solved : t->solved, x = x0 + chart_w * v;
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555555\" "
                       "stroke-dasharray=\"4 3\"/>\n",
                    x, y0 - 14, x, y0 + n * row_h - 10);
        }
    for (int k = 0; k < n; k++) {
        int i = order[k];
        double y = y0 + k * row_h + 6;
        text_at(f, x0 - 14, y + 4, "end", 13, "#1a1a1a", t->names[i]);
        for (int seat = 0; seat < 2; seat++) {
            int w, g;
            puluk_tour_rate(t, i, seat, &w, &g);
            if (g == 0)
                continue;
            double lo, hi, yy = y + (seat ? 6 : -6);
            puluk_cli_wilson(w, g, &lo, &hi);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1f4e79\" "
                       "stroke-width=\"1.5\"/>\n",
                    x0 + chart_w * lo, yy, x0 + chart_w * hi, yy);
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" stroke=\"#1f4e79\" "
                       "stroke-width=\"1.5\" fill=\"%s\"/>\n",
                    x0 + chart_w * w / g, yy, seat ? "#ffffff" : "#1f4e79");
        }
        int w, g;
        puluk_tour_rate(t, i, 2, &w, &g);
        snprintf(line, sizeof line, "%.1f%% overall", g ? 100.0 * w / g : 0.0);
        text_at(f, x0 + chart_w + 12, y + 4, "start", 11, "#444444", line);
    }
    if (t->solved >= 0) {
        snprintf(line, sizeof line,
                 "Dashed: the first player's chance under perfect play by both, %.2f%%, "
                 "and the second's, %.2f%%.",
                 100 * t->solved, 100 * (1 - t->solved));
        text_at(f, 24, y0 + n * row_h + 20, "start", 11, "#444444", line);
    }
    fputs("</svg>\n", f);
}
