/*
 * ui_theme.h: the window's colours and the computer keyboard's mapping
 * (prefix ui_), read from the project's files assets/theme.txt and
 * assets/keymap.txt, which the build compiles in (ui_asset_*.c). No SDL:
 * keyboard keys are kept as SDL key names and characters, which the SDL
 * shell resolves.
 */
#ifndef UI_THEME_H
#define UI_THEME_H

#include "ui_panels.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* COLOUR(id, name): every colour the window uses; assets/theme.txt must
 * give each one. */
#define UI_COLOURS(COLOUR)                                                                  \
    COLOUR(BODY, "body") COLOUR(BODYEDGE, "bodyedge") COLOUR(BRAND, "brand")                \
    COLOUR(GLASS, "glass") COLOUR(LIT, "lit") COLOUR(UNLIT, "unlit")                        \
    COLOUR(KEYCAP, "keycap") COLOUR(KEYCAPDOWN, "keycapdown") COLOUR(KEYTEXT, "keytext")    \
    COLOUR(YELLOW, "yellow") COLOUR(BLUE, "blue") COLOUR(RED, "red")                        \
    COLOUR(FLABEL, "flabel") COLOUR(KLABEL, "klabel") COLOUR(REGLABEL, "reglabel")          \
    COLOUR(WINDOW, "window") COLOUR(PANEL, "panel") COLOUR(PANELEDGE, "paneledge")          \
    COLOUR(TEXT, "text") COLOUR(DIM, "dim") COLOUR(WOOD, "wood") COLOUR(PIT, "pit")         \
    COLOUR(STONE, "stone") COLOUR(STONEEDGE, "stoneedge") COLOUR(LASTMOVE, "lastmove")      \
    COLOUR(BUTTON, "button") COLOUR(BUTTONDOWN, "buttondown") COLOUR(CURRENT, "current")    \
    COLOUR(BREAKPOINT, "breakpoint") COLOUR(CHANGED, "changed") COLOUR(GOOD, "good")        \
    COLOUR(BAD, "bad")

typedef enum ui_colour {
#define UI_COLOUR_ENUM(id, name) UI_COL_##id,
    UI_COLOURS(UI_COLOUR_ENUM)
#undef UI_COLOUR_ENUM
    UI_COL_COUNT
} ui_colour;

typedef struct ui_rgb {
    uint8_t r, g, b;
} ui_rgb;

/* Window actions a keyboard key can ask for (assets/keymap.txt "@name"):
 * first opening or closing each panel (ui_panels.h: UI_ACT_<id> is
 * UI_PANEL_<id>), then these. */
#define UI_ACTIONS(ACTION)                                                                  \
    ACTION(NEW, "new") ACTION(RUN, "run") ACTION(PAUSE, "pause") ACTION(STEP, "step")       \
    ACTION(OVER, "over") ACTION(SPEED, "speed") ACTION(UNDO, "undo") ACTION(SAVE, "save")   \
    ACTION(LOAD, "load") ACTION(QUIT, "quit") ACTION(CLOSE, "close") ACTION(STRICT, "strict") \
    ACTION(REDO, "redo") ACTION(COPY, "copy")

typedef enum ui_action {
#define UI_PANEL_ACTION_ENUM(id, name, label, width, key, modal, help) UI_ACT_##id,
    UI_PANELS(UI_PANEL_ACTION_ENUM)
#undef UI_PANEL_ACTION_ENUM
#define UI_ACTION_ENUM(id, name) UI_ACT_##id,
    UI_ACTIONS(UI_ACTION_ENUM)
#undef UI_ACTION_ENUM
    UI_ACT_COUNT
} ui_action;

const char *ui_action_name(ui_action a);

#define UI_KEYMAP_MAX 96
#define UI_KEYNAME_MAX 32

/* One line of the keymap: a character or a named key (with Ctrl) that
 * presses a calculator key or asks for an action. */
typedef struct ui_keybind {
    bool text;                 /* a typed character (else a named key) */
    bool ctrl;                 /* "Ctrl+" before the key's name */
    char name[UI_KEYNAME_MAX]; /* the character (UTF-8) or SDL's key name */
    int key;                   /* a vm_key, or -1 for an action */
    int action;                /* a ui_action, or -1 for a key */
} ui_keybind;

typedef struct ui_theme {
    ui_rgb colour[UI_COL_COUNT];
    ui_colour keycap[VM_KEY_COUNT]; /* each key's cap colour */
    ui_keybind bind[UI_KEYMAP_MAX];
    int binds;
} ui_theme;

/* Reads the compiled-in theme and keymap. The panels' keys (ui_panels.h)
 * are bound first, in the panels' order, then the keymap's lines. False,
 * with "file:line: what" in err, when either is malformed (a build of the
 * project never is: a test holds them). */
bool ui_theme_load(ui_theme *t, char *err, size_t size);

/* The same from given texts (the tests give their own). */
bool ui_theme_parse(ui_theme *t, const char *theme, const char *keymap, char *err, size_t size);

#endif
