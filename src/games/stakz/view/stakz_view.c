#include "games/stakz/view/stakz_view.h"
#include "games/stakz/view/stakz_view_priv.h"
#include "games/stakz/rules/stakz_why.h"
#include "shell/settings.h"
#include "shell/trace.h"
#include "audio/tablesound.h"

/* ---------------------------------------------------------------- animation */

/* Starts the glide of every stack tile from where it stood in before to
 * its place now, and a placed tile from the hand (or an opponent's panel):
 * a split slides the top half out to its new stack. */
static void glide_from(stakz_view *v, const stakz_state *before, const game_move *m, rrect placed_from)
{
    const stakz_state *after = &v->obs;
    rrect cols[STAKZ_MAX_STACKS];
    float ts = 0;
    int k = m->b[1], split = after->nstacks > before->nstacks, keep = split ? after->height[k] : 0;
    stakz_layout_stacks(v, before, cols, &ts);
    memset(v->moving, 0, sizeof v->moving);
    v->split_at = split ? k : -1;
    for (int j = 0; j < after->nstacks; j++)
        for (int i = 0; i < after->height[j]; i++) {
            int bj = j, bi = i;
            if (split && j == k + 1)
                bj = k, bi = i + keep;
            else if (split && j > k + 1)
                bj = j - 1;
            if (bj == k && bi == before->height[k]) {
                v->from[j][i] = placed_from; /* the placed tile */
            } else {
                v->from[j][i] = stakz_tile_rect(cols[bj], ts, bi);
            }
            v->moving[j][i] = 1;
        }
    v->anim_t = v->anim_prev = 0;
}

/* The drawn tile flies from the pile to the drawer's hand: a back, or the
 * face for the drawer's own eyes. */
static void fly_draw(stakz_view *v, const stakz_state *before, int p)
{
    int colour = -1, kind = -1;
    const stakz_state *after = &v->obs;
    for (int c = 0; c < STAKZ_COLOURS; c++)
        if (before->pile_cols[c] > after->pile_cols[c])
            colour = c;
    if (colour < 0)
        return;
    /* what the drawer's hand gained, as the viewer sees it: a face, or a back */
    for (int k = 0; k < STAKZ_KINDS; k++)
        if (after->hand[p][k] > before->hand[p][k])
            kind = k;
    v->fl.code = kind >= 0 && kind < STAKZ_CODES ? kind : STAKZ_UNKNOWN(colour);
    v->fl.from = stakz_pile_tile(v, colour);
    if (p == table_viewer_seat(v->t) && v->fl.code < STAKZ_CODES && v->hand_tile[v->fl.code].w > 0)
        v->fl.to = v->hand_tile[v->fl.code];
    else if (p == table_viewer_seat(v->t))
        v->fl.to = (rrect){v->hand_box.x + v->hand_box.w / 2 - HAND_TILE / 2, v->hand_box.y + 4, HAND_TILE,
                           HAND_TILE};
    else
        v->fl.to = (rrect){v->opp[p].x + v->opp[p].w / 2 - BACK_TILE / 2, v->opp[p].y + 76, BACK_TILE, BACK_TILE};
    v->fl.t = v->fl.t_prev = 0;
    v->nfl = 1;
}

static void settle(stakz_view *v)
{
    v->anim_t = v->anim_prev = 1;
    v->nfl = 0;
    v->split_at = -1;
}

/* ---------------------------------------------------------------- the midend's callbacks */

static void stakz_view_changed(void *vv, shell *sh, table_change why)
{
    stakz_view *v = vv;
    stakz_rules.observe(v->st, table_private_seat(v->t), &v->obs);
    if (why != TABLE_PLAYED) {
        settle(v);
        v->sel = -1;
        v->picking = 0;
        v->press_code = -1;
        v->dragging = 0;
    }
    if (why == TABLE_JUMPED)
        v->round_show = 0;
    stakz_marks_rebuild(v);
    stakz_layout(v, sh);
}

/* Seconds move m takes to show (the midend keeps the time): a placed tile
 * lands, a drawn one flies to its hand; a round's end shows its scores at once. */
static double stakz_view_anim_length(const void *vv, const void *before_st, const game_move *m, int by_computer)
{
    const stakz_view *v = vv;
    const stakz_state *before = before_st;
    (void)by_computer;
    for (int s = 0; s < before->players; s++)
        if (v->st->score[s] != before->score[s])
            return 0; /* the round ended */
    if (m->kind == STAKZ_M_PLACE)
        return MOVE_TIME;
    return before->npile > 0 ? DRAW_TIME : 0;
}

