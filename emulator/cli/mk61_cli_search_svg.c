/* mk61 search --svg: the calculator's search tree as a picture.
 *
 * Layout: the root on top, a level a row; a node whose children are all
 * leaves is a column, its leaves stacked under it as small chips, so that
 * the widest level of a depth-3 tree (up to 216 leaves) takes 36 columns
 * rather than 216 boxes side by side. Every other node is centred over its
 * children, and a leaf outside a column (a game over above the depth)
 * takes a column of its own: nothing overlaps. */
#include "mk61_cli_search.h"

#include "cli_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COL_W = 64, BOX_W = 58, BOX_H = 30, ROW_H = 66, CHIP_H = 17, MARGIN = 20, TOP = 96 };

typedef struct place {
    double x;     /* centre */
    int y;        /* top */
    int w;        /* columns */
    bool column;  /* its children are chips */
    bool chip;    /* drawn as a chip under its parent */
    long parent;  /* index in found, -1 for the root */
} place;

static bool on_line(const xcheck_tree_path *p, const xcheck_tree_path *line)
{
    if (p->len > line->len)
        return false;
    for (int k = 0; k < p->len; k++)
        if (p->pit[k] != line->pit[k] || p->side[k] != line->side[k])
            return false;
    return true;
}

/* Widths, bottom up (children come after their parent in order[]). */
static void measure(const long *order, int n, place *pl)
{
    for (int k = n - 1; k >= 0; k--) {
        long i = order[k];
        int kids = 0, leaves = 0, w = 0;
        for (int j = k + 1; j < n; j++) {
            long c = order[j];
            if (pl[c].parent != i)
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
static void arrange(const long *order, int n, place *pl)
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
            if (pl[c].parent != i)
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

void search_write_svg(const xcheck_tree *t, FILE *f)
{
    long n = t->nfound;
    long *order = malloc((size_t)(n ? n : 1) * sizeof *order);
    place *pl = calloc((size_t)(n ? n : 1), sizeof *pl);
    if (!order || !pl) {
        free(order);
        free(pl);
        return;
    }
    int m = search_preorder(t, order);
    for (int k = 0; k < m; k++) {
        long i = order[k];
        pl[i].parent = -1;
        for (int j = k - 1; j >= 0; j--)
            if (xcheck_tree_path_child(&t->found[i].path, &t->found[order[j]].path)) {
                pl[i].parent = order[j];
                break;
            }
    }
    measure(order, m, pl);
    if (m > 0)
        arrange(order, m, pl);
    int width = 2 * MARGIN + (m > 0 && pl[order[0]].w ? pl[order[0]].w : 1) * COL_W, height = TOP;
    if (width < 800) /* the title and the legend */
        width = 800;
    for (int k = 0; k < m; k++) {
        const place *p = &pl[order[k]];
        int bottom = p->y + (p->chip ? CHIP_H : BOX_H) + MARGIN;
        if (bottom > height)
            height = bottom;
    }
    xcheck_tree_path line;
    xcheck_tree_best_line(t, &line);
    xcheck_tree_counts c = xcheck_tree_count(t);
    char name[96], pit[16];
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\" "
               "font-size=\"11\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            width, height, width, height);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">The calculator's "
               "search, depth %d: chosen ", MARGIN, t->depth);
    cli_xml_text(f, t->chosen ? xcheck_tree_pit_name(t, XCHECK_TREE_CALC, t->chosen, pit, sizeof pit)
                          : "-");
    fputs(", line ", f);
    cli_xml_text(f, xcheck_tree_path_text(t, &line, name, sizeof name));
    fprintf(f, "</text>\n<text x=\"%d\" y=\"40\">Nodes: the calculator %ld, the core's minimax "
               "%ld, the core's alpha-beta %ld, seed 003's alpha-beta %ld</text>\n",
            MARGIN, c.calc, c.minimax, c.alphabeta, c.alphabeta003);
    fprintf(f, "<g transform=\"translate(%d,50)\">"
               "<rect width=\"14\" height=\"12\" fill=\"#dbe8fb\" stroke=\"#2e7d32\"/>"
               "<text x=\"18\" y=\"10\">the calculator to move (max)</text>"
               "<rect x=\"190\" width=\"14\" height=\"12\" fill=\"#fde7d4\" stroke=\"#2e7d32\"/>"
               "<text x=\"208\" y=\"10\">you to move (min)</text>"
               "<text x=\"330\" y=\"10\" fill=\"#2e7d32\">✓ the core agrees</text>"
               "<text x=\"450\" y=\"10\" fill=\"#c62828\">✗ differs</text></g>\n"
               "<g transform=\"translate(%d,68)\">"
               "<rect width=\"14\" height=\"12\" fill=\"none\" stroke=\"#e0a100\" "
               "stroke-width=\"3\"/><text x=\"18\" y=\"10\">the chosen line</text>"
               "<rect x=\"190\" width=\"14\" height=\"12\" fill=\"#eeeeee\" stroke=\"#999999\" "
               "stroke-dasharray=\"3,2\" opacity=\"0.5\"/>"
               "<text x=\"208\" y=\"10\">never visited by the core's alpha-beta</text></g>\n",
            MARGIN, MARGIN);
    /* Edges first, then the nodes over them. */
    for (int k = 0; k < m; k++) {
        long i = order[k];
        const place *p = &pl[i];
        if (p->parent < 0 || p->chip)
            continue;
        const place *q = &pl[p->parent];
        bool hot = on_line(&t->found[i].path, &line);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                   "stroke-width=\"%d\"%s/>\n",
                q->x, q->y + BOX_H, p->x, p->y, hot ? "#e0a100" : "#9e9e9e", hot ? 3 : 1,
                t->found[i].alphabeta_ordered ? "" : " stroke-dasharray=\"3,2\" opacity=\"0.5\"");
    }
    for (int k = 0; k < m; k++) {
        long i = order[k];
        const xcheck_tree_node *nd = &t->found[i];
        const place *p = &pl[i];
        bool hot = on_line(&nd->path, &line);
        const char *fill = nd->side == XCHECK_TREE_CALC ? "#dbe8fb" : "#fde7d4";
        const char *edge = hot ? "#e0a100" : nd->agree ? "#2e7d32" : "#c62828";
        const char *apart = nd->alphabeta_ordered ? "" : " stroke-dasharray=\"3,2\" opacity=\"0.45\"";
        if (nd->path.len)
            xcheck_tree_pit_name(t, nd->path.side[nd->path.len - 1],
                                 nd->path.pit[nd->path.len - 1], name, sizeof name);
        else
            snprintf(name, sizeof name, "root");
        fprintf(f, "<g%s><title>", apart);
        xcheck_tree_path_text(t, &nd->path, pit, sizeof pit);
        cli_xml_text(f, pit);
        fprintf(f, ": the calculator %.0f, the core %.0f, %llu instructions</title>\n", nd->calc,
                nd->core, (unsigned long long)nd->steps);
        if (p->chip) {
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" "
                       "fill=\"%s\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
                    p->x - BOX_W / 2.0, p->y, BOX_W, CHIP_H - 2, fill, edge, hot ? 3 : 1);
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">", p->x - BOX_W / 2.0 + 4,
                    p->y + 11);
            cli_xml_text(f, name);
            fprintf(f, " %.0f</text><text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"%s\">"
                       "%s</text>\n",
                    nd->calc, p->x + BOX_W / 2.0 - 11, p->y + 11, nd->agree ? "#2e7d32" : "#c62828",
                    nd->agree ? "✓" : "✗");
        } else {
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\" "
                       "fill=\"%s\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
                    p->x - BOX_W / 2.0, p->y, BOX_W, BOX_H, fill, edge, hot ? 3 : 1);
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">",
                    p->x, p->y + 12);
            cli_xml_text(f, name);
            fprintf(f, "</text><text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.0f "
                       "<tspan fill=\"%s\">%s</tspan></text>\n",
                    p->x, p->y + 25, nd->calc, nd->agree ? "#2e7d32" : "#c62828",
                    nd->agree ? "✓" : "✗");
            if (p->column) /* the chips hang from a line down the column */
                fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                           "stroke=\"#9e9e9e\"/>\n",
                        p->x, p->y + BOX_H, p->x, p->y + BOX_H + 10);
        }
        fputs("</g>\n", f);
    }
    fputs("</svg>\n", f);
    free(order);
    free(pl);
}
