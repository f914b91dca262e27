/* stackhouse-cli replay FILE: a match file (docs/match-file.md) read, every
 * line checked and its record played to the end, then the final position
 * and the result printed. */
#ifndef STACKHOUSE_CLI_REPLAY_H
#define STACKHOUSE_CLI_REPLAY_H

/* Runs `replay FILE` (argv after the command); 0, or 2 with the reason on
 * stderr (a bad file: the line it names). */
int cmd_replay(int argc, char **argv);

#endif
