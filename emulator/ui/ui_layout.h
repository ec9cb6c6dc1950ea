/*
 * ui_layout.h: where everything sits in the window (prefix ui_), and what a
 * point hits. No SDL.
 *
 * Everything is laid out once in design units on a UI_DESIGN_W x
 * UI_DESIGN_H canvas; a ui_view maps that canvas onto the window, scaled to
 * fit and centred, so the layout scales with the window. Drawing maps
 * design rectangles to pixels (ui_view_rect) and fonts are opened at the
 * view's scale; a mouse position is mapped back (ui_view_point) before
 * ui_layout_hit.
 *
 * The canvas: the calculator on the left (body, display, brand, switches,
 * the 30 keys in 6 rows of 5 with their F and K labels above them); on the
 * right the Kalah board with the game's buttons under it, and below that
 * the cross-check panel. The panels that open and close (ui_panels.h) lay
 * themselves out after these, in the table's order, each over what is
 * there: the debugger takes the lower right's left half (its listing) and
 * the top of its right half (the machine's state), the cross-check panel
 * keeping the rest; the Search panel covers what the state and the
 * cross-check panel cover; the help covers the whole right.
 */
#ifndef UI_LAYOUT_H
#define UI_LAYOUT_H

#include "ui_panels.h"
#include "vm_keys.h"

#include <stdbool.h>

#define UI_DESIGN_W 1280
#define UI_DESIGN_H 800

typedef struct ui_rect {
    int x, y, w, h;
} ui_rect;

bool ui_rect_has(ui_rect r, int x, int y);

/* BUTTON(id, label, width): the window's buttons: the game's row (its own,
 * then one a panel, ui_panels.h, UI_BTN_<id> of UI_PANEL_<id>), and the
 * debugger's row. Labels of the settings are completed by the drawing code
 * with the current value; widths are in design units. */
#define UI_GAME_BUTTONS(BUTTON)                                                             \
    BUTTON(NEW, "New game", 84) BUTTON(STONES, "Stones", 76) BUTTON(DEPTH, "Depth", 76)     \
    BUTTON(FIRST, "First", 124) BUTTON(UNDO, "Undo", 50) BUTTON(REDO, "Redo", 50)           \
    BUTTON(SAVE, "Save", 50) BUTTON(LOAD, "Load", 50)
#define UI_DEBUG_BUTTONS(BUTTON)                                                            \
    BUTTON(STEP, "Step", 46) BUTTON(OVER, "Over", 46) BUTTON(RUN, "Run", 40)                \
    BUTTON(PAUSE, "Pause", 52) BUTTON(SPEED, "Speed", 138) BUTTON(STRICT, "Strict", 52)

typedef enum ui_button {
#define UI_BUTTON_ENUM(id, label, width) UI_BTN_##id,
#define UI_PANEL_BUTTON_ENUM(id, name, label, width, key, modal, help) UI_BTN_##id,
    UI_GAME_BUTTONS(UI_BUTTON_ENUM) UI_PANELS(UI_PANEL_BUTTON_ENUM)
    UI_DEBUG_BUTTONS(UI_BUTTON_ENUM)
#undef UI_PANEL_BUTTON_ENUM
#undef UI_BUTTON_ENUM
    UI_BTN_COUNT
} ui_button;

const char *ui_button_label(ui_button b);

/* The first button of the debugger's row (STEP..STRICT are hidden, and hit
 * nothing, while the debugger is closed). */
#define UI_BTN_FIRST_DEBUG UI_BTN_STEP

/* The panel whose button b is; -1 for the other buttons. */
int ui_button_panel(ui_button b);

#define UI_LISTING_MAX 40 /* listing lines the layout can hold */

