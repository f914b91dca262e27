#include "games/maxstax/view/maxstax_view.h"
#include "app/input.h"
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/settings.h"
#include "games/maxstax/rules/maxstax_rt.h"
#include "games/maxstax/rules/maxstax_world.h"
#include "table/table_store.h"
#include "shell/trace.h"
#include "audio/tablesound.h"

/* ---------------------------------------------------------------- play */

void maxstax_view_snapshot(maxstax_view *v, int both)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    int n = v->players * MAXSTAX_BLOCKS_PER_PLAYER;
    for (int b = 0; b < n; b++) {
        v->prev[b] = both ? maxstax_world_pose(w, b) : v->cur[b];
        v->cur[b] = maxstax_world_pose(w, b);
    }
}

void maxstax_view_flash(maxstax_view *v, int p, const char *text, rcolor c)
{
    snprintf(v->flash_text[p], sizeof v->flash_text[p], "%s", text);
    v->flash_note[p][0] = '\0';
    v->flash_col[p] = c;
    v->flash[p] = FLASH_S;
}

static void claim(maxstax_view *v, int p)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    if (v->results_left > 0 || !speedstax_building(s, p)) {
        if (!maxstax_refuse_build(v, p)) /* says why: the rules' words */
            audio_play(SFX_ERROR);
        return;
    }
    if (maxstax_lesson_refuse(v, p, maxstax_creating(v, p) ? "ready" : "claim"))
        return; /* not what the lesson's step asks for: refused with why */
    v->ctl[p].actions |= MAXSTAX_IN_CLAIM; /* the Creator's Ready while creating */
    audio_play_at(SFX_SHOUT, maxstax_view_pan(v, p), 1.0f);
    if (maxstax_creating(v, p)) {
        maxstax_view_flash(v, p, "Ready!", UI_TEAL);
        trace_line("%s ready %d", v->m.game->id, p);
    } else {
        trace_line("%s shout %d", v->m.game->id, p);
    }
}

/* The test hook: stands the round's card in the chosen space. */
static void compose_card(maxstax_view *v)
{
    int p = v->compose_p;
    if (p < 0 || p >= v->players)
        return;
    if (maxstax_view_card(v, p)->n == 0) {
        /* A person creating SAMESTAX has nothing to copy: stand the deck's
         * card as their structure, tops of the piles first, as compose does. */
        const maxstax_card *c = maxstax_match_card(v->match);
        double lo = 1e9, hi = -1e9;
        for (int i = 0; i < c->n; i++) {
            lo = fmin(lo, c->block[i].x);
            hi = fmax(hi, c->block[i].x);
        }
        for (int i = 0; i < c->n && i < v->compose_n; i++) {
            maxstax_pose q = c->block[i];
            q.x -= (lo + hi) / 2;
            maxstax_tape_place(v->tape, v->match, p, maxstax_match_first_block(p) + MAXSTAX_BLOCKS_PER_PLAYER - 1 - i, q);
        }
    } else {
        maxstax_tape_compose(v->tape, v->match, p, v->compose_n);
    }
    maxstax_view_snapshot(v, 1);
}

/* One line that tells two matches apart: the round, clock, card, deck,
 * scores and a checksum of every block's pose (to a thousandth). Traced on
 * saving and on resuming, so a test sees the match come back as it was. */
static void maxstax_view_note(const void *vv, char *buf, size_t n)
{
    const maxstax_view *v = vv;
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const maxstax_world *w = maxstax_match_world(v->match);
    uint32_t h = 2166136261u;
    for (int b = 0; b < maxstax_world_count(w); b++) {
        maxstax_pose q = maxstax_world_pose(w, b);
        char t[96];
        snprintf(t, sizeof t, "%.3f %.3f %.1f;", q.x, q.y, q.angle);
        for (const char *c = t; *c; c++)
            h = (h ^ (uint8_t)*c) * 16777619u;
    }
    snprintf(buf, n, "round %d tick %ld card %d next %d scores %d %d %d %d blocks %08x", s->round, s->tick,
             maxstax_view_card(v, 0)->id, s->next, s->score[0], s->score[1], v->players > 2 ? s->score[2] : 0,
             v->players > 3 ? s->score[3] : 0, (unsigned)h);
}

