/* The Stack-A-Track table's input, animation and the midend's callbacks:
 * choose a block from the tray, turn it (wheel, right button, X, or the Turn
 * button), point at or step to a column to preview where it lands and what
 * it scores, and press to slide it down. */
#include "games/stackatrack/view/track_view.h"
#include "games/stackatrack/view/track_view_priv.h"
#include "games/stackatrack/rules/track_why.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "audio/tablesound.h"

/* Seconds into SFX_TRACK_SLIDE its block stops against the frame (0.12 to
 * 0.16 by variant, synth_table.c). */
#define TRACK_SLIDE_STOP 0.14

const char *track_orient_name(int o)
{
    static const char *const names[8] = {"F", "F1", "F2", "F3", "B", "B1", "B2", "B3"};
    return o >= 0 && o < 8 ? names[o] : "?";
}

const char *track_orient_words(int o)
{
    static const char *const words[8] = {"front",      "front, turned right", "front, upside down",
                                         "front, turned left", "back",       "back, turned right",
                                         "back, upside down",  "back, turned left"};
    return o >= 0 && o < 8 ? words[o] : "";
}

/* ---------------------------------------------------------------- who chooses */

int track_view_chooser(const track_view *v)
{
    int mover = v->st->to_move, viewer = table_viewer(v->t);
    if (track_hidden(v) && table_hides_private(v->t) && table_curtain(v->t) < 0)
        return -1; /* every person plays on a phone: no tray is the screen's */
    if (track_hidden(v) && table_humans(v->t) > 0)
        return viewer >= 0 ? viewer : mover;
    if (table_seat_human(v->t, mover))
        return mover;
    if (table_humans(v->t) == 1)
        for (int s = 0; s < v->st->players; s++)
            if (table_seat_human(v->t, s))
                return s;
    return mover;
}

void track_view_tray_head(const track_view *v, int seat, char *buf, size_t n)
{
    char who[MATCH_NAME_LEN];
    if (table_replaying(v->t))
        table_seat_name(table_match(v->t), seat, who, sizeof who);
    else
        snprintf(who, sizeof who, "%s", seat_color_name(seat));
    snprintf(buf, n, "%s's blocks", who);
}

int track_view_human_turn(const track_view *v)
{
    return table_may_act(v->t, v->st->to_move) && !v->dr.active;
}

track_face track_view_face(const track_view *v)
{
    if (v->sel < 0 || v->sel >= v->nkind)
        return 0;
    return track_block_face(v->kind[v->sel].b, v->orient);
}

/* Groups the chooser's hand into kinds (the hand is sorted, so equal blocks sit together). */
static void tray_fill(track_view *v)
{
    int seat = track_view_chooser(v);
    track_block keep = v->sel >= 0 && v->sel < v->nkind ? v->kind[v->sel].b : (track_block){0, 0};
    v->nkind = 0;
    for (int i = 0; seat >= 0 && i < v->st->nhand[seat]; i++) {
        track_block b = v->st->hand[seat][i];
        if (v->nkind > 0 && track_block_cmp(v->kind[v->nkind - 1].b, b) == 0) {
            v->kind[v->nkind - 1].count++;
            continue;
        }
        if (v->nkind == KINDS_MAX)
            break;
        v->kind[v->nkind++] = (tray_kind){b, 1};
    }
    /* keep the chosen kind when it is still there */
    v->sel = v->nkind > 0 ? 0 : -1;
    for (int k = 0; k < v->nkind; k++)
        if (track_block_cmp(v->kind[k].b, keep) == 0)
            v->sel = k;
}

/* Traces whose blocks the tray shows, when that changes ("track tray p1:
 * RL:RB.TB:BL", or "hidden" behind the curtain), so tests can check that
 * hidden blocks are never shown to the wrong player. */
