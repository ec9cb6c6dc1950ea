/* A game of puluk play, its record and its saved file. */
#include "puluk_cli_game.h"
#include "puluk_players.h"
#include "kalah_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GAME_MAGIC "puluk61-game"
#define GAME_VERSION 1

void puluk_game_init(puluk_game *g, const puluk_rules *r)
{
    free(g->ply);
    memset(g, 0, sizeof *g);
    g->rules = *r;
    g->start = g->pos = puluk_start(r);
}

void puluk_game_free(puluk_game *g)
{
    free(g->ply);
    g->ply = NULL;
    g->n = g->cap = 0;
}

bool puluk_game_play(puluk_game *g, int from, puluk_move_info *info, kalah_error *err)
{
    if (g->n == g->cap) {
        int cap = g->cap ? 2 * g->cap : 64;
        puluk_ply *p = realloc(g->ply, (size_t)cap * sizeof *p);
        if (!p) {
            kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the game's record");
            return false;
        }
        g->ply = p;
        g->cap = cap;
    }
    uint8_t thrown = g->pos.thrown;
    if (puluk_play(&g->rules, &g->pos, from, info, err) != KALAH_OK)
        return false;
    g->ply[g->n++] = (puluk_ply){thrown, (int8_t)from};
    return true;
}

int puluk_game_mover(const puluk_game *g, int k)
{
    /* Every ply changes the side to move. */
    return (g->start.to_move + k) % 2;
}

void puluk_game_back(puluk_game *g, int k)
{
    puluk_pos p = g->start;
    for (int i = 0; i < k; i++) {
        p.thrown = g->ply[i].thrown;
        puluk_play(&g->rules, &p, g->ply[i].from, NULL, NULL);
    }
    if (k < g->n)
        p.thrown = g->ply[k].thrown;
    g->pos = p;
    g->n = k;
}

/* ---- the file ------------------------------------------------------------------ */

/* The body: everything after the checksum's line. Allocated. */
static char *body_of(const puluk_game *g)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    char text[PULUK_TEXT_MAX];
    puluk_rules_format(&g->rules, text, sizeof text);
    fprintf(f, "rules %s\nwhite %s\nblack %s\nthrows %s\nrng %llu\n", text, g->who[0],
            g->who[1], g->typed ? "typed" : "random", (unsigned long long)g->rng_state);
    puluk_pos_format(&g->rules, &g->start, text, sizeof text);
    fprintf(f, "start %s\n", text);
    for (int i = 0; i < g->n; i++)
        fprintf(f, "ply %d %d\n", g->ply[i].thrown, g->ply[i].from);
    if (g->pos.thrown)
        fprintf(f, "thrown %d\n", g->pos.thrown);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

bool puluk_game_save(const puluk_game *g, const char *path, char *err, size_t size)
{
    char *body = body_of(g);
    if (!body)
        return kalah_file_error(err, size, "no memory to save the game");
    bool ok = kalah_file_save(path, GAME_MAGIC, GAME_VERSION, body, err, size);
    free(body);
    return ok;
}

/* The next line of *s as a string (its newline replaced); NULL at the end. */
static char *next_line(char **s)
{
    if (!**s)
        return NULL;
    char *line = *s, *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *s = nl + 1;
    } else {
        *s += strlen(line);
    }
    return line;
}

/* "KEY VALUE": the value, or NULL when the line is another key. */
static const char *value_of(const char *line, const char *key)
{
    size_t k = strlen(key);
    return line && strncmp(line, key, k) == 0 && line[k] == ' ' ? line + k + 1 : NULL;
}

static bool valid_who(const char *who)
{
    puluk_player pl;
    return strcmp(who, "human") == 0 ||
           (strlen(who) < 32 && puluk_player_parse(who, &pl, NULL) == KALAH_OK);
}

/* Parses the body into *g (fresh); false with err set, naming the line. */
static bool parse_body(char *s, const char *path, puluk_game *g, char *err, size_t size)
{
    int lineno = KALAH_FILE_BODY_LINE - 1;
    char *line;
    const char *v;
    kalah_error e;
#define BAD(...)                                                                           \
    do {                                                                                   \
        char why_[200];                                                                    \
        snprintf(why_, sizeof why_, __VA_ARGS__);                                          \
        snprintf(err, size, "%s:%d: %s", path, lineno, why_);                              \
        return false;                                                                      \
    } while (0)
#define NEXT(key)                                                                          \
    do {                                                                                   \
        lineno++;                                                                          \
        line = next_line(&s);                                                              \
        if (!(v = value_of(line, key)))                                                    \
            BAD("expected '%s ...'", key);                                                 \
    } while (0)
    NEXT("rules");
    puluk_rules r;
    if (puluk_rules_parse(v, &r, &e) != KALAH_OK)
        BAD("the rules: %s", e.message);
    puluk_game_init(g, &r);
    for (int side = 0; side < 2; side++) {
        NEXT(side ? "black" : "white");
        if (!valid_who(v))
            BAD("'%.40s' is not human nor a player", v);
        snprintf(g->who[side], sizeof g->who[side], "%s", v);
    }
    NEXT("throws");
    if (strcmp(v, "random") != 0 && strcmp(v, "typed") != 0)
        BAD("throws are random or typed");
    g->typed = v[0] == 't';
    NEXT("rng");
    char *end;
    errno = 0;
    g->rng_state = strtoull(v, &end, 10);
    if (*v < '0' || *v > '9' || *end || errno)
        BAD("expected the generator's state, a whole number");
    NEXT("start");
    puluk_rules sr;
    if (puluk_pos_parse(v, &sr, &g->start, &e) != KALAH_OK)
        BAD("the start: %s", e.message);
    if (memcmp(&sr, &r, sizeof r) != 0 || g->start.thrown)
        BAD("the start is not a position of the game's rules before a throw");
    g->pos = g->start;
    while ((line = next_line(&s)) != NULL) {
        lineno++;
        int t, from;
        char extra;
        if ((v = value_of(line, "ply")) && sscanf(v, "%d %d%c", &t, &from, &extra) == 2) {
            if (g->pos.thrown)
                BAD("a ply after the line 'thrown'");
            if (puluk_throw(&g->rules, &g->pos, t, &e) != KALAH_OK ||
                !puluk_game_play(g, from, NULL, &e))
                BAD("ply %d: %s", g->n + 1, e.message);
        } else if ((v = value_of(line, "thrown")) && sscanf(v, "%d%c", &t, &extra) == 1) {
            if (g->pos.thrown || puluk_throw(&g->rules, &g->pos, t, &e) != KALAH_OK)
                BAD("the throw: %s", g->pos.thrown ? "made twice" : e.message);
        } else if (*line) {
            BAD("expected 'ply THROW MOVE' or 'thrown THROW'");
        }
    }
#undef NEXT
#undef BAD
    return true;
}

bool puluk_game_load(puluk_game *g, const char *path, bool *missing, char *err, size_t size)
{
    struct stat st;
    *missing = stat(path, &st) != 0 && errno == ENOENT;
    char *body;
    int version;
    if (!kalah_file_load(path, GAME_MAGIC, GAME_VERSION, &body, &version, err, size))
        return false;
    puluk_game tmp = {0};
    bool ok = parse_body(body, path, &tmp, err, size);
    if (ok) {
        puluk_game_free(g);
        *g = tmp;
    } else {
        puluk_game_free(&tmp);
    }
    free(body);
    return ok;
}
