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
 * the debugger (listing on the left; stack, registers and return stack on
 * the right) and the cross-check panel. With the debugger closed the
 * cross-check panel takes the whole lower right.
 */
#ifndef UI_LAYOUT_H
#define UI_LAYOUT_H

#include "vm_keys.h"

#include <stdbool.h>

#define UI_DESIGN_W 1280
#define UI_DESIGN_H 800

typedef struct ui_rect {
    int x, y, w, h;
} ui_rect;

bool ui_rect_has(ui_rect r, int x, int y);

/* BUTTON(id, label): the window's buttons. Labels of the settings are
 * completed by the drawing code with the current value. */
#define UI_BUTTONS(BUTTON)                                                                  \
    BUTTON(NEW, "New game") BUTTON(STONES, "Stones") BUTTON(DEPTH, "Depth")                 \
    BUTTON(FIRST, "First") BUTTON(UNDO, "Undo") BUTTON(SAVE, "Save") BUTTON(LOAD, "Load")   \
    BUTTON(HELP, "Help") BUTTON(DEBUGGER, "Debugger") BUTTON(SEARCH, "Search")              \
    BUTTON(STEP, "Step") BUTTON(OVER, "Over") BUTTON(RUN, "Run") BUTTON(PAUSE, "Pause")     \
    BUTTON(SPEED, "Speed") BUTTON(STRICT, "Strict")

typedef enum ui_button {
#define UI_BUTTON_ENUM(id, label) UI_BTN_##id,
    UI_BUTTONS(UI_BUTTON_ENUM)
#undef UI_BUTTON_ENUM
    UI_BTN_COUNT
} ui_button;

const char *ui_button_label(ui_button b);

/* The first button of the debugger's row (STEP..SPEED are hidden, and hit
 * nothing, while the debugger is closed). */
#define UI_BTN_FIRST_DEBUG UI_BTN_STEP

#define UI_LISTING_MAX 40 /* listing lines the layout can hold */

typedef struct ui_layout {
    bool debugger; /* the debugger is open */

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

    /* The debugger. */
    ui_rect listing;                 /* the listing's panel */
    ui_rect listing_head;            /* the columns' names, over the lines */
    int line_h;                      /* height of a listing line */
    int lines;                       /* listing lines shown */
    ui_rect line[UI_LISTING_MAX];    /* each listing line */
    ui_rect state;                   /* stack, registers, return stack */
    ui_rect check;                   /* the cross-check panel */
    ui_rect status;                  /* the status line at the bottom */
} ui_layout;

void ui_layout_compute(ui_layout *l, bool debugger);

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