/* Whether the match has begun: a round is being played past its first tick. */
static int maxstax_view_begun(const void *vv)
{
    const speedstax_state *s = maxstax_match_rounds(((const maxstax_view *)vv)->match);
    return !(s->round == 1 && s->tick == 0);
}

/* The round (or phase) being played: the midend saves at each new one. */
static int maxstax_view_round(const void *vv) { return maxstax_round_key(vv); }

/* Whether the match is over (its last round, or stack-off, scored). */
static int maxstax_view_over(const void *vv)
{
    return maxstax_match_rounds(((const maxstax_view *)vv)->match)->phase == SPEEDSTAX_OVER;
}

/* The save's text: the match, its computer stackers and the tape (maxstax_view_tape.c). */
static char *maxstax_view_save(const void *vv) { return maxstax_view_save_text(vv); }
/* The saves as the match goes: the snapshot without the tape (maxstax_view_tape.c). */
static char *maxstax_view_autosave(const void *vv) { return maxstax_view_autosave_text(vv); }
/* The match's record for the history: its whole tape (maxstax_view_tape.c). */
static char *maxstax_view_record(const void *vv) { return maxstax_view_record_text(vv); }
/* The ticks the tape holds (the match file's "ticks"). */
static long maxstax_view_ticks(const void *vv)
{
    const maxstax_view *v = vv;
    return v->tape ? maxstax_tape_ticks(v->tape) : 0;
}
/* A seat's fastest finish this sitting, in ms (0 none). */
static int maxstax_view_best(const void *vv, int seat)
{
    const maxstax_view *v = vv;
    return seat >= 0 && seat < v->players ? v->best_ms[seat] : 0;
}

/* The score lines of a finished match (the midend adds the game). */
static void maxstax_view_score(const void *vv, score_report *rep)
{
    const maxstax_view *v = vv;
    const speedstax_state *s = maxstax_match_rounds(v->match);
    rep->players = v->players;
    rep->rounds = speedstax_rounds_scored(s);
    for (int p = 0; p < v->players; p++) {
        seat_name(v, p, rep->names[p], sizeof rep->names[p]);
        for (int k = 0; k < rep->rounds; k++)
            rep->points[p][k] = s->round_points[k][p];
        rep->total[p] = s->score[p];
    }
    if (v->scoring != MAXSTAX_SPEEDSTAX) {
        maxstax_mode_report(v, rep);
        return;
    }
    if (s->winner >= 0 && s->round > SPEEDSTAX_ROUNDS) {
        /* Tied totals: say who the stack-off made the winner. */
        char name[48];
        seat_name(v, s->winner, name, sizeof name);
        snprintf(rep->note, sizeof rep->note, "%s won the speed-stack-off", name);
    }
    speedstax_ranks(s, rep->rank);
    snprintf(rep->total_label, sizeof rep->total_label, "Points");
    snprintf(rep->total_help, sizeof rep->total_help,
             "A round pays the first to finish one point per player, one fewer per later place; no finish, none.");
    if (s->winner >= 0) {
        char name[48];
        seat_name(v, s->winner, name, sizeof name);
        snprintf(rep->headline, sizeof rep->headline, "%s wins!", name);
        if (s->round > SPEEDSTAX_ROUNDS)
            snprintf(rep->reason, sizeof rep->reason, "The totals tied at %d: %s won the speed-stack-off.",
                     s->score[s->winner], name);
        else
            snprintf(rep->reason, sizeof rep->reason, "Most points after %d rounds: %d.", rep->rounds,
                     s->score[s->winner]);
    }
}

