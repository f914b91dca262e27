#include "games/nine/view/nine_view.h"
#include "games/nine/view/nine_view_priv.h"
#include "shell/settings.h"
#include "shell/trace.h"

/* ---------------------------------------------------------------- helpers */

static void card_words(uint8_t code, char *buf, size_t n)
{
    int c = nine_colour_of(code), f = nine_face_of(code);
    if (c == NINE_NO_COLOUR)
        snprintf(buf, n, "a %s", face_names[f]);
    else
        snprintf(buf, n, "a %s %s", colour_names[c], face_names[f]);
}

/* ---------------------------------------------------------------- observation */

/* ---------------------------------------------------------------- flights */

/* Adds a flight to fl, which holds *n of at most MAX_FLIGHTS. */
static void fly(flight *fl, int *n, rrect from, rrect to, int code, const char *icon, rcolor tint, float delay,
                int sfx)
{
    flight *f;
    if (*n >= MAX_FLIGHTS)
        return;
    f = &fl[(*n)++];
    memset(f, 0, sizeof *f);
    f->from = from;
    f->to = to;
    f->code = code;
    f->icon = icon;
    f->tint = tint;
    f->delay = delay;
    f->sfx = sfx;
}

static rrect nine_held_rect(const nine_view *v, int p)
{
    const nine_state *s = &v->shown;
    if (s->nst[p] == 0)
        return v->g[p].head;
    return v->g[p].stack[s->held[p] < s->nst[p] ? s->held[p] : 0];
}

rrect nine_stack_rect(const nine_view *v, int p, int k)
{
    if (k < 0 || k >= v->shown.nst[p])
        return v->g[p].head;
    return v->g[p].stack[k];
}

static rrect nine_icon_box(rrect r, float size)
{
    return (rrect){r.x + r.w / 2 - size / 2, r.y + r.h / 2 - size / 2, size, size};
}

/* The flights that show move m by seat p, from the shown (before) position,
 * into out; returns how many. */
static int flights_for(const nine_view *v, const nine_state *before, const game_move *m, int p, flight *out)
{
    int n = 0;
    rrect draw = v->drawpile, disc = v->discpile, card = {0, 0, v->discpile.w, v->discpile.h};
    int vs = table_viewer_seat(v->t);
    switch (m->kind) {
    case NINE_M_PLAY: {
        rrect from = nine_held_rect(v, p);
        int f = nine_face_of(m->b[0]);
        if (p == vs && before->pend.kind != NINE_P_DRAWN)
            for (int i = 0; i < v->nfan; i++)
                if (v->fan_code[i] == m->b[0]) {
                    from = v->fan[i];
                    break;
                }
        if (before->pend.kind == NINE_P_DRAWN && p == vs && v->hand_code >= 0)
            from = v->hand_r;
        fly(out, &n, from, disc, m->b[0], NULL, UI_WHITE, 0, SFX_CARD_SLIDE);
        if (f == NINE_DISCARD) {
            for (int i = 0; i < 3 && i < before->ssize[p][before->held[p]] - 1; i++)
                fly(out, &n, nine_held_rect(v, p), disc, -1, NULL, UI_WHITE, 0.06f * (float)(i + 1), -1);
        }
        break;
    }
    case NINE_M_DRAW:
        /* the drawer sees their own card turn up as it flies */
        fly(out, &n, draw, nine_held_rect(v, p), p == vs && table_seat_human(v->t, p) ? v->drawn_code : -1, NULL,
            UI_WHITE, 0, SFX_CARD_FLIP);
        break;
    case NINE_M_ATTACK:
        fly(out, &n, nine_icon_box(v->g[p].head, 64), nine_icon_box(v->g[m->b[0]].head, 64), -1, "nine/attack", colour_rgb[0],
            0, SFX_ERROR);
        if (before->ndraw > 0)
            fly(out, &n, draw, v->g[m->b[0]].head.w > 0 ? nine_icon_box(v->g[m->b[0]].head, card.h) : draw, -1, NULL,
                UI_WHITE, 0.2f, SFX_CARD_SLIDE);
        break;
    case NINE_M_PEEK:
        fly(out, &n, nine_icon_box(v->g[p].head, 56), nine_icon_box(nine_stack_rect(v, m->b[0], m->b[1]), 56), -1, "nine/peek",
            UI_WHITE, 0, SFX_CLICK);
        break;
    case NINE_M_WITH: {
        rrect x = nine_stack_rect(v, before->pend.p1, before->pend.s1), y = nine_stack_rect(v, m->b[0], m->b[1]);
        fly(out, &n, x, y, -1, NULL, UI_WHITE, 0, SFX_CARD_SLIDE);
        fly(out, &n, y, x, -1, NULL, UI_WHITE, 0, -1);
        break;
    }
    case NINE_M_DISCARD:
        for (int i = 0; i < 3 && i < before->ssize[p][m->b[0]]; i++)
            fly(out, &n, nine_stack_rect(v, p, m->b[0]), disc, -1, NULL, UI_WHITE, 0.07f * (float)i, i ? -1 : SFX_CARD_SLIDE);
        break;
    case NINE_M_KEEP:
        if (p == vs && v->hand_code >= 0)
            fly(out, &n, v->hand_r, nine_held_rect(v, p), -1, NULL, UI_WHITE, 0, SFX_CARD_SLIDE);
        break;
    case NINE_M_IMMUNE:
        fly(out, &n, nine_icon_box(v->g[p].head, 40), nine_icon_box(v->g[p].head, 120), -1, "nine/shield",
            (rcolor){90, 200, 220, 255}, 0, SFX_CLICK);
        break;
    case NINE_M_TAKE:
    case NINE_M_GIVE:
        fly(out, &n, nine_stack_rect(v, before->pend.p1, before->pend.s1), nine_held_rect(v, p), -1, NULL, UI_WHITE, 0,
            SFX_CARD_SLIDE);
        break;
    default: break;
    }
    return n;
}

