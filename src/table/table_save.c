/* What a midend does with a save's outcome: nothing when it went in, the
 * notice with Try again when it did not. */
#include "table/table_save.h"

#include <stdio.h>
#include <string.h>

#include "app/store.h"
#include "core/log.h"
#include "shell/toast.h"
#include "shell/trace.h"

/* Why the save failed, in the store's words. */
static void failure_words(shell *sh, char *buf, size_t n)
{
    const char *why = shell_store(sh) ? store_error(shell_store(sh)) : NULL;
    if (!shell_store(sh))
        snprintf(buf, n, "the save file could not be opened when the game started");
    else
        snprintf(buf, n, "%s", why && *why ? why : "the game could not be written");
}

int table_saver_done(table_saver *sv, shell *sh, const char *tag, int rc, int quitting)
{
    char why[400];
    ui_notice_text w = {"The game was not saved", why, NULL, shell_store(sh) ? store_path(shell_store(sh)) : NULL,
                        "Keep playing"};
    if (rc == 0) {
        sv->failing = sv->told = 0;
        sv->why[0] = 0;
        return 0;
    }
    failure_words(sh, sv->why, sizeof sv->why);
    sv->failing = 1;
    sv->quitting = quitting;
    trace_line("%s save failed: %s", tag, sv->why);
    log_warn("%s table: the game could not be saved: %s", tag, sv->why);
    snprintf(why, sizeof why, "Saving failed: %s.", sv->why);
    /* What to do depends on why: a full disk wants space; anything else, another go. */
    w.next = strstr(sv->why, "full") ? "Your match is still open, and nothing is lost. Free some space on the disk, "
                                       "then try again."
                                     : "Your match is still open, and nothing is lost. Try again, or keep playing "
                                       "and save later.";
    if (quitting || !sv->told) {
        sv->told = 1;
        ui_notice_open(sh, &w, &sv->choice);
    } else if (shell_store(sh)) {
        /* Told once already: say it again without stopping the game (with
         * no store at all nothing changes move to move: once is enough). */
        toast_show("Still not saved: %s", sv->why);
    }
    return rc;
}

ui_notice_choice table_saver_take(table_saver *sv)
{
    ui_notice_choice c = sv->choice;
    sv->choice = UI_NOTICE_NONE;
    /* The player waits on a retry: if it fails, the notice comes back. */
    if (c == UI_NOTICE_RETRY)
        sv->told = 0;
    return c;
}
