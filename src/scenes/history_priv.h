/* What the history screen's files share (history.c: the list and its
 * filters; history_row.c: a row drawn; history_io.c: export and import;
 * history_players.c: the players, renamed and deleted). */
#ifndef STACKHOUSE_HISTORY_PRIV_H
#define STACKHOUSE_HISTORY_PRIV_H

#include <stddef.h>

#include "app/history.h"
#include "render/render.h"
#include "shell/scene.h"
#include "shell/shell.h"
#include "ui/ui.h"

#define HIST_PAGE_MAX 8     /* rows on a page at most */
#define HIST_PLAYERS_MAX 64 /* players the filter and the players panel offer */

enum {
    HID_BACK = 0,
    HID_MODE,
    HID_PLAYER,
    HID_STATS,
    HID_PLAYERS,
    HID_IMPORT,
    HID_PREV,
    HID_NEXT,
    HID_EXPORT = 20, /* + row */
    HID_REPLAY = 40  /* + row */
};

typedef struct hist {
    scene base;
    ui_nav nav;
    int mode_i;   /* the mode filter: a registry index, -1 every mode */
    int player_i; /* the player filter: an index in players, -1 anyone */
    history_player players[HIST_PLAYERS_MAX];
    int nplayers;
    history_row rows[HIST_PAGE_MAX]; /* the page shown: all that is read */
    int nrows, total, page, per_page;
    int dirty; /* the filters or the page changed: read again */
    rrect list;
    char item[HIST_PAGE_MAX][2][16];
    int dragging;
    float drag_y0;
} hist;

/* The player filter's name ("" anyone). */
const char *hist_player_name(const hist *p);
/* Reads the players again (after a rename or delete), keeping the filter's player when they remain. */
void hist_players_reload(hist *p, shell *sh);
/* Reads the count and the page shown. */
void hist_query(hist *p, shell *sh);
/* Draws row i of the page in box. */
void hist_draw_row(const hist *p, render *r, int i, rrect box);
/* n with thousands separated by commas ("10,000") into out; returns out. */
char *hist_thousands(int n, char *out, size_t size);
/* A filter's box: "label: value" between the arrows that step it (the
 * history's and the statistics' filters). */
void hist_filter_box(render *r, rrect b, const char *label, const char *value, int focused);
/* Writes match id as a match file in the exports folder, and says where. */
void hist_export(hist *p, shell *sh, int64_t id);
/* Imports every file of the imports folder (each moved aside once read). */
void hist_import_folder(hist *p, shell *sh);
/* Imports the match file at path (dropped: said so in the toast); 0 or -1. */
int hist_import_file(hist *p, shell *sh, const char *path, int dropped);
/* The players panel over the history: rename, delete (asked first), statistics. */
scene *hist_players_create(shell *sh, hist *p);

#endif