/* Seconds until the last of n flights lands; 0 none. */
static double flights_end(const flight *fl, int n)
{
    double end = 0;
    for (int i = 0; i < n; i++)
        end = fmax(end, fl[i].delay + FLIGHT_TIME);
    return end;
}

static void deal_flights(nine_view *v)
{
    float d = 0;
    v->dealing = 1;
    v->deal_at = 0;
    for (int k = 0; k < NINE_STACKS; k++)
        for (int i = 0; i < table_match(v->t)->params.players; i++) {
            int p = (v->st->turn + i) % table_match(v->t)->params.players;
            if (k < v->shown.nst[p]) {
                fly(v->fl, &v->nfl, v->drawpile, v->g[p].stack[k], -1, NULL, UI_WHITE, d,
                    (k + i) % 3 == 0 ? SFX_CARD_SLIDE : -1);
                d += 0.02f;
            }
        }
}

/* ---------------------------------------------------------------- words */

/* Move m, played from before, in public words without who played it (the
 * midend's move log and the table's trace): a played card is named, a drawn,
 * kept, taken or given one never is. */
static void nine_view_describe(const void *before_st, const game_move *m, char *buf, size_t n)
{
    const nine_state *s = before_st;
    char whom[16], card[40];
    switch (m->kind) {
    case NINE_M_PLAY: {
        int f = nine_face_of(m->b[0]);
        card_words(m->b[0], card, sizeof card);
        if (f <= 9)
            snprintf(buf, n, "played %s: everyone moves to stack %d", card, f);
        else if (f == NINE_REVERSE)
            snprintf(buf, n, "played %s: play turns %s", card, s->dir ? "clockwise" : "counter-clockwise");
        else if (f == NINE_DISCARD)
            snprintf(buf, n, "played %s: the held stack is thrown away", card);
        else if (f == NINE_SHIFT)
            snprintf(buf, n, "played a Color Shift: the next card sets the colour");
        else
            snprintf(buf, n, "played %s", card);
        break;
    }
    case NINE_M_DRAW: snprintf(buf, n, "drew a card"); break;
    case NINE_M_PASS: snprintf(buf, n, "passed: nothing left to draw"); break;
    case NINE_M_KEEP:
        snprintf(buf, n, "kept the drawn card%s", s->pend.keep == NINE_KEEP_NEW ? " as a new stack" : "");
        break;
    case NINE_M_ATTACK:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "attacked %s", whom);
        break;
    case NINE_M_PEEK:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "peeked at %s's stack %d", whom, m->b[1] + 1);
        break;
    case NINE_M_TAKE: snprintf(buf, n, "took a card from the peeked stack"); break;
    case NINE_M_GIVE: snprintf(buf, n, "gave a card in its place"); break;
    case NINE_M_RETURN: snprintf(buf, n, "handed the stack back"); break;
    case NINE_M_SWAP:
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "chose %s's stack %d to swap", whom, m->b[1] + 1);
        break;
    case NINE_M_WITH: {
        char first[16];
        seat_name(NULL, s->pend.p1, first, sizeof first);
        seat_name(NULL, m->b[0], whom, sizeof whom);
        snprintf(buf, n, "swapped %s's stack %d with %s's stack %d", first, s->pend.s1 + 1, whom, m->b[1] + 1);
        break;
    }
    case NINE_M_REVEAL: snprintf(buf, n, "revealed every rival's stack %d", m->b[0]); break;
    case NINE_M_DISCARD: snprintf(buf, n, "threw away stack %d with the Free Discard", m->b[0] + 1); break;
    case NINE_M_IMMUNE: snprintf(buf, n, "used Immunity!"); break;
    case NINE_M_ACCEPT: snprintf(buf, n, "let it happen"); break;
    default: buf[0] = 0; break; /* the midend logs the notation */
    }
}