/* Round bookkeeping after a step: a new round (or the end) shows the results. */
static void rounds_update(maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const samestax_state *g = maxstax_match_samestax(v->match);
    int key = maxstax_round_key(v);
    if (key != v->round_seen || s->phase == SPEEDSTAX_OVER) {
        if (g) { /* the round just scored: faulty, and whose structure it was */
            v->results_faulty = v->round_seen >= 1 && g->round_faulty[v->round_seen - 1];
            v->results_creator = samestax_creator_of(g, v->round_seen);
        }
        /* A stack-off scores no points: it only decides the winner. */
        v->results_stackoff = v->phase_seen == SPEEDSTAX_STACKOFF;
        v->phase_seen = s->phase;
        v->results_round = v->round_seen;
        v->results_card = v->card_seen;
        v->round_seen = key;
        v->card_seen = s->card;
        v->results_final = s->phase == SPEEDSTAX_OVER;
        v->results_left = RESULTS_S;
        v->results_shown = 0;
        maxstax_view_snapshot(v, 1); /* the piles were rebuilt: no interpolation across */
        for (int p = 0; p < v->players; p++) {
            v->ctl[p].held = -1;
            v->flash[p] = 0;
        }
        audio_play(v->results_final ? SFX_WIN : SFX_CLICK);
        maxstax_claims_round_over(v); /* the finishes it scored, traced before it */
        /* A stack-off scores no points: its results line shows none. */
        trace_line("%s round %d over: %d %d %d %d%s", v->m.game->id, v->results_round,
                  v->results_stackoff ? 0 : s->last_points[0], v->results_stackoff ? 0 : s->last_points[1],
                  v->players > 2 && !v->results_stackoff ? s->last_points[2] : 0,
                  v->players > 3 && !v->results_stackoff ? s->last_points[3] : 0,
                  v->results_final ? " (match over)" : "");
        if (!v->results_final && s->phase == SPEEDSTAX_STACKOFF) {
            char who[32] = "";
            for (int p = 0; p < v->players; p++)
                if (s->in_play[p])
                    snprintf(who + strlen(who), sizeof who - strlen(who), " %d", p);
            trace_line("%s stack-off:%s", v->m.game->id, who);
        }
        if (!v->results_final && v->compose_each)
            compose_card(v);
    }
}

/* Where seat p's pane is, as a pan: its sounds come from its side. */
float maxstax_view_pan(const maxstax_view *v, int p)
{
    if (p < 0 || p >= v->players)
        return 0.0f;
    return tablesound_pan(v->pane[p].x + v->pane[p].w / 2, v->layout_w);
}

/* Wood on wood and wood on the table: this frame's strongest impacts from
 * the physics, each as loud as it struck and panned to where on the screen
 * it happened, so a falling tower is a clatter of its own knocks. */
static void knock_sounds(maxstax_view *v)
{
    maxstax_knock k[TABLESOUND_KNOCKS_PER_FRAME];
    float gain[TABLESOUND_KNOCKS_PER_FRAME], play[TABLESOUND_KNOCKS_PER_FRAME], pan[TABLESOUND_KNOCKS_PER_FRAME];
    int n = maxstax_world_knocks(maxstax_match_world(v->match), &v->knock_seen, k, TABLESOUND_KNOCKS_PER_FRAME);
    for (int i = 0; i < n; i++) {
        int p = k[i].a / MAXSTAX_BLOCKS_PER_PLAYER;
        float sx, sy;
        play[i] = gain[i] = p < v->players ? tablesound_knock_gain(k[i].impulse, k[i].b < 0) : 0.0f;
        maxstax_to_screen(v, p < v->players ? p : 0, k[i].x - p * MAXSTAX_SPACE_PITCH, k[i].y, &sx, &sy);
        pan[i] = tablesound_pan(sx, v->layout_w);
    }
    tablesound_share(play, n);
    for (int i = 0; i < n; i++) {
        if (gain[i] <= 0.0f)
            continue;
        tablesound_play(k[i].b < 0 ? SFX_KNOCK_TABLE : SFX_KNOCK_BLOCK, pan[i], play[i]);
        /* The impulse's gain, then what it plays at after the frame's share. */
        trace_line("sound knock %s %.0f %.3f %+.2f %.3f", k[i].b < 0 ? "table" : "block", k[i].impulse, gain[i], pan[i],
                   play[i]);
    }
}

/* Claims that held or failed, collapses, and wood on wood. */
void maxstax_view_feedback(maxstax_view *v, double dt)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    maxstax_claims_update(v); /* every claim is an event: each one said */
    for (int p = 0; p < v->players; p++) {
        maxstax_claim c = maxstax_match_claim(v->match, p);
        int fell = 0;
        /* A crash is a block that fell (dropped more than its own
         * thickness from where it lay), not one merely shoved fast. */
        for (int i = 0; i < MAXSTAX_BLOCKS_PER_PLAYER; i++) {
            int b = maxstax_match_first_block(p) + i;
            fell += maxstax_world_falls(w, b) - v->falls[b];
            v->falls[b] = maxstax_world_falls(w, b);
        }
        if (v->collapse_cool[p] > 0)
            v->collapse_cool[p] -= dt;
        if (fell > 0 && v->collapse_cool[p] <= 0) {
            v->collapse_cool[p] = 2.0;
            if (c != MAXSTAX_CLAIM_HELD)
                maxstax_view_flash(v, p, "Crash!", UI_ACCENT);
            trace_line("%s collapse %d", v->m.game->id, p); /* heard as its knocks */
        }
        if (v->flash[p] > 0)
            v->flash[p] -= dt;
    }
    knock_sounds(v);
}