static void tray_trace(track_view *v)
{
    char line[sizeof v->tray_traced];
    int n, seat = track_view_chooser(v);
    if (table_curtain(v->t) >= 0 || seat < 0) {
        snprintf(line, sizeof line, "hidden");
    } else {
        n = snprintf(line, sizeof line, "p%d:", seat + 1);
        for (int k = 0; k < v->nkind && n > 0 && (size_t)n + 40 < sizeof line; k++) {
            line[n++] = k ? '.' : ' ';
            n += track_block_write(v->kind[k].b, line + n, sizeof line - (size_t)n);
        }
        if (n > 0 && (size_t)n + 80 < sizeof line) { /* and its heading, as the tray says it */
            char head[MATCH_NAME_LEN + 16];
            track_view_tray_head(v, seat, head, sizeof head);
            snprintf(line + n, sizeof line - (size_t)n, " (%s)", head);
        }
    }
    if (strcmp(line, v->tray_traced) != 0) {
        snprintf(v->tray_traced, sizeof v->tray_traced, "%s", line);
        trace_line("track tray %s", line);
    }
}

/* ---------------------------------------------------------------- layout */

/* The seats' rows from y down, w wide; returns the y under the last. */
static float layout_rows(track_view *v, float x, float y, float w)
{
    for (int s = 0; s < v->st->players; s++) {
        track_row_fit fit = track_row_fit_for(v->st->nhand[s], w);
        v->row[s] = (rrect){x, y, w, fit.h};
        y += fit.h + 8;
    }
    return y;
}

/* Traces the size the seats' rows draw their blocks at, in virtual units,
 * when it changes ("track hands 30 30"), so tests can check they stay readable. */
static void hands_trace(track_view *v)
{
    char line[sizeof v->hands_traced];
    int n = 0;
    line[0] = '\0';
    for (int s = 0; s < v->st->players && n >= 0 && (size_t)n < sizeof line; s++)
        n += snprintf(line + n, sizeof line - (size_t)n, "%s%d", s ? " " : "",
                      v->st->nhand[s] ? (int)track_row_fit_for(v->st->nhand[s], v->row[s].w).size : 0);
    if (strcmp(line, v->hands_traced) != 0) {
        snprintf(v->hands_traced, sizeof v->hands_traced, "%s", line);
        trace_line("track hands %s", line);
    }
}

/* Wide screens put the seats and the move log left of the frame and the
 * tray right of it; narrower ones (4:3) shrink the frame a little to hold
 * the log under it and stack the seats over the tray beside it. */
