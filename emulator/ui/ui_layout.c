/* Where everything sits, in design units (see ui_layout.h for the plan). */
#include "ui_layout.h"

#include <string.h>

static const char *const button_labels[UI_BTN_COUNT] = {
#define UI_BUTTON_LABEL(id, label, width) label,
#define UI_PANEL_BUTTON_LABEL(id, name, label, width, key, modal, help) label,
    UI_GAME_BUTTONS(UI_BUTTON_LABEL) UI_PANELS(UI_PANEL_BUTTON_LABEL)
    UI_DEBUG_BUTTONS(UI_BUTTON_LABEL)
};

/* The widths of the game's row: its own buttons, then the panels'. */
static const int game_w[] = {
#define UI_BUTTON_WIDTH(id, label, width) width,
#define UI_PANEL_BUTTON_WIDTH(id, name, label, width, key, modal, help) width,
    UI_GAME_BUTTONS(UI_BUTTON_WIDTH) UI_PANELS(UI_PANEL_BUTTON_WIDTH)
};
_Static_assert(sizeof game_w / sizeof game_w[0] == UI_BTN_FIRST_DEBUG - UI_BTN_NEW,
               "a width for every game button");

/* The widths of the debugger's row. */
static const int debug_w[] = {UI_DEBUG_BUTTONS(UI_BUTTON_WIDTH)};
#undef UI_PANEL_BUTTON_WIDTH
#undef UI_BUTTON_WIDTH
#undef UI_PANEL_BUTTON_LABEL
#undef UI_BUTTON_LABEL

/* Each panel's layout, in the table's order. */
static void (*const panel_layout[UI_PANEL_COUNT])(ui_layout *l) = {
#define UI_PANEL_LAYOUT(id, name, label, width, key, modal, help) ui_panel_##name##_layout,
    UI_PANELS(UI_PANEL_LAYOUT)
#undef UI_PANEL_LAYOUT
};

static const bool panel_modal[UI_PANEL_COUNT] = {
#define UI_PANEL_MODAL(id, name, label, width, key, modal, help) modal,
    UI_PANELS(UI_PANEL_MODAL)
#undef UI_PANEL_MODAL
};

int ui_button_panel(ui_button b)
{
    int p = (int)b - (int)UI_BTN_FIRST_DEBUG + UI_PANEL_COUNT;
    return p >= 0 && p < UI_PANEL_COUNT ? p : -1;
}

const char *ui_button_label(ui_button b)
{
    return b >= 0 && b < UI_BTN_COUNT ? button_labels[b] : "";
}