static void turn_held(maxstax_view *v, int p, int steps)
{
    if (p < 0)
        return;
    v->ctl[p].turn += steps;
    if (v->ctl[p].held >= 0)
        trace_line("%s turn %d %+d", v->m.game->id, p, steps);
}

/* The stick moves a controller's cursor smoothly (polled every step). */
static void pad_poll(maxstax_view *v, shell *sh, hand_ctl *c, double dt)
{
    double ax, ay;
    if (input_pad_stick(shell_input(sh), c->pad, &ax, &ay) != 0)
        return;
    if (fabs(ax) > 0.25)
        c->x = fmin(fmax(c->x + ax * CURSOR_SPEED * dt, v->view_x0), v->view_x1);
    if (fabs(ay) > 0.25)
        c->y = fmin(fmax(c->y - ay * CURSOR_SPEED * dt, 0.3), v->view_y1);
}

/* A controller's button or direction, for the seat it drives: the d-pad
 * nudges the cursor (held, it repeats), A picks up or lets go, the
 * shoulders turn, Y calls MAX STAX. Returns 0 when it is not a hand's. */
static int pad_event(maxstax_view *v, shell *sh, const action_event *ev)
{
    int p = -1;
    hand_ctl *c;
    for (int q = 0; q < v->players; q++)
        if (seat_human(v, q) && v->ctl[q].pad == ev->pad)
            p = q;
    if (v->turns && input_pad_present(shell_input(sh), ev->pad))
        p = v->mouse_seat; /* taking turns: every device drives the one building */
    if (p < 0 || v->results_left > 0)
        return 0;
    c = &v->ctl[p];
    switch (ev->act) {
    case ACT_UP: c->y = fmin(c->y + NUDGE, v->view_y1); return 1;
    case ACT_DOWN: c->y = fmax(c->y - NUDGE, 0.3); return 1;
    case ACT_LEFT: c->x = fmax(c->x - NUDGE, v->view_x0); return 1;
    case ACT_RIGHT: c->x = fmin(c->x + NUDGE, v->view_x1); return 1;
    case ACT_ACCEPT:
        if (c->held < 0)
            maxstax_refuse_grab(v, p, c->x, c->y); /* a block it may not take now says why */
        c->actions |= c->held >= 0 ? MAXSTAX_IN_RELEASE : MAXSTAX_IN_GRAB;
        return 1;
    case ACT_PREV_TAB: turn_held(v, p, 1); return 1;
    case ACT_NEXT_TAB: turn_held(v, p, -1); return 1;
    case ACT_ALT: claim(v, p); return 1;
    default: return 0;
    }
}

/* Controllers: one each for the people, in seat order, as they are plugged
 * in; the mouse's person gets one last (a lone player with a controller).
 * A seat played on a phone has the phone as its pad. */
static void assign_pads(maxstax_view *v, shell *sh)
{
    for (int p = 0; p < v->players && p < INPUT_PHONE_PADS; p++)
        if (seat_human(v, p) && input_pad_present(shell_input(sh), INPUT_PHONE_PAD(p)))
            v->ctl[p].pad = INPUT_PHONE_PAD(p);
    for (int pass = 0; pass < 2; pass++)
        for (int p = 0; p < v->players; p++) {
            hand_ctl *c = &v->ctl[p];
            if (c->pad >= 0 && !input_pad_present(shell_input(sh), c->pad))
                c->pad = -1; /* unplugged */
            if (!seat_human(v, p) || c->pad >= 0 || (pass == 0 && p == v->mouse_seat))
                continue;
            for (int k = 0; k < INPUT_MAX_PADS && c->pad < 0; k++) {
                int taken = !input_pad_present(shell_input(sh), k);
                for (int q = 0; q < v->players; q++)
                    taken |= v->ctl[q].pad == k;
                if (!taken)
                    c->pad = k;
            }
        }
}