static void layout(track_view *v, shell *sh)
{
    float fw, side, top = 40, y;
    int n = table_buttons_count(v->t);
    rrect btn[2 + TABLE_BUTTONS], row, area;
    v->cell = CELL;
    fw = 6 * v->cell + 2 * RIM;
    side = (shell_vw(sh) - fw - 4 * 28) / 2;
    v->wide = side >= 430;
    if (v->wide) {
        float bottom = 968;
        side = fminf(side, 620);
        v->frame = (rrect){(shell_vw(sh) - 6 * v->cell) / 2, 236, 6 * v->cell, 6 * v->cell};
        v->left = (rrect){v->frame.x - RIM - 28 - side, top, side, 0};
        /* the game's title heads the seats while the log keeps room for a few turns */
        y = layout_rows(v, v->left.x + 16, top + 78, side - 32);
        v->titled = bottom - (y + 76 + 8 + 16) >= 260;
        if (!v->titled)
            y = layout_rows(v, v->left.x + 16, top + 16, side - 32);
        v->status = (rrect){v->left.x + 24, y + 2, side - 48, 74};
        /* the log's paper well fills the seats' panel under the status */
        v->left.h = bottom - top;
        v->log_panel = (rrect){0, 0, 0, 0};
        v->log = (rrect){v->left.x + 16, v->status.y + v->status.h + 8, side - 32, 0};
        v->log.h = bottom - 16 - v->log.y;
        v->right = (rrect){v->frame.x + 6 * v->cell + RIM + 28, top, side, bottom - top};
    } else {
        /* the frame column: the space above the frame, the frame, the log under it */
        float col, x0, bottom = 1004, log_min = 220;
        v->cell = fminf(CELL, floorf((bottom - top - 14 - 2 * RIM - 16 - log_min) / 7));
        fw = 6 * v->cell + 2 * RIM;
        col = fminf(shell_vw(sh) - fw - 3 * 28, 640);
        x0 = (shell_vw(sh) - fw - 28 - col) / 2;
        v->frame = (rrect){x0 + RIM, top + v->cell + 14 + RIM, 6 * v->cell, 6 * v->cell};
        v->log_panel = (rrect){x0, v->frame.y + v->frame.h + RIM + 16, fw, 0};
        v->log_panel.h = bottom - v->log_panel.y;
        v->log = (rrect){v->log_panel.x + 14, v->log_panel.y + 14, fw - 28, v->log_panel.h - 28};
        v->left = (rrect){x0 + fw + 28, top, col, 0};
        v->titled = 0; /* the rows and the tray need all the column */
        y = layout_rows(v, v->left.x + 16, top + 16, col - 32);
        v->status = (rrect){v->left.x + 24, y + 2, col - 48, 74};
        v->left.h = v->status.y + v->status.h + 12 - top;
        v->right = (rrect){v->left.x, v->left.y + v->left.h + 16, col, 0};
        v->right.h = bottom - v->right.y;
    }
    v->above = (rrect){v->frame.x, v->frame.y - RIM - v->cell - 14, v->frame.w, v->cell};
    /* the tray's buttons: turn and pass above the midend's row (undo, redo, menu) */
    area = (rrect){v->right.x + 24, 0, v->right.w - 48, 0};
    row = area;
    row.h = ui_layout_buttons(area, n, 110, 220, 64, 12, btn + 2);
    row.y = v->right.y + v->right.h - 20 - row.h;
    ui_layout_buttons(row, n, 110, 220, 64, 12, btn + 2);
    row.y -= 64 + 12;
    ui_layout_buttons(row, 2, 140, 300, 64, 12, btn);
    v->tray = (rrect){v->right.x + 24, v->right.y + 76, v->right.w - 48, row.y - 12 - (v->right.y + 76)};
    ui_nav_begin(&v->nav);
    {
        /* tray tiles: two faces side by side and a count, in as many columns as fit;
         * the scoring reminder under them where they leave room for it */
        int cols = v->tray.w >= 540 ? 2 : 1, rows = (v->nkind + cols - 1) / cols;
        float tw = (v->tray.w - 12 * (float)(cols - 1)) / (float)cols, scoring = 186, th, room = v->tray.h;
        v->scoring = (rrect){v->tray.x, v->tray.y + v->tray.h - scoring, v->tray.w, scoring};
        /* (no tiles: the tray says why in a line, which the reminder must not cover) */
        if ((float)(rows > 0 ? rows : 1) * (72 + 8) + 12 <= v->tray.h - scoring)
            room -= scoring + 12; /* tiles a little smaller, the reminder under them */
        else
            v->scoring.h = 0;
        th = rows > 0 ? fminf(96, (room - 8 * (float)(rows - 1)) / (float)rows) : 96;
        for (int k = 0; k < v->nkind; k++) {
            rrect tile = {v->tray.x + (float)(k % cols) * (tw + 12), v->tray.y + (float)(k / cols) * (th + 8), tw, th};
            ui_nav_add(&v->nav, ID_TRAY + k, tile, 1, "tray");
        }
    }
    ui_nav_add(&v->nav, ID_TURN, btn[0], v->nkind > 0, "turn");
    ui_nav_add(&v->nav, ID_PASS, btn[1], v->must_pass && track_view_human_turn(v), "pass");
    table_buttons_place(v->t, &v->nav, btn + 2);
    ui_nav_end(&v->nav, sh);
    hands_trace(v);
}

/* The column under the pointer (the frame, or the space above it); -1 none. */
static int column_at(const track_view *v, float x, float y)
{
    if (x < v->frame.x || x >= v->frame.x + v->frame.w || y < v->above.y || y >= v->frame.y + v->frame.h)
        return -1;
    return (int)((x - v->frame.x) / v->cell);
}

/* ---------------------------------------------------------------- state */

/* The cell (and face) that move m placed from before; -1 for a pass. */
static int placed_cell(const track_state *before, const game_move *m, track_face *face)
{
    track_state after = *before;
    stackatrack_rules.apply(&after, m);
    for (int c = 0; c < TRACK_CELLS; c++)
        if (after.cell[c] && !before->cell[c]) {
            *face = after.cell[c];
            return c;
        }
    return -1;
}

