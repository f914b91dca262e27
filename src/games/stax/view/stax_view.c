#include "games/stax/view/stax_view.h"
#include "games/stax/view/stax_view_priv.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "audio/tablesound.h"

/* ---------------------------------------------------------------- geometry */

static int square_at(const stax_view *v, float x, float y)
{
    int f, r;
    if (!ui_rect_contains(v->board, x, y))
        return -1;
    f = (int)((x - v->board.x) / SQ);
    r = 7 - (int)((y - v->board.y) / SQ);
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + f;
}

/* Wide screens (16:9 to 21:9) put a panel either side of the board; when
 * those would be too narrow for their text (4:3, 16:10), both panels stack
 * in one column beside the board. */
static void layout(stax_view *v, shell *sh)
{
    float side = (shell_vw(sh) - 8 * SQ - 48 - 4 * 24) / 2, frame = 8 * SQ + 48;
    int n = table_buttons_count(v->t);
    rrect btn[TABLE_BUTTONS], row;
    if (side >= 400) {
        if (side > 470)
            side = 470;
        v->board = (rrect){(shell_vw(sh) - 8 * SQ) / 2, 150, 8 * SQ, 8 * SQ};
        v->left = (rrect){v->board.x - 24 - 24 - side, 130, side, 850};
        v->right = (rrect){v->board.x + 8 * SQ + 24 + 24, 130, side, 850};
    } else {
        float gap = 32, col = fminf(shell_vw(sh) - frame - 3 * gap, 620), x0 = (shell_vw(sh) - frame - gap - col) / 2;
        v->board = (rrect){x0 + 24, 150, 8 * SQ, 8 * SQ};
        v->left = (rrect){x0 + frame + gap, 130, col, 450};
        v->right = (rrect){v->left.x, v->left.y + v->left.h + 16, col, 850 - v->left.h - 16};
    }
    row = (rrect){v->right.x + 24, 0, v->right.w - 48, 0};
    /* the midend's button row along the foot of the moves panel */
    row.h = ui_layout_buttons(row, n, 110, 200, 64, 12, btn);
    row.y = v->right.y + v->right.h - 24 - row.h;
    ui_layout_buttons(row, n, 110, 200, 64, 12, btn);
    v->log_box = (rrect){v->right.x + 24, v->right.y + 24, v->right.w - 48, row.y - 16 - (v->right.y + 24)};
    ui_nav_begin(&v->nav);
    table_buttons_place(v->t, &v->nav, btn);
    ui_nav_end(&v->nav, sh);
}

/* ---------------------------------------------------------------- state */

/* Everything the view draws that follows from the position at the cursor. */
static void stax_view_changed(void *vv, shell *sh, table_change why)
{
    stax_view *v = vv;
    (void)sh;
    if (why == TABLE_JUMPED) {
        v->an.active = 0;
        v->promo_t = 0;
    }
    stax_chain_reset(&v->chain, v->st);
    v->shown = v->st->b;
    v->forced_at = 0;
    v->has_last = table_last_move(v->t, &v->last, &v->last_seat) == 0;
    if (why == TABLE_PLAYED && v->an.active)
        v->shown = v->an.base; /* until the slide ends */
}

/* Seconds segment k of a path of kind takes to slide; the first is shorter
 * from a drop point, where most of the way is done. */
static double seg_time(int kind, int k, int from_drop)
{
    double d = kind ? JUMP_TIME : STEP_TIME;
    return k == 0 && from_drop ? d * 0.6 : d;
}

/* Seconds a path of len squares takes to slide. */
static double path_time(int len, int kind, int from_drop)
{
    double s = 0;
    for (int k = 0; k + 1 < len; k++)
        s += seg_time(kind, k, from_drop);
    return s;
}

static void anim_start(stax_view *v, const stax_board *base, const uint8_t *path, int len, int kind,
                       int promotion, int whole, float sx, float sy)
{
    anim *an = &v->an;
    an->active = 1;
    an->base = *base;
    memcpy(an->path, path, (size_t)len);
    an->len = len;
    an->kind = kind;
    an->seg = 0;
    an->t = an->t_prev = 0;
    an->sx = sx;
    an->sy = sy;
    an->promotion = promotion;
    an->whole = whole;
    an->multi = 0;
    an->clock = an->clock_prev = 0;
    an->length = path_time(len, kind, !isnan(sx));
}

