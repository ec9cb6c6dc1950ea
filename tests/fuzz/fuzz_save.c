/* Fuzz target: the window's saved files, without SDL: kalah_file.h's
 * checked text file and the saved game's parser (ui_session_load,
 * ui_save.c). The input is tried twice. As a whole file (written to a
 * temporary file) for kalah_file_load: what loads is the file's tail, saves
 * again and loads back the same; what does not says why and leaves *body NULL. As the body of a
 * "kalah61-game" file that kalah_file_save writes and ui_load_game reads
 * (ui_game_file.c: ui_session_load on its text) into a session holding the
 * Kalah program (programs/kalah.mk61).
 *
 * Not fuzzed: the replay of a saved game's moves. A "start" line replays
 * the game on the Kalah program and judges every move of the calculator
 * with the solver (up to 2e8 steps, 0.2 s a judgement), so bodies with a
 * start line other than a quick start-up (1..6 stones, depth 1..4, the
 * person first, no moves) are not loaded. */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
#include "fuzz_util.h"
#include "kalah_file.h"
#include "ui_game_file.h"
#include "ui_session.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAGIC "kalah61-game"

static char path[64], resaved[64];
static vm_program kalah;
static vm_decl kalah_decl;
static ui_session session;

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/kalah61-fuzz-save-%ld", (long)getpid());
    snprintf(resaved, sizeof resaved, "/tmp/kalah61-fuzz-save-%ld.2", (long)getpid());
    fuzz_load_kalah("fuzz_save", &kalah, &kalah_decl);
}

static bool message_ok(const char *err, size_t size)
{
    return err[0] != '\0' && memchr(err, '\0', size) != NULL;
}

/* The container: kalah_file_load's promises on any file. */
static void whole_file(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(data, 1, size, f);
    fclose(f);
    char *body = (char *)path, err[256] = "";
    int version = -7;
    if (!kalah_file_load(path, MAGIC, 1, &body, &version, err, sizeof err)) {
        if (body != NULL || version != -7 || !message_ok(err, sizeof err))
            abort();
        unlink(path);
        return;
    }
    /* The body is the file's tail, without NULs; the version one read. */
    size_t n = strlen(body);
    if (version < 0 || version > 1 || n > size || memcmp(body, data + size - n, n) != 0 ||
        memchr(data, '\0', size) != NULL)
        abort();
    char *again = NULL;
    int v2 = -7;
    if (!kalah_file_save(resaved, MAGIC, version, body, err, sizeof err) ||
        !kalah_file_load(resaved, MAGIC, 1, &again, &v2, err, sizeof err) || v2 != version ||
        strcmp(again, body) != 0)
        abort();
    /* A newer version than the reader takes is refused. */
    char *none = NULL;
    if (version == 1 && (kalah_file_load(resaved, MAGIC, 0, &none, &v2, err, sizeof err) || none))
        abort();
    free(again);
    free(body);
    unlink(resaved);
    unlink(path);
}

/* Whether loading this body replays no more than a quick start-up. */
static bool quick(const char *body)
{
    bool start = false, moves = false;
    for (const char *line = body; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char copy[128] = "", word[16] = "";
        memcpy(copy, line, len < sizeof copy ? len : sizeof copy - 1);
        sscanf(copy, "%15s", word);
        if (strcmp(word, "start") == 0) {
            int stones, depth, first;
            start = true;
            if (len >= sizeof copy ||
                sscanf(copy, " start %d %d %d", &stones, &depth, &first) != 3 || stones < 1 ||
                stones > 6 || depth < 1 || depth > 4 || first != 1)
                return false;
        }
        if (strcmp(word, "moves") == 0 && strpbrk(copy, "0123456789"))
            moves = true;
        line = nl ? nl + 1 : line + len;
    }
    return !(start && moves);
}

/* The saved game's parser on a body in a sound container. */
static void saved_game(const uint8_t *data, size_t size)
{
    size_t n = 0;
    while (n < size && data[n] != '\0')
        n++;
    char *body = malloc(n + 1);
    if (!body)
        return;
    memcpy(body, data, n);
    body[n] = '\0';
    char err[512] = "";
    if (!quick(body) || !kalah_file_save(path, MAGIC, UI_SAVE_VERSION, body, err, sizeof err)) {
        free(body);
        return;
    }
    free(body);
    if (!ui_session_load_program(&session, &kalah, &kalah_decl, "kalah.mk61"))
        abort();
    if (!ui_load_game(&session, path, err, sizeof err)) {
        if (!message_ok(err, sizeof err))
            abort();
    } else if (session.x.m.profile != kalah.profile ||
               memcmp(session.x.m.prog, kalah.code, sizeof kalah.code[0] * (size_t)kalah.length) !=
                   0) {
        abort(); /* a loaded machine holds the session's program */
    }
    ui_session_free(&session);
    memset(&session, 0, sizeof session);
    unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0])
        setup();
    whole_file(data, size);
    saved_game(data, size);
    return 0;
}