/* Everything the view draws that follows from the position at the cursor. */
static void track_view_changed(void *vv, shell *sh, table_change why)
{
    (void)sh;
    track_view *v = vv;
    game_move m;
    const track_state *before = table_last_before(v->t);
    if (why == TABLE_JUMPED || why == TABLE_ENTERED) {
        v->dr.active = 0;
        v->glow_t = v->pop_t = 0;
        v->glow_new = 0;
    }
    /* the midend's last move, marked on its cell until the next (none for a pass) */
    v->last_cell = -1;
    if (before && table_last_move(v->t, &m, &v->last_seat) == 0 && m.kind != TRACK_MOVE_PASS) {
        track_face f = 0;
        v->last_cell = placed_cell(before, &m, &f);
    }
    /* traced as it changes ("track last 3.2 p2": column 3, row 2 from the floor, seat 2) */
    if ((v->last_cell < 0 ? -1 : v->last_cell * 4 + v->last_seat) != v->last_traced) {
        v->last_traced = v->last_cell < 0 ? -1 : v->last_cell * 4 + v->last_seat;
        if (v->last_cell < 0)
            trace_line("track last none");
        else
            trace_line("track last %d.%d p%d", v->last_cell / TRACK_ROWS + 1, v->last_cell % TRACK_ROWS + 1,
                       v->last_seat + 1);
    }
    if (!v->dr.active)
        v->shown = *v->st;
    tray_fill(v);
    tray_trace(v);
    v->must_pass = !v->st->over && !track_can_place(v->st, v->st->to_move);
    if (!track_orient_ok(v->st, v->orient))
        v->orient = 0;
}

static int root_of(const track_state *s, int x)
{
    while (s->uf[x] != x)
        x = s->uf[x];
    return x;
}

/* Arc slot of face f holding edge e; -1 none. */
static int slot_of(track_face f, int e)
{
    for (int i = 0; i < 4; i++)
        if ((f >> (4 * i)) & e)
            return i;
    return -1;
}

/* Lights the track a new block closed into a loop: an arc of the block whose
 * ends met two ends already joined to each other (in before), and all the
 * track joined to it now (in after). Returns the arcs lit. */
static int light_loop(track_view *v, const track_state *before, int cell, track_face f)
{
    static const int dc[3] = {-1, 1, 0}, dr[3] = {0, 0, -1};
    static const int mine[3] = {TRACK_L, TRACK_R, TRACK_B}, theirs[3] = {TRACK_R, TRACK_L, TRACK_T};
    int col = cell / TRACK_ROWS, row = cell % TRACK_ROWS, lit = 0;
    memset(v->glow, 0, sizeof v->glow);
    for (int k = 0; k < 4 && (f >> (4 * k)) & 15; k++) {
        int arc = (f >> (4 * k)) & 15, roots[3], n = 0, closed = 0;
        for (int d = 0; d < 3; d++) {
            int nc = col + dc[d], nr = row + dr[d], sl;
            if (!(arc & mine[d]) || nc < 0 || nc >= TRACK_COLS || nr < 0)
                continue;
            sl = slot_of(before->cell[nc * TRACK_ROWS + nr], theirs[d]);
            if (sl < 0)
                continue;
            roots[n] = root_of(before, nc * 24 + nr * 4 + sl);
            for (int j = 0; j < n; j++)
                closed |= roots[j] == roots[n];
            n++;
        }
        if (!closed)
            continue;
        {
            int r = root_of(v->st, col * 24 + row * 4 + k);
            for (int c = 0; c < TRACK_CELLS; c++)
                for (int j = 0; j < 4 && v->st->cell[c] >> (4 * j) & 15; j++)
                    if (root_of(v->st, (c / TRACK_ROWS) * 24 + (c % TRACK_ROWS) * 4 + j) == r) {
                        v->glow[c] |= (uint8_t)(1 << j);
                        lit++;
                    }
        }
    }
    return lit;
}

