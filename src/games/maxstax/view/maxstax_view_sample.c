/* The MAXSTAX modes' score samples (the mode row's SAMPLE, for --scene
 * score). Unlike a turn-based table's, this report is written by hand: no
 * match core reaches its end without its rounds played out in the physics
 * (the played= test word stops before the last round, and only SPEEDSTAX
 * has it), so the rounds are the row's words and the seat names the view's
 * own; the headline and reason are worded as the view's score hand-off words
 * such a result. */
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/view/maxstax_view_priv.h"

/* "played=A.B/C.D" into points (a round per '/', a seat per '.'); the
 * number of rounds, or -1 when the word is malformed or holds more than max. */
static int sample_rounds(const char *words, int players, int max, int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    const char *t = words && strncmp(words, "played=", 7) == 0 ? words + 7 : NULL;
    int n = 0, p = 0;
    while (t && n < max) {
        char *end;
        long v = strtol(t, &end, 10);
        if (end == t || v < 0 || v > 3 * players)
            return -1;
        points[n][p++] = (int)v;
        if (*end == '.' && p < players) {
            t = end + 1;
            continue;
        }
        if (p != players)
            return -1;
        n++;
        p = 0;
        if (*end == 0)
            return n;
        if (*end != '/')
            return -1;
        t = end + 1;
    }
    return -1;
}

int maxstax_view_sample(const match_setup *m, const char *test_options, score_report *rep)
{
    static const char *const counts[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight"};
    int points[SAMESTAX_MAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS], rounds, players = m->params.players;
    int firsts = 0, top = 0;
    maxstax_view *v; /* only its seats, for the view's own names */
    maxstax_setup setup;
    if (!m->game || maxstax_setup_for(m->game->realtime, &m->params, NULL, &setup) != 0)
        return -1;
    rounds = setup.scoring == MAXSTAX_SAMESTAX ? samestax_rounds(players) : SPEEDSTAX_ROUNDS;
    if (sample_rounds(test_options, players, SAMESTAX_MAX_ROUNDS, points) != rounds)
        return -1; /* a sample is a finished match: every round played */
    if (!(v = calloc(1, sizeof *v)))
        abort();
    v->m = *m;
    v->players = players;
    for (int p = 0; p < players; p++)
        v->humans += m->seat[p] == SEAT_HUMAN;
    memset(rep, 0, sizeof *rep);
    rep->game_id = m->game->id;
    rep->players = players;
    rep->rounds = rounds;
    for (int p = 0; p < players; p++) {
        seat_name(v, p, rep->names[p], sizeof rep->names[p]);
        for (int k = 0; k < rounds; k++)
            rep->total[p] += rep->points[p][k] = points[k][p];
        if (rep->total[p] > rep->total[top])
            top = p;
    }
    free(v);
    for (int p = 0; p < players; p++) {
        for (int q = 0; q < players; q++)
            rep->rank[p] += rep->total[q] > rep->total[p];
        firsts += rep->rank[p] == 0;
    }
    snprintf(rep->total_label, sizeof rep->total_label, "Points");
    snprintf(rep->total_help, sizeof rep->total_help, "%s",
             setup.scoring == MAXSTAX_SPEEDSTAX
                 ? "A round pays the first to finish one point per player, one fewer per later place; no finish, none."
             : setup.scoring == MAXSTAX_SAMESTAX
                 ? "A Creator keeps a point for each player who could not copy their stack; a copy wins it back."
                 : "A finished card scores its stars (1 to 3); an unfinished one, none.");
    if (firsts > 1) {
        /* a shared first place: the screen words the headline */
        snprintf(rep->reason, sizeof rep->reason, "Most points after %s rounds: %d each.", counts[rounds],
                 rep->total[top]);
    } else {
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", rep->names[top]);
        snprintf(rep->reason, sizeof rep->reason, "Most points after %d rounds: %d.", rounds, rep->total[top]);
    }
    return 0;
}