/* Plays a move the player entered: shown sliding from from_board along path. */
static void commit(stax_view *v, shell *sh, const game_move *m, const stax_board *from_board,
                   const uint8_t *path, float sx, float sy)
{
    v->pending = 1;
    v->pending_from = *from_board;
    memcpy(v->pending_path, path, sizeof v->pending_path);
    v->pending_x = sx;
    v->pending_y = sy;
    table_play(v->t, sh, m);
    v->pending = 0;
}

/* Seconds move m takes to show (the midend keeps the time): a move the
 * player entered slides only its last segment, from where it was let go. */
static double stax_view_anim_length(const void *vv, const void *before, const game_move *m, int by_computer)
{
    const stax_view *v = vv;
    (void)before;
    (void)by_computer;
    if (v->pending)
        return path_time(2, m->kind, !isnan(v->pending_x));
    return path_time(m->len, m->kind, 0);
}

/* A move went into the record: start showing it. */
static void stax_view_played(void *vv, shell *sh, const void *before_st, const game_move *m, const char *text,
                             int by_computer)
{
    (void)sh;
    stax_view *v = vv;
    const stax_state *before = before_st;
    stax_board after = before->b;
    int flags = stax_make(&after, m);
    if (by_computer)
        audio_play(SFX_PICKUP);
    trace_line("stax move %s", text);
    if (v->pending)
        anim_start(v, &v->pending_from, v->pending_path, 2, m->kind, (flags & STAX_MADE_PROMOTION) != 0, 1,
                   v->pending_x, v->pending_y);
    else
        anim_start(v, &before->b, m->b, m->len, m->kind, (flags & STAX_MADE_PROMOTION) != 0, 1, NAN, NAN);
    /* One man per jump: a path of three squares or more took two stacks or more. */
    v->an.multi = (flags & STAX_MADE_CAPTURE) && m->len >= 3;
    v->an.end_sq = m->b[m->len - 1];
    v->cursor = m->b[m->len - 1];
}

/* ---------------------------------------------------------------- entering moves */

static void cursor_to_target(stax_view *v)
{
    uint64_t t = stax_chain_targets(&v->chain);
    int forced = stax_chain_forced(&v->chain), best = -1;
    float bd = 1e9f;
    if (forced >= 0) {
        v->cursor = forced;
        return;
    }
    /* The nearest landing, so a controller player needs few presses. */
    for (int sq = 0; sq < 64; sq++)
        if (t >> sq & 1) {
            float dx = (float)((sq & 7) - (v->cursor & 7)), dy = (float)((sq >> 3) - (v->cursor >> 3));
            if (dx * dx + dy * dy < bd) {
                bd = dx * dx + dy * dy;
                best = sq;
            }
        }
    if (best >= 0)
        v->cursor = best;
}

/* A press that does nothing: the midend's refusal (a sound, the reason on
 * the status line for a while) flashes the square red and shakes the cursor. */