/* The rules viewer's diagram (table_view_ops.draw_position): st's frame
 * fitted into box; with a move, the frame after it, its block marked as the
 * last move and any loop it closes lit, as the table shows them. */
static void track_view_draw_position(shell *sh, render *r, const void *stv, const game_move *hi, rrect box)
{
    track_view *v = calloc(1, sizeof *v);
    track_state *after = malloc(sizeof *after);
    (void)sh;
    if (!v || !after) {
        free(v);
        free(after);
        return;
    }
    *after = *(const track_state *)stv;
    v->last_cell = -1;
    if (hi && hi->kind != TRACK_MOVE_PASS && stackatrack_rules.apply(after, hi) == 0) {
        track_face f = 0;
        v->st = after;
        v->last_cell = placed_cell(stv, hi, &f);
        v->last_seat = ((const track_state *)stv)->to_move;
        if (v->last_cell >= 0 && light_loop(v, stv, v->last_cell, f) > 0)
            v->glow_t = 1; /* lit for good: a picture does not fade */
    }
    v->shown = *after;
    track_view_fit(v, box);
    track_view_draw_board(r, v);
    free(after);
    free(v);
}

/* How long move m, played from before, takes to show: a placed block's
 * drop (the midend keeps the time); a pass shows nothing. */
static double track_view_anim_length(const void *vv, const void *before, const game_move *m, int by_computer)
{
    track_face f = 0;
    (void)vv;
    (void)by_computer;
    return m->kind != TRACK_MOVE_PASS && placed_cell(before, m, &f) >= 0 ? DROP_TIME : 0;
}

/* Shows move m being played from before: the block slides down its column
 * over the midend's animation time. */
static void show_move(track_view *v, const track_state *before, const game_move *m, int by_computer)
{
    track_face f = 0;
    int cell;
    v->pop_t = 0; /* a loop lit earlier keeps glowing its while */
    if (m->kind == TRACK_MOVE_PASS) {
        audio_play(SFX_TICK);
        return;
    }
    cell = placed_cell(before, m, &f);
    if (cell < 0)
        return;
    if (by_computer)
        audio_play(SFX_PICKUP);
    v->shown = *before;
    v->dr = (drop){1, f, cell / TRACK_ROWS, cell % TRACK_ROWS, before->to_move, 0, 0, 0};
    {
        track_place pl;
        v->glow_points = 0;
        if (track_place_eval(before, cell / TRACK_ROWS, f, &pl)) {
            v->glow_points = pl.points;
            if (pl.loops > 0 && light_loop(v, before, cell, f) > 0) {
                v->glow_new = 1;
                trace_line("track loop %d", pl.loops);
            }
        }
    }
}

/* A face's picture in words ("curve", "double curve"). */
static const char *face_words(track_face f)
{
    int arcs = 0, straight = 0;
    for (int k = 0; k < 4 && (f >> (4 * k)) & 15; k++) {
        int arc = (f >> (4 * k)) & 15;
        arcs++;
        straight += arc == (TRACK_T | TRACK_B) || arc == (TRACK_R | TRACK_L);
        if (__builtin_popcount((unsigned)arc) != 2)
            return __builtin_popcount((unsigned)arc) == 1 ? "dead end" : "junction";
    }
    if (arcs == 1)
        return straight ? "straight" : "curve";
    return straight == 2 ? "crossing" : straight == 0 ? "double curve" : "block";
}

/* The move log's words: "slid a curve down column 3: +2", "...: +7, a loop closed!". */
static void track_view_describe(const void *before_, const game_move *m, char *buf, size_t n)
{
    const track_state *before = before_;
    track_face f = 0;
    track_place pl;
    int cell = m->kind == TRACK_MOVE_PASS ? -1 : placed_cell(before, m, &f);
    if (cell < 0) {
        snprintf(buf, n, "passed: no block fits");
        return;
    }
    if (!track_place_eval(before, cell / TRACK_ROWS, f, &pl)) {
        snprintf(buf, n, "slid a %s down column %d", face_words(f), cell / TRACK_ROWS + 1);
        return;
    }
    if (pl.points == 0) {
        snprintf(buf, n, "slid a %s down column %d: no points", face_words(f), cell / TRACK_ROWS + 1);
        return;
    }
    snprintf(buf, n, "slid a %s down column %d: %s%d%s", face_words(f), cell / TRACK_ROWS + 1,
             pl.points < 0 ? "\xe2\x88\x92" : "+", abs(pl.points),
             pl.loops > 1 ? ", loops closed!" : pl.loops ? ", a loop closed!" : "");
}

