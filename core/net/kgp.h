/*
 * kgp.h: the Kalah Game Protocol (KGP 1.0.1, "freeplay" mode) over TCP:
 * messages, boards, a server that pairs clients into games, a client, the
 * engine player both use, and the server's record of finished games
 * (prefix kgp_). docs/network.md describes the behaviour on the wire.
 *
 * Contract: as the core's, nothing here prints, exits or opens files.
 * Sockets are made only by kgp_listen and kgp_connect; the record is
 * written only to the descriptor the caller hands the server; events come
 * out through a caller's callback. Failures return a kalah_status with a
 * kalah_error (pos is a column for parse errors, else 0).
 *
 * Every byte from the network is untrusted: lines are limited to
 * KGP_LINE_MAX, every field is range-checked, and a misbehaving peer gets an
 * `error` line or is disconnected; it never reaches another game.
 */
#ifndef KGP_H
#define KGP_H

#include "kalah.h"
#include "kalah_search.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KGP_VERSION "1 0 1"    /* what the server announces: kgp 1 0 1 */
#define KGP_DEFAULT_PORT 2671  /* the port of the public KGP servers */
#define KGP_LINE_MAX 16384     /* the specification's limit on one command,
                                  line end included */
#define KGP_MAX_ARGS 16
#define KGP_NAME_MAX 32        /* a peer's name kept for the record */
#define KGP_SEND_TIMEOUT 60    /* seconds a client's line may wait to be sent */

/* ---- messages ------------------------------------------------------------ */

/* `[ID][@REF] NAME ARG...`. Argument types, told apart by their text:
 * integers (`+3`), reals (`-.5`), words (`info:name`), strings in double
 * quotes with backslash escapes, boards (`<...>`). */
typedef enum kgp_arg_type { KGP_INT, KGP_REAL, KGP_WORD, KGP_STRING, KGP_BOARD } kgp_arg_type;

typedef struct kgp_arg {
    kgp_arg_type type;
    const char *text; /* in the message's buffer: the word, the string
                         without quotes or escapes, the number or board as
                         written */
    long long integer; /* KGP_INT, when it fits (else the message is refused) */
    double real;       /* KGP_REAL and KGP_INT */
} kgp_arg;

typedef struct kgp_msg {
    bool has_id, has_ref;
    uint64_t id, ref;  /* at most 18 digits */
    char name[33];     /* letters and digits, at most 32 */
    int argc;
    kgp_arg argv[KGP_MAX_ARGS];
    char buf[KGP_LINE_MAX + 1];
} kgp_msg;

/* Parses one line (without its line end; a trailing CR and trailing blanks
 * are allowed). KALAH_ESYNTAX with the column on malformed text, KALAH_EINVAL
 * when a field is out of range (too many arguments, a long name or id). */
kalah_status kgp_parse(const char *line, size_t len, kgp_msg *m, kalah_error *err);

/* Writes s as a KGP string argument (quotes and escapes added; control
 * characters become spaces). Returns the length needed (snprintf-style). */
int kgp_quote(const char *s, char *buf, size_t size);

/* ---- boards ---------------------------------------------------------------- */

/* A board literal `<m,S,N,s1..sm,n1..nm>`: m pits a side, south's store,
 * north's store, south's pits, north's pits, each side's pits counted from
 * its own left (as kalah_pos). KGP's receiver of a board is always south and
 * to move. */

/* The rules a board is played under on a KGP server: standard sowing and
 * capture, the game ends when a side is empty or a store holds more than
 * half of the stones ("kalah-M-N+decided"). */
kalah_rules kgp_rules(int pits, int stones);

/* Parses a board into *p with south to move, and rules for it (kgp_rules
 * with n = stones / 2m). Refused: more than KALAH_MAX_PITS pits, a pit or
 * store above KALAH_MAX_TOTAL, a total that is not 2·m·n for some n in
 * 1..KALAH_MAX_STONES, or no stone left to play. */
kalah_status kgp_board_parse(const char *text, kalah_rules *r, kalah_pos *p, kalah_error *err);

/* p as its side to move sees it: `<...>` with the mover as south. Returns
 * the length needed (snprintf-style). */
int kgp_board_format(const kalah_rules *r, const kalah_pos *p, char *buf, size_t size);

