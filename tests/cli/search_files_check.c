/* search_files_check JSON SVG: checks what `mk61 search --json --svg` wrote.
 *
 * The JSON must parse (json-c) and every value in it must be the core's
 * own: each node's position is replayed from the root position by its
 * path (the pit names as the person sees them: Pk is the person's pit k,
 * Ck the calculator's own pit 7 - k, programs/kalah.md), and its value is
 * the core's minimax to the depth left, for the calculator (a finished
 * game: its final margin times 100, as the program scores it); the move
 * and the four node counts are the core's kalah_search figures of the
 * root (by alpha-beta, "algorithm": "alphabeta", the calculator's value is
 * its alpha-beta bound, the core's the same, and the nodes it skips have
 * none; every node's "minimax" is the core's minimax). The SVG must be
 * well-formed XML: one root element, every tag
 * closed in order, attributes quoted, only the five named entities or
 * character references. Prints what is wrong; exit 1 then. */
#include "kalah.h"
#include "kalah_search.h"

#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define FAIL(...) (fprintf(stderr, __VA_ARGS__), fputc('\n', stderr), failures++)

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

static json_object *field(json_object *o, const char *key, json_type type)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, type)) {
        FAIL("JSON: no %s of the right type", key);
        return NULL;
    }
    return v;
}

/* The core's value of p for side `calc`, depth d, in the program's scale. */
static double core_value(const kalah_rules *r, const kalah_pos *p, int calc, int d)
{
    double v;
    if (kalah_over(r, p)) {
        int m = kalah_margin(r, p);
        return (calc == KALAH_SOUTH ? m : -m) * 100.0;
    }
    if (d == 0) {
        v = kalah_eval(r, p, calc, KALAH_E1);
    } else {
        kalah_player pl = {.algo = KALAH_MINIMAX, .eval = KALAH_E1, .depth = d};
        kalah_result res;
        kalah_search(r, p, &pl, NULL, &res, NULL);
        v = p->to_move == calc ? res.value : -res.value;
    }
    return fabs(v) >= KALAH_TERMINAL ? v / KALAH_TERMINAL * 100 : v;
}

static long count(const kalah_rules *r, const kalah_pos *p, kalah_algo algo, int d, int *move,
                  bool pit_order)
{
    kalah_player pl = {.algo = algo, .eval = KALAH_E1, .depth = d, .pit_order = pit_order};
    kalah_result res;
    kalah_search(r, p, &pl, NULL, &res, NULL);
    if (move)
        *move = res.move;
    return (long)res.nodes;
}

