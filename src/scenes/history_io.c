/* The history's match files (#28, docs/match-file.md): a row's Export writes
 * its match file into the exports folder beside the database
 * (<pref>/exports/, under the name app/matchio.h suggests: "2026-11-27
 * 05.12 stax Anna vs Computer.stackhouse.txt", written whole or not at
 * all); Import reads every file put in
 * the imports folder (<pref>/imports/), and a file dropped on the window is
 * imported from wherever it is. A file chooser would be a screen of its own
 * for a rare act; a known folder and a drop cover both the desk and the TV.
 * A file that fails is named with the reader's reason ("match file line 7:
 * ...") and nothing of it is kept; one imported is moved into
 * imports/imported/, so Import never takes it twice. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app/matchio.h"
#include "app/paths.h"
#include "audio/audio.h"
#include "core/log.h"
#include "scenes/history_priv.h"
#include "shell/toast.h"
#include "shell/trace.h"

/* <pref>/<name>/ made if need be into out; 0, or -1 (toast says why). */
static int folder(shell *sh, const char *name, char *out, size_t n)
{
    const char *pref = shell_paths(sh) ? shell_paths(sh)->pref : "";
    if (!pref[0]) {
        toast_show("There is no folder for your files: %s", shell_paths(sh) ? shell_paths(sh)->pref_problem : "");
        return -1;
    }
    snprintf(out, n, "%s%s", pref, name);
    if (mkdir(out, 0755) != 0 && errno != EEXIST) {
        toast_show("Cannot make the folder %s: %s", out, strerror(errno));
        return -1;
    }
    return 0;
}

void hist_export(hist *p, shell *sh, int64_t id)
{
    char dir[1100], name[200], path[1400], err[400];
    char *body = NULL;
    match_info mi;
    (void)p;
    if (!shell_store(sh) || history_get(shell_store(sh), id, &mi, &body) != 0) {
        audio_play(SFX_ERROR);
        toast_show("That match could not be read from the history.");
        return;
    }
    if (folder(sh, "exports", dir, sizeof dir) != 0) {
        free(body);
        audio_play(SFX_ERROR);
        return;
    }
    matchio_file_name(&mi, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (matchio_export(path, &mi, body, err, sizeof err) != 0) {
        audio_play(SFX_ERROR);
        toast_show("The match was not exported: %s", err);
        trace_line("history export %lld failed: %s", (long long)id, err);
    } else {
        audio_play(SFX_CLICK);
        toast_show("Exported to %s", path);
        trace_line("history export %lld %s", (long long)id, path);
    }
    free(body);
}

/* The file's own name, for the player's words. */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Imports one file; the reason it failed in err. 0 or -1. */
static int import_one(shell *sh, const char *path, int64_t *id, char *err, size_t errn)
{
    char *text = matchio_read(path, MATCHIO_MAX_BYTES, err, errn);
    int rc;
    if (!text)
        return -1;
    rc = history_import(shell_store(sh), text, id, err, errn);
    free(text);
    trace_line("history import %s %s%s", base_name(path), rc == 0 ? "ok" : "failed: ", rc == 0 ? "" : err);
    return rc;
}

int hist_import_file(hist *p, shell *sh, const char *path, int dropped)
{
    char err[300];
    int64_t id;
    (void)dropped;
    if (!shell_store(sh)) {
        audio_play(SFX_ERROR);
        toast_show("There is no history to import into.");
        return -1;
    }
    if (import_one(sh, path, &id, err, sizeof err) != 0) {
        audio_play(SFX_ERROR);
        toast_show("%s was not imported: %s", base_name(path), err);
        return -1;
    }
    audio_play(SFX_CLICK);
    toast_show("Imported %s", base_name(path));
    hist_players_reload(p, sh);
    p->page = 0;
    p->dirty = 1;
    return 0;
}

void hist_import_folder(hist *p, shell *sh)
{
    char dir[1100], done[1200], path[1400], moved[1500], err[300], first_err[400] = "";
    DIR *d;
    struct dirent *e;
    int ok = 0, bad = 0;
    if (!shell_store(sh) || folder(sh, "imports", dir, sizeof dir) != 0) {
        audio_play(SFX_ERROR);
        return;
    }
    snprintf(done, sizeof done, "%s/imported", dir);
    if (mkdir(done, 0755) != 0 && errno != EEXIST)
        log_warn("history: cannot make %s: %s", done, strerror(errno));
    d = opendir(dir);
    while (d && (e = readdir(d)) != NULL) {
        struct stat st;
        int64_t id;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (import_one(sh, path, &id, err, sizeof err) == 0) {
            ok++;
            snprintf(moved, sizeof moved, "%s/%s", done, e->d_name);
            if (rename(path, moved) != 0)
                log_warn("history: cannot move %s aside: %s", path, strerror(errno));
        } else if (bad++ == 0) {
            snprintf(first_err, sizeof first_err, "%s: %s", e->d_name, err);
        }
    }
    if (d)
        closedir(d);
    if (ok + bad == 0) {
        audio_play(SFX_ERROR);
        toast_show("Nothing to import: put match files in %s, or drop one on this window.", dir);
        return;
    }
    audio_play(bad ? SFX_ERROR : SFX_CLICK);
    if (bad)
        toast_show("Imported %d match%s; %d not: %s", ok, ok == 1 ? "" : "es", bad, first_err);
    else
        toast_show("Imported %d match%s from %s", ok, ok == 1 ? "" : "es", dir);
    hist_players_reload(p, sh);
    p->page = 0;
    p->dirty = 1;
}
