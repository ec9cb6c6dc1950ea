/* The files of kalah match and kalah tournament: CSV fields, and the
 * tournament's cross table as CSV and SVG. */
#include "kalah_cli_report.h"

#include "cli_io.h"

#include <math.h>
#include <string.h>

void csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, f);
        return;
    }
    putc('"', f);
    for (const char *s = text; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

/* ---- the cross table ----------------------------------------------------- */

tour_cell tour_total(const tour_table *t, int i)
{
    tour_cell sum = {0, 0, 0};
    for (int j = 0; j < t->n; j++) {
        if (j == i)
            continue;
        const tour_cell *c = &t->cell[i * t->n + j];
        sum.wins += c->wins;
        sum.draws += c->draws;
        sum.losses += c->losses;
    }
    return sum;
}

double tour_points(const tour_table *t, int i, int *games)
{
    tour_cell sum = tour_total(t, i);
    if (games)
        *games = sum.wins + sum.draws + sum.losses;
    return sum.wins + 0.5 * sum.draws;
}

double tour_score(const tour_table *t, int i, int j)
{
    if (i == j)
        return -1;
    const tour_cell *c = &t->cell[i * t->n + j];
    int g = c->wins + c->draws + c->losses;
    return g ? 100.0 * (c->wins + 0.5 * c->draws) / g : 50.0;
}

void tour_write_csv(FILE *f, const tour_table *t)
{
    fputs("player,description", f);
    for (int j = 0; j < t->n; j++) {
        putc(',', f);
        csv_field(f, t->names[j]);
    }
    fputs(",wins,draws,losses,points,games,score_pct,rank\n", f);
    for (int i = 0; i < t->n; i++) {
        csv_field(f, t->names[i]);
        putc(',', f);
        csv_field(f, t->desc[i]);
        for (int j = 0; j < t->n; j++) {
            putc(',', f);
            if (j != i)
                fprintf(f, "%.1f", tour_score(t, i, j));
        }
        int games;
        tour_cell sum = tour_total(t, i);
        double points = tour_points(t, i, &games);
        fprintf(f, ",%d,%d,%d,%.1f,%d,%.1f,%d\n", sum.wins, sum.draws, sum.losses, points, games,
                games ? 100.0 * points / games : 0.0, t->rank[i]);
    }
}

/* A heat-map colour: red at 0 %, a light neutral at 50 %, green at 100 %. */
static void heat(double pct, int rgb[3])
{
    static const int red[3] = {215, 48, 39}, mid[3] = {247, 247, 247},
                     green[3] = {26, 152, 80};
    double x = pct / 100.0;
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    const int *a = x < 0.5 ? red : mid, *b = x < 0.5 ? mid : green;
    double u = x < 0.5 ? x / 0.5 : (x - 0.5) / 0.5;
    for (int k = 0; k < 3; k++)
        rgb[k] = (int)lround(a[k] + (b[k] - a[k]) * u);
}

/* Black text on light cells, white on dark ones. */
static const char *ink(const int rgb[3])
{
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] < 135 ? "#ffffff" : "#1a1a1a";
}

/* One cell: a coloured square, the percentage, and a smaller second line. */
static void svg_cell(FILE *f, double x, double y, double w, double h, double pct,
                     const char *line2)
{
    int rgb[3];
    heat(pct, rgb);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"#%02x%02x%02x\" stroke=\"#ffffff\" stroke-width=\"2\"/>\n",
            x, y, w, h, rgb[0], rgb[1], rgb[2]);
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"15\" "
            "font-weight=\"bold\" fill=\"%s\">%.1f%%</text>\n",
            x + w / 2, y + h / 2 + 1, ink(rgb), pct);
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\" "
            "fill=\"%s\">",
            x + w / 2, y + h / 2 + 16, ink(rgb));
    cli_xml_text(f, line2);
    fputs("</text>\n", f);
}