static void refuse(stax_view *v, int sq, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void refuse(stax_view *v, int sq, const char *fmt, ...)
{
    va_list ap;
    char name[3] = "--";
    const char *why;
    va_start(ap, fmt);
    why = table_refusev(v->t, sq, fmt, ap);
    va_end(ap);
    if (sq >= 0)
        stax_square_name(sq, name);
    trace_line("stax feedback %s: %s", name, why);
}

static void refuse_pick(stax_view *v, int sq)
{
    char name[3] = "--";
    if (sq >= 0)
        stax_square_name(sq, name);
    trace_line("stax refused %s", name);
    if (sq < 0 || !dark(sq) || !(v->shown.occ >> sq & 1))
        refuse(v, sq, "%s is empty: pick a stack outlined in gold.", name);
    else if ((int)((v->shown.blue >> sq) & 1) != v->st->b.stm)
        refuse(v, sq, "That stack is %s's: the man on top decides.", side_names[!v->st->b.stm]);
    else if (v->chain.capture)
        refuse(v, sq, "Capture is compulsory: pick a stack that can capture.");
    else
        refuse(v, sq, "The stack on %s has nowhere to go.", name);
}

static int pick(stax_view *v, int sq)
{
    char name[3];
    if (stax_chain_pick(&v->chain, sq) != 0) {
        refuse_pick(v, sq);
        return -1;
    }
    audio_play(SFX_PICKUP);
    table_refuse_clear(v->t);
    stax_square_name(sq, name);
    trace_line("stax pick %s", name);
    v->cursor = sq;
    return 0;
}

static void cancel_pick(stax_view *v)
{
    if (v->chain.len == 0)
        return;
    stax_chain_cancel(&v->chain);
    v->shown = v->st->b;
    v->dragging = 0;
    v->forced_at = 0;
    audio_play(SFX_DROP);
    trace_line("stax cancel");
}

/* Lands the picked stack on sq; sx, sy is where a drag let it go (or NAN). */
static void land(stax_view *v, shell *sh, int sq, float sx, float sy)
{
    char name[3];
    game_move done;
    stax_board before = v->shown;
    uint8_t seg[2];
    int from = v->chain.path[v->chain.len - 1];
    stax_chain_result r = stax_chain_land(&v->chain, sq, &done);
    stax_square_name(sq, name);
    v->dragging = 0;
    v->forced_at = 0;
    if (r == STAX_CHAIN_ILLEGAL) {
        trace_line("stax illegal %s", name);
        if (v->chain.capture && dark(sq) && !(v->shown.occ >> sq & 1))
            refuse(v, sq, "Capture is compulsory: jump over an enemy stack.");
        else
            refuse(v, sq, "Not %s: land on a green square, or put it back.", name);
        return;
    }
    seg[0] = (uint8_t)from;
    seg[1] = (uint8_t)sq;
    if (r == STAX_CHAIN_DONE) {
        commit(v, sh, &done, &before, seg, sx, sy);
        return;
    }
    trace_line("stax jump %s", name);
    stax_chain_board(&v->chain, &v->st->b, &v->shown);
    anim_start(v, &before, seg, 2, 1, 0, 0, sx, sy);
    if (shell_settings(sh)->v[SETTING_reduced_motion])
        v->an.length = 0; /* not a played move: the view's own to shorten */
    v->cursor = sq;
    cursor_to_target(v);
}

/* ---------------------------------------------------------------- undo, redo, menu */

/* Redo landed on a move: show it sliding in, as if it were played. */
static void stax_view_redone(void *vv, shell *sh, const void *before_st, const game_move *m)
{
    stax_view *v = vv;
    const stax_state *before = before_st;
    stax_board b = before->b;
    int flags = stax_make(&b, m);
    (void)sh;
    anim_start(v, &before->b, m->b, m->len, m->kind, (flags & STAX_MADE_PROMOTION) != 0, 1, NAN, NAN);
    v->shown = before->b;
    audio_play(SFX_PICKUP);
}

static void stax_view_score(const void *vv, score_report *rep)
{
    const stax_view *v = vv;
    game_result res;
    stax_rules.result(v->st, &res);
    for (int s = 0; s < 2; s++) {
        uint64_t tops = v->st->b.occ & (s ? v->st->b.blue : ~v->st->b.blue);
        rep->total[s] = __builtin_popcountll(tops);
    }
    snprintf(rep->total_label, sizeof rep->total_label, "Stacks on top");
    snprintf(rep->total_help, sizeof rep->total_help,
             "Stacks on top: the stacks a side controls at the end (the man on top decides).");
    /* why it ended: the rules say (the midend asks them) */
    if (res.winner >= 0)
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", side_names[res.winner]);
    else
        snprintf(rep->headline, sizeof rep->headline, "A draw");
}

/* Setup's Resume: whose move, and the stacks each side has on top. */
static void stax_view_summary(const void *st_, const match_setup *m, char *buf, size_t n)
{
    const stax_state *st = st_;
    int side = st->b.stm;
    snprintf(buf, n, "%s %sto move \xc2\xb7 stacks on top: Red %d, Blue %d", side_names[side],
             m->seat[side] == SEAT_HUMAN ? "" : "(computer) ",
             __builtin_popcountll(st->b.occ & ~st->b.blue), __builtin_popcountll(st->b.occ & st->b.blue));
}

static void stax_view_over(void *vv, shell *sh, const game_result *res)
{
    (void)sh;
    (void)vv;
    trace_line("stax over %s", res->winner < 0 ? "draw" : side_names[res->winner]);
}

/* ---------------------------------------------------------------- input */

static void pointer_down(stax_view *v, const action_event *ev)
{
    int sq = square_at(v, ev->x, ev->y);
    v->press_target = -1;
    if (!human_turn(v) || sq < 0)
        return;
    if (v->chain.len > 0 && (stax_chain_targets(&v->chain) >> sq & 1)) {
        v->press_target = sq; /* click-click: lands on release */
        return;
    }
    if (v->chain.len > 0 && sq == v->chain.path[v->chain.len - 1]) {
        v->dragging = 1; /* drag the picked stack (mid-chain too) */
    } else if (v->chain.len > 1) {
        refuse(v, sq, "Finish the capture: the chain must go on.");
        return;
    } else if (v->chain.len == 1 && !(stax_chain_movable(&v->chain) >> sq & 1)) {
        /* holding a stack, a press off its landings puts it back, and says why */
        char name[3];
        stax_square_name(sq, name);
        trace_line("stax illegal %s", name);
        refuse(v, sq, "Not %s: land on a green square.", name);
        cancel_pick(v);
        return;
    } else if (pick(v, sq) == 0) {
        v->dragging = 1;
    } else {
        cancel_pick(v);
        return;
    }
    v->drag_moved = 0;
    v->press_x = v->drag_x = v->drag_px = ev->x;
    v->press_y = v->drag_y = v->drag_py = ev->y;
}

static void pointer_up(stax_view *v, shell *sh, const action_event *ev)
{
    int sq = square_at(v, ev->x, ev->y);
    if (v->press_target >= 0) {
        int t = v->press_target;
        v->press_target = -1;
        if (sq == t && human_turn(v))
            land(v, sh, t, NAN, NAN);
        return;
    }
    if (!v->dragging)
        return;
    v->dragging = 0;
    if (!v->drag_moved || sq == v->chain.path[v->chain.len - 1])
        return; /* a click picks up; the stack waits for its landing */
    if (sq >= 0 && (stax_chain_targets(&v->chain) >> sq & 1)) {
        land(v, sh, sq, ev->x, ev->y);
        return;
    }
    {
        char name[3] = "--";
        if (sq >= 0)
            stax_square_name(sq, name);
        trace_line("stax illegal %s", name);
        refuse(v, sq, "%s", v->chain.capture ? "Not there: capturing is compulsory."
                                                : "Not there: drop it on a green square.");
    }
}

static void cursor_move(stax_view *v, int df, int dr)
{
    int f = (v->cursor & 7) + df, r = (v->cursor >> 3) + dr;
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return;
    v->cursor = r * 8 + f;
    audio_play(SFX_TICK);
}

static table_intent accept(stax_view *v, shell *sh)
{
    if (table_over(v->t))
        return TABLE_SCORE;
    if (!human_turn(v)) {
        audio_play(SFX_ERROR);
        return TABLE_NONE;
    }
    if (v->chain.len == 0) {
        if (pick(v, v->cursor) == 0)
            cursor_to_target(v);
    } else if (v->chain.len == 1 && v->cursor == v->chain.path[0]) {
        cancel_pick(v);
    } else {
        land(v, sh, v->cursor, NAN, NAN);
    }
    return TABLE_NONE;
}

static table_intent stax_view_input(void *vv, shell *sh, const action_event *ev)
{
    stax_view *v = vv;
    if (ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_UP) {
        v->px = ev->x;
        v->py = ev->y;
        /* the focus set holds only the midend's button row: it takes their presses */
        table_nav_event(v->t, &v->nav, sh, ev);
        if (ev->act == ACT_POINTER_DOWN && ev->button != INPUT_BUTTON_LEFT)
            return TABLE_NONE;
    }
    switch (ev->act) {
    case ACT_POINTER_MOVE:
        v->hover_sq = square_at(v, ev->x, ev->y);
        if (v->dragging) {
            v->drag_x = ev->x;
            v->drag_y = ev->y;
            if (fabsf(ev->x - v->press_x) + fabsf(ev->y - v->press_y) > 12)
                v->drag_moved = 1;
        }
        break;
    case ACT_POINTER_DOWN:
        if (table_over(v->t) && square_at(v, ev->x, ev->y) >= 0)
            return TABLE_SCORE;
        pointer_down(v, ev);
        break;
    case ACT_POINTER_UP:
        pointer_up(v, sh, ev);
        break;
    case ACT_UP:
        cursor_move(v, 0, 1);
        break;
    case ACT_DOWN:
        cursor_move(v, 0, -1);
        break;
    case ACT_LEFT:
        cursor_move(v, -1, 0);
        break;
    case ACT_RIGHT:
        cursor_move(v, 1, 0);
        break;
    case ACT_ACCEPT:
        return accept(v, sh);
    case ACT_BACK:
        if (v->chain.len > 0 && !v->an.active)
            cancel_pick(v);
        else
            return TABLE_MENU;
        break;
    case ACT_MENU:
        return TABLE_MENU;
    case ACT_PREV_TAB:
        return TABLE_UNDO;
    case ACT_NEXT_TAB:
        return TABLE_REDO;
    case ACT_ALT:
        return TABLE_RULES;
    default:
        break;
    }
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- update */

/* A checker clacking down on square sq, heard where it lands. */
static void clack(const stax_view *v, int sq, float vw)
{
    float x, y;
    square_center(v, sq, &x, &y);
    tablesound_play(SFX_CHECKER, tablesound_pan(x, vw), 1.0f);
}

/* Shows the part of an's path that at seconds of len reach (prev: the step
 * before): the segment and how far along it, with a drop at each landing
 * crossed. Returns whether the path has ended. */
static int anim_show(const stax_view *v, anim *an, double at, double prev, double len, float vw)
{
    int last = an->len - 2;
    double start = 0;
    if (!(len > 0)) {
        an->seg = last > 0 ? last : 0;
        an->t = an->t_prev = 1;
        clack(v, an->path[an->len - 1], vw); /* no slide: it lands at once */
        return 1;
    }
    for (int k = 0; k <= last; k++) {
        double d = seg_time(an->kind, k, !isnan(an->sx)), end = k == last ? len : start + d;
        if (prev < end && end <= at)
            clack(v, an->path[k + 1], vw);
        if (at < end || k == last) {
            an->seg = k;
            an->t = (float)fmin(1, (at - start) / d);
            an->t_prev = (float)fmin(1, fmax(0, (prev - start) / d));
            break;
        }
        start = end;
    }
    return at >= len;
}

/* A played move follows the midend's animation time; an entered jump, the view's own. */
static void anim_update(stax_view *v, shell *sh, double dt)
{
    anim *an = &v->an;
    double at, prev, len;
    if (!an->active)
        return;
    if (an->whole) {
        at = table_anim_time(v->t, &prev);
        len = table_anim_length(v->t);
    } else {
        an->clock_prev = an->clock;
        an->clock = fmin(an->clock + dt, an->length);
        at = an->clock;
        prev = an->clock_prev;
        len = an->length;
    }
    if (!anim_show(v, an, at, prev, len, shell_vw(sh)))
        return;
    an->active = 0;
    if (an->multi) {
        float x, y;
        square_center(v, an->end_sq, &x, &y);
        audio_play_at(SFX_STAX_MULTI, tablesound_pan(x, shell_vw(sh)), 1.0f);
        trace_line("stax multi-capture");
    }
    if (an->promotion) {
        v->promo_sq = an->path[an->len - 1];
        v->promo_t = shell_settings(sh)->v[SETTING_reduced_motion] ? 0.3f : PROMO_TIME;
        audio_play(SFX_CLICK);
        trace_line("stax promotion");
    }
    if (an->whole)
        v->shown = v->st->b;
    if (!an->whole && stax_chain_forced(&v->chain) >= 0)
        v->forced_at = table_time(v->t) + FORCED_DELAY;
}

static void stax_view_update(void *vv, shell *sh, double dt)
{
    stax_view *v = vv;
    layout(v, sh);
    ui_nav_update(&v->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
    anim_update(v, sh, dt);
    if (v->forced_at > 0 && table_time(v->t) >= v->forced_at && human_turn(v)) {
        int f = stax_chain_forced(&v->chain);
        v->forced_at = 0;
        if (f >= 0)
            land(v, sh, f, NAN, NAN);
    }
}

/* Interpolated glides: the drag follows the pointer, the cursor its square. */
static void stax_view_follow(void *vv, shell *sh, double dt)
{
    stax_view *v = vv;
    float k = 1.0f - expf(-(float)dt * 25.0f);
    if (v->promo_t > 0)
        v->promo_t -= (float)dt;
    v->drag_px = v->drag_x;
    v->drag_py = v->drag_y;
    {
        float cx, cy;
        square_center(v, v->cursor, &cx, &cy);
        v->cur_px = v->cur_x;
        v->cur_py = v->cur_y;
        if (shell_settings(sh)->v[SETTING_reduced_motion]) {
            v->cur_x = cx;
            v->cur_y = cy;
        } else {
            v->cur_x += (cx - v->cur_x) * k;
            v->cur_y += (cy - v->cur_y) * k;
        }
    }
}

/* ---------------------------------------------------------------- lifetime */

static void stax_view_enter(void *vv, shell *sh)
{
    stax_view *v = vv;
    layout(v, sh);
    table_refresh(v->t, sh);
    square_center(v, v->cursor, &v->cur_x, &v->cur_y);
    v->cur_px = v->cur_x;
    v->cur_py = v->cur_y;
}

/* A jump entered mid-capture still slides (a played move's animation is the midend's). */
static int stax_view_busy(const void *vv)
{
    const stax_view *v = vv;
    return v->an.active && !v->an.whole;
}

/* A move or a promotion under way draws; a forced capture plays itself when due. */
static double stax_view_wake(const void *vv)
{
    const stax_view *v = vv;
    if (v->an.active || v->promo_t > 0)
        return 0;
    return v->forced_at > 0 ? fmax(0, v->forced_at - table_time(v->t)) : SCENE_AT_REST;
}

/* The view's own starting values (its table is set). */
static void stax_view_init(void *vv)
{
    stax_view *v = vv;
    v->st = table_state(v->t);
    v->hover_sq = -1;
    v->press_target = -1;
    v->promo_sq = -1;
    v->cursor = 2 * 8 + 2; /* c3, where Red's play usually starts */
    if (v->st->b.stm == STAX_BLUE)
        v->cursor = 5 * 8 + 3; /* d6 */
    v->an.sx = v->an.sy = NAN;
    ui_nav_init(&v->nav, "stax");
}

const table_view_ops stax_view_ops = {
    .trace = "stax",
    .pace_watch = 0.6, /* seconds between moves when computers play each other */
    .pace_reply = 0.35, /* the computer's shortest pause before it answers */
    .undo = 1,
    .hint = 1,
    .curtain = 0,
    .size = sizeof(stax_view),
    .init = stax_view_init,
    .enter = stax_view_enter,
    .update = stax_view_update,
    .follow = stax_view_follow,
    .draw = stax_view_draw,
    .input = stax_view_input,
    .busy = stax_view_busy,
    .wake = stax_view_wake,
    .anim_length = stax_view_anim_length,
    .played = stax_view_played,
    .redone = stax_view_redone,
    .changed = stax_view_changed,
    .over = stax_view_over,
    .describe = stax_view_describe,
    .seat_labels = side_names,
    .score = stax_view_score,
    .summary = stax_view_summary,
    .draw_position = stax_view_draw_position,
};
