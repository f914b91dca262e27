/* "Why not?" on the MAXSTAX table: a press on a block, a call of MAX STAX
 * or a swap that the rules do not allow now is refused with their reason
 * (maxstax_why.h), said as the shell's toast (it shows in every phase, the
 * swaps' panel too), with the seat's name first when several people play. */
#include "games/maxstax/rules/maxstax_why.h"
#include "games/maxstax/rules/maxstax_world.h"
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/toast.h"
#include "shell/trace.h"

/* The seats as the table names them, for the rules' sentences. */
static void names_of(const maxstax_view *v, char buf[SPEEDSTAX_MAX_PLAYERS][48], const char *out[])
{
    for (int q = 0; q < SPEEDSTAX_MAX_PLAYERS; q++) {
        if (q < v->players)
            seat_name(v, q, buf[q], sizeof buf[q]);
        else
            snprintf(buf[q], sizeof buf[q], "Player %d", q + 1);
        out[q] = buf[q];
    }
}

/* Seat p was refused: the error sound from its side, the words, the trace. */
static void refuse(maxstax_view *v, int p, const char *why)
{
    audio_play_at(SFX_ERROR, maxstax_view_pan(v, p), 1.0f);
    if (v->humans > 1) {
        char name[48];
        seat_name(v, p, name, sizeof name);
        toast_show("%s: %s", name, why);
    } else {
        toast_show("%s", why);
    }
    trace_line("%s refused: %s", v->m.game->id, why);
}

void maxstax_refuse_say(maxstax_view *v, int p, const char *why) { refuse(v, p, why); }

int maxstax_refuse_build(maxstax_view *v, int p)
{
    char buf[SPEEDSTAX_MAX_PLAYERS][48], why[120];
    const char *names[SPEEDSTAX_MAX_PLAYERS];
    names_of(v, buf, names);
    if (v->results_left > 0)
        snprintf(why, sizeof why, "The round is over: its results are on show.");
    else if (maxstax_build_refusal(v->match, p, names, why, sizeof why) < 0)
        return 0;
    refuse(v, p, why);
    return 1;
}

int maxstax_refuse_grab(maxstax_view *v, int p, double x, double y)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    if (maxstax_world_block_at(w, p * MAXSTAX_SPACE_PITCH + x, y) < 0)
        return 0; /* a press on the bare table takes nothing and asks nothing */
    return maxstax_refuse_build(v, p);
}

int maxstax_refuse_swap(maxstax_view *v, int p, int with)
{
    char buf[SPEEDSTAX_MAX_PLAYERS][48], why[120];
    const char *names[SPEEDSTAX_MAX_PLAYERS];
    names_of(v, buf, names);
    if (maxstax_swap_refusal(v->match, p, with, names, why, sizeof why) < 0)
        return 0;
    refuse(v, p, why);
    return 1;
}