/* An angle to the whole degree for traces, without "-0". */
static double whole_deg(double sh)
{
    sh = round(sh);
    return sh == 0 ? 0 : sh;
}

/* Each seat's fastest finish (docs/rules/maxstax.md, Best times): a call
 * that held, timed from the seat's own start; a SAMESTAX Creator's Ready is none. */
static void best_update(maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    const samestax_state *g = maxstax_match_samestax(v->match);
    for (int p = 0; p < v->players; p++) {
        int ms = (int)(s->finish[p] * MAXSTAX_STEP * 1000 + 0.5);
        if (s->finish[p] < 0 || (g && (g->phase != SAMESTAX_REPLICATE || p == g->creator)))
            continue;
        if (ms > 0 && (v->best_ms[p] == 0 || ms < v->best_ms[p]))
            v->best_ms[p] = ms;
    }
}

static void play_step(maxstax_view *v, shell *sh, double dt)
{
    maxstax_input in[SPEEDSTAX_MAX_PLAYERS];
    const maxstax_world *w = maxstax_match_world(v->match);
    int swapping = maxstax_swapping(v);
    memset(in, 0, sizeof in);
    assign_pads(v, sh);
    if (!maxstax_lesson_holds(v)) /* in a lesson's step the computer waits */
        maxstax_swap_update(v, dt);
    for (int p = 0; p < v->players; p++) {
        hand_ctl *c = &v->ctl[p];
        if (swapping) { /* nobody builds before the cards are settled */
            c->actions = 0;
            c->turn = 0;
            c->press = 0;
            continue;
        }
        if (!seat_human(v, p)) {
            if (!maxstax_lesson_holds(v))
                maxstax_bot_think(&v->bot[p], v->match, dt, &in[p]);
            continue;
        }
        pad_poll(v, sh, c, dt);
        /* A press takes the block under it this step, at the press point
         * (the pointer may have moved on since, within the same frame). */
        in[p] = (maxstax_input){c->press ? c->gx : c->x, c->press ? c->gy : c->y, c->turn,
                                c->actions | (c->press ? MAXSTAX_IN_GRAB_AT : 0u)};
        c->actions = 0;
        c->turn = 0;
        c->press = 0;
    }
    maxstax_tape_step(v->tape, v->match, in, dt); /* the record: every tick, computers' inputs too */
    maxstax_view_snapshot(v, 0);
    for (int p = 0; p < v->players; p++) {
        hand_ctl *c = &v->ctl[p];
        int h = maxstax_world_held(w, p);
        if (!seat_human(v, p) || h == c->held)
            continue;
        if (h >= 0) {
            maxstax_pose q = maxstax_match_pose(v->match, p, h);
            audio_play(SFX_PICKUP);
            trace_line("%s grab %d block %d at %.2f %.2f %.0f", v->m.game->id, p, h, q.x, q.y, whole_deg(q.angle));
        } else {
            maxstax_pose q = maxstax_match_pose(v->match, p, c->held);
            trace_line("%s drop %d block %d at %.2f %.2f %.0f", v->m.game->id, p, c->held, q.x, q.y, whole_deg(q.angle));
        }
        c->held = h;
    }
    rounds_update(v);
    if (v->turns) {
        int t = maxstax_match_rounds(v->match)->turn_seat;
        if (t != v->turn_seen) {
            v->turn_seen = t;
            if (t >= 0) {
                char text[32];
                v->ctl[t].x = v->ctl[v->mouse_seat].x;
                v->ctl[t].y = v->ctl[v->mouse_seat].y;
                v->mouse_seat = t;
                snprintf(text, sizeof text, "Player %d's turn", t + 1);
                maxstax_view_flash(v, t, text, UI_TEAL);
                audio_play(SFX_CLICK);
                trace_line("%s now %d", v->m.game->id, t);
            }
        }
    }
    maxstax_view_feedback(v, dt);
    maxstax_hints_update(sh, v);
    {
        double time_left = maxstax_match_time_left(v->match);
        int left = (int)ceil(time_left);
        if (left != v->last_second && left <= 10 && left > 0 && v->results_left <= 0)
            audio_play(SFX_TICK);
        /* The music's urgency over the last 20 s (urgent from 10 s, with the ticks). */
        audio_music_intensity(v->results_left > 0 || time_left <= 0 ? 0 : (float)fmin(1, fmax(0, 1 - time_left / 20)));
        v->last_second = left;
    }
}

