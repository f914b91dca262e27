/* stackhouse-cli selfplay: computer against computer with invariant checks. */
#ifndef STACKHOUSE_CLI_SELFPLAY_H
#define STACKHOUSE_CLI_SELFPLAY_H

/* Runs "selfplay GAME [options]"; returns the exit status. */
int cmd_selfplay(int argc, char **argv);

#endif