/* A move went into the record: describe it, animate it (over the midend's
 * animation time, none with Reduced motion), and catch a round's end. */
static void stakz_view_played(void *vv, shell *sh, const void *before_st, const game_move *m, const char *text,
                              int by_computer)
{
    stakz_view *v = vv;
    const stakz_state *before = before_st;
    int p = before->turn, round_over = 0;
    rrect from = v->opp[p];
    (void)by_computer;
    trace_line("stakz move p%d %s", p + 1, text);
    for (int s = 0; s < before->players; s++) {
        v->round_points[s] = v->st->score[s] - before->score[s];
        round_over |= v->round_points[s] != 0;
    }
    stakz_rules.observe(v->st, table_private_seat(v->t), &v->obs);
    v->sel = -1;
    v->picking = 0;
    v->dragging = 0;
    v->press_code = -1;
    settle(v);
    if (m->kind == STAKZ_M_PLACE) {
        if (p == table_viewer_seat(v->t) && v->hand_tile[m->b[0]].w > 0)
            from = v->hand_tile[m->b[0]];
        else
            from = (rrect){from.x + from.w / 2 - BACK_TILE / 2, from.y + 60, BACK_TILE, BACK_TILE};
        /* Heard from the seat's side: its hand, or its box across the table. */
        float pan = tablesound_pan(from.x + from.w / 2, shell_vw(sh));
        if (v->st->nstacks > before->nstacks && !round_over) {
            trace_line("stakz split stack %d", m->b[1] + 1);
            audio_play_at(SFX_STAKZ_SPLIT, pan, 1.0f);
        } else {
            tablesound_play(SFX_TILE_CLICK, pan, 1.0f);
        }
        stakz_layout(v, sh);
        if (table_anim_length(v->t) > 0)
            glide_from(v, before, m, from);
    } else {
        /* A tile drawn: lifted off the pool, a softer click on the drawer's side. */
        int mine = p == table_viewer_seat(v->t);
        rrect at = mine ? v->hand_box : v->opp[p];
        tablesound_play(SFX_TILE_CLICK, tablesound_pan(at.x + at.w / 2, shell_vw(sh)), mine ? 0.5f : 0.35f);
        stakz_layout(v, sh);
        if (table_anim_length(v->t) > 0) {
            stakz_state seen;
            stakz_rules.observe(before, table_private_seat(v->t), &seen);
            fly_draw(v, &seen, p);
        }
    }
    if (round_over) {
        v->round_show = 1;
        v->round_since = table_time(v->t);
        v->round_winner = -1;
        for (int s = 0; s < before->players; s++)
            if (before->nhand[s] - (s == p && m->kind == STAKZ_M_PLACE) == 0)
                v->round_winner = s;
        trace_line("stakz round over%s", v->st->over ? " (game over)" : "");
        audio_play(SFX_WIN);
    }
}

/* The draw at the end of a turn shows its player a hidden symbol, and a
 * placement that ends the round deals the next one: undo goes back only
 * within the turn, and never past a round's end. */
static int stakz_view_undoable(const void *before, const game_move *m)
{
    stakz_state after = *(const stakz_state *)before;
    if (m->kind == STAKZ_M_END || stakz_rules.apply(&after, m) != 0)
        return 0;
    for (int p = 0; p < after.players; p++)
        if (after.score[p] != ((const stakz_state *)before)->score[p])
            return 0;
    return 1;
}

static void stakz_view_over(void *vv, shell *sh, const game_result *res)
{
    (void)sh;
    const stakz_view *v = vv;
    if (res->winner >= 0) {
        trace_line("stakz over p%d", res->winner + 1);
        return;
    }
    {
        char who[32] = "";
        size_t k = 0;
        for (int p = 0; p < table_match(v->t)->params.players; p++)
            if (res->rank[p] == 0)
                k += (size_t)snprintf(who + k, sizeof who - k, " p%d", p + 1);
        trace_line("stakz over shared%s", who);
    }
}

