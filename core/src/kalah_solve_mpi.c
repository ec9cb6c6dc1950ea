/*
 * The exact search over MPI (kalah_mpi.h). Rank 0 keeps the top of the tree
 * (kalah_solve_split.h) and a queue: the leaf tests that could decide the
 * test under way, most urgent first. Each rank, rank 0 included, has a
 * runner thread that searches one test at a time with the rank's solver
 * (its threads, its table, the database); its main thread passes messages.
 * A rank that is free gets the first test listed whose position hashes to
 * it (its table may know it from before) among the first few, else the
 * first; a test no longer listed (a sibling decided its parent) is
 * stopped, and what it proved by then still counts. The bounds every test
 * proves are kept on rank 0 for the whole run, so each new test is posed
 * with what the others found: the bounds are shared as they improve.
 * docs/solver-cluster.md, "The search over MPI".
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "kalah_mpi.h"
#include "kalah_solve_search.h"
#include "kalah_solve_split.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_JOB = 61, TAG_RESULT, TAG_CANCEL, TAG_END, TAG_NODES };

/* How often a rank tells rank 0 the nodes of the test it runs (seconds). */
#define NODES_EVERY 0.5

/* Messages: bare structs of one build of this program on every rank. */
typedef struct job_msg {
    int32_t id, leaf, beta;
    kalah_pos pos;
} job_msg;

typedef struct result_msg {
    int32_t id, leaf, lower, upper, move, failed, stopped;
    uint64_t nodes;
} result_msg;

/* A rank's searcher: a thread that runs one test at a time. */
typedef struct runner {
    kalah_solver *s;
    pthread_t th;
    pthread_mutex_t lock;
    pthread_cond_t cv;
    bool has_job, has_result, quit, started;
    job_msg job;
    result_msg res;
    volatile sig_atomic_t stop;
} runner;

static void *runner_main(void *arg)
{
    runner *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->has_job && !r->quit)
            pthread_cond_wait(&r->cv, &r->lock);
        if (r->quit)
            break;
        job_msg j = r->job;
        r->has_job = false;
        pthread_mutex_unlock(&r->lock);
        kalah_solve_limits lim = {.window = true, .alpha = j.beta - 1, .beta = j.beta,
                                  .stop = &r->stop};
        kalah_solution sol;
        kalah_error err;
        result_msg res = {.id = j.id, .leaf = j.leaf};
        if (kalah_solver_run(r->s, &j.pos, false, &lim, &sol, &err) != KALAH_OK) {
            res.failed = 1;
        } else {
            res.lower = sol.lower;
            res.upper = sol.upper;
            res.move = sol.lower >= j.beta ? sol.move : 0;
            res.nodes = sol.nodes;
            res.stopped = sol.stopped != KALAH_SOLVE_DONE;
        }
        pthread_mutex_lock(&r->lock);
        r->res = res;
        r->has_result = true;
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static bool runner_start(runner *r, kalah_solver *s)
{
    memset(r, 0, sizeof *r);
    r->s = s;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cv, NULL);
    r->started = pthread_create(&r->th, NULL, runner_main, r) == 0;
    return r->started;
}

static void runner_give(runner *r, const job_msg *j)
{
    pthread_mutex_lock(&r->lock);
    r->job = *j;
    r->has_job = true;
    r->stop = 0;
    pthread_cond_signal(&r->cv);
    pthread_mutex_unlock(&r->lock);
}

static bool runner_take(runner *r, result_msg *out)
{
    pthread_mutex_lock(&r->lock);
    bool got = r->has_result;
    if (got) {
        *out = r->res;
        r->has_result = false;
    }
    pthread_mutex_unlock(&r->lock);
    return got;
}

static void runner_end(runner *r)
{
    if (r->started) {
        pthread_mutex_lock(&r->lock);
        r->quit = true;
        r->stop = 1;
        pthread_cond_signal(&r->cv);
        pthread_mutex_unlock(&r->lock);
        pthread_join(r->th, NULL);
    }
    pthread_mutex_destroy(&r->lock);
    pthread_cond_destroy(&r->cv);
}

static void nap(void)
{
    struct timespec ts = {0, 200000}; /* 0.2 ms */
    nanosleep(&ts, NULL);
}

/* ---- ranks but 0 ----------------------------------------------------------------- */

