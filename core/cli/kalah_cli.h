/* The kalah command's parts: shared helpers of its subcommands. */
#ifndef KALAH_CLI_H
#define KALAH_CLI_H

#include "cli_args.h"
#include "cli_io.h"
#include "kalah.h"
#include "kalah_solve.h"

#include <stdbool.h>
#include <stdio.h>

/* The first line of a move log (kalah play --log; docs/notation.md). */
#define KALAH_LOG_HEADER "# kalah61 move log 1"
#define KALAH_LOG_MAGIC "# kalah61 move log "

/* The rules options shared by play, perft and others: --rules R, --pits M,
 * --stones N (CLI_RULES_OPTS in the command's table). Returns true when the
 * option read was one of them; a reported mistake ends the walk. */
#define CLI_RULES_OPTS CLI_OPT("rules"), CLI_OPT("pits"), CLI_OPT("stones")
bool cli_rules_opt(cli_args *a, kalah_rules *r);
/* Checks the assembled rules; reports and returns false when invalid. */
bool cli_rules_final(const cli_args *a, const kalah_rules *r);

/* A position written as a command's arguments: a position, or a game (its
 * start and moves, docs/notation.md) as one argument or as several (the
 * words of "kalah-6-2 5 3" pasted unquoted), standing for the position
 * after its moves. */
typedef struct cli_position_text {
    char text[4096]; /* the arguments joined by spaces */
    int words;
} cli_position_text;
/* When the item read is an argument: appends it and returns true (a text
 * grown too long is reported and ends the walk); false for an option. */
bool cli_position_arg(cli_args *a, cli_position_text *t);
/* Parses it; reports a mistake (with a caret) and returns false. */
bool cli_position_parse(const char *cmd, const cli_position_text *t, kalah_rules *r,
                        kalah_pos *p);

/* in with control characters (escape sequences among them) replaced by
 * '?', for printing text that came from outside (a server, a file). */
const char *cli_printable(const char *in, char *out, size_t size);

/* The players the computer sides take (kalah play, match, tournament,
 * analyze --level), as their helps and messages say it: the core's levels
 * and algorithms (kalah_level_names, kalah_algo_names) and the syntax,
 * one paragraph wrapped at 76 columns, every line indented by indent
 * blanks, without a final newline; returns buf (CLI_PLAYERS_HELP_MAX). */
#define CLI_PLAYERS_HELP_MAX 2048
/* text (words separated by blanks, at most 4095 bytes) as lines of at most
 * width columns, each after indent blanks, without a final newline, into
 * buf. */
void cli_wrap(char *buf, size_t size, const char *text, int indent, int width);
const char *cli_players_help(char *buf, size_t size, int indent);

/* "South" or "North". */
const char *cli_side_name(int side);

/* Draws the board, the side to move and its legal moves. */
void cli_draw(FILE *out, const kalah_rules *r, const kalah_pos *p);
/* One line saying how the game ended. */
void cli_result(FILE *out, const kalah_rules *r, const kalah_pos *p);
/* "extra turn", "captures 5", ... of a move, or "" */
const char *cli_move_note(const kalah_move_info *info, char *buf, size_t size);

/* ---- the exact solver's shared parts (kalah_cli_solve.c) ---------------- */

/* Options shared by solve, analyze --exact and bench: --tt MB, --threads N,
 * --egdb FILE, --no-egdb, --time SECONDS, --nodes N, --no-order,
 * --no-futility, --no-etc, --no-deepening, --no-compact, --no-history, --quiet,
 * --progress. */
typedef struct cli_solve_opts {
    int tt_mb;          /* 0: KALAH_SOLVE_TT_DEFAULT */
    int threads;        /* 0: the machine's, at most KALAH_SOLVE_MAX_THREADS */
    const char *egdb;   /* a database named on the command line, or NULL */
    bool no_egdb;
    double seconds;     /* 0: no limit */
    uint64_t nodes;     /* 0: no limit */
    unsigned disable;   /* KALAH_SOLVE_NO_* */
    bool quiet;         /* no progress line */
    bool progress;      /* --progress: progress lines on stderr, terminal or not */
    /* Set by the commands a person runs on one position (solve, analyze
     * --exact): say up front when no database serves it, and print the
     * progress lines when stderr is not a terminal. */
    bool one_position;
} cli_solve_opts;

/* Help text of those options, for the usage messages. */
extern const char cli_solve_opts_help[];

