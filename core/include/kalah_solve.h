/*
 * kalah_solve.h: the exact solver and its endgame database (prefixes
 * kalah_solver_, kalah_egdb_). Same contract as kalah.h: nothing prints or
 * exits; errors come back as a kalah_status with a kalah_error. The only
 * files touched are the ones named to kalah_egdb_save and kalah_egdb_open.
 * docs/solver.md explains the techniques and the measurements behind them,
 * docs/egdb.md the database file.
 *
 * Values. A solver value is a final margin, from the point of view of the
 * side to move in the position given: its store minus the other's when the
 * game is over, with both playing perfectly. At the start of a game that is
 * the first player's margin (Kalah(6,4): +8).
 *
 * Internally the search works on the "gain": the final margin minus the
 * current store difference. Under rules without "decided" the gain depends
 * only on the stones in the pits and who moves, so the transposition table
 * and the endgame database ignore the stores; under "decided" (and relay
 * Kalah) the table's key also holds the stores, and no database is used.
 */
#ifndef KALAH_SOLVE_H
#define KALAH_SOLVE_H

#include "kalah.h"

#include <signal.h>

#define KALAH_SOLVE_MAX_THREADS 8
/* The solver (and so the player `exact` and the level `strong`) refuses
 * rules with more stones than this, 2·m·n: Kalah(11,12), Kalah(12,11) and
 * Kalah(12,12). */
#define KALAH_SOLVE_MAX_TOTAL 255
#define KALAH_SOLVE_TT_DEFAULT ((size_t)256 << 20) /* bytes */
#define KALAH_SOLVE_TT_MIN ((size_t)1 << 16)

/* ---- endgame database ---------------------------------------------------- */

/* Every position with at most max_stones stones in the pits (any stores),
 * the exact gain of the side to move, one byte each. Opaque; in memory or
 * memory-mapped from a file. */
typedef struct kalah_egdb kalah_egdb;

#define KALAH_EGDB_MAX_STONES 40

/* Whether a database can serve r: the gain must not depend on the stores
 * (no "decided", so no relay Kalah either). */
bool kalah_egdb_applies(const kalah_rules *r);

/* Positions in a database of r with up to max_stones stones in play. 0 when
 * the count does not fit in 63 bits. */
uint64_t kalah_egdb_positions(const kalah_rules *r, int max_stones);

/* Called now and then while building: level is the number of stones in play
 * being solved (0..max_stones), done of total positions finished overall.
 * Return false to stop the build (it then fails with KALAH_EINVAL, "stopped"). */
typedef bool (*kalah_egdb_progress_fn)(int level, int max_stones, uint64_t done,
                                       uint64_t total, void *ctx);

/* Builds the database of r up to max_stones in memory, with threads
 * threads (1..KALAH_SOLVE_MAX_THREADS). Allocates. */
kalah_status kalah_egdb_build(const kalah_rules *r, int max_stones, int threads,
                              kalah_egdb_progress_fn progress, void *ctx, kalah_egdb **out,
                              kalah_error *err);

/* Writes db to path (docs/egdb.md) whole or not at all, as kalah_file.h
 * writes every file. */
kalah_status kalah_egdb_save(const kalah_egdb *db, const char *path, kalah_error *err);

/* Maps the database file at path read-only and checks its header and
 * checksum. Fails with KALAH_ESYNTAX and a reason when the file is damaged
 * (short, wrong magic, unknown version, inconsistent header, checksum
 * mismatch), KALAH_EINVAL when it cannot be opened. When rules is not NULL,
 * the file must be for those rules (else KALAH_EINVAL). */
kalah_status kalah_egdb_open(const char *path, const kalah_rules *rules, kalah_egdb **out,
                             kalah_error *err);

void kalah_egdb_free(kalah_egdb *db);

