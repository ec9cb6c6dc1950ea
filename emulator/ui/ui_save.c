/* Saved games: the settings, the person's moves and the machine, as text
 * (format: docs/ui.md, "Saved games"). The session writes and reads the
 * text only; the shell keeps it in a file (ui_game_file.c, a checked
 * text file of kalah_file.h). */
#include "ui_session.h"

#include "vm_state.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPLAY_STEPS_MAX 200000000ull /* instructions a replay may take */

/* A growing text. */
typedef struct text {
    char *buf;
    size_t len, cap;
    bool failed;
} text;

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if (t->buf && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = (t->cap + (size_t)n + 1) * 2;
        char *b = realloc(t->buf, cap);
        if (!b) {
            t->failed = true;
            return;
        }
        t->buf = b;
        t->cap = cap;
    }
}

/* The "redo" line: the person's moves of the turns Undo took back that
 * Redo can give again (none while a turn is under way: its end forgets
 * them). */
static void save_redo(const ui_session *s, text *t)
{
    if (s->nredo <= 0 || s->run_open)
        return;
    int end = s->points[s->npoints + s->nredo - 1].checks;
    add(t, "redo");
    for (int i = s->nchecks; i < end && i < UI_CHECKS_MAX; i++)
        if (s->checks[i].person > 0)
            add(t, " %d", s->checks[i].person);
    add(t, "\n");
}

bool ui_session_save(const ui_session *s, char **out, char *err, size_t size)
{
    if (s->puluk)
        return ui_puluk_save(s, out, err, size);
    *out = NULL;
    text t = {0};
    add(&t, "# A game of kalah61's window (mk61-ui). The person's moves replay the game;\n"
            "# the machine below is then taken as it was saved.\n");
    add(&t, "program %s\n", s->prog_name);
    add(&t, "settings %d %d %d\n", s->stones,
        xcheck_depth_key(s->depth, s->alphabeta ? XCHECK_ALPHABETA : XCHECK_MINIMAX),
        s->person_first ? 1 : 0);
    add(&t, "speed %d\n", (int)s->speed);
    add(&t, "breakpoints");
    for (int a = 0; a < VM_MAX_STEPS; a++)
        if (s->breakpoint[a])
            add(&t, " %d", a);
    add(&t, "\n");
    if (s->x.game_on) {
        add(&t, "start %d %d %d\n", s->x.stones, xcheck_depth_key(s->x.depth, s->x.algo),
            s->x.person_first ? 1 : 0);
        add(&t, "moves");
        for (int i = 0; i < s->nchecks; i++)
            if (s->checks[i].person > 0)
                add(&t, " %d", s->checks[i].person);
        add(&t, "\n");
        save_redo(s, &t);
        int need = kalah_game_format(&s->x.game, NULL, 0);
        char *g = malloc((size_t)need + 1);
        if (g) {
            kalah_game_format(&s->x.game, g, (size_t)need + 1);
            add(&t, "game %s\n", g);
            free(g);
        } else
            t.failed = true;
    }
    if (s->run_open && s->x.watching != XCHECK_RUN_NONE) {
        /* A turn under way: what the person keyed when it started. */
        char a[32], b[32], c[32];
        vm_num_format(s->x.input[0], a, sizeof a);
        vm_num_format(s->x.input[1], b, sizeof b);
        vm_num_format(s->x.input[2], c, sizeof c);
        add(&t, "running %d %s %s %s\n", s->x.watching, a, b, c);
    }
    add(&t, "since %llu\n", (unsigned long long)ui_session_since_move(s));
    add(&t, "machine\n");
    int need = vm_state_format(&s->x.m, NULL, 0);
    char *m = malloc((size_t)need + 1);
    if (m) {
        vm_state_format(&s->x.m, m, (size_t)need + 1);
        add(&t, "%s", m);
        free(m);
    } else
        t.failed = true;
    if (t.failed || !t.buf) {
        snprintf(err, size, "out of memory");
        free(t.buf);
        return false;
    }
    *out = t.buf;
    return true;
}

