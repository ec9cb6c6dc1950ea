/*
 * The KGP server's parts (kalah_net only), one responsibility a file:
 *   kgp_server.c       the poll() loop: accepting, pairing, timers, output,
 *                      shutting down (kgp_server_run);
 *   kgp_server_game.c  seating players and running their games: turns,
 *                      default moves, the end of a game and its record,
 *                      the server's own player, dropping a peer;
 *   kgp_server_peer.c  the lines a peer sends.
 * The loop calls the other two; kgp_server_peer.c calls kgp_server_game.c;
 * kgp_server_game.c calls neither. All run on the loop's thread, but for
 * each engine's client (engine threads talk to the loop only through
 * their socket, and say they are done through kgp_srv_engine.done).
 */
#ifndef KGP_SERVER_INTERNAL_H
#define KGP_SERVER_INTERNAL_H

#include "kgp_conn.h"

#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>

/* The server's own player: a KGP client (kgp_engine) in a thread of its
 * own, on the far end of a socket pair. */
typedef struct kgp_srv_engine {
    pthread_t thread;
    int fd;             /* the client's end of the socket pair */
    kgp_engine engine;
    atomic_bool done;
} kgp_srv_engine;

/* A game: its seats are connection slots, -1 once that player left (its
 * moves are then default moves). */
typedef struct kgp_srv_game {
    bool used;
    uint64_t number;
    kalah_game g;
    int seat[2];        /* conn slots; -1 once that player left */
    bool left[2];
    int defaults[2];
    char name[2][KGP_NAME_MAX + 1];
    bool turn_open;
    uint64_t state_id;  /* of the open turn */
    int best;           /* the mover's last legal move, 0: none yet */
    double deadline;
    kgp_srv_engine *engine; /* the server's player, or NULL */
} kgp_srv_game;

/* The server. conns[] holds nnet network slots followed by one slot for
 * each engine thread; games[] as many as conns[], since a game keeps its
 * slot while one player remains. */
typedef struct kgp_srv {
    const kgp_server_config *cfg;
    kgp_server_stats *st;
    kgp_conn *conns;
    int nconns, nnet;   /* all slots; network slots come first */
    kgp_srv_game *games;
    int ngames;
    kgp_srv_engine **done_runs; /* engine threads to join */
    int ndone;
    int engines, engines_busy;
    uint64_t next_game;
    kalah_rng rng;
    struct pollfd *pfd;
    int *pfd_conn;
    bool stopping;
    double accept_paused; /* out of descriptors: no accept before this */
    bool torn;            /* the record ends in a fragment */
} kgp_srv;

/* The slot of connection c. */
static inline int kgp_srv_slot(const kgp_srv *s, const kgp_conn *c)
{
    return (int)(c - s->conns);
}

/* ---- kgp_server_game.c ------------------------------------------------------ */

/* Tells the configured event callback, if any (a line of at most 511 bytes). */
void kgp_srv_event(kgp_srv *s, kgp_event_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Seats two connections (south first) in a new game, and starts its first
 * turn; engine is the server's player's run when north is it, else NULL. */
void kgp_srv_new_game(kgp_srv *s, int south, int north, kgp_srv_engine *engine);
/* Starts the server's player for the lone lobby connection lone: false
 * when no engine slot, socket or thread is free. */
bool kgp_srv_start_engine_game(kgp_srv *s, int lone);
/* Ends g's open turn (`stop` to the mover) with the mover's last legal
 * move, or a default move; the next turn starts, or the game ends. */
void kgp_srv_end_turn(kgp_srv *s, kgp_srv_game *g, bool timed_out);
/* c's player is gone from its game, if in one: its moves become default
 * moves. */
void kgp_srv_leave_game(kgp_srv *s, kgp_conn *c);
/* Ends connection c with `error WHY` and `goodbye` (kicked: counted as a
 * peer thrown out for misbehaving). */
void kgp_srv_drop(kgp_srv *s, kgp_conn *c, const char *why, bool kicked);

/* ---- kgp_server_peer.c ------------------------------------------------------ */

/* A line from c (kgp_conn_read's callback; ctx is the server): text of
 * len bytes, or NULL for a line too long. */
void kgp_srv_on_line(void *ctx, kgp_conn *c, char *text, size_t len);

#endif