typedef struct ui_layout {
    bool open[UI_PANEL_COUNT];       /* which panels are open (ui_layout_open) */
    ui_rect panel[UI_PANEL_COUNT];   /* where each panel is, or would be */

    /* The calculator. */
    ui_rect calc;                    /* the body */
    ui_rect display;                 /* the glass */
    ui_rect cell[VM_DISPLAY_CELLS];  /* the 12 display positions */
    ui_rect brand;                   /* "ЭЛЕКТРОНИКА МК 61" */
    ui_rect power;                   /* the power switch (on/off) */
    ui_rect angle;                   /* the Р / ГРД / Г switch (3 positions,
                                        left to right) */
    ui_rect key[VM_KEY_COUNT];       /* the keycaps */
    ui_rect key_f[VM_KEY_COUNT];     /* the F label above a key (left) */
    ui_rect key_k[VM_KEY_COUNT];     /* the K label above a key (right) */

    /* The board: pit[0] the person's pits 1..6 (bottom row, left to
     * right), pit[1] the calculator's 1..6 (top row, right to left, so
     * that play runs anticlockwise); store[0] the person's (right),
     * store[1] the calculator's (left). */
    ui_rect board;
    ui_rect pit[2][6];
    ui_rect store[2];
    ui_rect turn;                    /* the line saying whose move it is */
    ui_rect button[UI_BTN_COUNT];

    /* The debugger (empty while it is closed). */
    ui_rect listing;                 /* the listing's panel */
    ui_rect listing_head;            /* the columns' names, over the lines */
    int line_h;                      /* height of a listing line */
    int lines;                       /* listing lines shown */
    ui_rect line[UI_LISTING_MAX];    /* each listing line */
    ui_rect state;                   /* stack, registers, return stack */
    ui_rect check;                   /* the cross-check panel */
    ui_rect status;                  /* the status line at the bottom */
} ui_layout;

/* Buttons in a row from x, each w[k] wide with gaps of 8; the debugger's
 * row (its panel lays it out). */
void ui_layout_button_row(ui_layout *l, int first, int count, const int *w, int x, int y, int h);
void ui_layout_debug_buttons(ui_layout *l, int x, int y, int h);

/* Lays everything out for the panels open in l->open (the rest of *l is
 * written). */
void ui_layout_compute(ui_layout *l);
/* Opens or closes panel p, and lays the window out again. */
void ui_layout_open(ui_layout *l, ui_panel_id p, bool open);
/* Whether a modal panel is open (ui_panels.h). */
bool ui_layout_modal(const ui_layout *l);

/* What the shell adds to the session for drawing and clicking: the
 * mouse's and the panels' state (the session knows nothing of them). */
typedef struct ui_look {
    int mouse_key;    /* the key held down by the mouse, -1 none */
    int hover_pit;    /* the person's pit under the mouse 1..6, 0 none */
    int hover_button; /* the button under the mouse, -1 none */
    int top_line;     /* the listing's first shown address */
    int whatif;       /* the Search panel's node shown on the board "what
                         if", -1 none (ui_search.h) */
    long whatif_generation; /* of the search it belongs to */
} ui_look;

/* Each panel's own layout and clicks, in its file (ui_panels.h names
 * them; ui_panel.h holds the whole table):
 *   ui_panel_<name>_layout(l)  sets l->panel[id], whether the panel is open
 *       or not, and while it is open whatever it takes of the window; the
 *       panels before it in the table are laid out already
 *   ui_panel_<name>_click(s, l, look, x, y)  a click at design point (x, y)
 *       while the panel is open: true when the panel took it (it may change
 *       the session, the look, and open or close panels through l) */
struct ui_session;
#define UI_PANEL_LAYOUT_DECLARE(id, name, label, width, key, modal, help)                    \
    void ui_panel_##name##_layout(ui_layout *l);                                             \
    bool ui_panel_##name##_click(struct ui_session *s, ui_layout *l, ui_look *look, int x,   \
                                 int y);
UI_PANELS(UI_PANEL_LAYOUT_DECLARE)
#undef UI_PANEL_LAYOUT_DECLARE

typedef enum ui_hit_kind {
    UI_HIT_NONE,
    UI_HIT_KEY,    /* index: a vm_key */
    UI_HIT_PIT,    /* index: the person's pit 1..6 (the calculator's pits
                      are not clickable: index -1..-6 for them) */
    UI_HIT_BUTTON, /* index: a ui_button */
    UI_HIT_LINE,   /* index: a listing line 0..lines-1 */
    UI_HIT_POWER,
    UI_HIT_ANGLE,  /* index: 0 Р, 1 ГРД, 2 Г */
    UI_HIT_DISPLAY
} ui_hit_kind;

typedef struct ui_hit {
    ui_hit_kind kind;
    int index;
} ui_hit;

/* What the design point (x, y) hits. */
ui_hit ui_layout_hit(const ui_layout *l, int x, int y);

/* The design canvas mapped onto a window of w x h pixels. */
typedef struct ui_view {
    double scale;
    int ox, oy;   /* where the canvas's top left lands */
    int w, h;     /* the window */
} ui_view;

ui_view ui_view_fit(int w, int h);
ui_rect ui_view_rect(const ui_view *v, ui_rect r);
int ui_view_len(const ui_view *v, int design);
/* A window pixel back to design units. */
void ui_view_point(const ui_view *v, int px, int py, int *x, int *y);

#endif