/* ---------------------------------------------------------------- moves */

/* What the viewer may know of the position, and the prompt it faces. */
static void nine_view_changed(void *vv, shell *sh, table_change why)
{
    nine_view *v = vv;
    (void)sh;
    if (why == TABLE_LIFTED) {
        nine_rules.observe(v->st, table_hides_private(v->t) ? -1 : table_viewer(v->t), &v->obs);
        v->shown = v->obs;
        v->focus[0] = 0;
        v->prompt_traced = 0;
        return;
    }
    v->prompt_deadline = 0;
    v->prompt_traced = 0;
    nine_rules.observe(v->st, table_private_seat(v->t), &v->obs);
    if (why == TABLE_PLAYED && v->nfl == 0)
        v->shown = v->obs;
}

/* The card seat p just drew, when it went straight into one of p's stacks
 * (it could not be played): its code and stack in *stack; -1 otherwise. */
static int drawn_into_stack(const nine_view *v, const nine_state *before, int p, int *stack)
{
    const nine_state *after = v->st;
    if (after->pend.kind == NINE_P_DRAWN && after->pend.seat == p)
        return -1; /* it can be played: the hand shows it */
    for (int id = 0; id < NINE_CARDS; id++)
        if (after->place[id] == NINE_Z_STACK + p && before->place[id] != NINE_Z_STACK + p) {
            *stack = after->stk[id];
            return after->code[id];
        }
    return -1;
}

/* Seconds move m's flights take (the midend keeps the time); only their
 * delays count, so the view's state from before the move serves. */
static double nine_view_anim_length(const void *vv, const void *before, const game_move *m, int by_computer)
{
    flight fl[MAX_FLIGHTS];
    (void)by_computer;
    return flights_end(fl, flights_for(vv, before, m, nine_decider(before), fl));
}

/* A move went into the record (the midend has logged it): trace its log
 * line and fly its cards (over the midend's animation time; none with
 * Reduced motion, where a played card still drops). */
static void nine_view_played(void *vv, shell *sh, const void *before_st, const game_move *m, const char *text,
                             int by_computer)
{
    nine_view *v = vv;
    const nine_state *before = before_st;
    char who[48];
    int p = nine_decider(before), seat;
    const char *line = table_log_line(v->t, 0, &seat);
    (void)sh;
    (void)by_computer;
    trace_line("nine move p%d %s", p + 1, text);
    v->drawn_code = -1;
    if (m->kind == NINE_M_DRAW && !table_replaying(v->t) && p == table_viewer_seat(v->t) && table_seat_human(v->t, p)) {
        v->drawn_code = drawn_into_stack(v, before, p, &v->drawn_stack);
        /* hot seat: the drawer sees the card before the screen is passed */
        if (v->drawn_code >= 0 && table_humans(v->t) >= 2)
            table_hold_curtain(v->t);
    }
    if (line)
        trace_line("nine log %s %s", table_seat_label(v->t, seat, who, sizeof who), line);
    if (before->ndraw < v->st->ndraw && m->kind != NINE_M_PLAY)
        audio_play(SFX_SHUFFLE);
    v->dealing = 0;
    v->nfl = table_anim_length(v->t) > 0 ? flights_for(v, before, m, p, v->fl) : 0;
    if (m->kind == NINE_M_PLAY && v->nfl == 0) {
        rrect h = nine_held_rect(v, p);
        tablesound_play(SFX_CARD_SLIDE, tablesound_pan(h.x + h.w / 2, v->vw), 1.0f);
    }
}

