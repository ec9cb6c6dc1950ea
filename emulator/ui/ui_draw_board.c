/* The Kalah board read from the machine's registers, the game's buttons
 * and the status line. */
#include "ui_draw.h"
#include "ui_search_layout.h"
#include "vm_whole.h"

#include <stdio.h>
#include <string.h>

/* Where a pit's name is written: its top, from the pit's bottom edge. */
#define NAME_ABOVE 16

/* Stones drawn in a box: rows of discs of radius 7 from the top left, as
 * many as fit above the box's name (if it has one); the count is written
 * over them. */
static void stones(ui_gfx *g, ui_rect box, int n, bool named)
{
    const int d = 16, r = 7;
    int y0 = box.y + 26 + d / 2;
    int bottom = box.y + box.h - (named ? NAME_ABOVE + 1 : 4); /* the lowest disc's edge */
    int cols = (box.w - 10) / d, rows = (bottom - y0 - r) / d + 1;
    int shown = n < cols * rows ? n : cols * rows;
    int x0 = box.x + (box.w - cols * d) / 2 + d / 2;
    for (int k = 0; k < shown; k++) {
        /* Odd rows shifted half a stone, like a heap rather than a grid. */
        int row = k / cols, col = k % cols;
        int cx = x0 + col * d + (row % 2 ? d / 4 : -d / 4), cy = y0 + row * d;
        ui_gfx_disc(g, cx, cy, r, UI_COL_STONEEDGE);
        ui_gfx_disc(g, cx - 1, cy - 1, r - 2, UI_COL_STONE);
    }
}

static void pit(ui_gfx *g, ui_rect r, int n, const char *name, ui_colour edge, bool hover)
{
    ui_gfx_round(g, r, 18, edge);
    ui_gfx_round(g, (ui_rect){r.x + 3, r.y + 3, r.w - 6, r.h - 6}, 16, hover ? UI_COL_BUTTON : UI_COL_PIT);
    stones(g, r, n, name != NULL);
    char count[16];
    snprintf(count, sizeof count, "%d", n);
    ui_gfx_text(g, UI_FONT_BIG, count, r.x + r.w / 2, r.y + 2, UI_COL_TEXT, UI_ALIGN_CENTRE);
    if (name)
        ui_gfx_text(g, UI_FONT_TINY, name, r.x + 8, r.y + r.h - NAME_ABOVE, UI_COL_DIM,
                    UI_ALIGN_LEFT);
}

static bool in(const int *v, int n, int x)
{
    for (int k = 0; k < n; k++)
        if (v[k] == x)
            return true;
    return false;
}

void ui_draw_game_buttons(ui_gfx *g, const ui_layout *l, const ui_session *s,
                          const ui_look *look, const char *stones, const char *depth,
                          bool depth_idle)
{
    const char *first = s->person_first ? "You start" : "Calculator starts";
    for (int b = 0; b < UI_BTN_FIRST_DEBUG; b++) {
        const char *label = b == UI_BTN_STONES  ? stones
                            : b == UI_BTN_DEPTH ? depth
                            : b == UI_BTN_FIRST ? first
                                                : ui_button_label((ui_button)b);
        bool idle = depth_idle && b == UI_BTN_DEPTH; /* nothing to choose: no hover, dim */
        ui_rect r = l->button[b];
        int panel = ui_button_panel((ui_button)b); /* a panel's button is lit while it is open */
        bool on = panel >= 0 && l->open[panel];
        ui_colour fill = on                                 ? UI_COL_CURRENT
                         : look->hover_button == b && !idle ? UI_COL_PANELEDGE
                                                            : UI_COL_BUTTON;
        ui_gfx_round(g, r, 6, fill);
        ui_gfx_text_in(g, UI_FONT_NORMAL, label, r, idle ? UI_COL_DIM : UI_COL_TEXT,
                       UI_ALIGN_CENTRE);
    }
}

/* The turn line: the state of the game in words (ui_session_state_text),
 * in the last move's colour when the person is to move and in the bad
 * colour when the program halted or refused its start-up. */
static void turn_line(ui_gfx *g, const ui_layout *l, const ui_session *s)
{
    char line[320];
    ui_session_state_text(s, line, sizeof line);
    ui_state st = ui_session_state(s);
    ui_colour col = ui_session_turn(s) == 1                                   ? UI_COL_LASTMOVE
                    : st == UI_STATE_HALTED || st == UI_STATE_START_REFUSED ? UI_COL_BAD
                                                                              : UI_COL_TEXT;
    ui_gfx_text_in(g, UI_FONT_BOLD, line, l->turn, col, UI_ALIGN_CENTRE);
}

