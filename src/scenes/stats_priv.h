/* What the statistics screen's files share (stats.c: the screen, its
 * filters and counting; stats_draw.c: the numbers and the charts). */
#ifndef STACKHOUSE_STATS_PRIV_H
#define STACKHOUSE_STATS_PRIV_H

#include "app/stats.h"
#include "core/registry.h"
#include "render/render.h"
#include "shell/scene.h"
#include "ui/ui.h"

#define STATS_POINTS_MAX 12 /* points on the win-rate line */
#define STATS_PEOPLE_MAX 64

typedef struct stats_scene {
    scene base;
    ui_nav nav;
    char player[MATCH_NAME_LEN];
    int mode_i; /* a registry index, -1 every mode */
    char people[STATS_PEOPLE_MAX][MATCH_NAME_LEN];
    int npeople;
    int ok; /* the numbers were counted */
    stats_summary sum;
    stats_point points[STATS_POINTS_MAX];
    int npoints, per; /* points, and matches per point */
} stats_scene;

/* Draws the numbers and the charts under the filters, for mode g (NULL every mode). */
void stats_draw_body(const stats_scene *p, render *r, float vw, const game_info *g);

#endif