static void check_json(const char *path)
{
    char *text = slurp(path);
    json_object *root = text ? json_tokener_parse(text) : NULL;
    free(text);
    if (!root) {
        FAIL("%s: not JSON", path);
        return;
    }
    json_object *pos = field(root, "position", json_type_string),
                *depth = field(root, "depth", json_type_int),
                *nodes = field(root, "nodes", json_type_array),
                *move = field(root, "move", json_type_string),
                *counts = field(root, "counts", json_type_object);
    if (!pos || !depth || !nodes || !move || !counts) {
        json_object_put(root);
        return;
    }
    kalah_rules r;
    kalah_pos start;
    if (kalah_pos_parse(json_object_get_string(pos), &r, &start, NULL) != KALAH_OK) {
        FAIL("position '%s' does not parse", json_object_get_string(pos));
        json_object_put(root);
        return;
    }
    int d = json_object_get_int(depth), calc = start.to_move, best;
    long minimax = count(&r, &start, KALAH_MINIMAX, d, &best, false);
    char want[16];
    snprintf(want, sizeof want, "C%d", 7 - best);
    if (strcmp(json_object_get_string(move), want) != 0)
        FAIL("move %s, the core's %s", json_object_get_string(move), want);
    json_object *algo = field(root, "algorithm", json_type_string);
    bool ab = algo && strcmp(json_object_get_string(algo), "alphabeta") == 0;
    long drawn = count(&r, &start, KALAH_ALPHABETA, d, NULL, true);
    static const char *const names[] = {"calculator", "minimax", "alphabeta", "alphabeta003",
                                        "alphabeta_drawn"};
    long wants[] = {ab ? drawn : minimax, minimax,
                    count(&r, &start, KALAH_ALPHABETA, d, NULL, false),
                    count(&r, &start, KALAH_ALPHABETA003, d, NULL, false), drawn};
    for (int k = 0; k < 5; k++) {
        json_object *c = field(counts, names[k], json_type_int);
        if (c && json_object_get_int64(c) != wants[k])
            FAIL("counts.%s %lld, the core's %ld", names[k], (long long)json_object_get_int64(c),
                 wants[k]);
    }
    size_t n = json_object_array_length(nodes);
    if ((long)n != minimax)
        FAIL("%zu nodes, the core's minimax has %ld", n, minimax);
    for (size_t i = 0; i < n; i++) {
        json_object *node = json_object_array_get_idx(nodes, i);
        json_object *p = field(node, "path", json_type_array),
                    *side = field(node, "side", json_type_string),
                    *mm = field(node, "minimax", json_type_int), *visit = NULL;
        json_object_object_get_ex(node, "visit", &visit);
        /* By alpha-beta, a node skipped has no value, no cost; one visited
         * has its alpha-beta value (search_tree_check checks it). */
        bool valued = !ab || visit;
        json_object *cv = valued ? field(node, "calculator", json_type_int) : NULL,
                    *core = valued ? field(node, "core", json_type_int) : NULL,
                    *ins = valued ? field(node, "instructions", json_type_int) : NULL;
        if (!p || !side || !mm || (valued && (!cv || !core || !ins)))
            break;
        kalah_pos q = start;
        size_t len = json_object_array_length(p);
        for (size_t k = 0; k < len; k++) {
            const char *pit = json_object_get_string(json_object_array_get_idx(p, k));
            bool calc_moves = q.to_move == calc;
            if (strlen(pit) != 2 || pit[0] != (calc_moves ? 'C' : 'P') || pit[1] < '1' ||
                pit[1] > '6' ||
                kalah_play(&r, &q, calc_moves ? 7 - (pit[1] - '0') : pit[1] - '0', NULL,
                           NULL) != KALAH_OK) {
                FAIL("node %zu: pit %s cannot be played there", i + 1, pit);
                break;
            }
        }
        double v = core_value(&r, &q, calc, d - (int)len);
        if (json_object_get_int64(mm) != (int64_t)v)
            FAIL("node %zu: minimax %lld, the core's %.0f", i + 1,
                 (long long)json_object_get_int64(mm), v);
        if (!ab && (json_object_get_int64(cv) != (int64_t)v ||
                    json_object_get_int64(core) != (int64_t)v))
            FAIL("node %zu: calculator %lld, core %lld, the core's minimax %.0f", i + 1,
                 (long long)json_object_get_int64(cv), (long long)json_object_get_int64(core), v);
        if (ab && visit && json_object_get_int64(cv) != json_object_get_int64(core))
            FAIL("node %zu: calculator %lld, core %lld", i + 1,
                 (long long)json_object_get_int64(cv), (long long)json_object_get_int64(core));
        const char *s = json_object_get_string(side);
        if (!kalah_over(&r, &q) &&
            strcmp(s, q.to_move == calc ? "calculator" : "person") != 0)
            FAIL("node %zu: side %s", i + 1, s);
        if (valued && json_object_get_int64(ins) < 1)
            FAIL("node %zu: %lld instructions", i + 1, (long long)json_object_get_int64(ins));
        if (i + 1 == n && len != 0)
            FAIL("the last node finished is not the root");
    }
    json_object_put(root);
}

/* ---- XML well-formedness ------------------------------------------------ */