/* Those options for a command's table. */
#define CLI_SOLVE_OPTS                                                                     \
    CLI_OPT("tt"), CLI_OPT("threads"), CLI_OPT("egdb"), CLI_FLAG("no-egdb"), CLI_OPT("time"), \
        CLI_OPT("nodes"), CLI_FLAG("no-order"), CLI_FLAG("no-futility"), CLI_FLAG("no-etc"),  \
        CLI_FLAG("no-deepening"), CLI_FLAG("no-compact"), CLI_FLAG("no-history"),            \
        CLI_FLAG("quiet"), CLI_FLAG("progress")
/* True when the option read was one of those options; a reported mistake
 * ends the walk. */
bool cli_solve_opt(cli_args *a, cli_solve_opts *o);
/* " --no-order --no-etc": the switches set in disable (KALAH_SOLVE_NO_*), or "". */
const char *cli_solve_switched_off(unsigned disable, char *buf, size_t size);
/* The threads to use: o->threads, or the machine's processors (capped). */
int cli_solve_threads(const cli_solve_opts *o);
/* The processors of this machine (at least 1). */
int cli_cpus(void);

/* The default database file of r: RULES.egdb where the commands keep files
 * (cli_keep_path), $KALAH61_EGDB_DIR first. False when there is none (no
 * HOME). */
bool cli_egdb_default_path(const kalah_rules *r, char *buf, size_t size);

/* What cli_egdb_ensure found or built (kalah_cli_egdb.c). */
typedef struct cli_egdb_ready {
    char path[1024];  /* the default database file of the rules */
    int max_stones;   /* the stones in play it holds */
    bool built;       /* built by this call, else found there */
    int threads;      /* of the build */
    double wall, cpu; /* the build's seconds, wall clock and CPU (all
                         threads); 0 when found */
} cli_egdb_ready;

/* Makes sure the default database of r (cli_egdb_default_path) holds at
 * least min_stones stones in play: one found there is used as it is; when
 * there is none, or it is damaged or holds fewer, one of exactly
 * min_stones is built with threads threads (its size on stderr, and its
 * progress on a terminal, as 'kalah egdb build' shows them) and saved
 * there, replacing it. A file there for other rules is left alone and
 * refused, and so are rules no database serves (+decided, relay). A build
 * stops before it starts when the directory cannot be created or written
 * or the disk has too little space, and at Ctrl-C once cli_sigint_install
 * ran; then no file is left. Returns CLI_OK, or the exit code of the error
 * reported on stderr, each message starting with cmd. */
int cli_egdb_ensure(const char *cmd, const kalah_rules *r, int min_stones, int threads,
                    cli_egdb_ready *out);

/* A solver with its database, ready to run. */
typedef struct cli_solver {
    kalah_solver *solver;
    kalah_egdb *egdb;
    char egdb_path[1024]; /* "" without a database */
    int threads;
    const char *cmd;      /* for messages: "kalah solve" */
    cli_solve_opts opts;
    kalah_rules rules;
    bool progress;        /* a progress line on stderr */
    bool lines;           /* progress as lines (not rewritten), at node marks */
    uint64_t next_mark;   /* the nodes of the next line */
    double last_seconds;  /* of the last progress report */
} cli_solver;

/* Finds and opens the database (o->egdb, else the default one when present;
 * a damaged one is ignored with a warning) and creates the solver. When info
 * is not NULL, says there which database is used. Returns CLI_OK or the exit
 * code of the reported error. */
int cli_solver_open(const char *cmd, const kalah_rules *r, const cli_solve_opts *o, FILE *info,
                    cli_solver *out);
void cli_solver_close(cli_solver *s);
/* Runs the solver with o's budgets, Ctrl-C and the progress line. */
kalah_status cli_solver_run(cli_solver *s, const kalah_pos *p, bool all, kalah_solution *sol,
                            kalah_error *err);

/* The progress line or lines of a run of s (ctx), as cli_solver_run shows
 * them: for runs made another way (over MPI). */
void cli_solver_progress(const kalah_solve_progress *p, void *ctx);

/* Before a build of r up to max_stones at path: refuses (with a message
 * naming cmd) a count too large, more memory than the machine has (when
 * check_memory), a directory that cannot be created or written, less free
 * disk space than the file needs. Returns CLI_OK or the exit code. */
