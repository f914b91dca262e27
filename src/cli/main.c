/* stackhouse-cli: the rules core on the command line (games, legal, apply,
 * perft, selfplay, bench). Bad input: a message on stderr, exit status 2. */
#include <stdio.h>
#include <string.h>

#include "core/registry.h"

static int cmd_games(void)
{
    for (int i = 0; i < registry_count(); i++)
        printf("%s\n", registry_get(i)->id);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "games") == 0)
        return cmd_games();
    fprintf(stderr, "usage: stackhouse-cli games\n");
    return 2;
}