static bool name_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* An entity or character reference at s ('&'); its length, 0 if bad. */
static int entity(const char *s)
{
    static const char *const named[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (int k = 0; k < 5; k++)
        if (strncmp(s, named[k], strlen(named[k])) == 0)
            return (int)strlen(named[k]);
    if (s[1] != '#')
        return 0;
    int i = 2;
    bool hex = s[i] == 'x';
    i += hex;
    int start = i;
    while ((s[i] >= '0' && s[i] <= '9') ||
           (hex && ((s[i] >= 'a' && s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F'))))
        i++;
    return i > start && s[i] == ';' ? i + 1 : 0;
}

static void check_svg(const char *path)
{
    char *s = slurp(path);
    if (!s) {
        FAIL("%s: cannot read", path);
        return;
    }
    const char *stack[256];
    int lens[256], depth = 0, roots = 0;
    const char *p = s;
    if (strncmp(p, "<?xml ", 6) == 0) {
        p = strstr(p, "?>");
        p = p ? p + 2 : s + strlen(s);
    }
    while (*p && !failures) {
        if (*p == '&') {
            int n = entity(p);
            if (!n)
                FAIL("SVG: a bare & at byte %ld", (long)(p - s));
            p += n ? n : 1;
            continue;
        }
        if (*p != '<') {
            if (depth == 0 && *p != ' ' && *p != '\n')
                FAIL("SVG: text outside the root element at byte %ld", (long)(p - s));
            p++;
            continue;
        }
        bool closing = p[1] == '/';
        const char *name = p + 1 + closing;
        int n = 0;
        while (name_char(name[n], n == 0))
            n++;
        if (!n) {
            FAIL("SVG: a '<' without a tag name at byte %ld", (long)(p - s));
            break;
        }
        p = name + n;
        if (closing) {
            if (depth == 0 || lens[depth - 1] != n || strncmp(stack[depth - 1], name, (size_t)n))
                FAIL("SVG: </%.*s> closes nothing open", n, name);
            depth--;
            while (*p == ' ' || *p == '\n')
                p++;
            if (*p++ != '>')
                FAIL("SVG: </%.*s> not ended by >", n, name);
            continue;
        }
        for (;;) { /* attributes */
            while (*p == ' ' || *p == '\n')
                p++;
            if (*p == '>' || (p[0] == '/' && p[1] == '>'))
                break;
            int a = 0;
            while (name_char(p[a], a == 0))
                a++;
            if (!a || p[a] != '=' || (p[a + 1] != '"' && p[a + 1] != '\'')) {
                FAIL("SVG: a bad attribute in <%.*s> at byte %ld", n, name, (long)(p - s));
                break;
            }
            char q = p[a + 1];
            p += a + 2;
            while (*p && *p != q) {
                if (*p == '<' || (*p == '&' && !entity(p)))
                    FAIL("SVG: '%c' inside an attribute of <%.*s>", *p, n, name);
                p++;
            }
            if (*p++ != q) {
                FAIL("SVG: an attribute of <%.*s> is not closed", n, name);
                break;
            }
        }
        if (failures)
            break;
        if (*p == '/') {
            p += 2;
            roots += depth == 0;
            continue;
        }
        p++;
        if (depth == 0)
            roots++;
        if (depth == 256) {
            FAIL("SVG: nested too deep");
            break;
        }
        stack[depth] = name;
        lens[depth++] = n;
    }
    if (!failures && (depth != 0 || roots != 1))
        FAIL("SVG: %d elements left open, %d root elements", depth, roots);
    if (!failures && strncmp(stack[0], "svg", 3) != 0)
        FAIL("SVG: the root element is not <svg>");
    free(s);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: search_files_check JSON SVG\n");
        return 2;
    }
    check_json(argv[1]);
    check_svg(argv[2]);
    if (!failures)
        printf("search files agree with the core and are well-formed\n");
    return failures ? 1 : 0;
}
