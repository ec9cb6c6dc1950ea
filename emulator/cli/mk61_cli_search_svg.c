/* mk61 search --svg: the calculator's search tree as a picture, drawn from
 * the annotated tree (programs/xcheck/xcheck_tree.h).
 *
 * Layout: the root on top, a level a row; a node whose children are all
 * leaves is a column, its leaves stacked under it as small chips, so that
 * the widest level of a depth-3 tree (up to 216 leaves) takes 36 columns
 * rather than 216 boxes side by side. Every other node is centred over its
 * children, and a leaf outside a column (a game over above the depth)
 * takes a column of its own: nothing overlaps. Children are drawn in the
 * drawn order (the calculator's C6..C1, the person's P1..P6), the order
 * both the program and alpha-beta in the drawn order try them.
 *
 * What is marked: MAX nodes (the calculator to move) blue, MIN (the
 * person) orange, each box saying which; an extra turn ↻; the visit
 * number; the value with its sign and ✓/✗ (the core agrees or not); the
 * chosen line. By minimax, the nodes alpha-beta in the drawn order would
 * skip are faded and dashed, and those the core's ordered alpha-beta would
 * skip carry a purple strip on their left. By alpha-beta, a node that cut says so in red,
 * and the subtrees it skipped are faded and dashed. */
#include "mk61_cli_search.h"

#include "cli_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COL_W = 74, BOX_W = 68, BOX_H = 46, ROW_H = 82, CHIP_H = 17, MARGIN = 20, TOP = 130 };

#define MAX_FILL "#dbe8fb"
#define MIN_FILL "#fde7d4"
#define GOOD "#2e7d32"
#define BAD "#c62828"
#define LINE "#e0a100"
#define ORDERED "#7b1fa2"
#define FADED " stroke-dasharray=\"3,2\" opacity=\"0.35\""

typedef struct place {
    double x;     /* centre */
    int y;        /* top */
    int w;        /* columns */
    bool column;  /* its children are chips */
    bool chip;    /* drawn as a chip under its parent */
} place;

/* Widths, bottom up (children come after their parent in order[]). */
static void measure(const xcheck_tree *t, const long *order, int n, place *pl)
{
    for (int k = n - 1; k >= 0; k--) {
        long i = order[k];
        int kids = 0, leaves = 0, w = 0;
        for (int j = k + 1; j < n; j++) {
            long c = order[j];
            if (t->expect[c].parent != i)
                continue;
            kids++;
            leaves += pl[c].w == 0;
            w += pl[c].w ? pl[c].w : 1;
        }
        pl[i].column = kids > 0 && leaves == kids;
        pl[i].w = kids == 0 ? 0 : pl[i].column ? 1 : w;
    }
}

/* Positions, top down: x from the left edge of the node's span. */
static void arrange(const xcheck_tree *t, const long *order, int n, place *pl)
{
    long root = order[0];
    pl[root].x = MARGIN + (pl[root].w ? pl[root].w : 1) * COL_W / 2.0;
    pl[root].y = TOP;
    for (int k = 0; k < n; k++) {
        long i = order[k];
        double at = pl[i].x - (pl[i].w ? pl[i].w : 1) * COL_W / 2.0;
        int chips = 0;
        for (int j = k + 1; j < n; j++) {
            long c = order[j];
            if (t->expect[c].parent != i)
                continue;
            if (pl[i].column) {
                pl[c].chip = true;
                pl[c].x = pl[i].x;
                pl[c].y = pl[i].y + BOX_H + 10 + chips++ * CHIP_H;
                continue;
            }
            int w = pl[c].w ? pl[c].w : 1;
            pl[c].x = at + w * COL_W / 2.0;
            pl[c].y = pl[i].y + ROW_H;
            at += w * COL_W;
        }
    }
}

/* Whether a node is drawn apart: skipped by the search run (alpha-beta),
 * or by alpha-beta in the drawn order (the minimax overlay). */
