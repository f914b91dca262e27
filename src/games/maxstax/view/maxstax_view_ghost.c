/* The MAXSTAX ghost and hints: the card's structure drawn translucent where
 * the matcher would pair it with what a person has built (maxstax_diff_shift:
 * in the middle of the space until the first block stands), its outline over
 * the blocks, and under the person's name what still differs from the card
 * (maxstax_diff_list), traced as it changes. The easy setting of every
 * MAXSTAX mode ("Ghost and hints" in settings and setup). */
#include "games/maxstax/rules/maxstax_diff.h"
#include "games/maxstax/rules/maxstax_mode.h"
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/settings.h"
#include "shell/trace.h"

int maxstax_ghost_on(shell *sh, const maxstax_view *v, int p)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    return (v->ghost || shell_settings(sh)->v[SETTING_maxstax_ghost]) && seat_human(v, p) &&
           s->phase != SPEEDSTAX_OVER && s->in_play[p] && !maxstax_creating(v, p) && !maxstax_swapping(v) &&
           maxstax_view_card(v, p)->n > 0;
}

/* Seat p's blocks over its space, less the one in its hand (it is not built
 * yet); returns how many (13: too many). *still: none of them moves. */
static int built(const maxstax_view *v, int p, maxstax_pose *in, int *still)
{
    const maxstax_world *w = maxstax_match_world(v->match);
    int held = maxstax_world_held(w, p), n = 0;
    for (int b = 0; b < maxstax_world_count(w) && n <= MAXSTAX_CARD_MAX_BLOCKS; b++) {
        maxstax_pose q = maxstax_world_pose(w, b);
        q.x -= p * MAXSTAX_SPACE_PITCH;
        if (b == held || fabs(q.x) > MAXSTAX_SPACE_HALF)
            continue;
        if (n < MAXSTAX_CARD_MAX_BLOCKS)
            in[n] = q;
        if (still)
            *still &= maxstax_world_sleeping(w, b);
        n++;
    }
    return n;
}

/* Where the ghost of seat p's card stands: the shift for its blocks'
 * centres, as last worked out for the card (maxstax_hints_update), or now. */
static double ghost_shift(const maxstax_view *v, int p)
{
    maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
    const maxstax_card *c = maxstax_view_card(v, p);
    if (v->ghost_seen[p].valid && !memcmp(&v->ghost_seen[p].card, c, sizeof *c))
        return v->ghost_seen[p].shift;
    int n = built(v, p, in, NULL);
    return maxstax_diff_shift(c, in, n > MAXSTAX_CARD_MAX_BLOCKS ? MAXSTAX_CARD_MAX_BLOCKS : n);
}

void maxstax_ghost_draw(render *r, const maxstax_view *v, const plank_art *art, int p, int outline)
{
    const maxstax_card *c = maxstax_view_card(v, p);
    float sc = v->scale[p];
    double shift = ghost_shift(v, p);
    rcolor line = ui_seat_color(p), wood = {255, 255, 255, 80};
    line.a = 200;
    for (int i = 0; i < c->n; i++) {
        float cx, cy, w = (float)MAXSTAX_BLOCK_LEN * sc, h = (float)MAXSTAX_BLOCK_THICK * sc;
        float ang = -(float)c->block[i].angle * PI_F / 180.0f;
        maxstax_to_screen(v, p, c->block[i].x + shift, c->block[i].y, &cx, &cy);
        if (outline)
            render_round_outline_ex(r, cx, cy, w, h, ang, 0.07f * sc, GHOST_LINE, line);
        else
            render_sprite_ex(r, art->wood[0], cx, cy, w, h, ang, wood);
    }
}

void maxstax_hints_update(shell *sh, maxstax_view *v)
{
    for (int p = 0; p < v->players; p++) {
        maxstax_pose in[MAXSTAX_CARD_MAX_BLOCKS];
        maxstax_diff d;
        char now[sizeof v->hint[0]];
        struct ghost_seen *seen = &v->ghost_seen[p];
        const maxstax_card *c = maxstax_view_card(v, p);
        int finished = maxstax_match_rounds(v->match)->finish[p] >= 0;
        if (!maxstax_ghost_on(sh, v, p)) {
            v->hint[p][0] = '\0';
            seen->valid = 0;
            continue;
        }
        int settled = 1, n = built(v, p, in, &settled), kept = n < MAXSTAX_CARD_MAX_BLOCKS ? n : MAXSTAX_CARD_MAX_BLOCKS;
        if (!settled)
            continue; /* a block still moving: the ghost and words wait for it to lie still */
        if (seen->valid && !memcmp(&seen->card, c, sizeof *c) && seen->n == n && seen->finished == finished &&
            !memcmp(seen->pose, in, sizeof in[0] * (size_t)kept))
            continue; /* nothing moved since they were worked out */
        seen->valid = 1;
        seen->finished = finished;
        seen->card = *c;
        seen->n = n;
        memcpy(seen->pose, in, sizeof in[0] * (size_t)kept);
        seen->shift = maxstax_diff_shift(c, in, kept);
        maxstax_diff_list(c, in, n, &d);
        if (!d.n) /* once the call held, nothing is left to do */
            snprintf(now, sizeof now, "%s", finished ? "it matches the card" : "it matches the card: call MAX STAX!");
        else if (d.n == 1)
            snprintf(now, sizeof now, "%s", d.text[0]);
        else
            snprintf(now, sizeof now, "%s; %s", d.text[0], d.text[1]);
        if (strcmp(now, v->hint[p]) != 0) {
            char all[MAXSTAX_DIFF_MAX * (MAXSTAX_DIFF_LEN + 2)] = "card done";
            int was_done = strncmp(v->hint[p], "it matches the card", 19) == 0;
            for (int i = 0, at = 0; i < d.n; i++)
                at += snprintf(all + at, sizeof all - (size_t)at, "%s%s", i ? "; " : "", d.text[i]);
            snprintf(v->hint[p], sizeof v->hint[p], "%s", now);
            if (!(was_done && !d.n)) /* the words after the call are no new difference */
                trace_line("%s hints %d: %s", v->m.game->id, p, all);
        }
    }
}

void maxstax_hints_draw(render *r, const maxstax_view *v, int p, float top)
{
    if (!v->hint[p][0])
        return;
    rrect pr = v->pane[p];
    float maxw = pr.w - 24;
    float size = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, maxw - 16, v->hint[p]);
    float w = fminf(render_text_width(r, FONT_SANS_BOLD, size, v->hint[p]) + 16, maxw);
    render_round_rect(r, (rrect){pr.x + 12, top, w, 32}, 12, (rcolor){236, 226, 206, 225});
    ui_text_fit(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, (rrect){pr.x + 20, top - 2, maxw - 16, 36}, TEXT_LEFT, UI_INK,
                v->hint[p]);
}
