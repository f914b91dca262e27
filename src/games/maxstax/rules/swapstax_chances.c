/* SWAPSTAX's study of its computer stackers (the CLI's `chances`). */
#include "games/maxstax/rules/swapstax_chances.h"

#include <stdlib.h>

#include "core/log.h"
#include "games/maxstax/rules/maxstax_bot.h"
#include "games/maxstax/rules/maxstax_match.h"

/* SWAPSTAX's table of chances (swapstax.c): computer stackers of each level
 * build cards of each star rating in two-minute rounds, and the share of
 * finished cards is printed as the table's C rows. */
int swapstax_chances(int argc, char **argv, FILE *out)
{
    maxstax_deck deck;
    char err[256];
    int games = argc >= 1 ? atoi(argv[0]) : 20;
    if (games < 1 || games > 10000)
        return 2;
    if (maxstax_cards_builtin(&deck, err, sizeof err) < 0) {
        log_error("chances: %s", err);
        return 1;
    }
    fprintf(out, "/* %d games of 5 rounds, 2 seats, a level and a star rating each */\n", games);
    for (int level = 1; level <= 3; level++) {
        fputs("    {", out);
        for (int stars = 1; stars <= 3; stars++) {
            int done = 0, tries = 0;
            for (int game = 0; game < games; game++) {
                maxstax_setup setup;
                maxstax_setup_default(&setup, 2);
                setup.stars_min = setup.stars_max = stars;
                maxstax_match *m = maxstax_match_new(&setup, &deck, (uint64_t)(1000 * level + 100 * stars + game), err,
                                                     sizeof err);
                maxstax_bot bots[2];
                if (!m) {
                    log_error("chances: %s", err);
                    return 1;
                }
                for (int p = 0; p < 2; p++)
                    maxstax_bot_init(&bots[p], p, level, (uint64_t)game * 7 + (uint64_t)p);
                const speedstax_state *s = maxstax_match_rounds(m);
                while (s->phase == SPEEDSTAX_ROUND) {
                    int round = s->round;
                    while (s->phase == SPEEDSTAX_ROUND && s->round == round) {
                        maxstax_input in[2];
                        for (int p = 0; p < 2; p++)
                            maxstax_bot_think(&bots[p], m, 1.0 / 60, &in[p]);
                        maxstax_step(m, in, 1.0 / 60);
                    }
                    /* the points of the round just ended tell who finished it */
                    for (int p = 0; p < 2; p++)
                        done += s->round_points[round - 1][p] > 0;
                    tries += 2;
                }
                maxstax_match_free(m);
            }
            fprintf(out, "%s%.2f", stars > 1 ? ", " : "", (double)done / tries);
        }
        fputs("},\n", out);
    }
    return 0;
}