/* The nodes of the run under way in r's solver (flushed by its workers). */
static uint64_t running_nodes(const runner *r)
{
    return atomic_load(&r->s->nodes);
}

static void serve(runner *r, MPI_Comm comm, kalah_solve_mpi_report *rep)
{
    int current = -1;
    double next_nodes = kalah_now() + NODES_EVERY;
    for (;;) {
        bool busy = false;
        if (current >= 0 && kalah_now() >= next_nodes) {
            uint64_t n[2] = {(uint64_t)current, running_nodes(r)};
            MPI_Send(n, 2, MPI_UINT64_T, 0, TAG_NODES, comm);
            rep->sent += sizeof n;
            next_nodes = kalah_now() + NODES_EVERY;
        }
        result_msg res;
        if (runner_take(r, &res)) {
            MPI_Send(&res, (int)sizeof res, MPI_BYTE, 0, TAG_RESULT, comm);
            rep->sent += sizeof res;
            rep->rank_nodes += res.nodes;
            rep->rank_jobs++;
            current = -1;
            busy = true;
        }
        int flag;
        MPI_Status status;
        MPI_Iprobe(0, MPI_ANY_TAG, comm, &flag, &status);
        if (flag) {
            busy = true;
            if (status.MPI_TAG == TAG_JOB) {
                job_msg j;
                MPI_Recv(&j, (int)sizeof j, MPI_BYTE, 0, TAG_JOB, comm, MPI_STATUS_IGNORE);
                rep->received += sizeof j;
                current = j.id;
                runner_give(r, &j);
            } else if (status.MPI_TAG == TAG_CANCEL) {
                int32_t id;
                MPI_Recv(&id, 1, MPI_INT32_T, 0, TAG_CANCEL, comm, MPI_STATUS_IGNORE);
                rep->received += sizeof id;
                if (id == current)
                    r->stop = 1;
            } else {
                MPI_Recv(NULL, 0, MPI_BYTE, 0, TAG_END, comm, MPI_STATUS_IGNORE);
                return;
            }
        }
        if (!busy)
            nap();
    }
}

/* ---- rank 0 ------------------------------------------------------------------------ */

typedef struct worker_state {
    bool busy, cancelled;
    int id, leaf, beta;
    uint64_t nodes; /* of its test under way, as last told */
} worker_state;

typedef struct master {
    kalah_split *t;
    MPI_Comm comm;
    int ranks;
    runner *local;
    worker_state *w;
    kalah_split_job *need;
    int max_need;
    int32_t next_id;
    bool failed;
    uint64_t nodes, jobs, stopped;
    kalah_solve_mpi_report *rep;
} master;

static void send_job(master *m, int rank, const kalah_split_job *j)
{
    job_msg msg = {.id = m->next_id++, .leaf = j->leaf, .beta = j->beta, .pos = j->pos};
    m->w[rank] = (worker_state){.busy = true, .id = msg.id, .leaf = j->leaf, .beta = j->beta};
    if (rank == 0) {
        runner_give(m->local, &msg);
    } else {
        MPI_Send(&msg, (int)sizeof msg, MPI_BYTE, rank, TAG_JOB, m->comm);
        m->rep->sent += sizeof msg;
    }
}

static void cancel(master *m, int rank)
{
    worker_state *w = &m->w[rank];
    if (!w->busy || w->cancelled)
        return;
    w->cancelled = true;
    if (rank == 0) {
        m->local->stop = 1;
    } else {
        int32_t id = w->id;
        MPI_Send(&id, 1, MPI_INT32_T, rank, TAG_CANCEL, m->comm);
        m->rep->sent += sizeof id;
    }
}

static void learn(master *m, int rank, const result_msg *res)
{
    m->w[rank].busy = false;
    m->w[rank].nodes = 0;
    m->nodes += res->nodes;
    m->jobs++;
    m->stopped += res->stopped != 0;
    if (rank == 0) {
        m->rep->rank_nodes += res->nodes;
        m->rep->rank_jobs++;
    }
    if (res->failed)
        m->failed = true;
    else
        kalah_split_learn(m->t, res->leaf, res->lower, res->upper, res->move);
}