/* ---------------------------------------------------------------- input */

/* The round's results have been seen: play goes on, or the match's score follows. */
static table_intent results_done(maxstax_view *v)
{
    trace_line("%s results closed after %.1f s%s", v->m.game->id, v->results_shown,
               v->results_left > 0 ? "" : " (timed out)");
    v->results_left = 0;
    return v->results_final ? TABLE_SCORE : TABLE_NONE;
}

static table_intent maxstax_view_input(void *vv, shell *sh, const action_event *ev)
{
    maxstax_view *v = vv;
    int p = v->mouse_seat;
    table_intent practice;
    if (maxstax_lesson_input(v, sh, ev))
        return TABLE_NONE; /* the lesson's Continue */
    if (maxstax_practice_input(v, sh, ev, &practice)) /* practice's card browser */
        return practice;
    if (maxstax_swapping(v) && v->results_left <= 0 &&
        (ev->act == ACT_UP || ev->act == ACT_DOWN || ev->act == ACT_LEFT || ev->act == ACT_RIGHT ||
         ev->act == ACT_ACCEPT)) {
        /* The swap offers are buttons: the keys and every controller choose among them. */
        maxstax_swap_pick(v, ui_nav_event(&v->nav, sh, ev));
        return TABLE_NONE;
    }
    if (ev->dev == DEV_PAD && pad_event(v, sh, ev))
        return TABLE_NONE;
    if (ev->act == ACT_POINTER_MOVE || ev->act == ACT_POINTER_DOWN || ev->act == ACT_POINTER_UP) {
        int id;
        v->px = ev->x;
        v->py = ev->y;
        id = ui_nav_event(&v->nav, sh, ev);
        if (id == ID_CLAIM && p >= 0)
            claim(v, p);
        else if (id == ID_MENU)
            return TABLE_MENU;
        else if (!maxstax_practice_pick(v, id))
            maxstax_swap_pick(v, id);
        if (id >= 0)
            return TABLE_NONE;
        if (p >= 0)
            maxstax_to_space(v, p, ev->x, ev->y, &v->ctl[p].x, &v->ctl[p].y);
    }
    switch (ev->act) {
    case ACT_POINTER_DOWN:
        if (v->results_left > 0)
            return results_done(v);
        /* a press on a button (a swap offer over the spaces) takes no block and asks nothing */
        if (p >= 0 && ev->button == INPUT_BUTTON_LEFT && v->nav.pressed < 0) {
            maxstax_refuse_grab(v, p, v->ctl[p].x, v->ctl[p].y); /* a block it may not take now says why */
            v->ctl[p].press = 1;
            v->ctl[p].gx = v->ctl[p].x;
            v->ctl[p].gy = v->ctl[p].y;
        }
        break;
    case ACT_POINTER_UP:
        if (p >= 0 && ev->button == INPUT_BUTTON_LEFT) {
            v->ctl[p].press = 0; /* a click too quick to hold anything */
            v->ctl[p].actions = (v->ctl[p].actions & ~(unsigned)MAXSTAX_IN_GRAB) | MAXSTAX_IN_RELEASE;
        }
        break;
    case ACT_WHEEL:
        turn_held(v, p, ev->wheel > 0 ? 1 : -1);
        break;
    case ACT_PREV_TAB:
        turn_held(v, p, 1);
        break;
    case ACT_NEXT_TAB:
        turn_held(v, p, -1);
        break;
    case ACT_ACCEPT:
        if (v->results_left > 0)
            return results_done(v);
        if (p >= 0)
            claim(v, p);
        break;
    case ACT_BACK:
    case ACT_MENU:
        return TABLE_MENU;
    case ACT_ALT:
        return TABLE_RULES;
    default:
        break;
    }
    return TABLE_NONE;
}