/* ---- what two boards tell a client (kgp_trace.c) ---------------------------- */

/* A sequence of moves: side[k] moved pit[k] (1..m). */
#define KGP_PATH_MAX 64
typedef struct kgp_path {
    int n;
    uint8_t side[KGP_PATH_MAX];
    uint8_t pit[KGP_PATH_MAX];
} kgp_path;

#define KGP_TRACE_NODES 200000 /* the default node limit of both searches */

/* The move sequences that lead from `from` (south to move: the state a
 * client answered) to `to` (south to move: the next state), given that
 * every turn of south's in between had a single legal move (else it would
 * have been a state request). Up to max_paths of them go to paths. Returns
 * how many there are (0: `to` cannot follow `from`, so it starts another
 * game), or -1 when node_limit (0: KGP_TRACE_NODES) was reached first. */
int kgp_trace(const kalah_rules *r, const kalah_pos *from, const kalah_pos *to,
              kgp_path *paths, int max_paths, long node_limit);

/* How the game can end from `after` (the board after the client's last
 * move) without another state request: north's moves are free, south's
 * only forced. lo..hi is the range of south's final margins (kalah_margin)
 * over the lines that end; may_go_on tells that some line reaches a turn
 * of south's that can be a state request (two or more legal moves, or
 * one). */
typedef struct kgp_endings {
    bool complete;  /* every line was followed (else the node limit) */
    long lines;     /* lines that end the game */
    int lo, hi;
    bool may_go_on;
} kgp_endings;
bool kgp_game_endings(const kalah_rules *r, const kalah_pos *after, long node_limit,
                      kgp_endings *e);

/* ---- sockets ---------------------------------------------------------------- */

/* Splits "HOST:PORT" (HOST may be a name, an IPv4 address or [IPv6]). */
kalah_status kgp_split_address(const char *text, char *host, size_t host_size, int *port,
                               kalah_error *err);
/* A listening TCP socket on host:port (port 0: any free port, told in
 * *bound_port). */
kalah_status kgp_listen(const char *host, int port, int *fd, int *bound_port, kalah_error *err);
/* A connected TCP socket to "HOST:PORT", waiting at most timeout seconds. */
kalah_status kgp_connect(const char *address, double timeout, int *fd, kalah_error *err);

/* ---- the server ---------------------------------------------------------------- */

/* Limits that keep one peer from hurting the others (docs/network.md). */
#define KGP_MAX_ERRORS 16      /* protocol errors before a disconnect */
#define KGP_MAX_LINES_PER_S 200/* sustained input lines a second (burst 2×) */
#define KGP_OUT_MAX (256 * 1024) /* unread output before a disconnect */

typedef enum kgp_event_kind {
    KGP_EV_INFO,     /* a connection, a pairing, a game started */
    KGP_EV_GAME,     /* a game finished (text: its record line) */
    KGP_EV_PROBLEM   /* a peer misbehaved or left, a record failed */
} kgp_event_kind;

typedef void (*kgp_event_fn)(void *ctx, kgp_event_kind kind, const char *text);

typedef struct kgp_server_config {
    int listen_fd;          /* from kgp_listen; the server does not close it */
    kalah_rules rules;      /* the games played (kgp_rules) */
    double timeout;         /* seconds a client has for a move */
    double hello_timeout;   /* seconds to answer `kgp` with `mode` (0: 10) */
    double pair_wait;       /* seconds a lone client waits for another before
                               it gets the engine; < 0: never the engine */
    kalah_player engine;    /* the server's own player */
    char engine_name[KGP_NAME_MAX + 1];
    int engine_threads;     /* engine games at once (0: 64) */
    int max_clients;        /* connections at once (0: 256) */
    int max_games;          /* stop after this many finished games (0: never) */
    uint64_t first_game;    /* number of the first game (0: 1), so that a
                               record appended to keeps its numbers unique */
    int record_fd;          /* finished games are appended here; -1: none */
    bool record_sync;       /* fdatasync after each record line */
    uint64_t seed;          /* of the default moves */
    const volatile sig_atomic_t *stop; /* stop when non-zero (may be NULL) */
    kgp_event_fn event;     /* may be NULL */
    void *event_ctx;
} kgp_server_config;

