#include "games/stackatrack/rules/track_why.h"

/* Whether the mover holds block b. */
static int holds(const track_state *s, track_block b)
{
    for (int i = 0; i < s->nhand[s->to_move]; i++)
        if (s->hand[s->to_move][i].front == b.front && s->hand[s->to_move][i].back == b.back)
            return 1;
    return 0;
}

static int place_refusal(const track_state *s, const game_move *m, char *buf, size_t n)
{
    track_block b = {(track_face)(m->b[0] | m->b[1] << 8), (track_face)(m->b[2] | m->b[3] << 8)};
    int col = m->b[4], o = m->b[5];
    track_place pl;
    if (!track_can_place(s, s->to_move))
        return game_text(buf, n, "None of your blocks fits anywhere: press Pass.");
    if (!holds(s, b))
        return game_text(buf, n, "That block is not one of yours: choose one from your tray.");
    if (col >= TRACK_COLS)
        return game_text(buf, n, "There is no column %d: the frame has %d.", col + 1, TRACK_COLS);
    if (!track_orient_ok(s, o))
        return game_text(buf, n, "This match stands blocks upright: quarter turns are off in its house rules.");
    if (s->height[col] >= TRACK_ROWS)
        return game_text(buf, n, "Column %d is full.", col + 1);
    if (!track_place_eval(s, col, track_block_face(b, o), &pl))
        return game_text(buf, n, "Not column %d that way up: a track end would meet a bare side. Turn it.", col + 1);
    return -1;
}

int track_refusal(const track_state *s, const game_move *m, char *buf, size_t n)
{
    if (s->over)
        return game_text(buf, n, "The game is over.");
    if (m->kind == TRACK_MOVE_PASS)
        return s->nhand[s->to_move] && track_can_place(s, s->to_move)
                   ? game_text(buf, n, "You can't pass: a block of yours still fits somewhere.")
                   : -1;
    if (m->kind != TRACK_MOVE_PLACE || m->len != 6)
        return game_text(buf, n, "Slide one of your blocks down a column, or pass.");
    return place_refusal(s, m, buf, n);
}

int track_refusal_rules(const void *st, const game_move *m, char *buf, size_t n) { return track_refusal(st, m, buf, n); }