static bool apart(const xcheck_tree *t, const xcheck_tree_node *e)
{
    return t->alphabeta ? e->visit == 0 && !e->finished : !e->alphabeta_drawn;
}

static void title(const xcheck_tree *t, FILE *f, const xcheck_tree_path *line)
{
    char name[96], pit[16];
    xcheck_tree_counts c = xcheck_tree_count(t);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">The calculator's "
               "search by %s, depth %d: chosen ",
            MARGIN, t->alphabeta ? "alpha-beta" : "minimax", t->depth);
    cli_xml_text(f, t->chosen ? xcheck_tree_pit_name(t, XCHECK_TREE_CALC, t->chosen, pit,
                                                     sizeof pit)
                              : "-");
    fputs(", line ", f);
    cli_xml_text(f, xcheck_tree_path_text(t, line, name, sizeof name));
    fprintf(f, "</text>\n<text x=\"%d\" y=\"40\">Nodes: the calculator %ld; the core's minimax "
               "%ld, alpha-beta in the drawn order %ld, the core's alpha-beta (ordered) %ld, "
               "seed 003's alpha-beta %ld</text>\n",
            MARGIN, c.calc, c.minimax, c.alphabeta_drawn, c.alphabeta, c.alphabeta003);
}

static void legend(const xcheck_tree *t, FILE *f)
{
    xcheck_tree_counts c = xcheck_tree_count(t);
    fprintf(f, "<g transform=\"translate(%d,50)\">"
               "<rect width=\"14\" height=\"12\" fill=\"" MAX_FILL "\" stroke=\"" GOOD "\"/>"
               "<text x=\"18\" y=\"10\">MAX: the calculator to move</text>"
               "<rect x=\"200\" width=\"14\" height=\"12\" fill=\"" MIN_FILL "\" stroke=\"" GOOD
               "\"/><text x=\"218\" y=\"10\">MIN: you to move</text>"
               "<text x=\"340\" y=\"10\">↻ an extra turn: the same side moves again</text>"
               "<text x=\"600\" y=\"10\">#12: the 12th node visited</text>"
               "<text x=\"770\" y=\"10\" fill=\"" GOOD "\">✓ the core agrees</text>"
               "<text x=\"880\" y=\"10\" fill=\"" BAD "\">✗ differs</text></g>\n",
            MARGIN);
    fprintf(f, "<g transform=\"translate(%d,68)\">"
               "<rect width=\"14\" height=\"12\" fill=\"none\" stroke=\"" LINE "\" "
               "stroke-width=\"3\"/><text x=\"18\" y=\"10\">the chosen line</text>"
               "<text x=\"200\" y=\"10\">Children in the drawn order: the calculator's C6 to "
               "C1 (its own pit 1 first), yours P1 to P6; values are the calculator's, with "
               "their sign</text></g>\n",
            MARGIN);
    fprintf(f, "<g transform=\"translate(%d,86)\"><rect width=\"14\" height=\"12\" "
               "fill=\"#eeeeee\" stroke=\"#999999\"" FADED "/>",
            MARGIN);
    if (t->alphabeta)
        fprintf(f, "<text x=\"18\" y=\"10\">skipped: alpha-beta in this order never visits "
                   "it (it visits %ld of the %ld nodes)</text></g>\n"
                   "<g transform=\"translate(%d,104)\"><text y=\"10\" fill=\"" BAD "\" "
                   "font-weight=\"bold\">cut</text><text x=\"24\" y=\"10\">the node stopped "
                   "trying "
                   "its moves (α ≥ β): its value is a bound. [α, β]: the window a node was "
                   "searched with (a leaf's in its tooltip)</text></g>\n",
                c.alphabeta_drawn, c.minimax, MARGIN);
    else
        fprintf(f, "<text x=\"18\" y=\"10\">alpha-beta in the drawn order would skip it (it "
                   "visits %ld of the %ld nodes)</text></g>\n"
                   "<g transform=\"translate(%d,104)\"><rect width=\"14\" height=\"12\" "
                   "fill=\"#ffffff\" stroke=\"#999999\"/><rect width=\"4\" height=\"12\" "
                   "fill=\"" ORDERED "\"/><text x=\"18\" y=\"10\">the core's alpha-beta, "
                   "which orders the moves (extra turns first, then captures, then from the "
                   "right), would skip it (it visits %ld)</text></g>\n",
                c.alphabeta_drawn, c.minimax, MARGIN, c.alphabeta);
}

