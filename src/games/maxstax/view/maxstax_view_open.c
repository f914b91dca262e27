/* The MAXSTAX view's start: a view of nobody's match yet, and its match
 * from the row's rules, a seed and the --position test words (see
 * maxstax_view.h), taped: the table's create starts every match here, the
 * row's score sample's too. */
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/view/maxstax_view_priv.h"

/* What the test words ask of a new match. */
typedef struct view_words {
    uint64_t seed;
    double round_s;
    int n_played, played[SAMESTAX_MAX_ROUNDS][SPEEDSTAX_MAX_PLAYERS];
    int stackoff; /* the seat that wins the stack-off the played rounds tie into, or -1 */
} view_words;

/* "played=3.2.1/1.3.2": the points of the rounds already played, a round
 * per '/', a seat per '.' (every round at most). Returns the number of
 * rounds, or -1 if malformed; the rules judge whether the points can be. */
static int parse_played(const char *t, int players, int (*points)[SPEEDSTAX_MAX_PLAYERS])
{
    int n = 0;
    while (n < SAMESTAX_MAX_ROUNDS) {
        for (int p = 0; p < players; p++) {
            char *end;
            long v = strtol(t, &end, 10);
            if (end == t || v < 0 || v > SPEEDSTAX_MAX_PLAYERS || *end != (p + 1 < players ? '.' : *end))
                return -1;
            points[n][p] = (int)v;
            t = p + 1 < players ? end + 1 : end;
        }
        n++;
        if (*t != '/')
            return *t == 0 || *t == ' ' ? n : -1;
        t++;
    }
    return -1;
}

/* Reads one test word of --position, len bytes at t; each must be read to
 * its last character ("seed=5x" is no seed). Returns 0, or -1 if malformed. */
static int parse_option(maxstax_view *v, const char *t, int len, view_words *w)
{
    unsigned long long n;
    double d;
    int sh, b, k = -1;
    if (sscanf(t, "seed=%llu%n", &n, &k) == 1 && k == len) {
        w->seed = n;
    } else if (sscanf(t, "round=%lf%n", &d, &k) == 1 && k == len && d > 0) {
        w->round_s = d;
    } else if (sscanf(t, "compose=%d:%d%n", &sh, &b, &k) == 2 && sh >= 0 && sh < v->players && b >= 0 &&
               (k == len || (k + 5 == len && strncmp(t + k, ":each", 5) == 0))) {
        v->compose_p = sh;
        v->compose_n = b;
        v->compose_each = k < len;
    } else if (strncmp(t, "played=", 7) == 0) {
        w->n_played = parse_played(t + 7, v->players, w->played);
        return w->n_played < 0 ? -1 : 0; /* parse_played stops only at the word's end */
    } else if (sscanf(t, "stackoff=%d%n", &sh, &k) == 1 && k == len && sh >= 0 && sh < v->players) {
        w->stackoff = sh;
    } else if (sscanf(t, "creator=%d%n", &sh, &k) == 1 && k == len && sh >= 0 && sh < v->players) {
        v->first_creator = sh;
    } else if (len == 5 && strncmp(t, "ghost", 5) == 0) {
        v->ghost = 1;
    } else {
        return -1;
    }
    return 0;
}

/* The test words of --position (see maxstax_view.h), space-separated.
 * Returns 0, or -1 after saying which word is unknown or malformed. */
static int parse_options(maxstax_view *v, const char *text, view_words *w)
{
    for (const char *t = text; t && *t;) {
        int len = (int)strcspn(t, " ");
        if (len > 0 && parse_option(v, t, len, w) != 0) {
            log_error("speedstax table: --position word '%.*s' is not one of seed=N, round=S, "
                      "compose=P:K[:each], played=A.B/C.D (points per seat, rounds by '/'), stackoff=P, "
                      "creator=P or ghost",
                      len, t);
            return -1;
        }
        t += len > 0 ? len : 1;
    }
    return 0;
}

maxstax_view *maxstax_view_new(const match_setup *m)
{
    maxstax_view *v = calloc(1, sizeof *v);
    maxstax_setup setup;
    char err[200];
    if (!v)
        abort();
    v->m = *m;
    v->players = m->params.players;
    v->compose_p = -1;
    /* SAMESTAX's first Creator from setup (-1: at random); --position creator=P overrides. */
    v->first_creator = m->game && maxstax_setup_for(m->game->realtime, &m->params, NULL, &setup) == 0
                           ? setup.first_creator
                           : -1;
    for (int p = 0; p < m->params.players; p++)
        v->humans += m->seat[p] == SEAT_HUMAN;
    if (maxstax_cards_builtin(&v->deck, err, sizeof err) != 0) {
        log_error("speedstax table: %s", err);
        free(v);
        return NULL;
    }
    return v;
}

void maxstax_view_free(maxstax_view *v)
{
    if (!v)
        return;
    if (v->replay) { /* the match shown is the replay's */
        maxstax_replay_free(v->replay);
        v->match = NULL;
    }
    maxstax_match_free(v->match);
    maxstax_tape_free(v->tape);
    maxstax_lesson_free(v->lesson);
    free(v);
}

int maxstax_view_open(maxstax_view *v, const char *test_options, uint64_t *seed, unsigned turn_mask)
{
    view_words w = {.seed = *seed, .stackoff = -1};
    maxstax_setup setup;
    char err[200];
    if (parse_options(v, test_options, &w) != 0)
        return -1;
    *seed = w.seed;
    if (maxstax_setup_for(v->m.game->realtime, &v->m.params, NULL, &setup) != 0) { /* the row's rules: its scoring */
        log_error("speedstax table: %s is not a MAXSTAX mode", v->m.game->id);
        return -1;
    }
    setup.turn_mask |= turn_mask;
    setup.round_seconds = w.round_s;
    setup.first_creator = v->first_creator; /* SAMESTAX: chosen, or -1 for one at random */
    for (int p = 0; p < v->players; p++) /* computer Creators design at their level */
        setup.levels[p] = v->m.seat[p] == SEAT_HUMAN ? 0 : v->m.level[p] > AI_EASY ? (int)v->m.level[p] : 1;
    v->match = maxstax_match_new(&setup, &v->deck, w.seed, err, sizeof err);
    if (!v->match) {
        log_error("speedstax table: %s", err);
        return -1;
    }
    v->tape = maxstax_tape_new(&setup, w.seed);
    v->scoring = maxstax_match_scoring(v->match);
    if (w.n_played > 0 && maxstax_tape_played(v->tape, v->match, w.n_played, w.played, err, sizeof err) != 0) {
        log_error("speedstax table: --position played=: %s", err);
        return -1;
    }
    if (w.stackoff >= 0 && maxstax_tape_stackoff(v->tape, v->match, w.stackoff, err, sizeof err) != 0) {
        log_error("speedstax table: --position stackoff=: %s", err);
        return -1;
    }
    return 0;
}
