/*
 * cli_io.h: what the commands write and how they stop (prefix cli_): files
 * written whole or not at all, with their messages; Ctrl-C; text for SVG.
 * For commands only (core/commands/): it prints, installs signal handlers
 * and writes files the user named.
 */
#ifndef CLI_IO_H
#define CLI_IO_H

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

/* ---- Ctrl-C ------------------------------------------------------------------- */

/* Set by SIGINT once cli_sigint_install ran; the command clears it when it
 * has dealt with it and goes on. Long work (the solver, a database's
 * build, a server) is given its address as a stop flag. */
extern volatile sig_atomic_t cli_interrupted;
/* SIGINT sets cli_interrupted (a read at a prompt returns: no SA_RESTART).
 * repeat false: a second Ctrl-C kills as usual; true: every Ctrl-C sets
 * it again (a prompt that quits at the second in a row). */
void cli_sigint_install(bool repeat);

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