/* A node's tooltip: its path, values, window and cost. */
static void tooltip(const xcheck_tree *t, FILE *f, const xcheck_tree_node *e)
{
    char path[96], v[24], c[24], w[48];
    fputs("<title>", f);
    cli_xml_text(f, xcheck_tree_path_text(t, &e->path, path, sizeof path));
    fprintf(f, " (%s, %s to move)", search_level_name(e->side),
            e->side == XCHECK_TREE_CALC ? "the calculator" : "you");
    if (e->visit)
        fprintf(f, ", visit %ld", e->visit);
    if (e->finished)
        fprintf(f, ": the calculator %s, the core %s, minimax %s, %llu instructions",
                xcheck_tree_value_text(e->calc, v, sizeof v),
                xcheck_tree_value_text(e->core, c, sizeof c),
                xcheck_tree_value_text(e->minimax, w, sizeof w), (unsigned long long)e->steps);
    else
        fprintf(f, ": not visited; minimax %s", xcheck_tree_value_text(e->minimax, v, sizeof v));
    if (t->alphabeta && e->visit) {
        fputs(", window ", f);
        cli_xml_text(f, xcheck_tree_window_text(e->alpha, e->beta, w, sizeof w));
        if (e->cut)
            fputs(", cut", f);
    }
    fputs("</title>\n", f);
}

/* The name of a node's last move, with ↻ after an extra turn. */
static const char *move_name(const xcheck_tree *t, const xcheck_tree_node *e, char *buf,
                             size_t size)
{
    char pit[16];
    if (e->path.len == 0)
        snprintf(buf, size, "root");
    else
        snprintf(buf, size, "%s%s",
                 xcheck_tree_pit_name(t, e->path.side[e->path.len - 1],
                                      e->path.pit[e->path.len - 1], pit, sizeof pit),
                 e->extra ? "↻" : "");
    return buf;
}

static void draw_node(const xcheck_tree *t, FILE *f, const xcheck_tree_node *e, const place *p,
                      bool hot)
{
    char name[32], v[24], visit[16];
    const char *fill = e->side == XCHECK_TREE_CALC ? MAX_FILL : MIN_FILL;
    const char *edge = hot ? LINE : !e->finished || e->agree ? GOOD : BAD;
    const char *mark = !e->finished ? "" : e->agree ? "✓" : "✗";
    bool dot = !t->alphabeta && !e->alphabeta_ordered; /* the purple strip */
    visit[0] = '\0';
    if (e->visit)
        snprintf(visit, sizeof visit, "#%ld", e->visit);
    move_name(t, e, name, sizeof name);
    if (e->finished)
        xcheck_tree_value_text(e->calc, v, sizeof v);
    else
        snprintf(v, sizeof v, "·");
    fprintf(f, "<g%s>", apart(t, e) ? FADED : "");
    tooltip(t, f, e);
    double left = p->x - BOX_W / 2.0;
    if (p->chip) {
        fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"%s\" "
                   "stroke=\"%s\" stroke-width=\"%d\"/>\n",
                left, p->y, BOX_W, CHIP_H - 2, fill, edge, hot ? 3 : 1);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"8\" fill=\"#555555\">%s</text>"
                   "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">",
                left + 6, p->y + 10, visit, left + 24, p->y + 11);
        cli_xml_text(f, name);
        fprintf(f, " %s</text><text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"%s\">%s</text>\n",
                v, p->x + BOX_W / 2.0 - 11, p->y + 11, e->agree ? GOOD : BAD, mark);
        if (dot)
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"4\" height=\"%d\" fill=\"" ORDERED
                       "\"/>\n",
                    left, p->y, CHIP_H - 2);
    } else {
        fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" "
                   "stroke=\"%s\" stroke-width=\"%d\"/>\n",
                left, p->y, BOX_W, BOX_H, fill, edge, hot ? 3 : 1);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"8\" fill=\"#555555\">%s</text>"
                   "<text x=\"%.1f\" y=\"%d\" font-size=\"8\" text-anchor=\"end\" "
                   "fill=\"#555555\">%s</text>\n",
                left + 3, p->y + 9, visit, left + BOX_W - 3, p->y + 9,
                search_level_name(e->side));
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">",
                p->x, p->y + 21);
        cli_xml_text(f, name);
        fprintf(f, "</text><text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s <tspan "
                   "fill=\"%s\">%s</tspan>%s</text>\n",
                p->x, p->y + 32, v, e->agree ? GOOD : BAD, mark,
                t->alphabeta && e->cut ? " <tspan fill=\"" BAD "\" font-weight=\"bold\">cut"
                                         "</tspan>"
                                       : "");
        if (t->alphabeta && e->visit) {
            char w[48];
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\" "
                       "fill=\"#555555\">",
                    p->x, p->y + 42);
            cli_xml_text(f, xcheck_tree_window_text(e->alpha, e->beta, w, sizeof w));
            fputs("</text>\n", f);
        }
        if (dot)
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"4\" height=\"%d\" fill=\"" ORDERED
                       "\"/>\n",
                    left, p->y, BOX_H);
        if (p->column) /* the chips hang from a line down the column */
            fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#9e9e9e\"/>\n",
                    p->x, p->y + BOX_H, p->x, p->y + BOX_H + 10);
    }
    fputs("</g>\n", f);
}