/* The nodes of the tests under way, as the ranks tell them. */
static void drain_nodes(master *m)
{
    int flag;
    MPI_Status status;
    while (MPI_Iprobe(MPI_ANY_SOURCE, TAG_NODES, m->comm, &flag, &status), flag) {
        uint64_t n[2];
        MPI_Recv(n, 2, MPI_UINT64_T, status.MPI_SOURCE, TAG_NODES, m->comm, MPI_STATUS_IGNORE);
        m->rep->received += sizeof n;
        worker_state *w = &m->w[status.MPI_SOURCE];
        if (w->busy && (uint64_t)w->id == n[0])
            w->nodes = n[1];
    }
}

/* Results that came in; true when there was one. */
static bool collect(master *m)
{
    bool any = false;
    result_msg res;
    if (runner_take(m->local, &res)) {
        learn(m, 0, &res);
        any = true;
    }
    int flag;
    MPI_Status status;
    drain_nodes(m);
    while (MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, m->comm, &flag, &status), flag) {
        MPI_Recv(&res, (int)sizeof res, MPI_BYTE, status.MPI_SOURCE, TAG_RESULT, m->comm,
                 MPI_STATUS_IGNORE);
        m->rep->received += sizeof res;
        learn(m, status.MPI_SOURCE, &res);
        any = true;
    }
    return any;
}

/* Stops the tests no longer listed, gives free ranks the first listed
 * that no rank runs. */
static void dispatch(master *m, int n)
{
    for (int r = 0; r < m->ranks; r++) {
        if (!m->w[r].busy)
            continue;
        bool listed = false;
        for (int k = 0; k < n && !listed; k++)
            listed = m->need[k].leaf == m->w[r].leaf && m->need[k].beta == m->w[r].beta;
        if (!listed)
            cancel(m, r);
    }
    for (int r = 0; r < m->ranks; r++) {
        if (m->w[r].busy)
            continue;
        int pick = -1;
        for (int k = 0; k < n; k++) {
            bool running = false;
            for (int q = 0; q < m->ranks && !running; q++)
                running = m->w[q].busy && m->w[q].leaf == m->need[k].leaf;
            if (running)
                continue;
            if (pick < 0)
                pick = k;
            /* Its table's own among the first few, else the first. */
            if ((int)(m->need[k].hash % (uint64_t)m->ranks) == r) {
                pick = k;
                break;
            }
            if (k >= pick + 2 * m->ranks)
                break;
        }
        if (pick < 0)
            break;
        send_job(m, r, &m->need[pick]);
    }
}

static kalah_solve_stop run_master(master *m, const kalah_solve_mpi_config *cfg,
                                   kalah_solver *s, kalah_solution *sol)
{
    const double t0 = kalah_now();
    const double interval = cfg->progress_interval > 0 ? cfg->progress_interval : 0.25;
    double next_report = t0 + interval;
    kalah_solve_stop why = KALAH_SOLVE_DONE;
    bool ending = false;
    for (;;) {
        int n = ending || m->failed ? 0 : kalah_split_needed(m->t, m->need, m->max_need);
        bool busy = false;
        for (int r = 0; r < m->ranks; r++)
            busy |= m->w[r].busy;
        if (n == 0 && !busy)
            break;
        dispatch(m, n);
        if (!collect(m))
            nap();
        double now = kalah_now();
        /* The nodes so far: the tests done, and those under way. */
        m->w[0].nodes = m->w[0].busy ? running_nodes(m->local) : 0;
        uint64_t nodes = m->nodes;
        for (int r = 0; r < m->ranks; r++)
            nodes += m->w[r].busy ? m->w[r].nodes : 0;
        if (!ending) {
            if (cfg->stop && *cfg->stop)
                why = KALAH_SOLVE_STOPPED;
            else if (cfg->max_seconds > 0 && now - t0 >= cfg->max_seconds)
                why = KALAH_SOLVE_TIME;
            else if (cfg->max_nodes && nodes >= cfg->max_nodes)
                why = KALAH_SOLVE_NODES;
            ending = why != KALAH_SOLVE_DONE;
        }
        if (cfg->progress && now >= next_report) {
            next_report = now + interval;
            kalah_split_solution(m->t, sol);
            kalah_solve_progress p = {.lower = sol->lower, .upper = sol->upper,
                                      .guess = sol->value, .nodes = nodes,
                                      .seconds = now - t0, .memory = kalah_solver_memory(s)};
            for (int k = 0; k < sol->count; k++)
                p.moves_done += sol->exacts[k];
            cfg->progress(&p, cfg->ctx);
        }
    }
    drain_nodes(m); /* told before their last results */
    for (int r = 1; r < m->ranks; r++)
        MPI_Send(NULL, 0, MPI_BYTE, r, TAG_END, m->comm);
    kalah_split_solution(m->t, sol);
    sol->seconds = kalah_now() - t0;
    return why;
}

