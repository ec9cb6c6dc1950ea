/* kalah-mpi's part of the kalah command (kalah_cli_mpi.c): the work of
 * --mpi, hooked into the subcommands through cli_mpi (kalah_cli.h). */
#ifndef KALAH_CLI_MPI_H
#define KALAH_CLI_MPI_H

#include "kalah_cli.h"

/* After MPI_Init: sets cli_mpi, with the threads a rank gets by default. */
void cli_mpi_start(void);

/* Whether a command reached its collective part (so every rank did). */
bool cli_mpi_entered(void);

#endif