bool ui_rect_has(ui_rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

void ui_layout_button_row(ui_layout *l, int first, int count, const int *w, int x, int y, int h)
{
    for (int k = 0; k < count; k++) {
        l->button[first + k] = (ui_rect){x, y, w[k], h};
        x += w[k] + 8;
    }
}

void ui_layout_debug_buttons(ui_layout *l, int x, int y, int h)
{
    ui_layout_button_row(l, UI_BTN_STEP, UI_BTN_COUNT - UI_BTN_STEP, debug_w, x, y, h);
}

void ui_layout_compute(ui_layout *l)
{
    bool open[UI_PANEL_COUNT];
    memcpy(open, l->open, sizeof open);
    memset(l, 0, sizeof *l);
    memcpy(l->open, open, sizeof open);

    /* The calculator: 400 x 780 at the left. */
    l->calc = (ui_rect){10, 10, 400, 780};
    l->display = (ui_rect){30, 30, 360, 84};
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        l->cell[i] = (ui_rect){44 + 28 * i, 46, 28, 52};
    l->brand = (ui_rect){30, 122, 360, 28};
    l->power = (ui_rect){40, 160, 120, 36};
    l->angle = (ui_rect){200, 160, 180, 36};
    /* Keys: 6 rows of 5; over each key a strip of 22 for its F label (left)
     * and K label (right). */
    for (int k = 0; k < VM_KEY_COUNT; k++) {
        const vm_key_info *ki = vm_key_get((vm_key)k);
        int x = 38 + 72 * ki->col, y = 212 + 94 * ki->row;
        l->key_f[k] = (ui_rect){x - 8, y, 38, 22};
        l->key_k[k] = (ui_rect){x + 30, y, 36, 22};
        l->key[k] = (ui_rect){x, y + 24, 56, 46};
    }

    /* The board: 850 x 250 at the top right. */
    l->board = (ui_rect){420, 10, 850, 250};
    l->store[1] = (ui_rect){436, 30, 90, 190};
    l->store[0] = (ui_rect){1164, 30, 90, 190};
    for (int i = 0; i < 6; i++) {
        l->pit[0][i] = (ui_rect){542 + 102 * i, 130, 90, 90};
        l->pit[1][i] = (ui_rect){542 + 102 * (5 - i), 30, 90, 90};
    }
    l->turn = (ui_rect){540, 226, 612, 28};
    /* The game's row spans the board's width, 420..1270. */
    ui_layout_button_row(l, UI_BTN_NEW, UI_BTN_FIRST_DEBUG - UI_BTN_NEW, game_w, 420, 268, 32);

    l->status = (ui_rect){420, 772, 850, 24};
    /* The lower right is the cross-check panel's, until a panel takes
     * part of it. */
    l->check = (ui_rect){420, 310, 850, 460};
    for (int p = 0; p < UI_PANEL_COUNT; p++)
        panel_layout[p](l);
}

void ui_layout_open(ui_layout *l, ui_panel_id p, bool open)
{
    if (p >= 0 && p < UI_PANEL_COUNT) {
        l->open[p] = open;
        ui_layout_compute(l);
    }
}

bool ui_layout_modal(const ui_layout *l)
{
    for (int p = 0; p < UI_PANEL_COUNT; p++)
        if (l->open[p] && panel_modal[p])
            return true;
    return false;
}

ui_hit ui_layout_hit(const ui_layout *l, int x, int y)
{
    for (int k = 0; k < VM_KEY_COUNT; k++)
        if (ui_rect_has(l->key[k], x, y))
            return (ui_hit){UI_HIT_KEY, k};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 6; i++)
            if (ui_rect_has(l->pit[side][i], x, y))
                return (ui_hit){UI_HIT_PIT, side == 0 ? i + 1 : -(i + 1)};
    for (int b = 0; b < UI_BTN_COUNT; b++)
        if ((l->open[UI_PANEL_DEBUGGER] || b < UI_BTN_FIRST_DEBUG) &&
            ui_rect_has(l->button[b], x, y))
            return (ui_hit){UI_HIT_BUTTON, b};
    for (int i = 0; i < l->lines; i++)
        if (ui_rect_has(l->line[i], x, y))
            return (ui_hit){UI_HIT_LINE, i};
    if (ui_rect_has(l->power, x, y))
        return (ui_hit){UI_HIT_POWER, 0};
    if (ui_rect_has(l->angle, x, y))
        return (ui_hit){UI_HIT_ANGLE, (x - l->angle.x) * 3 / l->angle.w};
    if (ui_rect_has(l->display, x, y))
        return (ui_hit){UI_HIT_DISPLAY, 0};
    return (ui_hit){UI_HIT_NONE, 0};
}

ui_view ui_view_fit(int w, int h)
{
    ui_view v;
    double sx = (double)w / UI_DESIGN_W, sy = (double)h / UI_DESIGN_H;
    v.scale = sx < sy ? sx : sy;
    if (v.scale <= 0)
        v.scale = 1;
    v.ox = (int)((w - UI_DESIGN_W * v.scale) / 2);
    v.oy = (int)((h - UI_DESIGN_H * v.scale) / 2);
    v.w = w;
    v.h = h;
    return v;
}

ui_rect ui_view_rect(const ui_view *v, ui_rect r)
{
    int x0 = v->ox + (int)(r.x * v->scale + 0.5), y0 = v->oy + (int)(r.y * v->scale + 0.5);
    int x1 = v->ox + (int)((r.x + r.w) * v->scale + 0.5),
        y1 = v->oy + (int)((r.y + r.h) * v->scale + 0.5);
    return (ui_rect){x0, y0, x1 - x0, y1 - y0};
}

int ui_view_len(const ui_view *v, int design)
{
    return (int)(design * v->scale + 0.5);
}

void ui_view_point(const ui_view *v, int px, int py, int *x, int *y)
{
    *x = (int)((px - v->ox) / v->scale);
    *y = (int)((py - v->oy) / v->scale);
}