void tour_write_svg(FILE *f, const tour_table *t)
{
    const double cw = 92, ch = 50, charw = 7.8, gap = 14;
    const double slant = 0.7071; /* column labels at 45 degrees */
    int n = t->n;
    size_t maxlen = 5; /* "total" */
    for (int i = 0; i < n; i++) {
        size_t len = strlen(t->names[i]);
        if (len > maxlen)
            maxlen = len;
    }
    char rules[KALAH_TEXT_MAX];
    kalah_rules_format(&t->rules, rules, sizeof rules);
    char title[KALAH_TEXT_MAX + 64], sub1[160], sub2[] =
        "Each cell: the row player's score against the column player (wins-draws-losses).";
    snprintf(title, sizeof title, "Kalah tournament: %s, %d players", rules, n);
    snprintf(sub1, sizeof sub1,
             "%d games per pair, each pair of games from one opening of %d random "
             "plies, seed %llu.",
             t->games, t->opening, (unsigned long long)t->seed);

    double left = 20 + maxlen * charw + 12;
    double top = 82 + maxlen * charw * slant + 10;
    double grid_right = left + n * cw + gap + cw;
    double width = grid_right + 20;
    double label_right = left + (n - 0.5) * cw + maxlen * charw * slant + 20;
    double text_right = 20 + strlen(sub2) * 6.6 + 20;
    if (label_right > width)
        width = label_right;
    if (text_right > width)
        width = text_right;
    for (int i = 0; i < n; i++) {
        double list_right = 20 + (strlen(t->names[i]) + strlen(t->desc[i]) + 40) * 7.0 + 20;
        if (list_right > width)
            width = list_right;
    }
    double legend_y = top + n * ch + 28;
    double list_y = legend_y + 50;
    double height = list_y + 20.0 * n + 16;

    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Verdana, Arial, "
            "sans-serif\">\n",
            width, height, width, height);
    fputs("<title>", f);
    cli_xml_text(f, title);
    fputs("</title>\n", f);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n",
            width, height);
    fputs("<text x=\"20\" y=\"30\" font-size=\"18\" font-weight=\"bold\" fill=\"#1a1a1a\">",
          f);
    cli_xml_text(f, title);
    fputs("</text>\n<text x=\"20\" y=\"52\" font-size=\"12\" fill=\"#444444\">", f);
    cli_xml_text(f, sub1);
    fputs("</text>\n<text x=\"20\" y=\"70\" font-size=\"12\" fill=\"#444444\">", f);
    cli_xml_text(f, sub2);
    fputs("</text>\n", f);

    /* Column labels, slanted, then the row labels. */
    for (int j = 0; j <= n; j++) {
        double x = j < n ? left + j * cw + cw / 2 : grid_right - cw / 2;
        fprintf(f,
                "<text transform=\"translate(%.1f %.1f) rotate(-45)\" font-size=\"13\" "
                "fill=\"#1a1a1a\"%s>",
                x, top - 8, j < n ? "" : " font-style=\"italic\"");
        cli_xml_text(f, j < n ? t->names[j] : "total");
        fputs("</text>\n", f);
    }
    for (int i = 0; i < n; i++) {
        fprintf(f,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"13\" "
                "fill=\"#1a1a1a\">",
                left - 10, top + i * ch + ch / 2 + 5);
        cli_xml_text(f, t->names[i]);
        fputs("</text>\n", f);
    }

    /* The cells: the grid, then each row's total score. */
    for (int i = 0; i < n; i++) {
        double y = top + i * ch;
        for (int j = 0; j < n; j++) {
            double x = left + j * cw;
            if (i == j) {
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        "fill=\"#d9d9d9\" stroke=\"#ffffff\" stroke-width=\"2\"/>\n",
                        x, y, cw, ch);
                continue;
            }
            const tour_cell *c = &t->cell[i * n + j];
            char wdl[48];
            snprintf(wdl, sizeof wdl, "%d-%d-%d", c->wins, c->draws, c->losses);
            svg_cell(f, x, y, cw, ch, tour_score(t, i, j), wdl);
        }
        int games;
        double points = tour_points(t, i, &games);
        char line2[64];
        snprintf(line2, sizeof line2, "%g of %d", points, games);
        svg_cell(f, grid_right - cw, y, cw, ch, games ? 100.0 * points / games : 50.0, line2);
    }

    /* The colour scale. */
    fputs("<defs><linearGradient id=\"scale\" x1=\"0\" x2=\"1\" y1=\"0\" y2=\"0\">\n", f);
    for (int k = 0; k <= 4; k++) {
        int rgb[3];
        heat(25.0 * k, rgb);
        fprintf(f, "<stop offset=\"%d%%\" stop-color=\"#%02x%02x%02x\"/>\n", 25 * k, rgb[0],
                rgb[1], rgb[2]);
    }
    fputs("</linearGradient></defs>\n", f);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"200\" height=\"12\" fill=\"url(#scale)\" "
            "stroke=\"#999999\" stroke-width=\"0.5\"/>\n",
            left, legend_y);
    const char *marks[] = {"0%", "50%", "100%"};
    for (int k = 0; k < 3; k++)
        fprintf(f,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\" "
                "fill=\"#444444\">%s</text>\n",
                left + 100.0 * k, legend_y + 26, marks[k]);
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#444444\">the row "
            "player's score</text>\n",
            left + 214, legend_y + 10);

    /* The players in the order of the ranking. */
    for (int k = 0; k < n; k++) {
        int i = t->order[k], games;
        double points = tour_points(t, i, &games);
        char line[160];
        fprintf(f, "<text x=\"20\" y=\"%.1f\" font-size=\"12\" fill=\"#1a1a1a\">",
                list_y + 20.0 * k);
        snprintf(line, sizeof line, "%d. ", t->rank[i]);
        cli_xml_text(f, line);
        fputs("<tspan font-weight=\"bold\">", f);
        cli_xml_text(f, t->names[i]);
        fputs("</tspan>", f);
        snprintf(line, sizeof line, " (%s): %g points of %d, %.1f%%", t->desc[i], points,
                 games, games ? 100.0 * points / games : 0.0);
        cli_xml_text(f, line);
        fputs("</text>\n", f);
    }
    fputs("</svg>\n", f);
}
