/*
 * kalah-mpi: the work of 'kalah egdb build --mpi' and 'kalah solve --mpi'
 * over the ranks of an MPI job. kalah becomes this program when given
 * --mpi (kalah_cli_mpi_launch.c), so people run 'mpirun -np N kalah ...
 * --mpi'; it can be run directly too. docs/solver-cluster.md.
 *
 * Rank 0 prints the results; the other ranks' standard output is dropped.
 * A rank that fails before the ranks work together ends the job
 * (MPI_Abort), since the others would wait for it.
 */
#include "kalah_cli_mpi.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int provided, rank;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (provided < MPI_THREAD_FUNNELED) {
        if (rank == 0)
            fprintf(stderr, "kalah-mpi: this MPI library gives no thread support "
                            "(MPI_THREAD_FUNNELED at least is needed)\n");
        MPI_Abort(MPI_COMM_WORLD, CLI_FAIL);
    }
    if (rank != 0 && !freopen("/dev/null", "w", stdout))
        MPI_Abort(MPI_COMM_WORLD, CLI_FAIL);
    cli_mpi_start();
    bool mpi = false;
    for (int k = 1; k < argc; k++)
        mpi |= strcmp(argv[k], "--mpi") == 0;
    int rc;
    if (argc > 2 && mpi && strcmp(argv[1], "egdb") == 0 && strcmp(argv[2], "build") == 0) {
        rc = cli_egdb(argc, argv);
    } else if (argc > 1 && mpi && strcmp(argv[1], "solve") == 0) {
        rc = cli_solve(argc, argv);
    } else {
        if (rank == 0)
            fprintf(stderr, "kalah-mpi: runs 'kalah egdb build --mpi ...' and 'kalah solve "
                            "--mpi ...' (see 'kalah egdb --help', 'kalah solve --help')\n");
        rc = CLI_USAGE;
    }
    if (rc != CLI_OK && !cli_mpi_entered() && (argc < 2 || mpi))
        MPI_Abort(MPI_COMM_WORLD, rc);
    MPI_Finalize();
    return rc;
}
