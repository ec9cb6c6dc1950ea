/* search_tree_check TREE.json [ALPHABETA.json]: checks the annotated tree
 * that `mk61 search --json -` writes against a plain alpha-beta of its own.
 *
 * TREE.json must be one JSON value and nothing else (the standard output
 * of `--json -`). Its nodes (each after its children, the children in the
 * order listed) are read back into a tree, every leaf valued by its
 * "minimax" field; over that tree, the textbook alpha-beta (a full window
 * at the root, the children in the listed order, a MAX node where "level"
 * says MAX, a cut as soon as alpha >= beta) visits some nodes: exactly
 * those must be marked "alphabeta_drawn", and counts.alphabeta_drawn must
 * be their number. When the tree is the calculator's alpha-beta
 * ("algorithm": "alphabeta"), its visited nodes must be those, numbered
 * ("visit") in the order this alpha-beta enters them, with the window it
 * enters them with ("alpha", "beta", null for no bound), its "cut", and
 * the value it finds ("calculator" and "core"); by minimax every node is
 * visited, numbered in pre-order.
 *
 * With ALPHABETA.json (`--alphabeta --json -` from the same position), the
 * nodes it visits must be the nodes TREE.json marks alphabeta_drawn, and
 * the two moves and positions the same. Prints what is wrong; exit 1
 * then. */
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define FAIL(...) (fprintf(stderr, __VA_ARGS__), fputc('\n', stderr), failures++)
#define NODES 4096

typedef struct node {
    json_object *o;
    char path[64]; /* the pits joined by spaces */
    int len;       /* moves from the root */
    int parent;    /* -1 the root */
    int kids[12], nkids;
    bool max;
    long value; /* a leaf's */
    /* this alpha-beta's */
    bool visited, cut;
    long visit;
    double alpha, beta, found;
} node;

typedef struct tree {
    json_object *root;
    int n;
    node nd[NODES];
    long visits;
} tree;

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

/* The file as one JSON value with nothing but white space after it. */
static json_object *read_json(const char *path)
{
    char *text = slurp(path);
    if (!text) {
        FAIL("%s: cannot read", path);
        return NULL;
    }
    json_tokener *tok = json_tokener_new();
    json_object *o = json_tokener_parse_ex(tok, text, (int)strlen(text));
    size_t at = tok ? json_tokener_get_parse_end(tok) : 0;
    if (!o)
        FAIL("%s: not JSON", path);
    else
        for (const char *p = text + at; *p; p++)
            if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r') {
                FAIL("%s: more than the JSON: '%.20s' after it", path, p);
                break;
            }
    json_tokener_free(tok);
    free(text);
    return o;
}

static json_object *get(json_object *o, const char *key)
{
    json_object *v = NULL;
    json_object_object_get_ex(o, key, &v);
    return v;
}

static bool build(tree *t, const char *file)
{
    json_object *nodes = get(t->root, "nodes");
    if (!nodes || !json_object_is_type(nodes, json_type_array)) {
        FAIL("%s: no nodes", file);
        return false;
    }
    t->n = (int)json_object_array_length(nodes);
    if (t->n > NODES || t->n == 0) {
        FAIL("%s: %d nodes", file, t->n);
        return false;
    }
    for (int i = 0; i < t->n; i++) {
        node *d = &t->nd[i];
        memset(d, 0, sizeof *d);
        d->o = json_object_array_get_idx(nodes, i);
        json_object *p = get(d->o, "path");
        d->len = p ? (int)json_object_array_length(p) : 0;
        for (int k = 0; k < d->len; k++) {
            size_t at = strlen(d->path);
            snprintf(d->path + at, sizeof d->path - at, "%s%s", k ? " " : "",
                     json_object_get_string(json_object_array_get_idx(p, k)));
        }
        d->max = strcmp(json_object_get_string(get(d->o, "level")), "MAX") == 0;
        d->value = json_object_get_int64(get(d->o, "minimax"));
        d->parent = -1;
    }
    /* Each node after its children: its parent is the first node after it
     * one move shorter whose path is a prefix of its. */
    for (int i = 0; i < t->n; i++) {
        node *d = &t->nd[i];
        if (d->len == 0)
            continue;
        for (int j = i + 1; j < t->n && d->parent < 0; j++) {
            node *u = &t->nd[j];
            size_t l = strlen(u->path);
            if (u->len == d->len - 1 && strncmp(u->path, d->path, l) == 0 &&
                (l == 0 || d->path[l] == ' '))
                d->parent = j;
        }
        if (d->parent < 0) {
            FAIL("%s: node %s has no parent after it", file, d->path);
            return false;
        }
        node *u = &t->nd[d->parent];
        u->kids[u->nkids++] = i;
    }
    if (t->nd[t->n - 1].len != 0)
        FAIL("%s: the last node is not the root", file);
    return true;
}

/* The textbook alpha-beta, in the minimax form, children in the listed
 * order. */
static double alphabeta(tree *t, int i, double alpha, double beta)
{
    node *d = &t->nd[i];
    d->visited = true;
    d->visit = ++t->visits;
    d->alpha = alpha;
    d->beta = beta;
    if (d->nkids == 0)
        return d->found = (double)d->value;
    double best = d->max ? -INFINITY : INFINITY;
    for (int k = 0; k < d->nkids; k++) {
        double v = alphabeta(t, d->kids[k], alpha, beta);
        if (d->max) {
            best = v > best ? v : best;
            alpha = best > alpha ? best : alpha;
        } else {
            best = v < best ? v : best;
            beta = best < beta ? best : beta;
        }
        if (alpha >= beta) {
            d->cut = true;
            break;
        }
    }
    return d->found = best;
}

