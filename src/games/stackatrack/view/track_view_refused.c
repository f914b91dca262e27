/* The rules viewer's picture of a refused placement (#29,
 * table_view_ops.draw_refused): Stack-A-Track's breaking rule shown as the
 * table shows a press it refuses, the column flashed red and the block where
 * it would land, red with a cross. */
#include "games/stackatrack/view/track_view_priv.h"
#include "games/stackatrack/rules/track_why.h"

/* "FRONT:BACK@COLUMN ORIENTATION" (RL:RB@3B2, the rules' move notation) into
 * *m, legal or not; 0, or -1 with why. */
static int placement_read(const char *text, game_move *m, char *why, size_t n)
{
    char face[2][24];
    track_face f[2];
    const char *at = strchr(text, '@'), *colon = strchr(text, ':');
    int col, o;
    if (!at || !colon || colon > at || (size_t)(colon - text) >= sizeof face[0] ||
        (size_t)(at - colon - 1) >= sizeof face[1]) {
        snprintf(why, n, "\"%s\" is no placement (expected FRONT:BACK@COLUMN ORIENTATION, e.g. RL:RB@3B2)", text);
        return -1;
    }
    snprintf(face[0], sizeof face[0], "%.*s", (int)(colon - text), text);
    snprintf(face[1], sizeof face[1], "%.*s", (int)(at - colon - 1), colon + 1);
    for (int i = 0; i < 2; i++) {
        int k = track_face_read(face[i], &f[i], why, n);
        if (k < 0)
            return -1;
        if (face[i][k]) {
            snprintf(why, n, "face '%s': '%c' is no side (T, R, B, L, or + between arcs)", face[i], face[i][k]);
            return -1;
        }
    }
    if (at[1] < '1' || at[1] > '0' + TRACK_COLS || (at[2] != 'F' && at[2] != 'B') ||
        (at[3] && (at[3] < '1' || at[3] > '3' || at[4]))) {
        snprintf(why, n, "\"%s\": expected a column 1 to %d and F, F1..F3, B or B1..B3 after '@'", text, TRACK_COLS);
        return -1;
    }
    col = at[1] - '1';
    o = (at[2] == 'B') * 4 + (at[3] ? at[3] - '0' : 0);
    track_move_set(m, (track_block){f[0], f[1]}, col, o);
    return 0;
}

int track_view_draw_refused(shell *sh, render *r, const void *stv, const char *move, rrect box, char *why, size_t n)
{
    const track_state *st = stv;
    track_view *v;
    game_move m;
    track_block b;
    (void)sh;
    if (placement_read(move, &m, why, n) != 0)
        return -1;
    if (st->height[m.b[4]] >= TRACK_ROWS) {
        snprintf(why, n, "column %d is full: nothing would land", m.b[4] + 1);
        return -1;
    }
    if (track_refusal(st, &m, why, n) < 0) {
        snprintf(why, n, "the rules allow \"%s\": it is not refused", move);
        return -1;
    }
    if (!r)
        return 0;
    if (!(v = calloc(1, sizeof *v)))
        return 0;
    b = (track_block){(track_face)(m.b[0] | m.b[1] << 8), (track_face)(m.b[2] | m.b[3] << 8)};
    v->st = st;
    v->shown = *st;
    v->last_cell = -1;
    track_view_fit(v, box);
    track_view_draw_board(r, v);
    track_view_draw_refusal(r, v, m.b[4], track_block_face(b, m.b[5]));
    free(v);
    return 0;
}