/* Defaults for everything but listen_fd and record_fd (-1). */
kgp_server_config kgp_server_defaults(void);

typedef struct kgp_server_stats {
    uint64_t connections;   /* accepted */
    uint64_t refused;       /* turned away: the server was full */
    uint64_t games_started, games_finished, engine_games;
    uint64_t lines_in;
    uint64_t protocol_errors; /* `error` answers sent */
    uint64_t kicked;        /* disconnected for misbehaving */
    uint64_t lost;          /* players who left a game before its end: a
                               goodbye, a lost connection or a disconnect */
    uint64_t timeouts;      /* turns ended by the timeout */
    uint64_t default_moves; /* moves the server chose for a player */
    uint64_t record_failures;
    double seconds;
} kgp_server_stats;

/* Serves until max_games games have finished or *stop is set; then says
 * goodbye to everyone, finishing no game (unfinished games are not
 * recorded). Fails only when it cannot work at all (no memory, the
 * listening socket broken); a peer's trouble is an event, not a failure. */
kalah_status kgp_server_run(const kgp_server_config *c, kgp_server_stats *stats, kalah_error *err);

/* ---- the record of finished games ------------------------------------------------ */

/* One line a game, tab-separated (docs/network.md):
 *   kgp1 NUMBER TIME SOUTH NORTH MARGIN DEFAULTS LEFT GAME CHECK
 * TIME is UTC (2026-11-22T10:00:00Z), MARGIN south's final margin ("+4",
 * "0", "-2"),
 * DEFAULTS "s/n" moves the server chose for each side, LEFT "-", "S", "N"
 * or "SN" (who disconnected), GAME the game in the core's notation, CHECK
 * the CRC-32 of everything before it, 8 hex digits. */
typedef struct kgp_record {
    uint64_t number;
    char time[24];
    char name[2][KGP_NAME_MAX + 1];
    int margin;
    int defaults[2];
    bool left[2];
    kalah_game game; /* owned: kalah_game_free */
} kgp_record;

/* Checks and parses one record line of len bytes (without its newline):
 * no NUL, at most KGP_RECORD_MAX bytes, the checksum, every field, and the
 * game replayed in the core to its end with the recorded margin. On success
 * *rec holds a game to free; on failure nothing. */
#define KGP_RECORD_MAX (64 * 1024)
kalah_status kgp_record_parse(const char *line, size_t len, kgp_record *rec, kalah_error *err);

/* Formats a finished game's record line with its newline. Returns the
 * length needed (snprintf-style), or -1 when g does not format. */
int kgp_record_format(uint64_t number, long long unix_time, const char *const name[2],
                      const int defaults[2], const bool left[2], const kalah_game *g,
                      char *buf, size_t size);

/* CHECK is kalah_file_crc32 (kalah_file.h). */

/* ---- the client ----------------------------------------------------------------- */

/* One state request being answered. */
typedef struct kgp_turn kgp_turn;

/* Sends `ID@REF move pit` (pit 1..m of the receiver; the client's lines
 * carry odd ids, so that a refusal names the line refused). False once the
 * turn is over (the server sent `stop`) or the connection failed. */
bool kgp_turn_move(kgp_turn *t, int pit);
/* Handles the server's lines for up to wait_ms milliseconds (0: only what
 * has arrived); false once the turn is over. */
bool kgp_turn_open(kgp_turn *t, int wait_ms);
/* Seconds the server gave for this move (`set time:clock`), or 0. */
double kgp_turn_clock(const kgp_turn *t);
/* Leaves: sends `goodbye` and ends the client's run (a person quitting). */
void kgp_turn_leave(kgp_turn *t);
/* The game this state belongs to (1, 2, ... on this connection), and
 * whether it is that game's first state request. */
int kgp_turn_game(const kgp_turn *t);
bool kgp_turn_first(const kgp_turn *t);
/* The moves that led from the previous state request of this game to this
 * one (kgp_trace): 1 when they are known for sure, with the path in *out;
 * more when several sequences fit (the first in *out); 0 when none is
 * known (the game's first request, when the client moves first); -1 when
 * the search gave up. A game's first request after the opponent's opening
 * moves is traced from the start. */
int kgp_turn_path(const kgp_turn *t, kgp_path *out);