/* A move went into the record. */
static void track_view_played(void *vv, shell *sh, const void *before, const game_move *m, const char *text,
                              int by_computer)
{
    (void)sh;
    trace_line("track move %s", text);
    show_move(vv, before, m, by_computer);
}

/* Redo landed on a move: show it slide in, as if it were played. */
static void track_view_redone(void *vv, shell *sh, const void *before, const game_move *m)
{
    (void)sh;
    show_move(vv, before, m, 1);
}

/* ---------------------------------------------------------------- moves */

/* A press that does nothing: the midend's refusal (a sound, the status line
 * says why for a while), and the column flashes red. */
static void refuse(track_view *v, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void refuse(track_view *v, int col, const char *fmt, ...)
{
    va_list ap;
    const char *why;
    va_start(ap, fmt);
    why = table_refusev(v->t, col, fmt, ap);
    va_end(ap);
    trace_line("track refused %d: %s", col + 1, why);
}

/* m is refused: the rules' reason (track_refusal) on the status line, col
 * flashing; 1 if it was. */
static int refused(track_view *v, int col, const game_move *m)
{
    char why[112];
    if (track_refusal(v->st, m, why, sizeof why) < 0)
        return 0;
    refuse(v, col, "%s", why);
    return 1;
}

static void play_pass(track_view *v, shell *sh)
{
    game_move m = {.kind = TRACK_MOVE_PASS, .len = 0};
    if (!track_view_human_turn(v)) {
        table_refuse_turn(v->t, -1);
        return;
    }
    if (!refused(v, -1, &m))
        table_play(v->t, sh, &m);
}

/* Slides the chosen block down column col, or says why it can't go. */
static void play_column(track_view *v, shell *sh, int col)
{
    track_face f = track_view_face(v);
    game_move m;
    if (!track_view_human_turn(v)) {
        table_refuse_turn(v->t, col);
        return;
    }
    if (v->must_pass) {
        m = (game_move){.kind = TRACK_MOVE_PLACE, .len = 6, .b = {[4] = (uint8_t)(col < 0 ? 0 : col)}};
        refused(v, col, &m); /* none of the blocks fits anywhere: Pass */
        return;
    }
    if (col < 0 || f == 0)
        return;
    track_move_set(&m, v->kind[v->sel].b, col, v->orient);
    if (!refused(v, col, &m))
        table_play(v->t, sh, &m);
}

/* Turns the chosen block to the next (dir 1) or previous orientation the
 * match allows: F, F2, B, B2, or with quarter turns F, F1, F2, F3, B, ... */
static void turn(track_view *v, int dir)
{
    if (v->nkind == 0)
        return;
    do {
        v->orient = (v->orient + (dir > 0 ? 1 : 7)) % 8;
    } while (!track_orient_ok(v->st, v->orient));
    audio_play(SFX_TICK);
    trace_line("track turn %s", track_orient_name(v->orient));
}

static void choose(track_view *v, int k)
{
    char b[40];
    if (k < 0 || k >= v->nkind)
        return;
    v->sel = k;
    audio_play(SFX_TICK);
    track_block_write(v->kind[k].b, b, sizeof b);
    trace_line("track choose %s", b);
}

/* ---------------------------------------------------------------- input */

static table_intent pointer(track_view *v, shell *sh, const action_event *ev)
{
    int id = table_nav_event(v->t, &v->nav, sh, ev);
    if (ev->act == ACT_POINTER_MOVE) {
        v->hover_col = column_at(v, ev->x, ev->y);
        if (v->hover_col >= 0)
            v->col = v->hover_col;
    }
    if (id >= ID_TRAY) {
        choose(v, id - ID_TRAY);
        return TABLE_NONE;
    }
    switch (id) {
    case ID_TURN: turn(v, 1); return TABLE_NONE;
    case ID_PASS: play_pass(v, sh); return TABLE_NONE;
    default: break;
    }
    if (id >= 0 || ev->act != ACT_POINTER_DOWN)
        return TABLE_NONE;
    /* a click anywhere but a button shows the score, once the last block has landed */
    if (table_over(v->t))
        return v->dr.active ? TABLE_NONE : TABLE_SCORE;
    if (ev->button != INPUT_BUTTON_LEFT) {
        turn(v, 1); /* the other button turns the block, for a mouse without a wheel */
        return TABLE_NONE;
    }
    if (column_at(v, ev->x, ev->y) >= 0)
        play_column(v, sh, column_at(v, ev->x, ev->y));
    return TABLE_NONE;
}

static table_intent track_view_input(void *vv, shell *sh, const action_event *ev)
{
    track_view *v = vv;
    if (ev->act == ACT_MENU)
        return TABLE_MENU;
    if (ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_UP)
        return pointer(v, sh, ev);
    switch (ev->act) {
    case ACT_LEFT:
    case ACT_RIGHT:
        v->col = v->col < 0 ? 2 : v->col + (ev->act == ACT_LEFT ? -1 : 1);
        v->col = v->col < 0 ? 0 : v->col >= TRACK_COLS ? TRACK_COLS - 1 : v->col;
        audio_play(SFX_TICK);
        break;
    case ACT_UP:
    case ACT_DOWN:
        if (v->nkind > 0)
            choose(v, (v->sel + (ev->act == ACT_UP ? v->nkind - 1 : 1)) % v->nkind);
        break;
    case ACT_EXTRA: turn(v, 1); break;
    case ACT_WHEEL: turn(v, ev->wheel > 0 ? 1 : -1); break;
    case ACT_ACCEPT:
        /* the score once the last block has landed: a press during its slide doesn't skip it */
        if (table_over(v->t))
            return v->dr.active ? TABLE_NONE : TABLE_SCORE;
        if (v->must_pass && track_view_human_turn(v))
            play_pass(v, sh);
        else
            play_column(v, sh, v->col < 0 ? 2 : v->col);
        break;
    case ACT_BACK: return TABLE_MENU;
    case ACT_PREV_TAB: return TABLE_UNDO;
    case ACT_NEXT_TAB: return TABLE_REDO;
    case ACT_ALT: return TABLE_RULES;
    default: break;
    }
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- update */

static void track_view_update(void *vv, shell *sh, double dt)
{
    track_view *v = vv;
    drop *d = &v->dr;
    double prev, at = table_anim_time(v->t, &prev), len = table_anim_length(v->t);
    layout(v, sh);
    ui_nav_update(&v->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
    if (!d->active)
        return;
    /* the drop follows the midend's animation time (none with Reduced motion) */
    d->t_prev = len > 0 ? (float)(prev / len) : 1;
    d->t = len > 0 ? (float)(at / len) : 1;
    rrect c = track_cell_rect(v, d->col, d->row);
    float pan = tablesound_pan(c.x + c.w / 2, shell_vw(sh));
    /* The slide's stop against the frame comes about TRACK_SLIDE_STOP into
     * the sound: start it so the stop is heard as the block lands. */
    if (!d->heard && at >= len - TRACK_SLIDE_STOP) {
        d->heard = 1;
        tablesound_play(SFX_TRACK_SLIDE, pan, 1.0f);
    }
    if (at < len)
        return;
    d->active = 0;
    v->shown = *v->st;
    v->pop_t = POP_TIME;
    if (v->glow_new) {
        v->glow_new = 0;
        v->glow_t = GLOW_TIME;
        audio_play_at(SFX_TRACK_LOOP, pan, 1.0f);
    }
}

static void track_view_follow(void *vv, shell *sh, double dt)
{
    track_view *v = vv;
    (void)sh;
    if (v->glow_t > 0)
        v->glow_t -= (float)dt;
    if (v->pop_t > 0)
        v->pop_t -= (float)dt;
}

/* ---------------------------------------------------------------- score */

static void track_view_score(const void *vv, score_report *rep)
{
    const track_view *v = vv;
    game_result res;
    int firsts = 0;
    char who[96] = "";
    stackatrack_rules.result(v->st, &res);
    for (int s = 0; s < v->st->players; s++) {
        rep->total[s] = v->st->score[s];
        if (res.rank[s] == 0) {
            size_t l = strlen(who);
            snprintf(who + l, sizeof who - l, "%s%s", firsts ? " and " : "", seat_color_name(s));
            firsts++;
        }
    }
    snprintf(rep->total_label, sizeof rep->total_label, "Points");
    snprintf(rep->total_help, sizeof rep->total_help,
             "Points: +1 for each track end joined, \xe2\x88\x92" "1 for each off the edge, +5 for each loop.");
    if (firsts == 1)
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", who);
    else
        snprintf(rep->headline, sizeof rep->headline, "%s share the win!", who);
}

/* Setup's Resume: whose turn, and the points. */
static void track_view_summary(const void *st_, const match_setup *m, char *buf, size_t n)
{
    const track_state *st = st_;
    int len = snprintf(buf, n, "%s %sto move \xc2\xb7 points:", seat_color_name(st->to_move),
                       m->seat[st->to_move] == SEAT_HUMAN ? "" : "(computer) ");
    for (int s = 0; s < st->players && len > 0 && (size_t)len < n; s++)
        len += snprintf(buf + len, n - (size_t)len, "%s %s %d", s ? "," : "", seat_color_name(s), st->score[s]);
}

static void track_view_over(void *vv, shell *sh, const game_result *res)
{
    (void)sh;
    char text[32];
    track_view *v = vv;
    if (track_result_write(v->st, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    (void)res;
    trace_line("track over %s", text);
}

/* ---------------------------------------------------------------- lifetime */

static void track_view_enter(void *vv, shell *sh)
{
    track_view *v = vv;
    tray_fill(v);
    layout(v, sh);
    table_refresh(v->t, sh);
}

/* The seats' names as the table says them: their colours (core/seat.h). */
static const char *seat_labels[GAME_MAX_PLAYERS];

/* The view's own starting values (its table is set). */
static void track_view_init(void *vv)
{
    track_view *v = vv;
    for (int s = 0; s < GAME_MAX_PLAYERS; s++)
        seat_labels[s] = seat_color_name(s);
    v->st = table_state(v->t);
    v->shown = *v->st;
    v->sel = -1;
    v->col = -1;
    v->hover_col = -1;
    v->last_cell = -1;
    v->last_traced = -2;
    ui_nav_init(&v->nav, "track");
}

/* The curtain follows the hidden-blocks house rule. */
static int track_view_hides(const match_setup *m) { return m->params.opt[TRACK_OPT_HIDDEN] != 0; }

/* A block sliding down (until its landing is seen), a loop glowing or its points popping draw. */
static double track_view_wake(const void *vv)
{
    const track_view *v = vv;
    return v->dr.active || v->glow_t > 0 || v->pop_t > 0 ? 0 : SCENE_AT_REST;
}

const table_view_ops stackatrack_view_ops = {
    .draw_position = track_view_draw_position,
    .draw_refused = track_view_draw_refused,
    .trace = "track",
    .pace_watch = 0.7, /* seconds between moves when computers play each other */
    .pace_reply = 0.4, /* the computer's shortest pause before it answers */
    .undo = 1,
    .hint = 1,
    .curtain = 0,
    .hides = track_view_hides,
    .size = sizeof(track_view),
    .init = track_view_init,
    .enter = track_view_enter,
    .update = track_view_update,
    .follow = track_view_follow,
    .draw = track_view_draw,
    .draw_public = track_view_draw_public,
    .seat_labels = seat_labels,
    .input = track_view_input,
    .wake = track_view_wake,
    .anim_length = track_view_anim_length,
    .describe = track_view_describe,
    .played = track_view_played,
    .redone = track_view_redone,
    .changed = track_view_changed,
    .over = track_view_over,
    .score = track_view_score,
    .summary = track_view_summary,
};
