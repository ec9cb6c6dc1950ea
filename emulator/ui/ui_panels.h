/*
 * ui_panels.h: the panels the window opens and closes (prefix ui_panel),
 * as one list. No SDL: the layout, the keymap and the help read it too.
 *
 * PANEL(id, name, label, width, key, modal, help), one row a panel, in the
 * order of their buttons (after the game's own, before the debugger's)
 * and of their keys in the help:
 *   id      UI_PANEL_<id>; its button is UI_BTN_<id>, its action UI_ACT_<id>
 *   name    the keymap's name of its action ("@search") and the stem of its
 *           functions (ui_panel.h): ui_panel_<name>_layout, _draw, _click
 *           and _opened, in the panel's own file
 *   label   its button's label; width the button's width (design units)
 *   key     the computer key that opens and closes it (SDL's key name, as
 *           assets/keymap.txt writes them; the keymap may add others)
 *   modal   drawn over everything else; while it is open it takes every
 *           click and the keyboard types nothing on the calculator
 *   help    what its key does, as the help says it
 *
 * Adding a panel: its row here and its file (with its line in
 * emulator/ui/CMakeLists.txt); see docs/ui.md, "Panels".
 */
#ifndef UI_PANELS_H
#define UI_PANELS_H

#define UI_PANELS(PANEL)                                                                     \
    PANEL(HELP, help, "Help", 52, "F1", true, "this help")                                   \
    PANEL(DEBUGGER, debugger, "Debugger", 84, "F2", false, "open or close the debugger")     \
    PANEL(SEARCH, search, "Search", 74, "F4", false, "open or close the Search panel")

typedef enum ui_panel_id {
#define UI_PANEL_ENUM(id, name, label, width, key, modal, help) UI_PANEL_##id,
    UI_PANELS(UI_PANEL_ENUM)
#undef UI_PANEL_ENUM
    UI_PANEL_COUNT
} ui_panel_id;

#endif