static table_intent maxstax_view_update(void *vv, shell *sh, double dt)
{
    maxstax_view *v = vv;
    v->time += dt;
    maxstax_layout(v, sh);
    ui_nav_update(&v->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
    if (v->results_left > 0) {
        v->results_left -= dt;
        v->results_shown += dt;
        maxstax_view_snapshot(v, 1);
        return v->results_left <= 0 ? results_done(v) : TABLE_NONE;
    }
    if (maxstax_lesson_waits(v)) { /* a lesson's step is done: the table holds still until Continue */
        maxstax_lesson_update(v, sh, dt);
        return TABLE_NONE;
    }
    maxstax_lesson_before_tick(v);
    play_step(v, sh, dt);
    best_update(v);
    maxstax_lesson_update(v, sh, dt);
    maxstax_practice_update(v, dt);
    return TABLE_NONE;
}

/* ---------------------------------------------------------------- lifetime */

static void maxstax_view_enter(void *vv, shell *sh)
{
    maxstax_view *v = vv;
    assign_pads(v, sh);
    maxstax_layout(v, sh);
}

static void maxstax_view_destroy(void *vv) { maxstax_view_free(vv); }

/* Traces the match as it starts or resumes, from the match itself: its
 * seats and options, then each seat's deal (its blocks, and the card it
 * builds, 0 while it has none). */
static void trace_start(const maxstax_view *v)
{
    game_params started = v->m.params;
    int nb = maxstax_world_count(maxstax_match_world(v->match));
    started.players = maxstax_match_rounds(v->match)->players;
    table_match_trace(&v->m, &started);
    for (int p = 0; p < started.players; p++) {
        const maxstax_card *c = maxstax_match_seat_card(v->match, p);
        int blocks = nb - maxstax_match_first_block(p);
        blocks = blocks < 0 ? 0 : blocks > MAXSTAX_BLOCKS_PER_PLAYER ? MAXSTAX_BLOCKS_PER_PLAYER : blocks;
        trace_line("%s deal p%d blocks %d card %d", v->m.game->id, p + 1, blocks, c ? c->id : 0);
    }
}

/* Sets the view going on its match (new or resumed): hands, computer
 * stackers, who the mouse drives, and what the view has seen so far. */
maxstax_view *maxstax_view_start(maxstax_view *v, shell *sh, uint64_t bot_seed)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    maxstax_tape_snap(v->tape, v->match, shell_settings(sh)->v[SETTING_maxstax_snap]);
    v->scoring = maxstax_match_scoring(v->match);
    v->turns = s->turn_mask != 0;
    v->mouse_seat = -1;
    for (int p = v->players - 1; p >= 0; p--) {
        v->ctl[p].held = -1;
        v->ctl[p].pad = -1;
        v->ctl[p].x = 0;
        v->ctl[p].y = 6;
        if (seat_human(v, p))
            v->mouse_seat = p;
        else
            maxstax_bot_init(&v->bot[p], p, v->m.level[p], bot_seed * 31 + (uint64_t)p);
    }
    if (v->turns && s->turn_seat >= 0)
        v->mouse_seat = s->turn_seat; /* resumed during someone's turn */
    /* A resumed match's claims were announced before it was saved. */
    for (int p = 0; p < v->players; p++) {
        v->claim_serial[p] = maxstax_match_claim_event(v->match, p)->serial;
        v->finish_said[p] = maxstax_match_rounds(v->match)->finish[p] >= 0;
    }
    v->round_seen = maxstax_round_key(v);
    v->card_seen = s->card;
    v->results_card = s->card;
    v->phase_seen = s->phase;
    v->turn_seen = s->turn_seat;
    v->last_second = -1;
    maxstax_view_snapshot(v, 1);
    trace_start(v);
    ui_nav_init(&v->nav, v->m.game->id);
    return v;
}

static void *maxstax_view_create(shell *sh, const match_setup *m, uint64_t seed, const char *test_options)
{
    maxstax_view *v;
    unsigned turn_mask = 0;
    if (!(v = maxstax_view_new(m)))
        return NULL;
    /* More people than the mouse and the controllers: they take turns. */
    if (v->humans >= 2 && input_pad_count(shell_input(sh)) + 1 < v->humans)
        for (int p = 0; p < m->params.players; p++)
            if (m->seat[p] == SEAT_HUMAN)
                turn_mask |= 1u << p;
    if (maxstax_view_open(v, test_options, &seed, turn_mask) != 0) {
        maxstax_view_free(v);
        return NULL;
    }
    compose_card(v);
    if (v->scoring == MAXSTAX_SAMESTAX)
        trace_line("samestax first creator %d%s", samestax_creator_of(maxstax_match_samestax(v->match), 1),
                  v->first_creator < 0 ? " (at random)" : "");
    return maxstax_view_start(v, sh, seed);
}

