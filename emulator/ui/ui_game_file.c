/* Saved games in files (ui_game_file.h). */
#include "ui_game_file.h"

#include "kalah_file.h"

#include <stdio.h>
#include <stdlib.h>

bool ui_save_game(const ui_session *s, const char *path, char *err, size_t size)
{
    char *text, why[64];
    if (!ui_session_save(s, &text, why, sizeof why)) {
        snprintf(err, size, "cannot save %s: %s", path, why);
        return false;
    }
    bool ok = kalah_file_save(path, UI_SAVE_KIND, UI_SAVE_VERSION, text, err, size);
    free(text);
    return ok;
}

bool ui_load_game(ui_session *s, const char *path, char *err, size_t size)
{
    char *text;
    int version;
    if (!kalah_file_load(path, UI_SAVE_KIND, UI_SAVE_VERSION, &text, &version, err, size))
        return false;
    bool ok = ui_session_load(s, text, path, KALAH_FILE_BODY_LINE, err, size);
    free(text);
    return ok;
}