/* ---------------------------------------------------------------- input */

static void nine_view_score(const void *vv, score_report *rep)
{
    const nine_view *v = vv;
    game_result res;
    nine_rules.result(v->st, &res);
    rep->lower_is_better = 1;
    for (int s = 0; s < rep->players; s++)
        rep->total[s] = nine_cards_left(v->st, s);
    snprintf(rep->total_label, sizeof rep->total_label, "Cards left");
    snprintf(rep->total_help, sizeof rep->total_help,
             "Cards left: the cards still in a player's stacks at the end. The lowest total wins.");
    if (res.winner >= 0)
        snprintf(rep->headline, sizeof rep->headline, "Player %d wins!", res.winner + 1);
}

/* Setup's Resume: who decides, and the cards each player has left. */
static void nine_view_summary(const void *st_, const match_setup *m, char *buf, size_t n)
{
    const nine_state *st = st_;
    int d = nine_decider(st);
    size_t k;
    if (d >= 0) {
        k = (size_t)snprintf(buf, n, "Player %d %sto play \xc2\xb7 cards left:", d + 1,
                             m->seat[d] == SEAT_HUMAN ? "" : "(computer) ");
    } else {
        k = (size_t)snprintf(buf, n, "Cards left:");
    }
    for (int p = 0; p < m->params.players && k < n; p++)
        k += (size_t)snprintf(buf + k, n - k, "%s P%d %d", p ? "," : "", p + 1, nine_cards_left(st, p));
}

static void nine_view_over(void *vv, shell *sh, const game_result *res)
{
    nine_view *v = vv;
    (void)sh;
    v->over_seen = 1;
    if (res->winner >= 0)
        trace_line("nine over p%d", res->winner + 1);
    else
        trace_line("nine over draw");
}

/* Chooses spot i: plays its move, or hands back the menu. */
static table_intent activate(nine_view *v, shell *sh, int i)
{
    spot *s;
    if (i < 0 || i >= v->nsp)
        return TABLE_NONE;
    s = &v->sp[i];
    snprintf(v->focus, sizeof v->focus, "%s", s->name);
    if (s->kind == SPOT_ROW) {
        table_buttons_press(v->t, s->row);
        return TABLE_NONE;
    }
    if (!nine_viewer_decides(v)) {
        table_refuse_turn(v->t, -1);
        return TABLE_NONE;
    }
    table_refuse_clear(v->t);
    trace_line("nine choose %s", s->name);
    audio_play(SFX_CLICK);
    {
        game_move m = s->m;
        table_play(v->t, sh, &m);
    }
    return TABLE_NONE;
}