/* A JSON bound: null is no bound. */
static bool bound_is(json_object *o, double want)
{
    if (!o)
        return isinf(want);
    return !isinf(want) && json_object_get_int64(o) == (long)want;
}

static void check_tree(tree *t, const char *file)
{
    alphabeta(t, t->n - 1, -INFINITY, INFINITY);
    bool ab = strcmp(json_object_get_string(get(t->root, "algorithm")), "alphabeta") == 0;
    long drawn = 0, pre = 0;
    for (int i = 0; i < t->n; i++) {
        node *d = &t->nd[i];
        drawn += d->visited;
        if (json_object_get_boolean(get(d->o, "alphabeta_drawn")) != d->visited)
            FAIL("%s: node %s: alphabeta_drawn %s, alpha-beta in the listed order %s it", file,
                 d->path[0] ? d->path : "root", d->visited ? "false" : "true",
                 d->visited ? "visits" : "skips");
        json_object *visit = get(d->o, "visit");
        if (!ab)
            continue;
        if (!d->visited) {
            if (visit)
                FAIL("%s: node %s visited, alpha-beta skips it", file, d->path);
            continue;
        }
        long v = visit ? json_object_get_int64(visit) : 0;
        long calc = json_object_get_int64(get(d->o, "calculator"));
        long core = json_object_get_int64(get(d->o, "core"));
        if (v != d->visit)
            FAIL("%s: node %s: visit %ld, alpha-beta enters it %ld-th", file, d->path, v,
                 d->visit);
        if (!bound_is(get(d->o, "alpha"), d->alpha) || !bound_is(get(d->o, "beta"), d->beta))
            FAIL("%s: node %s: window [%s, %s], alpha-beta's [%g, %g]", file, d->path,
                 json_object_to_json_string(get(d->o, "alpha")),
                 json_object_to_json_string(get(d->o, "beta")), d->alpha, d->beta);
        if (json_object_get_boolean(get(d->o, "cut")) != d->cut)
            FAIL("%s: node %s: cut %d, alpha-beta's %d", file, d->path, !d->cut, d->cut);
        if (calc != (long)d->found || core != (long)d->found)
            FAIL("%s: node %s: calculator %ld, core %ld, alpha-beta's %g", file, d->path, calc,
                 core, d->found);
    }
    if (!ab) { /* minimax: every node, in pre-order (a node before its children) */
        for (int i = 0; i < t->n; i++) {
            node *d = &t->nd[i];
            long v = json_object_get_int64(get(d->o, "visit"));
            if (d->parent >= 0 && json_object_get_int64(get(t->nd[d->parent].o, "visit")) >= v)
                FAIL("%s: node %s visited before its parent", file, d->path);
            pre += v;
        }
        if (pre != (long)t->n * (t->n + 1) / 2)
            FAIL("%s: the visit numbers are not 1..%d", file, t->n);
    }
    json_object *counts = get(t->root, "counts");
    if (json_object_get_int64(get(counts, "alphabeta_drawn")) != drawn)
        FAIL("%s: counts.alphabeta_drawn %lld, alpha-beta visits %ld", file,
             (long long)json_object_get_int64(get(counts, "alphabeta_drawn")), drawn);
    printf("%s: %s, %d nodes, alpha-beta in the listed order visits %ld\n", file,
           ab ? "alpha-beta" : "minimax", t->n, drawn);
}

static tree one, two;

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: search_tree_check TREE.json [ALPHABETA.json]\n");
        return 2;
    }
    tree *trees[2] = {&one, &two};
    for (int k = 0; k + 1 < argc; k++) {
        trees[k]->root = read_json(argv[k + 1]);
        if (trees[k]->root && build(trees[k], argv[k + 1]))
            check_tree(trees[k], argv[k + 1]);
    }
    if (argc == 3 && !failures) {
        const char *keys[] = {"move", "position", "depth"};
        for (int k = 0; k < 3; k++)
            if (strcmp(json_object_to_json_string(get(one.root, keys[k])),
                       json_object_to_json_string(get(two.root, keys[k]))) != 0)
                FAIL("%s: %s and %s differ", keys[k], argv[1], argv[2]);
        if (one.n != two.n)
            FAIL("%d and %d nodes", one.n, two.n);
        for (int i = 0; i < one.n && i < two.n; i++)
            if (strcmp(one.nd[i].path, two.nd[i].path) != 0 ||
                json_object_get_boolean(get(one.nd[i].o, "alphabeta_drawn")) !=
                    (get(two.nd[i].o, "visit") != NULL))
                FAIL("node %s: marked alphabeta_drawn %d in %s, visited %d in %s",
                     one.nd[i].path, json_object_get_boolean(get(one.nd[i].o, "alphabeta_drawn")),
                     argv[1], get(two.nd[i].o, "visit") != NULL, argv[2]);
    }
    json_object_put(one.root);
    json_object_put(two.root);
    return failures ? 1 : 0;
}