/* Copies the values of a mapped database into memory asked to be backed by
 * huge pages, and releases the mapping as it goes: a probe is a random
 * access, and with 4 KiB pages most probes also miss the TLB (Kalah(6,4)
 * with a 20-stone database: 40 s of search with the mapping, 29 s pinned).
 * threads (1..KALAH_SOLVE_MAX_THREADS) share the copy. A database built in
 * memory is already there. */
kalah_status kalah_egdb_pin(kalah_egdb *db, int threads, kalah_error *err);

typedef struct kalah_egdb_info {
    kalah_rules rules;
    int max_stones;
    uint64_t positions;
    uint64_t checksum;
    size_t bytes;  /* of the values */
    bool mapped;   /* read from a file */
    bool pinned;   /* copied into huge-page memory (kalah_egdb_pin) */
    const void *map; /* the file's mapping while not pinned (else NULL), */
    size_t map_len;  /* for the caller to ask the system how it is backed */
} kalah_egdb_info;

void kalah_egdb_describe(const kalah_egdb *db, kalah_egdb_info *out);

/* The gain of the side to move in p (final margin minus the current store
 * difference), when p is in the database. False when p has more stones in
 * play than the database holds, or the game is over. */
bool kalah_egdb_probe(const kalah_egdb *db, const kalah_pos *p, int *gain);

/* ---- the solver ------------------------------------------------------------ */

typedef struct kalah_solver kalah_solver;

/* Techniques that can be switched off, to measure what each one is worth. */
enum {
    KALAH_SOLVE_NO_ORDER = 1u << 0,    /* pits right to left only */
    KALAH_SOLVE_NO_FUTILITY = 1u << 1, /* no bounds from the stones in play */
    KALAH_SOLVE_NO_ETC = 1u << 2,      /* no enhanced transposition cutoffs */
    KALAH_SOLVE_NO_DEEPENING = 1u << 3, /* straight to the exact search */
    KALAH_SOLVE_NO_COMPACT = 1u << 4,   /* four 16-byte table entries a bucket
                                           even where eight one-word ones fit */
    KALAH_SOLVE_NO_HISTORY = 1u << 5    /* moves the rules' order ties stay
                                           right to left */
};

typedef struct kalah_solve_config {
    size_t tt_bytes;        /* transposition table; 0: KALAH_SOLVE_TT_DEFAULT */
    int threads;            /* 1..KALAH_SOLVE_MAX_THREADS; 0: 1 */
    const kalah_egdb *egdb; /* may be NULL; must be for the solver's rules and
                               outlive the solver */
    unsigned disable;       /* KALAH_SOLVE_NO_* */
    int etc_from;           /* enhanced transposition cutoffs at nodes with at
                               least this many stones in play; 0: the default,
                               13 above the database, 33 without one */
} kalah_solve_config;

/* Creates a solver for r. Its table persists between runs (positions of
 * one game share it). Allocates. */
kalah_status kalah_solver_new(const kalah_rules *r, const kalah_solve_config *cfg,
                              kalah_solver **out, kalah_error *err);
void kalah_solver_free(kalah_solver *s);

/* Forgets everything the table holds. */
void kalah_solver_clear(kalah_solver *s);

/* Bytes the solver uses (table, and the database's values). */
size_t kalah_solver_memory(const kalah_solver *s);

/* Where a run is: sent to the progress function about every interval. */
typedef struct kalah_solve_progress {
    int depth;        /* depth of the iteration being searched; 0: exact */
    int lower, upper; /* proven bounds of the root's value (margins) */
    int guess;        /* the value being tested, or the last estimate */
    int moves_done;   /* with all: root moves finished so far */
    uint64_t nodes;
    double seconds;
    size_t memory;
} kalah_solve_progress;

typedef void (*kalah_solve_progress_fn)(const kalah_solve_progress *p, void *ctx);