/* Setup's Resume: whose turn it is and the points so far. */
static void stakz_view_summary(const void *st_, const match_setup *m, char *buf, size_t n)
{
    const stakz_state *st = st_;
    int d = stakz_current(st);
    size_t k;
    if (d >= 0)
        k = (size_t)snprintf(buf, n, "Player %d %sto play \xc2\xb7 points:", d + 1,
                             m->seat[d] == SEAT_HUMAN ? "" : "(computer) ");
    else
        k = (size_t)snprintf(buf, n, "Points:");
    for (int p = 0; p < m->params.players && k < n; p++)
        k += (size_t)snprintf(buf + k, n - k, "%s P%d %d", p ? "," : "", p + 1, st->score[p]);
}

/* ---------------------------------------------------------------- input */

/* Focuses the viewer's hand tile c when there is one; 1 if it did. */
static int focus_tile(stakz_view *v, shell *sh, int c)
{
    if (!v->obs.hand[table_viewer_seat(v->t)][c] || !ui_nav_item(&v->nav, ID_TILE + c))
        return 0;
    ui_nav_focus(&v->nav, sh, ID_TILE + c);
    return 1;
}

/* m is refused: the rules' reason (stakz_refusal) on the status line; 1 if it was. */
static int refused(stakz_view *v, int spot, const game_move *m)
{
    char why[112];
    if (stakz_refusal(v->st, m, why, sizeof why) < 0)
        return 0;
    table_refuse(v->t, spot, "%s", why);
    return 1;
}

static void place(stakz_view *v, shell *sh, int code, int k)
{
    game_move m = {.kind = STAKZ_M_PLACE, .len = 2, .b = {(uint8_t)code, (uint8_t)k}};
    if (refused(v, k, &m))
        return;
    table_refuse_clear(v->t);
    {
        char nm[3];
        stakz_tile_name((uint8_t)code, nm);
        trace_line("stakz choose %s>%d", nm, k + 1);
    }
    if (table_play(v->t, sh, &m) != 0 || !ui_focus_visible(sh))
        return;
    /* a controller goes on from the hand: the same tile again, or the next one */
    stakz_layout(v, sh);
    for (int c = code; c < STAKZ_CODES; c++)
        if (focus_tile(v, sh, c))
            return;
    for (int c = code - 1; c >= 0; c--)
        if (focus_tile(v, sh, c))
            return;
}

static void end_turn(stakz_view *v, shell *sh, int colour)
{
    game_move m = {.kind = STAKZ_M_END, .len = 1, .b = {(uint8_t)colour}};
    if (refused(v, -1, &m))
        return;
    table_play(v->t, sh, &m);
}

/* End turn: straight away when there is no colour to choose, else the picker. */
static void ask_end(stakz_view *v, shell *sh)
{
    if (stakz_can_end(v->st, STAKZ_END_ANY)) {
        trace_line("stakz choose end");
        end_turn(v, sh, STAKZ_END_ANY);
        return;
    }
    v->picking = 1;
    v->sel = -1;
    audio_play(SFX_CLICK);
    trace_line("stakz picker open");
    stakz_layout(v, sh);
    for (int c = 0; c < STAKZ_COLOURS; c++)
        if (v->obs.pile_cols[c] > 0) {
            ui_nav_focus(&v->nav, sh, ID_PICK + c);
            break;
        }
}

/* A hand tile chosen: select it and send the focus to its first stack. */
static void select_tile(stakz_view *v, shell *sh, int code)
{
    if (v->sel == code) {
        v->sel = -1;
        audio_play(SFX_TICK);
        return;
    }
    v->sel = code;
    {
        char nm[3];
        stakz_tile_name((uint8_t)code, nm);
        trace_line("stakz select %s", nm);
    }
    {
        char why[112];
        if (stakz_tile_refusal(v->st, code, why, sizeof why) >= 0)
            table_refuse(v->t, -1, "%s", why); /* chosen all the same: the status says why it waits */
        else
            audio_play(SFX_CLICK);
    }
    if (!ui_focus_visible(sh))
        return;
    for (int k = 0; k < v->st->nstacks; k++)
        if (stakz_can_place(v->st, code, k)) {
            ui_nav_focus(&v->nav, sh, ID_STACK + k);
            break;
        }
}