/* The parsed header lines of a saved game. */
typedef struct saved {
    int settings[3], start[3];
    bool has_start;
    int speed;
    int moves[512], nmoves;
    int redo[512], nredo;   /* moves Redo can give again ("redo") */
    bool brk[VM_MAX_STEPS];
    const char *game;   /* the rest of the "game" line, in the body */
    size_t game_len;
    int watching;       /* a turn under way ("running"), else XCHECK_RUN_NONE */
    bool has_since;     /* instructions since the person's move ("since") */
    unsigned long long since;
    vm_num input[3];
    const char *machine;/* the text after the "machine" line */
    int machine_line;   /* its line number in the file */
} saved;

static bool parse_ints(const char *s, int *v, int max, int *count)
{
    int n = 0;
    for (;;) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        char *end;
        long x = strtol(s, &end, 10);
        if (end == s || (*end && *end != ' ') || x < -1000000 || x > 1000000 || n == max)
            return false;
        v[n++] = (int)x;
        s = end;
    }
    *count = n;
    return true;
}

/* The text's lines, line0 the first's number in the file called path (for
 * messages). */
static bool parse_saved(char *body, saved *sv, const char *path, int line0, char *err,
                        size_t size)
{
    memset(sv, 0, sizeof *sv);
    sv->speed = UI_SPEED_MAX;
    bool has_settings = false;
    int lineno = line0;
    for (char *line = body; *line; lineno++) {
        char *nl = strchr(line, '\n');
        char *next = nl ? nl + 1 : line + strlen(line);
        if (nl)
            *nl = '\0';
        char word[16] = "";
        sscanf(line, "%15s", word);
        const char *rest = line + strlen(word);
        int v[512] = {0}, n = 0;
        bool ok = true;
        if (line[0] == '#' || line[0] == '\0' || strcmp(word, "program") == 0) {
        } else if (strcmp(word, "settings") == 0) {
            /* The depth key: d, or 10 + d for alpha-beta. */
            ok = parse_ints(rest, v, 3, &n) && n == 3 && v[0] >= 1 && v[0] <= 9 &&
                 (v[2] == 0 || v[2] == 1);
            ok = ok && ((v[1] >= 1 && v[1] <= 9) ||
                        (v[1] > XCHECK_KEY_AB && v[1] <= XCHECK_KEY_AB + 9));
            memcpy(sv->settings, v, sizeof sv->settings);
            has_settings = ok;
        } else if (strcmp(word, "start") == 0) {
            ok = parse_ints(rest, v, 3, &n) && n == 3 && v[0] >= 1 && v[0] <= 99 && v[1] >= 1 &&
                 v[1] <= 99;
            memcpy(sv->start, v, sizeof sv->start);
            sv->has_start = ok;
        } else if (strcmp(word, "speed") == 0) {
            ok = parse_ints(rest, v, 1, &n) && n == 1 && v[0] >= 0 && v[0] < UI_SPEED_COUNT;
            sv->speed = v[0];
        } else if (strcmp(word, "breakpoints") == 0) {
            ok = parse_ints(rest, v, 512, &n);
            for (int k = 0; ok && k < n; k++)
                if (v[k] < 0 || v[k] >= VM_MAX_STEPS)
                    ok = false;
                else
                    sv->brk[v[k]] = true;
        } else if (strcmp(word, "moves") == 0) {
            ok = parse_ints(rest, sv->moves, 512, &sv->nmoves);
            for (int k = 0; ok && k < sv->nmoves; k++)
                ok = sv->moves[k] >= 1 && sv->moves[k] <= 6;
        } else if (strcmp(word, "redo") == 0) {
            ok = parse_ints(rest, sv->redo, 512, &sv->nredo);
            for (int k = 0; ok && k < sv->nredo; k++)
                ok = sv->redo[k] >= 1 && sv->redo[k] <= 6;
        } else if (strcmp(word, "running") == 0) {
            char a[4][40];
            ok = sscanf(rest, " %39s %39s %39s %39s", a[0], a[1], a[2], a[3]) == 4 &&
                 parse_ints(a[0], v, 1, &n) && n == 1 && v[0] > XCHECK_RUN_NONE &&
                 v[0] <= XCHECK_RUN_IDLE && vm_num_parse(a[1], &sv->input[0]) &&
                 vm_num_parse(a[2], &sv->input[1]) && vm_num_parse(a[3], &sv->input[2]);
            sv->watching = v[0];
        } else if (strcmp(word, "since") == 0) {
            char *end;
            const char *d = rest + strspn(rest, " ");
            errno = 0;
            sv->since = strtoull(d, &end, 10);
            ok = *d >= '0' && *d <= '9' && *end == '\0' && errno == 0;
            sv->has_since = ok;
        } else if (strcmp(word, "game") == 0) {
            sv->game = rest + (*rest == ' ');
            sv->game_len = strlen(sv->game);
        } else if (strcmp(word, "machine") == 0 && rest[0] == '\0') {
            sv->machine = next;
            sv->machine_line = lineno + 1;
            break;
        } else {
            snprintf(err, size, "%s:%d: unknown line '%.40s' in a saved game", path, lineno, line);
            return false;
        }
        if (!ok) {
            snprintf(err, size, "%s:%d: malformed '%s' line", path, lineno, word);
            return false;
        }
        line = next;
    }
    if (!has_settings || !sv->machine) {
        snprintf(err, size, "%s: incomplete saved game: the %s line is missing", path,
                 has_settings ? "machine" : "settings");
        return false;
    }
    return true;
}