/* The player behind a client. think is called for each state request; it
 * sends one or more moves and returns when done or when the turn is over;
 * the client then sends its final move again and `yield`. event reports
 * the server's comments, errors and lines it did not understand, game_over
 * each game as it ends (both may be NULL). */
typedef enum kgp_client_event {
    KGP_CL_HELLO,    /* text: the server's version line */
    KGP_CL_COMMENT,  /* text: a `set info:comment` from the server */
    KGP_CL_ERROR,    /* text: an `error` from the server */
    KGP_CL_RESULT,   /* text: the final margin from this client's side */
    KGP_CL_STOP,     /* the server ended a turn before the client yielded */
    KGP_CL_IGNORED,  /* text: a line the client did not understand */
    KGP_CL_NOTE      /* text: something the client did on its own (a move
                        sent again after a refusal, a newer minor version) */
} kgp_client_event;

/* A game as it ended. The server may say the result (`set game:margin`,
 * this project's server); the reference server does not, and then it is
 * what the last board allows: the client's last move, then every way the
 * game can end without another state request (kgp_game_endings). */
typedef struct kgp_game_report {
    int number;      /* on this connection, from 1 */
    kalah_rules rules;
    int states;      /* state requests of this game answered */
    int refused;     /* of this game's lines, refused by the server */
    bool told;       /* the server said the margin */
    bool known;      /* margin is the result: told, or the only one possible */
    int margin;      /* this client's final margin, when known */
    int lo, hi;      /* when not known: the range the board allows (lo > hi:
                        none, the game cannot have ended as it did) */
} kgp_game_report;

typedef struct kgp_brain {
    void (*think)(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p);
    void (*event)(void *ctx, kgp_client_event kind, const char *text);
    void (*game_over)(void *ctx, const kgp_game_report *g);
    void *ctx;
} kgp_brain;

typedef struct kgp_client_config {
    const char *name;        /* `set info:name` (NULL: none) */
    const char *description; /* `set info:description` (NULL: none) */
    double idle_timeout;     /* seconds of silence before giving up (0: none);
                                also how long a line may wait for a server
                                that does not read (0: KGP_SEND_TIMEOUT) */
    int max_games;           /* say goodbye once this many games ended (0:
                                play until the server ends) */
    double settle;           /* the final move is sent again, then `yield`,
                                no earlier than this many seconds after the
                                state arrived (0: at once); the reference
                                server may drop a move that comes too soon */
} kgp_client_config;

#define KGP_RESENDS 3 /* times a refused turn is sent again */

typedef struct kgp_client_stats {
    int states;          /* state requests answered */
    int moves_sent;
    int stops;           /* turns the server ended before the yield */
    int games;           /* games that ended (each reported by game_over) */
    int refused;         /* lines of a turn the server refused */
    int resent;          /* moves sent again after a refusal */
    bool finished;       /* the server said goodbye after a result, or
                            closed between turns after finished games */
    bool unfinished;     /* the run ended in the middle of a game */
    bool has_result;
    int margin;          /* KGP_CL_RESULT's value, or the last game's known
                            margin */
    int minor, patch;    /* of the server's version */
} kgp_client_stats;

/* Speaks KGP on a connected socket until the server says goodbye or closes
 * it, or max_games games ended; closes fd. KALAH_OK after a goodbye, or a
 * close between turns once a game has ended; KALAH_EINVAL with the reason
 * on a lost connection, a version it does not speak, or a line it cannot
 * read. */
kalah_status kgp_client_run(int fd, const kgp_client_config *c, const kgp_brain *b,
                            kgp_client_stats *st, kalah_error *err);

/* ---- the engine player ------------------------------------------------------------- */

/* The core's engine as a KGP player. With seconds > 0 it deepens alpha-beta
 * (E1) one move at a time, sending each depth's move, until the time (or
 * the server's clock, if smaller) would run out; otherwise it plays
 * `player`, deepening up to its depth when it is a depth-limited search. */
typedef struct kgp_engine {
    kalah_player player;
    double seconds;
    kalah_rng rng;
    int last_depth;      /* of the last move: the deepest iteration finished */
} kgp_engine;

/* A brain that plays e (which must outlive the client run). */
kgp_brain kgp_engine_brain(kgp_engine *e);

#endif
