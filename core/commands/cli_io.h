/*
 * cli_io.h: what the commands write and how they stop (prefix cli_): files
 * written whole or not at all, with their messages; where the files the
 * commands keep for later go; Ctrl-C; messages and text for SVG.
 * For commands only (core/commands/): it prints, installs signal handlers
 * and writes files the user named.
 */
#ifndef CLI_IO_H
#define CLI_IO_H

#include "kalah.h"
#include "kalah_file.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- files written whole (kalah_file.h) ------------------------------------ */

/* An output file written as it is made (a cross table, a book) into a
 * temporary file, renamed into place by cli_out_commit: the rules of
 * kalah_file.h. Until then SIGTERM and SIGHUP (and SIGINT while no
 * cli_sigint_install handler has it) remove the temporary file and end the
 * program as the signal does. */
typedef struct cli_out {
    FILE *f;          /* write here */
    kalah_file_out file;
    char *pending;    /* the temporary file's name, for the signal handler */
} cli_out;

/* Creates the temporary file; reports why not ("CMD: cannot write PATH:
 * why") and returns false. */
bool cli_out_open(cli_out *o, const char *cmd, const char *path);
/* Flushes, syncs and renames into place; reports a failure (as cmd) and
 * returns false, the temporary file removed. Either way o is closed. */
bool cli_out_commit(cli_out *o, const char *cmd);
/* Closes and removes the temporary file (nothing is written). */
void cli_out_abort(cli_out *o);

/* Writes len bytes as the whole of path (kalah_file_write_atomic), or to
 * standard output when path is NULL. CLI_OK, or CLI_FAIL after "CMD:
 * cannot write ...". */
int cli_write_file(const char *cmd, const char *path, const void *data, size_t len);

/* ---- files kept for later -------------------------------------------------- */

/* What a kept file is, after the XDG base directories: a cache can be made
 * again (an endgame database, a solved game's table), a state cannot (a
 * game in play). */
typedef enum cli_keep { CLI_KEEP_CACHE, CLI_KEEP_STATE } cli_keep;

/* Where a command keeps a file for later, the same chain for each:
 * $ENV/NAME when env is not NULL and that variable is set and not empty;
 * else for a cache $XDG_CACHE_HOME/kalah61/NAME, else
 * ~/.cache/kalah61/NAME; for a state $XDG_STATE_HOME/kalah61/NAME, else
 * ~/.local/state/kalah61/NAME. False when none applies (no HOME) or the
 * path does not fit in size bytes. */
bool cli_keep_path(cli_keep kind, const char *env, const char *name, char *buf, size_t size);

/* mkdir -p of the directory that holds path (0777 less the umask). False,
 * errno set, when a part cannot be made or is not a directory (ENOTDIR). */
bool cli_make_parent(const char *path);

/* ---- Ctrl-C ------------------------------------------------------------------- */

/* Set by SIGINT once cli_sigint_install ran; the command clears it when it
 * has dealt with it and goes on. Long work (the solver, a database's
 * build, a server) is given its address as a stop flag. */
extern volatile sig_atomic_t cli_interrupted;
/* SIGINT sets cli_interrupted (a read at a prompt returns: no SA_RESTART).
 * repeat false: a second Ctrl-C kills as usual; true: every Ctrl-C sets
 * it again (a prompt that quits at the second in a row). */
void cli_sigint_install(bool repeat);

/* ---- messages and text --------------------------------------------------- */

/* Reports a parse error of text as CMD: "column N: why", the text and a
 * caret under the column (err->pos, from 1; no caret when it is 0). */
void cli_parse_error(const char *cmd, const char *text, const kalah_error *err);

/* A time for people: "0.25 s", "12.3 s", "4 min 05 s", "2 h 03 min";
 * buf is returned. */
const char *cli_duration(double s, char *buf, size_t size);

/* A progress bar on standard error for work counted in games (a match, a
 * tournament): "  [####....] 12/40 games, 3.2 s elapsed, about 8.1 s left",
 * drawn over itself, only on a terminal, never in the first half second
 * and at most ten times a second. */
typedef struct cli_progress {
    bool on;          /* standard error is a terminal, and not quiet */
    bool shown;       /* a bar is on the screen */
    double start, last;
    long done, total;
} cli_progress;

/* Starts counting (start is now: the caller may read it for the time the
 * work took). quiet: no bar at all. */
void cli_progress_init(cli_progress *p, bool quiet, long total);
/* One more done. */
void cli_progress_step(cli_progress *p);
/* Erases the bar, if one is shown (before printing anything else). */
void cli_progress_end(cli_progress *p);

/* ---- text ----------------------------------------------------------------------- */

/* How many characters the UTF-8 text s has: its width in a terminal's
 * columns (the project's texts are Latin, Cyrillic and symbols of one
 * column; combining and wide characters are not used). */
int cli_display_width(const char *s);
/* Writes s padded with blanks to width columns (left-aligned), or right-
 * aligned when width is negative; a longer s is written whole. */
void cli_put_padded(FILE *f, const char *s, int width);

/* Writes s as XML text (SVG): & < > " ' as entities, control characters
 * (not allowed in XML 1.0) as '?'. */
void cli_xml_text(FILE *f, const char *s);

#endif