static void *maxstax_view_resume(shell *sh, const match_setup *m, const char *text, char *err, size_t errn)
{
    maxstax_view *v = maxstax_view_new(m);
    const speedstax_state *s;
    char *bots_text;
    if (!v) {
        snprintf(err, errn, "the stacker cards cannot be read");
        return NULL;
    }
    v->match = maxstax_view_load(v, text, &bots_text, err, errn);
    if (!v->match) {
        free(v);
        return NULL;
    }
    s = maxstax_match_rounds(v->match);
    if (s->players != m->params.players) {
        snprintf(err, errn, "the save seats %d players but holds a match of %d", m->params.players, s->players);
        free(bots_text);
        maxstax_view_free(v);
        return NULL;
    }
    maxstax_view_start(v, sh, s->r.s[0] ^ s->r.s[1]);
    if (maxstax_bots_load(v->bot, v->players, computers(v), bots_text, err, errn) < 0) {
        free(bots_text);
        maxstax_view_free(v);
        return NULL;
    }
    free(bots_text);
    return v;
}

void *maxstax_view_practice_create(shell *sh, const match_setup *m, int card)
{
    maxstax_view *v = maxstax_practice_open(m, card);
    if (!v)
        return NULL;
    maxstax_view_start(v, sh, 1);
    v->scoring = MAXSTAX_SPEEDSTAX; /* drawn as SPEEDSTAX is: one card for all, in the card box */
    trace_line("%s practice card %d: %s", m->game->id, maxstax_match_card(v->match)->id,
               maxstax_match_card(v->match)->name);
    return v;
}

/* Setup's Resume: the round and the points so far. */
static int maxstax_view_summary(const match_setup *m, const char *text, char *buf, size_t n)
{
    maxstax_view *v = maxstax_view_new(m);
    const speedstax_state *s;
    const char *bots_text;
    char err[200];
    size_t k;
    if (!v)
        return -1;
    v->match = maxstax_bots_load_match(text, &v->deck, &bots_text, err, sizeof err);
    if (!v->match) {
        free(v);
        return -1;
    }
    s = maxstax_match_rounds(v->match);
    v->scoring = maxstax_match_scoring(v->match);
    if (maxstax_round_key(v) > maxstax_round_count(v))
        k = (size_t)snprintf(buf, n, "Speed-stack-off \xc2\xb7 points:");
    else
        k = (size_t)snprintf(buf, n, "Round %d of %d \xc2\xb7 points:", maxstax_round_key(v), maxstax_round_count(v));
    for (int p = 0; p < s->players && p < m->params.players && k < n; p++) {
        char name[48];
        seat_name(v, p, name, sizeof name);
        k += (size_t)snprintf(buf + k, n - k, "%s %s %d", p ? "," : "", name, s->score[p]);
    }
    maxstax_match_free(v->match);
    free(v);
    return 0;
}

const table_realtime_ops maxstax_view_realtime = {
    .create = maxstax_view_create,
    .resume = maxstax_view_resume,
    .destroy = maxstax_view_destroy,
    .enter = maxstax_view_enter,
    .update = maxstax_view_update,
    .draw = maxstax_view_draw,
    .input = maxstax_view_input,
    .wake = NULL, /* its clock runs: never at rest */
    .begun = maxstax_view_begun,
    .round = maxstax_view_round,
    .over = maxstax_view_over,
    .score = maxstax_view_score,
    .save_text = maxstax_view_save,
    .autosave_text = maxstax_view_autosave,
    .record_text = maxstax_view_record,
    .record_on = maxstax_view_record_on,
    .moves = maxstax_view_moves,
    .record_before = maxstax_view_record_before,
    .best_ms = maxstax_view_best,
    .ticks = maxstax_view_ticks,
    .note = maxstax_view_note,
    .summary = maxstax_view_summary,
    .replay_open = maxstax_view_replay_open,
    .replay_length = maxstax_view_replay_length,
    .replay_seek = maxstax_view_replay_seek,
    .replay_work = maxstax_view_replay_work,
    .replay_exact = maxstax_view_replay_exact,
    .diagram_read = maxstax_view_diagram_read,
    .draw_position = maxstax_view_draw_position,
    .lesson = maxstax_view_lesson,
};
