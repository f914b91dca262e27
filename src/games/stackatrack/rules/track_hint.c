#include "games/stackatrack/rules/track_hint.h"

#include <stdio.h>
#include <string.h>

#include "core/hint.h"
#include "games/stackatrack/rules/track.h"

/* Appends ", " or " and " and a part to buf (len so far in *len). */
static void part(char *buf, size_t n, size_t *len, int first, const char *fmt, const char *word)
{
    if (*len >= n)
        return;
    if (!first)
        *len += (size_t)snprintf(buf + *len, n - *len, " and ");
    if (*len < n)
        *len += (size_t)snprintf(buf + *len, n - *len, fmt, word);
}

int track_move_reason(const void *st, const game_move *m, char *buf, size_t n)
{
    const track_state *s = st;
    track_state after = *s;
    track_block b;
    track_place pl;
    size_t len = 0;
    if (stackatrack_rules.apply(&after, m) != 0)
        return -1; /* not legal here */
    if (m->kind == TRACK_MOVE_PASS)
        return game_text(buf, n, "passes: no block in the hand fits the frame");
    b = (track_block){(track_face)(m->b[0] | m->b[1] << 8), (track_face)(m->b[2] | m->b[3] << 8)};
    if (!track_place_eval(s, m->b[4], track_block_face(b, m->b[5]), &pl) || n == 0)
        return -1;
    buf[0] = '\0';
    if (pl.loops)
        part(buf, n, &len, 1, pl.loops == 1 ? "completes a loop%s" : "completes %s loops",
             pl.loops == 1 ? "" : hint_number(pl.loops));
    if (pl.joins)
        part(buf, n, &len, len == 0, pl.joins == 1 ? "joins %s track end" : "joins %s track ends",
             hint_number(pl.joins));
    if (pl.off)
        part(buf, n, &len, len == 0, pl.off == 1 ? "runs %s end off the edge" : "runs %s ends off the edge",
             hint_number(pl.off));
    if (len == 0)
        part(buf, n, &len, 1, "%s", "joins no track but blocks nothing");
    if (len >= n)
        return -1;
    len += (size_t)snprintf(buf + len, n - len, " in column %d: %+d", pl.col + 1, pl.points);
    return len < n ? (int)len : -1;
}
