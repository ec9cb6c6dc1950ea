/*
 * ui_game_file.h: the shell's side of saved games (prefix ui_): the
 * session's text (ui_session_save, ui_session_load) kept in a file, in
 * the checked text file of kalah_file.h (kind UI_SAVE_KIND, version
 * UI_SAVE_VERSION), written whole or not at all. The window's Save and
 * Load, mk61-ui --load and the tests go through these; the session itself
 * never touches a file.
 */
#ifndef UI_GAME_FILE_H
#define UI_GAME_FILE_H

#include "ui_session.h"

#include <stdbool.h>
#include <stddef.h>

/* Saves s's game to path. False, with why in err. */
bool ui_save_game(const ui_session *s, const char *path, char *err, size_t size);

/* Loads the game of path into s ("PATH:LINE: what" in err when it cannot:
 * s is then as it was). */
bool ui_load_game(ui_session *s, const char *path, char *err, size_t size);

#endif
