/* The table of the window's panels (ui_panel.h), made from ui_panels.h. */
#include "ui_panel.h"

const ui_panel ui_panel_table[UI_PANEL_COUNT] = {
#define UI_PANEL_ROW(id, name, label, width, key, modal, help)                               \
    {UI_PANEL_##id,                                                                          \
     UI_BTN_##id,                                                                            \
     UI_ACT_##id,                                                                            \
     #name,                                                                                  \
     key,                                                                                    \
     help,                                                                                   \
     modal,                                                                                  \
     ui_panel_##name##_layout,                                                               \
     ui_panel_##name##_draw,                                                                 \
     ui_panel_##name##_click,                                                                \
     ui_panel_##name##_opened},
    UI_PANELS(UI_PANEL_ROW)
#undef UI_PANEL_ROW
};

/* The enums are made from the same list: a panel's button, action and id
 * are the same number apart from the first of each. */
_Static_assert(UI_ACT_HELP == 0 && UI_PANEL_HELP == 0, "panel actions come first");