void search_write_svg(const xcheck_tree *t, FILE *f)
{
    long n = t->nexpect;
    long *all = malloc((size_t)(n ? n : 1) * sizeof *all);
    long *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    bool *shown = malloc((size_t)(n ? n : 1) * sizeof *shown);
    place *pl = calloc((size_t)(n ? n : 1), sizeof *pl);
    int m = 0;
    if (all && order && shown && pl && xcheck_tree_preorder(t, all) == n) {
        search_shown(t, shown);
        for (long k = 0; k < n; k++)
            if (shown[all[k]])
                order[m++] = all[k];
    }
    measure(t, order, m, pl);
    if (m > 0)
        arrange(t, order, m, pl);
    int width = 2 * MARGIN + (m > 0 && pl[order[0]].w ? pl[order[0]].w : 1) * COL_W;
    int height = TOP;
    if (width < 1000) /* the title and the legend */
        width = 1000;
    for (int k = 0; k < m; k++) {
        const place *p = &pl[order[k]];
        int bottom = p->y + (p->chip ? CHIP_H : BOX_H) + MARGIN;
        if (bottom > height)
            height = bottom;
    }
    xcheck_tree_path line;
    xcheck_tree_best_line(t, &line);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\" "
               "font-size=\"11\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            width, height, width, height);
    title(t, f, &line);
    legend(t, f);
    /* Edges first, then the nodes over them. */
    for (int k = 0; k < m; k++) {
        const xcheck_tree_node *e = &t->expect[order[k]];
        const place *p = &pl[order[k]];
        if (e->parent < 0 || p->chip)
            continue;
        const place *q = &pl[e->parent];
        bool hot = xcheck_tree_path_prefix(&e->path, &line);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                   "stroke-width=\"%d\"%s/>\n",
                q->x, q->y + BOX_H, p->x, p->y, hot ? LINE : "#9e9e9e", hot ? 3 : 1,
                apart(t, e) ? FADED : "");
    }
    for (int k = 0; k < m; k++) {
        const xcheck_tree_node *e = &t->expect[order[k]];
        draw_node(t, f, e, &pl[order[k]], xcheck_tree_path_prefix(&e->path, &line));
    }
    fputs("</svg>\n", f);
    free(all);
    free(order);
    free(shown);
    free(pl);
}