/* Does what focus item id asks. */
static table_intent activate(stakz_view *v, shell *sh, int id)
{
    if (id == ID_SCORE)
        return TABLE_SCORE;
    if (id == ID_OK) {
        v->round_show = 0;
        table_pace(v->t);
        audio_play(SFX_CLICK);
        trace_line("stakz round seen");
        return TABLE_NONE;
    }
    if (id == ID_CANCEL) {
        v->picking = 0;
        audio_play(SFX_TICK);
        return TABLE_NONE;
    }
    if (!viewer_decides(v)) {
        table_refuse_turn(v->t, -1);
        return TABLE_NONE;
    }
    if (id >= ID_PICK && id < ID_PICK + STAKZ_COLOURS) {
        trace_line("stakz choose end %s", colour_names[id - ID_PICK]);
        end_turn(v, sh, id - ID_PICK);
    } else if (id == ID_END) {
        ask_end(v, sh);
    } else if (id >= ID_STACK && id < ID_STACK + STAKZ_MAX_STACKS) {
        place(v, sh, v->sel, id - ID_STACK); /* with none chosen, refused: choose a tile first */
    } else if (id >= ID_TILE && id < ID_TILE + STAKZ_CODES) {
        select_tile(v, sh, id - ID_TILE);
    }
    return TABLE_NONE;
}

/* The stack whose column holds (x, y), or -1. */
static int stack_at(const stakz_view *v, float x, float y)
{
    for (int k = 0; k < v->obs.nstacks; k++) {
        rrect c = v->stack_col[k];
        if (x >= c.x && x < c.x + c.w && y >= c.y - 40 && y < c.y + c.h + 40)
            return k;
    }
    return -1;
}

/* Mouse: press on a hand tile and drag it onto a stack, or click the tile
 * then the stack. Returns 1 when it handled the event. */
static int pointer(stakz_view *v, shell *sh, const action_event *ev)
{
    v->px = ev->x;
    v->py = ev->y;
    if (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT && viewer_decides(v) && !v->picking) {
        const ui_item *it;
        v->press_code = -1;
        for (int i = 0; i < v->nav.n; i++) {
            it = &v->nav.items[i];
            if (it->id < ID_STACK && it->enabled && ui_rect_contains(it->r, ev->x, ev->y))
                v->press_code = it->id - ID_TILE;
        }
        v->dx = ev->x;
        v->dy = ev->y;
        v->dragging = 0;
        return 0;
    }
    if (ev->act == ACT_POINTER_MOVE && v->press_code >= 0 && !v->dragging &&
        fabsf(ev->x - v->dx) + fabsf(ev->y - v->dy) > 14) {
        v->dragging = 1;
        v->sel = v->press_code;
        char nm[3];
        stakz_tile_name((uint8_t)v->press_code, nm);
        trace_line("stakz drag %s", nm);
    }
    if (ev->act == ACT_POINTER_UP && v->dragging) {
        int k = stack_at(v, ev->x, ev->y), code = v->press_code;
        v->dragging = 0;
        v->press_code = -1;
        v->nav.pressed = -1;
        if (k >= 0)
            place(v, sh, code, k); /* or refused, saying why */
        return 1;
    }
    if (ev->act == ACT_POINTER_UP)
        v->press_code = -1;
    return v->dragging;
}