bool ui_session_load(ui_session *s, const char *text, const char *path, int line0, char *err,
                     size_t size)
{
    if (s->puluk)
        return ui_puluk_load(s, text, path, line0, err, size);
    char *body = malloc(strlen(text) + 1); /* the parser cuts it into lines */
    if (body)
        strcpy(body, text);
    bool ok = false;
    saved *sv = malloc(sizeof *sv);
    vm_machine *m = malloc(sizeof *m);
    ui_session *t = calloc(1, sizeof *t);
    if (!body || !sv || !m || !t) {
        snprintf(err, size, "cannot load %s: out of memory", path);
        goto out;
    }
    if (!parse_saved(body, sv, path, line0, err, size))
        goto out;
    vm_state_error e;
    if (!vm_state_parse(sv->machine, m, &e)) {
        snprintf(err, size, "%s:%d: %s", path, sv->machine_line + e.line - 1, e.message);
        goto out;
    }
    if (m->profile != s->prog.profile ||
        memcmp(m->prog, s->x.m.prog, sizeof(uint16_t) * (size_t)s->prog.length) != 0) {
        snprintf(err, size, "%s: the saved machine holds a different program from %s", path,
                 s->prog_name);
        goto out;
    }
    /* Replay on a new session, so that a failure leaves s as it was. */
    if (!ui_session_load_program(t, &s->prog, &s->decl, s->prog_name)) {
        snprintf(err, size, "cannot load %s: out of memory", path);
        goto out;
    }
    t->speed = UI_SPEED_MAX;
    /* The replay judges the calculator's moves again: with s's solver,
     * whose table has seen them (given back below if the load fails). */
    xcheck_judge_free(&t->judge);
    t->judge.solver = s->judge.solver;
    t->judge.rules = s->judge.rules;
    s->judge.solver = NULL;
    if (sv->has_start) {
        t->stones = sv->start[0];
        t->depth = sv->start[1] % XCHECK_KEY_AB;
        t->alphabeta = sv->start[1] >= XCHECK_KEY_AB;
        t->person_first = sv->start[2] != 0;
        ui_session_new_game(t);
        bool replayed = ui_session_settle(t, REPLAY_STEPS_MAX);
        for (int k = 0; replayed && k < sv->nmoves; k++)
            replayed = ui_session_pit(t, sv->moves[k]) && ui_session_settle(t, REPLAY_STEPS_MAX);
        /* The moves Redo gives again: played, then taken back. */
        for (int k = 0; replayed && k < sv->nredo; k++)
            replayed = ui_session_pit(t, sv->redo[k]) && ui_session_settle(t, REPLAY_STEPS_MAX);
        for (int k = 0; replayed && k < sv->nredo; k++)
            replayed = ui_session_undo(t);
        if (!replayed) {
            snprintf(err, size, "%s: replaying the saved moves failed (move %d is not legal "
                     "there, or the program did not stop)", path, (int)t->x.moves);
            goto out;
        }
        if (sv->game) {
            int need = kalah_game_format(&t->x.game, NULL, 0);
            char *g = malloc((size_t)need + 1);
            bool same = g && (kalah_game_format(&t->x.game, g, (size_t)need + 1),
                              strlen(g) == sv->game_len && memcmp(g, sv->game, sv->game_len) == 0);
            free(g);
            if (!same) {
                snprintf(err, size, "%s: the replayed game differs from the saved game line", path);
                goto out;
            }
        }
    }
    /* The machine as it was saved; its board must be the replay's. */
    kalah_pos before, after;
    bool had = ui_session_board(t, &before);
    if (sv->watching != XCHECK_RUN_NONE && t->checking)
        xcheck_watch_run(&t->x); /* the board registers a refused input must keep */
    t->x.m = *m;
    /* A board keyed by hand (x→П into its registers) is kept as it was
     * saved; the next check will show the difference. */
    bool differs = had && (!ui_session_board(t, &after) || memcmp(&before, &after, sizeof before) != 0);
    t->stones = sv->settings[0];
    /* The Depth button offers only what the program plays (a file saved
     * when it offered 4 comes back at 3). */
    int depth = sv->settings[1] % XCHECK_KEY_AB;
    t->depth = depth < XCHECK_DEPTH_MAX ? depth : XCHECK_DEPTH_MAX;
    t->alphabeta = sv->settings[1] > XCHECK_KEY_AB;
    t->person_first = sv->settings[2] != 0;
    t->speed = (ui_speed)sv->speed;
    memcpy(t->breakpoint, sv->brk, sizeof t->breakpoint);
    t->paused = t->x.m.running;
    if (sv->watching != XCHECK_RUN_NONE && t->checking) {
        t->x.watching = sv->watching;
        memcpy(t->x.input, sv->input, sizeof t->x.input);
        t->run_open = true;
        t->move_exec = t->x.m.executed;
    }
    /* The instructions since the person's move go on from where they were
     * (the replay's count is of its own machine). */
    if (sv->has_since)
        t->move_exec = t->x.m.executed >= sv->since ? t->x.m.executed - sv->since : 0;
    snprintf(t->status, sizeof t->status, "Loaded %s%s", path,
             differs ? " (its board was changed by hand: the next check will show it)" : "");
    long serial = s->search.serial;
    ui_session_free(s);
    *s = *t;
    /* The watcher and the undo points pointed at t's program. */
    s->x.prog = &s->prog;
    s->search.tree.prog = &s->prog;
    s->search.tree.decl = &s->decl;
    /* The Search panel starts empty: a what-if picked before the load
     * belongs to the game left (the serial goes on from the old one's). */
    s->search.serial = serial > s->search.serial ? serial : s->search.serial;
    ui_search_clear(&s->search);
    for (int i = 0; i < s->npoints; i++)
        s->points[i].watch.prog = &s->prog;
    free(t);
    t = NULL;
    ok = true;
out:
    if (t) {
        if (!s->judge.solver) {
            s->judge.solver = t->judge.solver;
            s->judge.rules = t->judge.rules;
            t->judge.solver = NULL;
        }
        ui_session_free(t);
        free(t);
    }
    free(sv);
    free(m);
    free(body);
    return ok;
}
