/* What the players hear and see of claims and finishes as they happen: each
 * claim event's banner, sound and trace line (a wrong call says what
 * differs), and each seat's finishing place ("1st", "2nd"...) on its pane
 * and in the score box the moment it finishes. */
#include "games/maxstax/view/maxstax_view_priv.h"
#include "shell/trace.h"

/* The place words, by place 1..4. */
static const char *const place_words[SPEEDSTAX_MAX_PLAYERS + 1] = {"", "1st", "2nd", "3rd", "4th"};

int maxstax_finish_place(const maxstax_view *v, int p)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    int place = 1;
    if (s->finish[p] < 0)
        return 0;
    for (int q = 0; q < v->players; q++)
        place += q != p && s->in_play[q] && s->finish[q] >= 0 && s->finish[q] < s->finish[p];
    return place;
}

const char *maxstax_place_word(const maxstax_view *v, int p)
{
    int place = maxstax_finish_place(v, p);
    return place > 0 && place <= SPEEDSTAX_MAX_PLAYERS ? place_words[place] : "";
}

/* Seat p's new claim event e: its banner, its sound and its trace line. */
static void claim_said(maxstax_view *v, int p, const maxstax_claim_event *e)
{
    char why[48];
    maxstax_miss_phrase(e->miss, why, sizeof why);
    if (e->verdict == MAXSTAX_CLAIM_HELD) {
        maxstax_view_flash(v, p, "MAX STAX!", (rcolor){42, 116, 53, 255});
        audio_play_at(SFX_WIN, maxstax_view_pan(v, p), 1.0f);
        trace_line("%s claim %d held", v->m.game->id, p);
    } else if (e->verdict == MAXSTAX_CLAIM_FAILED) {
        maxstax_view_flash(v, p, "Not yet!", UI_ACCENT);
        /* The note under the banner: what differs, capitalised. */
        snprintf(v->flash_note[p], sizeof v->flash_note[p], "%s", why);
        if (v->flash_note[p][0] >= 'a' && v->flash_note[p][0] <= 'z')
            v->flash_note[p][0] = (char)(v->flash_note[p][0] - 'a' + 'A');
        audio_play_at(SFX_ERROR, maxstax_view_pan(v, p), 1.0f);
        trace_line("%s claim %d failed: %s", v->m.game->id, p, why);
    } else if (e->verdict == MAXSTAX_CLAIM_CHECKING) {
        maxstax_view_flash(v, p, "Checking\xe2\x80\xa6", UI_TEAL);
    }
}

void maxstax_claims_update(maxstax_view *v)
{
    const samestax_state *g = maxstax_match_samestax(v->match);
    const speedstax_state *s = maxstax_match_rounds(v->match);
    for (int p = 0; p < v->players; p++) {
        const maxstax_claim_event *e = maxstax_match_claim_event(v->match, p);
        if (e->serial != v->claim_serial[p]) {
            v->claim_serial[p] = e->serial;
            if (!(g && p == g->creator)) /* the Creator's Ready is said when pressed */
                claim_said(v, p, e);
        }
        if (s->finish[p] >= 0 && !v->finish_said[p]) {
            v->finish_said[p] = 1;
            trace_line("%s finish %d place %d", v->m.game->id, p, maxstax_finish_place(v, p));
        } else if (s->finish[p] < 0) {
            v->finish_said[p] = 0;
        }
    }
}

void maxstax_claims_round_over(maxstax_view *v)
{
    const speedstax_state *s = maxstax_match_rounds(v->match);
    /* The last to finish can end the round in the same step, before the
     * view saw the finish: SPEEDSTAX's points tell its place. */
    for (int p = 0; p < v->players; p++) {
        if (!v->finish_said[p] && v->scoring == MAXSTAX_SPEEDSTAX && !v->results_stackoff && s->last_points[p] > 0)
            trace_line("%s finish %d place %d", v->m.game->id, p, v->players + 1 - s->last_points[p]);
        v->finish_said[p] = 0;
    }
}

void maxstax_claims_draw(render *r, const maxstax_view *v, int p)
{
    rrect pr = v->pane[p];
    const char *word = maxstax_place_word(v, p);
    if (*word && v->results_left <= 0 && !maxstax_swapping(v) && !v->practice.on) { /* practice has no places */
        /* The place badge, in the seat's colour, after the name on the pane. */
        char name[48];
        seat_name(v, p, name, sizeof name);
        float bh = 40, bw = render_text_width(r, FONT_SANS_BOLD, UI_BODY, word) + 28;
        rrect b = {pr.x + 56 + render_text_width(r, FONT_SANS_BOLD, UI_BODY, name) + 14, pr.y + 30 - bh / 2, bw, bh};
        render_round_rect(r, b, bh / 2, ui_seat_ink(p));
        ui_text_center(r, FONT_SANS_BOLD, UI_BODY, b, (rcolor){255, 255, 255, 255}, word);
    }
    if (v->flash[p] > 0 && v->flash_note[p][0] && !maxstax_swapping(v)) {
        /* Under the banner (as maxstax_view_draw.c sizes it): what differs. */
        float k = (float)fmin(1.0, v->flash[p] / 0.3);
        float bh = fminf(90, fmaxf(50, pr.h * 0.22f));
        float size = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, pr.w - 60, v->flash_note[p]);
        float tw = render_text_width(r, FONT_SANS_BOLD, size, v->flash_note[p]) + 28;
        float th = render_line_height(r, FONT_SANS_BOLD, size) + 12;
        rrect b = {pr.x + pr.w / 2 - tw / 2, pr.y + 40 + bh + 6, tw, th};
        rcolor bg = UI_CREAM, ink = UI_INK;
        bg.a = (uint8_t)(255 * k);
        ink.a = (uint8_t)(255 * k);
        render_round_rect(r, b, th / 2, bg);
        ui_text_center(r, FONT_SANS_BOLD, size, b, ink, v->flash_note[p]);
    }
}