static table_intent stakz_view_input(void *vv, shell *sh, const action_event *ev)
{
    stakz_view *v = vv;
    int id;
    if (ev->act == ACT_MENU)
        return TABLE_MENU;
    if (ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_UP) {
        if (pointer(v, sh, ev))
            return TABLE_NONE;
        id = table_nav_event(v->t, &v->nav, sh, ev);
        return id >= 0 ? activate(v, sh, id) : TABLE_NONE;
    }
    switch (ev->act) {
    case ACT_UP:
    case ACT_DOWN:
    case ACT_LEFT:
    case ACT_RIGHT: ui_nav_event(&v->nav, sh, ev); break;
    case ACT_ACCEPT:
        id = table_nav_event(v->t, &v->nav, sh, ev);
        return id >= 0 ? activate(v, sh, id) : TABLE_NONE;
    case ACT_BACK:
        if (v->picking) {
            v->picking = 0;
            audio_play(SFX_TICK);
            return TABLE_NONE;
        }
        if (v->sel >= 0) {
            int code = v->sel;
            v->sel = -1;
            audio_play(SFX_TICK);
            ui_nav_focus(&v->nav, sh, ID_TILE + code);
            return TABLE_NONE;
        }
        if (v->round_show)
            return activate(v, sh, ID_OK);
        return TABLE_MENU;
    case ACT_EXTRA: /* X: end the turn */
        if (viewer_decides(v) && !v->picking)
            ask_end(v, sh);
        else if (!viewer_decides(v))
            table_refuse_turn(v->t, -1);
        else
            audio_play(SFX_ERROR);
        break;
    case ACT_PREV_TAB: return table_can_undo(v->t) ? TABLE_UNDO : TABLE_NONE;
    case ACT_NEXT_TAB: return table_can_redo(v->t) ? TABLE_REDO : TABLE_NONE;
    case ACT_ALT: return TABLE_RULES;
    default: break;
    }
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- update */

static void stakz_view_update(void *vv, shell *sh, double dt)
{
    stakz_view *v = vv;
    double prev, at = table_anim_time(v->t, &prev), len = table_anim_length(v->t);
    float k = len > 0 ? (float)(at / len) : 1, k_prev = len > 0 ? (float)(prev / len) : 1;
    (void)dt;
    /* the glide and the flight follow the midend's animation time */
    if (v->anim_t < 1) {
        v->anim_t = k;
        v->anim_prev = k_prev;
    } else {
        v->anim_prev = 1;
    }
    if (v->nfl > 0) {
        v->fl.t_prev = k_prev;
        v->fl.t = k;
        if (k_prev >= 1)
            v->nfl = 0; /* shown landed for a step */
    }
    if (v->anim_t >= 1)
        v->split_at = -1;
    /* with nobody to dismiss them (computers alone, or a replay), the round's scores go by themselves */
    if (v->round_show && (table_humans(v->t) == 0 || table_replaying(v->t)) &&
        table_time(v->t) - v->round_since > ROUND_WATCH) {
        v->round_show = 0;
        table_pace(v->t);
    }
    if (v->picking && !viewer_decides(v))
        v->picking = 0;
    stakz_layout(v, sh);
    stakz_trace(v, sh);
}

static void stakz_view_follow(void *vv, shell *sh, double dt)
{
    stakz_view *v = vv;
    ui_nav_update(&v->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
}

/* ---------------------------------------------------------------- lifetime */

static void stakz_view_enter(void *vv, shell *sh)
{
    stakz_view *v = vv;
    table_refresh(v->t, sh);
    stakz_layout(v, sh);
    if (table_record(v->t)->cursor == 0)
        audio_play(SFX_SHUFFLE);
}

/* Tiles in flight, a stack settling or a dragged tile draw; the round's result waits still. */
static double stakz_view_wake(const void *vv)
{
    const stakz_view *v = vv;
    return v->anim_t < 1 || v->nfl > 0 || v->dragging ? 0 : SCENE_AT_REST;
}

/* The round's result waits to be seen (a played move's animation is the midend's). */
static int stakz_view_busy(const void *vv) { return ((const stakz_view *)vv)->round_show; }

/* The view's own starting values (its table is set). */
static void stakz_view_init(void *vv)
{
    stakz_view *v = vv;
    v->st = table_state(v->t);
    v->sel = -1;
    v->press_code = -1;
    v->split_at = -1;
    v->hover_code = v->mark_seat = v->mark_drew = -1;
    v->anim_t = v->anim_prev = 1;
    ui_nav_init(&v->nav, "stakz");
}

const table_view_ops stakz_view_ops = {
    .trace = "stakz",
    .pace_watch = 0.55, /* seconds between moves when only computers play */
    .pace_reply = 0.35, /* the computer's shortest pause before it answers */
    .undo = 1,          /* within the turn: the draw is final (undoable) */
    .hint = 1,
    .row_no_redo = 1,   /* the button row has Undo only; redo stays on its key */
    .curtain = 1,       /* symbols in hand are hidden */
    .size = sizeof(stakz_view),
    .init = stakz_view_init,
    .enter = stakz_view_enter,
    .update = stakz_view_update,
    .follow = stakz_view_follow,
    .draw = stakz_view_draw,
    .draw_top = stakz_view_draw_top,
    .input = stakz_view_input,
    .busy = stakz_view_busy,
    .wake = stakz_view_wake,
    .anim_length = stakz_view_anim_length,
    .describe = stakz_describe,
    .played = stakz_view_played,
    .redone = NULL,
    .changed = stakz_view_changed,
    .over = stakz_view_over,
    .score = stakz_view_score,
    .undoable = stakz_view_undoable,
    .summary = stakz_view_summary,
    .draw_position = stakz_view_draw_position,
};
