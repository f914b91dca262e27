/* What the Stakz table shows, traced line by line whenever it changes, so
 * tests read the view's own state rather than pixels: the tiles face up in
 * hands, the tile under the pointer, the hand tiles marked playable, the
 * stacks lit for a held tile, the last turn's marks and the hint bar. */
#include "games/stakz/view/stakz_view_priv.h"
#include "app/input.h"
#include "shell/trace.h"

/* Traces the tiles the frame shows face up in hands when they change, so
 * tests can see what each seat was shown (stacks are public). */
static void faces_trace(stakz_view *v)
{
    char now[sizeof v->faces], nm[3];
    size_t k = 0;
    int vs = table_viewer_seat(v->t);
    if (table_curtain(v->t) >= 0) {
        snprintf(now, sizeof now, "curtain p%d: -", table_curtain(v->t) + 1);
    } else {
        k = (size_t)snprintf(now, sizeof now, "p%d:", vs + 1);
        for (int p = 0; p < table_match(v->t)->params.players; p++)
            for (int c = 0; c < STAKZ_CODES; c++)
                for (int i = 0; i < v->obs.hand[p][c] && k + 8 < sizeof now; i++) {
                    stakz_tile_name((uint8_t)c, nm);
                    k += (size_t)snprintf(now + k, sizeof now - k, " p%d:%s", p + 1, nm);
                }
    }
    if (strcmp(now, v->faces) != 0) {
        snprintf(v->faces, sizeof v->faces, "%s", now);
        trace_line("stakz faces %s", now);
    }
}

/* Traces "stakz KEY words" when words differ from what *last (n bytes) holds. */
static void changed_line(char *last, size_t n, const char *key, const char *words)
{
    if (strcmp(words, last) == 0)
        return;
    snprintf(last, n, "%s", words);
    trace_line("stakz %s %s", key, words);
}

/* The hand tiles marked playable ("o4 g4"; "-" none). */
static void playable_words(const stakz_view *v, char *buf, size_t n)
{
    size_t k = 0;
    char nm[3];
    int vs = table_viewer_seat(v->t);
    buf[0] = 0;
    if (viewer_decides(v) && !v->picking)
        for (int c = 0; c < STAKZ_CODES && k + 4 < n; c++)
            if (v->hand_tile[c].w > 0 && v->obs.hand[vs][c] && stakz_fits(v, c)) {
                stakz_tile_name((uint8_t)c, nm);
                k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? " " : "", nm);
            }
    if (!buf[0])
        snprintf(buf, n, "-");
}

/* The stacks lit for the held tile ("o4: 1 3"; "-" none held). */
static void lit_words(const stakz_view *v, char *buf, size_t n)
{
    int h = stakz_held(v);
    size_t k;
    char nm[3];
    if (h < 0) {
        snprintf(buf, n, "-");
        return;
    }
    stakz_tile_name((uint8_t)h, nm);
    k = (size_t)snprintf(buf, n, "%s:", nm);
    for (int s = 0; s < v->obs.nstacks && k + 5 < n; s++)
        if (stakz_can_place(v->st, h, s))
            k += (size_t)snprintf(buf + k, n - k, " %d", s + 1);
}

/* The last turn's marks: its mover, each tile as stack/height from 1, and
 * what it drew ("p2 1/3 2/1 drew:o?"; "-" none). */
static void marks_words(const stakz_view *v, char *buf, size_t n)
{
    size_t k;
    char nm[3];
    if (v->mark_seat < 0) {
        snprintf(buf, n, "-");
        return;
    }
    k = (size_t)snprintf(buf, n, "p%d", v->mark_seat + 1);
    for (int s = 0; s < v->obs.nstacks; s++)
        for (int i = 0; i < v->obs.height[s] && k + 12 < n; i++)
            if (v->marked[s][i])
                k += (size_t)snprintf(buf + k, n - k, " %d/%d", s + 1, i + 1);
    if (v->mark_drew >= 0 && k + 12 < n) {
        stakz_tile_name((uint8_t)v->mark_drew, nm);
        snprintf(buf + k, n - k, " drew:%s", nm);
    }
}

void stakz_trace(stakz_view *v, shell *sh)
{
    ui_hint h[8];
    char words[sizeof v->marks_seen], nm[3];
    int hover = v->nav.hover, code = -1;
    faces_trace(v);
    if (hover >= ID_TILE && hover < ID_TILE + STAKZ_CODES && ui_nav_item(&v->nav, hover))
        code = hover - ID_TILE;
    if (code != v->hover_code) {
        v->hover_code = code;
        if (code >= 0)
            stakz_tile_name((uint8_t)code, nm);
        trace_line("stakz hover %s", code >= 0 ? nm : "none");
    }
    if (table_curtain(v->t) >= 0)
        return; /* behind the curtain nothing of the table shows */
    ui_hint_words(shell_input(sh)->last_device, h, stakz_hints(v, sh, h), words, sizeof words);
    changed_line(v->hints, sizeof v->hints, "hints", words);
    playable_words(v, words, sizeof words);
    changed_line(v->playable_seen, sizeof v->playable_seen, "playable", words);
    lit_words(v, words, sizeof words);
    changed_line(v->lit_seen, sizeof v->lit_seen, "lit", words);
    marks_words(v, words, sizeof words);
    changed_line(v->marks_seen, sizeof v->marks_seen, "marks", words);
}