/* When to stop early. All zero: run until the value is exact. */
typedef struct kalah_solve_limits {
    uint64_t max_nodes;               /* 0: no limit */
    double max_seconds;               /* 0: no limit */
    const volatile sig_atomic_t *stop;/* stop when *stop becomes non-zero
                                         (a SIGINT handler sets it) */
    kalah_solve_progress_fn progress; /* may be NULL */
    void *progress_ctx;
    double progress_interval;         /* seconds; 0: 0.25 */
    /* With window (not with all): the run also ends, finished, as soon as
     * the value is proven to be at most alpha or at least beta (margins,
     * as the value), its first test "value >= beta?": a null-window test
     * when alpha = beta - 1 (the search over MPI asks its positions so). */
    bool window;
    int alpha, beta;
} kalah_solve_limits;

typedef enum kalah_solve_stop {
    KALAH_SOLVE_DONE,   /* finished: exact */
    KALAH_SOLVE_NODES,  /* the node budget ran out */
    KALAH_SOLVE_TIME,   /* the time budget ran out */
    KALAH_SOLVE_STOPPED /* *stop was set */
} kalah_solve_stop;

typedef struct kalah_solution {
    bool exact;        /* value (with all: every move's value) is proven; a
                          run with a window may finish with bounds only */
    int value;         /* exact: the value; else the best estimate */
    int lower, upper;  /* proven: lower <= value <= upper */
    int move;          /* a best move, 1..m; 0 when the game is over */
    int depth;         /* the deepest iteration finished; 0: none */
    int count;         /* legal moves */
    int moves[KALAH_MAX_PITS];
    /* Per move, filled by runs with all (else only moves[]): */
    int values[KALAH_MAX_PITS];   /* exact value or best estimate */
    int lowers[KALAH_MAX_PITS];   /* proven bounds */
    int uppers[KALAH_MAX_PITS];
    bool exacts[KALAH_MAX_PITS];  /* lowers[k] == uppers[k] */
    uint64_t nodes;
    double seconds;
    size_t memory;
    kalah_solve_stop stopped;
} kalah_solution;

/*
 * Solves p (whose rules are the solver's). With all, the value of every
 * legal move; else the value and one best move (ties to the move the search
 * proved first). With limits (may be NULL) the run can end early: out then
 * holds the proven bounds and the estimate of the deepest finished
 * iteration, and exact tells whether they meet.
 */
kalah_status kalah_solver_run(kalah_solver *s, const kalah_pos *p, bool all,
                              const kalah_solve_limits *limits, kalah_solution *out,
                              kalah_error *err);

/* ---- the opening book ------------------------------------------------------ */

/*
 * Exact values of the first positions of the standard boards, computed by
 * this solver ('kalah book build') and compiled into the library from
 * core/data/kalah_book.txt (docs/solver.md, "The opening book"). The exact
 * player (so the level strong) plays from it. One line a position:
 *   POSITION V1 ... Vm
 * the position as kalah_pos_format writes it, then for each pit of the side
 * to move the final margin that playing it reaches with perfect play (for
 * that side, "+8", "0", "-2"), or '.' for an empty pit. Lines starting with
 * '#' are comments.
 */
#define KALAH_BOOK_EMPTY (-1000) /* the value of an empty pit */

/* The book compiled in. */
const char *kalah_book_text(void);

/* Looks p up in book (NULL: the book compiled in): true, with values[i] the
 * value of pit i + 1 (KALAH_BOOK_EMPTY when empty), when p has a well-formed
 * line there. */
bool kalah_book_probe(const char *book, const kalah_rules *r, const kalah_pos *p,
                      int values[KALAH_MAX_PITS]);

/* One line (it may end in a newline): KALAH_ESYNTAX or KALAH_EINVAL with a
 * column when it is not as above (a finished game, a value for an empty pit
 * or none for a full one, anything after the last value). */
kalah_status kalah_book_line_parse(const char *line, kalah_rules *r, kalah_pos *p,
                                   int values[KALAH_MAX_PITS], kalah_error *err);

/* The line of p, without a newline; snprintf-style. */
int kalah_book_line_format(const kalah_rules *r, const kalah_pos *p,
                           const int values[KALAH_MAX_PITS], char *buf, size_t size);

#endif
