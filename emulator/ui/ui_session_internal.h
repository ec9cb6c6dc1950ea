/*
 * ui_session_internal.h: what the session's own files share (ui_session.c,
 * ui_debug.c, and the games' modules: ui_puluk.c); not for the shell.
 */
#ifndef UI_SESSION_INTERNAL_H
#define UI_SESSION_INTERNAL_H

#include "ui_session.h"

/* The status line: the latest news, one line (line breaks become spaces). */
void ui_session_news(ui_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A key queued as New game's are (by its name, vm_key_find). */
void ui_session_queue(ui_session *s, const char *key);
/* Registers as they are now, so that the debugger marks what the next
 * command changes. */
void ui_session_mark_registers(ui_session *s);
/* The program started running from where it waited (the cross-check
 * notes the run; a run held by Pause stops at once). */
void ui_session_started(ui_session *s);
/* One step; false when the machine stopped (and the stop was handled). */
bool ui_session_one_step(ui_session *s);
/* After a step of a run to a node (ui_session_node_next, _out): whether it
 * got there, and then paused with the news (ui_debug.c). */
bool ui_session_node_reached(ui_session *s);

#endif