/* Spatial focus: the nearest spot in the pressed direction. */
static void focus_move(nine_view *v, int dx, int dy)
{
    int fi = nine_focus_index(v), best = -1;
    float bx, by, bd = 1e12f;
    if (fi < 0)
        return;
    if (nine_spot_find(v, v->focus) < 0) {
        /* the ring shows on the first choice: the first press settles it there */
        snprintf(v->focus, sizeof v->focus, "%s", v->sp[fi].name);
    }
    bx = v->sp[fi].r.x + v->sp[fi].r.w / 2;
    by = v->sp[fi].r.y + v->sp[fi].r.h / 2;
    for (int i = 0; i < v->nsp; i++) {
        float x = v->sp[i].r.x + v->sp[i].r.w / 2 - bx, y = v->sp[i].r.y + v->sp[i].r.h / 2 - by;
        float along = x * (float)dx + y * (float)dy, across = fabsf(x * (float)dy) + fabsf(y * (float)dx), d;
        if (i == fi || along <= 1)
            continue;
        d = along + across * 2.5f;
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    if (best >= 0) {
        snprintf(v->focus, sizeof v->focus, "%s", v->sp[best].name);
        trace_line("focus nine %s", v->focus);
        audio_play(SFX_TICK);
    }
}

/* A press once the game is over: the score, once the last card has landed
 * and the midend has announced the end (its sound, the save emptied). */
static table_intent score_press(const nine_view *v) { return v->over_seen ? TABLE_SCORE : TABLE_NONE; }

static table_intent nine_view_input(void *vv, shell *sh, const action_event *ev)
{
    nine_view *v = vv;
    if (ev->act == ACT_MENU)
        return TABLE_MENU;
    if (table_handoff(v->t) >= 0) {
        /* the drawn card is on show: any press (once it has landed) dismisses it */
        int press = ev->act == ACT_ACCEPT || ev->act == ACT_EXTRA ||
                    (ev->act == ACT_POINTER_DOWN && ev->button == INPUT_BUTTON_LEFT);
        if (ev->act == ACT_BACK)
            return TABLE_MENU;
        if (press && v->nfl == 0) {
            trace_line("nine drawn seen p%d", table_viewer_seat(v->t) + 1);
            v->drawn_code = -1;
            return TABLE_PASS;
        }
        return TABLE_NONE;
    }
    switch (ev->act) {
    case ACT_POINTER_MOVE: v->hover = nine_spot_at(v, ev->x, ev->y); break;
    case ACT_POINTER_DOWN: {
        int i = nine_spot_at(v, ev->x, ev->y);
        if (ev->button != INPUT_BUTTON_LEFT)
            break;
        if (i >= 0 && v->sp[i].kind == SPOT_ROW) {
            table_buttons_press(v->t, v->sp[i].row);
            return TABLE_NONE;
        }
        if (table_over(v->t))
            return score_press(v);
        if (i >= 0)
            return activate(v, sh, i);
        nine_refuse_press(v, ev->x, ev->y); /* a dimmed card, another stack: why not */
        break;
    }
    case ACT_UP: focus_move(v, 0, -1); break;
    case ACT_DOWN: focus_move(v, 0, 1); break;
    case ACT_LEFT: focus_move(v, -1, 0); break;
    case ACT_RIGHT: focus_move(v, 1, 0); break;
    case ACT_ACCEPT:
        if (table_over(v->t))
            return score_press(v);
        /* On others' turns the focus falls on Menu by default, where no ring
         * shows it: a press there opens nothing unless it was put there. */
        if (!nine_viewer_decides(v) && nine_spot_find(v, v->focus) < 0) {
            table_refuse_turn(v->t, -1);
            break;
        }
        return activate(v, sh, nine_focus_index(v));
    case ACT_BACK: return TABLE_MENU;
    case ACT_EXTRA: { /* X: draw (or pass when nothing can be drawn) */
        int i = nine_spot_find(v, "draw");
        if (i < 0)
            i = nine_spot_find(v, "pass");
        if (i >= 0)
            return activate(v, sh, i);
        {
            game_move m = {.kind = NINE_M_DRAW, .len = 2};
            if (!nine_refuse_move(v, &m))
                audio_play(SFX_ERROR);
        }
        break;
    }
    case ACT_ALT: return TABLE_RULES;
    default: break;
    }
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- update */

/* The flights follow the midend's animation time, or the deal's own clock;
 * each lands FLIGHT_TIME after its delay, with its sound. */
static void flights_update(nine_view *v, double dt)
{
    double at, prev;
    int live = 0;
    if (v->nfl == 0)
        return;
    if (v->dealing) {
        prev = v->deal_at;
        at = v->deal_at += dt;
    } else {
        at = table_anim_time(v->t, &prev);
    }
    for (int i = 0; i < v->nfl; i++) {
        flight *f = &v->fl[i];
        double end = f->delay + FLIGHT_TIME;
        f->t_prev = f->t;
        f->t = at >= end ? 1 : (float)fmax(0, (at - f->delay) / FLIGHT_TIME);
        /* Heard where it lands: a seat's cards on its side of the screen. */
        if (prev < end && end <= at && f->sfx >= 0)
            tablesound_play((sfx_id)f->sfx, tablesound_pan(f->to.x + f->to.w / 2, v->vw), 1.0f);
        live |= f->t < 1;
    }
    if (!live) {
        v->nfl = 0;
        v->dealing = 0;
        v->shown = v->obs;
    }
}

static void nine_view_update(void *vv, shell *sh, double dt)
{
    nine_view *v = vv;
    if (v->nfl == 0 && table_curtain(v->t) < 0)
        v->shown = v->obs;
    flights_update(v, dt);
    nine_layout(v, sh);
    nine_faces_trace(v, sh);
    if (v->fan_box.h != v->hand_traced) {
        /* the hand's size whenever it changes: the layout must not jump between turns */
        v->hand_traced = v->fan_box.h;
        trace_line("nine hand %.1f p%d", v->fan_box.h, nine_decider(&v->shown) + 1);
    }
    {
        /* the status pill's words when they change: what the table tells the people at it */
        char t[sizeof v->status];
        nine_status_shown(v, t, sizeof t);
        if (strcmp(t, v->status) != 0) {
            snprintf(v->status, sizeof v->status, "%s", t);
            trace_line("nine status %s", t[0] ? t : "-");
        }
    }
    /* party play: an Immunity prompt does not wait forever */
    if (nine_viewer_decides(v) && v->shown.pend.kind == NINE_P_IMMUNE && table_humans(v->t) >= 2) {
        if (v->prompt_deadline == 0)
            v->prompt_deadline = table_time(v->t) + PARTY_PROMPT;
        else if (table_time(v->t) >= v->prompt_deadline) {
            int i = nine_spot_find(v, "accept");
            trace_line("nine prompt timed out");
            table_do(v->t, sh, activate(v, sh, i));
        }
    }
    if (nine_viewer_decides(v) && !v->prompt_traced) {
        v->prompt_traced = 1;
        trace_line("nine prompt p%d %s", table_viewer(v->t) + 1, v->nsp > 1 ? v->sp[0].name : "-");
    }
}

/* The focus ring glides to the focused spot. */
static void nine_view_follow(void *vv, shell *sh, double dt)
{
    nine_view *v = vv;
    int fi = nine_focus_index(v);
    float k = 1.0f - expf(-(float)dt * 25.0f);
    v->ring_prev = v->ring;
    if (fi >= 0) {
        rrect t = v->sp[fi].r;
        if (!v->ring_valid || shell_settings(sh)->v[SETTING_reduced_motion]) {
            v->ring = v->ring_prev = t;
            v->ring_valid = 1;
        } else {
            v->ring = ui_rect_lerp(v->ring, t, k);
        }
    }
}

/* ---------------------------------------------------------------- lifetime */

static void nine_view_enter(void *vv, shell *sh)
{
    nine_view *v = vv;
    table_refresh(v->t, sh);
    v->shown = v->obs;
    nine_layout(v, sh);
    if (table_record(v->t)->cursor == 0 && table_record(v->t)->start[0] == 0) {
        audio_play(SFX_SHUFFLE);
        if (!shell_settings(sh)->v[SETTING_reduced_motion])
            deal_flights(v); /* not a move: on the view's own clock, its own to shorten */
    }
}

/* The deal still flies (a played move's flights are the midend's animation). */
static int nine_view_busy(const void *vv)
{
    const nine_view *v = vv;
    return v->dealing && v->nfl > 0;
}

/* Cards in flight, or a party's Immunity prompt counting down, draw. */
static double nine_view_wake(const void *vv)
{
    const nine_view *v = vv;
    return v->nfl > 0 || (v->prompt_deadline > 0 && nine_viewer_decides(v)) ? 0 : SCENE_AT_REST;
}

/* The view's own starting values (its table is set). */
static void nine_view_init(void *vv)
{
    nine_view *v = vv;
    v->st = table_state(v->t);
    v->hover = -1;
    v->drawn_code = -1;
}

const table_view_ops nine_view_ops = {
    .trace = "nine",
    .pace_watch = 0.7, /* seconds between moves when only computers play */
    .pace_reply = 0.45, /* the computer's shortest pause before it answers */
    .undo = 0,          /* it would show a hidden card and take it back */
    .hint = 1,
    .draw_position = nine_view_draw_position,
    .curtain = 1,
    .size = sizeof(nine_view),
    .init = nine_view_init,
    .enter = nine_view_enter,
    .update = nine_view_update,
    .follow = nine_view_follow,
    .draw = nine_view_draw,
    .draw_top = nine_view_draw_top,
    .draw_public = nine_view_draw_public,
    .input = nine_view_input,
    .busy = nine_view_busy,
    .wake = nine_view_wake,
    .anim_length = nine_view_anim_length,
    .describe = nine_view_describe,
    .played = nine_view_played,
    .redone = NULL,
    .changed = nine_view_changed,
    .over = nine_view_over,
    .score = nine_view_score,
    .summary = nine_view_summary,
};