void ui_pit_label(int side, int i, char *buf, size_t size)
{
    /* The person's pits from their left; the calculator's row across the
     * board from the person's left too, as the program numbers it. */
    if (side == 0)
        snprintf(buf, size, "P%d", i + 1);
    else
        snprintf(buf, size, "C%d", xcheck_calc_seen(i + 1));
}

/* The pits ringed as the last moves: the last turn's, as the session
 * keeps them; while the calculator thinks, only the person's pit of the
 * run (its input), and none while the board holds a working position of
 * the search or a what-if (they would be rings on another position). */
static void last_rings(const ui_session *s, bool whatif, int n[2], int moves[2][16])
{
    n[0] = n[1] = 0;
    int node;
    if (whatif)
        return;
    if (!ui_session_working(s, &node)) {
        for (int side = 0; side < 2; side++) {
            n[side] = s->nlast[side];
            memcpy(moves[side], s->last_moves[side], sizeof(int) * (size_t)n[side]);
        }
        return;
    }
    int pit = vm_whole_in(s->x.input[0], 1, XCHECK_PITS, 0);
    if (node < 0 && s->x.watching == XCHECK_RUN_MOVE && pit) {
        n[0] = 1;
        moves[0][0] = pit;
    }
}

/* While the board holds the working position of the calculator's search
 * (paused, or at a slow speed), a frame in the colour of the node searched
 * now; the turn line says which node it is (ui_session_state_text). */
static void working_frame(ui_gfx *g, const ui_layout *l, const ui_session *s, bool whatif)
{
    int node;
    if (whatif || !ui_session_working(s, &node) || node < 0)
        return;
    ui_rect b = l->board;
    for (int i = 0; i < 3; i++)
        ui_gfx_frame(g, (ui_rect){b.x + i, b.y + i, b.w - 2 * i, b.h - 2 * i}, UI_COL_CURRENT);
}

void ui_draw_board(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look)
{
    ui_gfx_round(g, l->board, 24, UI_COL_WOOD);
    kalah_pos p;
    /* A node of the Search panel picked "what if": its position instead. */
    int whatif = ui_search_pick(s, l, look);
    if (whatif >= 0)
        p = s->search.node[whatif].pos;
    bool have = whatif >= 0 || ui_session_board(s, &p);
    int ps = ui_session_person_first(s) ? KALAH_SOUTH : KALAH_NORTH;
    bool mine = ui_session_turn(s) == 1;
    int nlast[2], last_moves[2][16];
    last_rings(s, whatif >= 0, nlast, last_moves);
    for (int side = 0; side < 2; side++) {
        int who = side == 0 ? ps : ps ^ 1;
        for (int i = 0; i < XCHECK_PITS; i++) {
            char name[8];
            ui_pit_label(side, i, name, sizeof name);
            bool last = in(last_moves[side], nlast[side], i + 1);
            bool hover = side == 0 && mine && look->hover_pit == i + 1;
            pit(g, l->pit[side][i], have ? p.pit[who][i] : 0, name,
                last ? UI_COL_LASTMOVE : UI_COL_BODYEDGE, hover);
            /* The calculator's moves of its last turn, numbered in order. */
            for (int k = 0; side == 1 && k < nlast[1]; k++)
                if (s->last_moves[1][k] == i + 1) {
                    char ord[12];
                    snprintf(ord, sizeof ord, "%d", k + 1);
                    ui_rect r = l->pit[1][i];
                    ui_gfx_disc(g, r.x + r.w - 12 - 14 * k, r.y + r.h - 12, 8, UI_COL_LASTMOVE);
                    ui_gfx_text(g, UI_FONT_TINY, ord, r.x + r.w - 12 - 14 * k, r.y + r.h - 19,
                                UI_COL_WINDOW, UI_ALIGN_CENTRE);
                }
        }
        pit(g, l->store[side], have ? p.store[who] : 0, side == 0 ? "yours" : "calc.",
            UI_COL_BODYEDGE, false);
    }
    turn_line(g, l, s);
    working_frame(g, l, s, whatif >= 0);
    ui_draw_whatif(g, l, s, look);
    char stones[32], depth[32];
    snprintf(stones, sizeof stones, "Stones: %d", s->stones);
    snprintf(depth, sizeof depth, "Depth: %d%s", s->depth, s->alphabeta ? " αβ" : "");
    ui_draw_game_buttons(g, l, s, look, stones, depth, false);
    ui_gfx_fill(g, l->status, UI_COL_PANEL);
    ui_gfx_text_in(g, UI_FONT_SMALL, s->status, l->status, UI_COL_TEXT, UI_ALIGN_LEFT);
}