kalah_status kalah_solve_mpi(kalah_solver *s, const kalah_pos *p, bool all,
                             const kalah_solve_mpi_config *cfg, kalah_solution *out,
                             kalah_solve_mpi_report *report, kalah_error *err)
{
    kalah_solve_mpi_report rep = {0};
    memset(out, 0, sizeof *out);
    int rank, ranks;
    MPI_Comm_rank(cfg->comm, &rank);
    MPI_Comm_size(cfg->comm, &ranks);
    rep.ranks = ranks;
    runner r;
    int ok = runner_start(&r, s), all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, cfg->comm);
    kalah_status st = all_ok ? KALAH_OK : kalah_fail(err, KALAH_ENOMEM, 0, "cannot start a thread");
    if (st == KALAH_OK && kalah_total_stones(&s->r, p) != s->total)
        st = kalah_fail(err, KALAH_EINVAL, 0, "the position holds %d stones, the rules %d",
                        kalah_total_stones(&s->r, p), s->total);
    if (st == KALAH_OK && rank == 0) {
        kalah_split *t = NULL;
        int leaves = cfg->leaves > 0 ? cfg->leaves : ranks == 1 ? 1 : 8 * ranks;
        st = kalah_split_new(&s->r, p, all, s->db, leaves, &t, err);
        master m = {.t = t, .comm = cfg->comm, .ranks = ranks, .local = &r, .rep = &rep};
        if (st == KALAH_OK) {
            m.max_need = kalah_split_nodes(t);
            m.need = malloc((size_t)m.max_need * sizeof *m.need);
            m.w = calloc((size_t)ranks, sizeof *m.w);
            if (!m.need || !m.w)
                st = kalah_fail(err, KALAH_ENOMEM, 0, "no memory for the queue");
        }
        if (st == KALAH_OK) {
            rep.leaves = kalah_split_leaves(t);
            rep.nodes_in_tree = kalah_split_nodes(t);
            out->stopped = run_master(&m, cfg, s, out);
            out->nodes = m.nodes;
            out->memory = kalah_solver_memory(s);
            rep.jobs = m.jobs;
            rep.stopped = m.stopped;
            if (m.failed)
                st = kalah_fail(err, KALAH_EINVAL, 0, "a rank's search failed");
        } else {
            for (int q = 1; q < ranks; q++)
                MPI_Send(NULL, 0, MPI_BYTE, q, TAG_END, cfg->comm);
        }
        free(m.need);
        free(m.w);
        kalah_split_free(t);
    } else if (st == KALAH_OK) {
        serve(&r, cfg->comm, &rep);
    }
    runner_end(&r);
    /* Rank 0's verdict and solution, to everyone. */
    struct {
        int code;
        char message[sizeof err->message];
    } verdict = {.code = (int)st};
    if (st != KALAH_OK && err)
        memcpy(verdict.message, err->message, sizeof verdict.message);
    MPI_Bcast(&verdict, (int)sizeof verdict, MPI_BYTE, 0, cfg->comm);
    MPI_Bcast(out, (int)sizeof *out, MPI_BYTE, 0, cfg->comm);
    int head[3] = {rep.leaves, rep.nodes_in_tree, 0};
    uint64_t counts[2] = {rep.jobs, rep.stopped};
    MPI_Bcast(head, 3, MPI_INT, 0, cfg->comm);
    MPI_Bcast(counts, 2, MPI_UINT64_T, 0, cfg->comm);
    rep.leaves = head[0];
    rep.nodes_in_tree = head[1];
    rep.jobs = counts[0];
    rep.stopped = counts[1];
    if (report)
        *report = rep;
    if (rank != 0 && verdict.code != KALAH_OK)
        return kalah_fail(err, (kalah_status)verdict.code, 0, "%s", verdict.message);
    return (kalah_status)verdict.code;
}
