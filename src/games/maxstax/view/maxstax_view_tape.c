/* The MAXSTAX view's record: its match's tape, saved after the snapshot
 * that Resume reads (the match and its computer stackers), and read back so
 * that a resumed match's tape goes on; kept in the history as it goes, a
 * piece at every save (record_on). A save without a tape (an autosave, or
 * one from before tapes) starts its tape there, from the saved match, after
 * the tape the history kept before it when there is one (record_before). */
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
    /* The tape of a long match runs to a megabyte and tens of milliseconds
     * to write whole (docs/performance.md): too dear at every move. The
     * snapshot is a few kilobytes, and the tape goes to the history a piece
     * at a time in the same transaction (record_on); a match resumed from
     * the snapshot goes on from that tape (record_before). */
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
    if (v->tape && match_text) {
        maxstax_tape_load(v->tape, match_text);
    } else if (match_text) {
        v->tape = maxstax_tape_new_saved(maxstax_match_rounds(m)->players, match_text);
        v->tape_at_save = 1; /* the history may hold what came before (maxstax_view_record_before) */
    }
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

char *maxstax_view_record_on(const void *vv, table_rt_mark *mark)
{
    const maxstax_view *v = vv;
    maxstax_tape_mark tm = {(int)mark->part, mark->at};
    char *text = v->tape ? maxstax_tape_write_on(v->tape, &tm) : NULL;
    if (text) {
        mark->part = tm.ev;
        mark->at = tm.at;
    }
    return text;
}

long maxstax_view_moves(const void *vv)
{
    const maxstax_view *v = vv;
    return maxstax_tape_moves(v->tape);
}

void maxstax_view_record_before(void *vv, const char *record)
{
    maxstax_view *v = vv;
    const char *tape_text = record && !strncmp(record, MAXSTAX_TAPE_HEADER " ", strlen(MAXSTAX_TAPE_HEADER) + 1)
                                ? record
                                : tape_start(record ? record : "");
    maxstax_tape *before;
    char why[200];
    /* Only a tape that starts at the save: one that holds its past already is whole. */
    if (!v->tape || !v->tape_at_save || !tape_text)
        return;
    if (!(before = maxstax_tape_read(tape_text, why, sizeof why)) || maxstax_tape_append(before, v->tape) != 0) {
        log_warn("%s table: the tape kept before the save is set aside (%s); it starts again from the save",
                 v->m.game->id, before ? "it does not go on from there" : why);
        maxstax_tape_free(before);
        return;
    }
    log_info("%s table: the tape goes on from the %ld ticks kept before the save", v->m.game->id,
             maxstax_tape_ticks(before) - maxstax_tape_ticks(v->tape));
    maxstax_tape_free(v->tape);
    v->tape = before;
    v->tape_at_save = 0;
}
