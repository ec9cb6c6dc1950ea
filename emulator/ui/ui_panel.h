/*
 * ui_panel.h: the window's panels as a table (prefix ui_panel): one row a
 * panel, made from its line of ui_panels.h, with the functions of its own
 * file. The shell (ui_app.c) opens and closes them by their buttons and
 * keys, lays them out, draws the open ones over the window and gives them
 * the clicks, all through this table: a panel is one row and one file.
 *
 * A panel's file defines, after its name in ui_panels.h:
 *   ui_panel_<name>_layout(l)   where it sits (ui_layout.h)
 *   ui_panel_<name>_draw(g, l, s, look)  draws it while it is open; reads
 *       the session and the look, changes nothing
 *   ui_panel_<name>_click(s, l, look, x, y)  a click while it is open
 *       (ui_layout.h); the shell asks the topmost open panel first
 *   ui_panel_<name>_opened(look)  what it forgets when it opens
 */
#ifndef UI_PANEL_H
#define UI_PANEL_H

#include "ui_draw.h"
#include "ui_gfx.h"
#include "ui_layout.h"
#include "ui_panels.h"
#include "ui_session.h"
#include "ui_theme.h"

#include <stdbool.h>

#define UI_HELP_MARGIN 20 /* the help's inner margin: nothing is drawn in it */

typedef struct ui_panel {
    ui_panel_id id;
    ui_button button;
    ui_action action;
    const char *name, *key, *help;
    bool modal;
    void (*layout)(ui_layout *l);
    void (*draw)(ui_gfx *g, const ui_layout *l, const ui_session *s, const ui_look *look);
    bool (*click)(ui_session *s, ui_layout *l, ui_look *look, int x, int y);
    void (*opened)(ui_look *look);
} ui_panel;

/* The table, in the order of ui_panels.h. */
extern const ui_panel ui_panel_table[UI_PANEL_COUNT];

#define UI_PANEL_DECLARE(id, name, label, width, key, modal, help)                           \
    void ui_panel_##name##_draw(ui_gfx *g, const ui_layout *l, const ui_session *s,          \
                                const ui_look *look);                                        \
    void ui_panel_##name##_opened(ui_look *look);
UI_PANELS(UI_PANEL_DECLARE)
#undef UI_PANEL_DECLARE

#endif