int cli_egdb_prepare(const char *cmd, const kalah_rules *r, int max_stones, const char *path,
                     bool check_memory);

/* ---- over MPI: --mpi of 'egdb build' and 'solve' (docs/solver-cluster.md) ---- */

/* What 'kalah egdb build --mpi' asks. */
typedef struct cli_mpi_build {
    const char *cmd;
    kalah_rules rules;
    int max_stones, threads; /* threads a rank */
    const char *path;
    bool resume, partition;
} cli_mpi_build;

/* The work over MPI, in the program kalah-mpi (kalah_cli_mpi.c). */
typedef struct cli_mpi_ops {
    int (*egdb_build)(const cli_mpi_build *b);
    /* A run of s's solver on p over the ranks, leaves the frontier (0: the
     * default), with s's budgets, progress and Ctrl-C. */
    kalah_status (*solve)(cli_solver *s, const kalah_pos *p, bool all, int leaves,
                          kalah_solution *sol, kalah_error *err);
    /* Lines after the summary of a solve: the ranks and what they did. */
    void (*summary)(FILE *out);
    /* Threads a rank without --threads: the processors of its machine
     * shared among the ranks there. */
    int threads;
} cli_mpi_ops;

/* Set by kalah-mpi; NULL in kalah, whose --mpi runs kalah-mpi instead. */
extern const cli_mpi_ops *cli_mpi;

/* kalah: replaces this process by kalah-mpi, found beside this program,
 * with the same arguments (argv[sub] = the subcommand's word, which
 * cli_args_init replaced by its name); returns (an exit code) only when it
 * cannot, having said why, naming cmd. */
int cli_mpi_exec(const char *cmd, char **argv, int sub, const char *word);

/* ---- how long a solve takes (kalah_cli_estimate.c) ------------------------ */

/* The rates of the machine of docs/solver.md (2 cores): the solver's nodes
 * a second a thread (1.2 to 3.7 M on the solves measured: the middle), and
 * the database build's positions a second with two threads (548 354 040
 * positions in 126-128 s). A solve of more than CLI_FEASIBLE_SECONDS is
 * not one to start without knowing. */
#define CLI_RATE_A_THREAD 3e6
#define CLI_BUILD_RATE (548354040.0 / 127)
#define CLI_FEASIBLE_SECONDS 3600.0

/* What a solve of a position would take, from counts: the placements of
 * its stones in play (C(n + 2m, 2m)), the nodes the measured solves took
 * against theirs (interpolated, log-log, and extended past the largest),
 * the database it has against theirs, and the rate above. Deterministic
 * but for this machine's memory and processors (the best case). */
typedef struct cli_estimate {
    int stones;              /* in play */
    double log_positions;    /* log10 of the placements of them */
    int db_have, threads;    /* what the solve has */
    double nodes, seconds;   /* the estimate with them */
    bool feasible;           /* seconds <= CLI_FEASIBLE_SECONDS */
    double ram;              /* this machine's memory, bytes */
    int db_want;             /* the measured solves' database at this size */
    double db_want_bytes;
    int best_db, best_threads, best_tt_mb; /* the most this machine allows */
    double best_db_bytes, best_nodes, best_seconds;
    bool best_feasible;
} cli_estimate;

void cli_solve_estimate(const kalah_rules *r, const kalah_pos *p, int db_have, int threads,
                        cli_estimate *e);
/* Says that the solve cannot finish here in reasonable time, the estimate,
 * and what would make it feasible (or that nothing on this machine would). */
void cli_solve_estimate_say(FILE *out, const char *cmd, const kalah_rules *r,
                            const kalah_pos *p, const cli_estimate *e);

/* "+8", "-2", "0" */
const char *cli_margin(int v, char *buf, size_t size);
/* 1234567 -> "1.23 M"; below 10000 the whole number */
const char *cli_count(double n, char *buf, size_t size);
/* "stopped by Ctrl-C", "the node budget ran out", ... */
const char *cli_stop_reason(kalah_solve_stop s);

int cli_play(int argc, char **argv);
int cli_show(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_nodes(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_tournament(int argc, char **argv);
int cli_solve(int argc, char **argv);
int cli_egdb(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_book(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_records(int argc, char **argv);
int cli_connect(int argc, char **argv);
/* kalah play --remote HOST:PORT: a person plays on a KGP server. */
int cli_play_remote(const char *address, const char *name);

#endif
