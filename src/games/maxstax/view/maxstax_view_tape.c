/* The MAXSTAX view's record: its match's tape, saved after the snapshot
 * that Resume reads (the match and its computer stackers), and read back so
 * that a resumed match's tape goes on. A save from before tapes resumes as
 * it always did, and its tape starts there, from the saved match. */
#include "games/maxstax/view/maxstax_view_priv.h"

/* Where a save's tape begins: its "maxstax-tape" line; NULL in a save without one. */
static const char *tape_start(const char *text)
{
    const char *p = strstr(text, "\n" MAXSTAX_TAPE_HEADER " ");
    return p ? p + 1 : NULL;
}

char *maxstax_view_save_text(const maxstax_view *v)
{
    char *snap = maxstax_bots_save(v->match, v->bot, computers(v)), *tape, *all;
    size_t n;
    if (!snap || !v->tape)
        return snap;
    tape = maxstax_tape_write(v->tape);
    if (!tape) {
        log_warn("%s table: the match's tape could not be written; it is saved without it", v->m.game->id);
        return snap;
    }
    n = strlen(snap) + strlen(tape) + 1;
    all = malloc(n);
    if (all)
        snprintf(all, n, "%s%s", snap, tape);
    free(snap);
    free(tape);
    return all;
}

char *maxstax_view_autosave_text(const maxstax_view *v)
{
    /* The tape of a long match runs to hundreds of kilobytes and tens of
     * milliseconds to write (docs/performance.md): too dear every few
     * seconds. The snapshot is a few kilobytes; a match resumed from it
     * starts its tape there, as a save from before tapes does. */
    return maxstax_bots_save(v->match, v->bot, computers(v));
}

maxstax_match *maxstax_view_load(maxstax_view *v, const char *text, char **bots, char *err, size_t errn)
{
    const char *tape_text = tape_start(text), *bots_text;
    char *own = strndup(text, tape_text ? (size_t)(tape_text - text) : strlen(text)), *match_text, why[200];
    maxstax_match *m = own ? maxstax_bots_load_match(own, &v->deck, &bots_text, err, errn) : NULL;
    *bots = NULL;
    if (!m) {
        if (!own)
            snprintf(err, errn, "out of memory");
        free(own);
        return NULL;
    }
    /* The tape goes on from the saved match: play resumes from exactly what was read. */
    match_text = strndup(own, (size_t)(bots_text - own));
    v->tape = tape_text ? maxstax_tape_read(tape_text, why, sizeof why) : NULL;
    if (tape_text && !v->tape)
        log_warn("%s table: the save's tape is set aside (%s); it starts again from here", v->m.game->id, why);
    if (v->tape && match_text)
        maxstax_tape_load(v->tape, match_text);
    else if (match_text)
        v->tape = maxstax_tape_new_saved(maxstax_match_rounds(m)->players, match_text);
    free(match_text);
    *bots = strdup(bots_text);
    free(own);
    if (!*bots) {
        snprintf(err, errn, "out of memory");
        maxstax_tape_free(v->tape);
        v->tape = NULL;
        maxstax_match_free(m);
        return NULL;
    }
    return m;
}

char *maxstax_view_record_text(const maxstax_view *v)
{
    /* A finished match has no save (nothing to resume); its tape replays it. */
    return v->tape ? maxstax_tape_write(v->tape) : NULL;
}
