/* The rules viewer's diagrams: the position is read by the mode's own rules
 * (a real-time mode's by its view) and drawn by the mode's own view
 * (table_view_ops.draw_position, table_realtime_ops.draw_position), so a
 * picture in the rules is exactly what the table shows. Each is read once,
 * when its document is, and drawn from what was read every frame. */
#include "scenes/rules_diagram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/registry.h"
#include "table/modes.h"
#include "table/table.h"

/* One diagram as read: a turn-based state with its move, or a real-time
 * view's picture; or why it cannot be drawn. */
typedef struct picture {
    const md_diagram *dg;
    const table_view_ops *ops;          /* turn-based: st, m */
    const table_realtime_ops *realtime; /* real-time: pic */
    void *st, *pic;
    game_move m;
    char err[200];
} picture;

struct rules_pictures {
    shell *sh;
    picture *p;
    int n, reads;
};

/* A real-time mode's picture, read by its view. */
static int read_realtime(const md_diagram *dg, const table_realtime_ops *rt, picture *pc)
{
    if (!rt->diagram_read || !rt->draw_position) {
        snprintf(pc->err, sizeof pc->err, "%s has no pictures yet", dg->mode);
        return -1;
    }
    if (dg->move[0] || dg->refused[0]) {
        snprintf(pc->err, sizeof pc->err, "a %s picture has no moves: say it in its position", dg->mode);
        return -1;
    }
    if (!(pc->pic = rt->diagram_read(dg->mode, dg->position, pc->err, sizeof pc->err)))
        return -1;
    pc->realtime = rt;
    return 0;
}

/* Reads dg into pc: its state and move (a turn-based mode), or its view's
 * picture (a real-time one); 0, or -1 with why in pc->err. */
static int picture_read(const md_diagram *dg, picture *pc)
{
    const game_info *g = registry_find(dg->mode);
    const table_mode *t = g ? modes_find(g->id) : NULL;
    char why[200] = "";

    memset(pc, 0, sizeof *pc);
    pc->dg = dg;
    if (!g) {
        snprintf(pc->err, sizeof pc->err, "no game is called \"%s\"", dg->mode);
        return -1;
    }
    if (t && t->realtime)
        return read_realtime(dg, t->realtime, pc);
    if (!g->rules || !t || !t->turns || !t->turns->draw_position) {
        snprintf(pc->err, sizeof pc->err, "%s has no pictures yet", g->name);
        return -1;
    }
    if (!(pc->st = calloc(1, g->rules->state_size))) {
        snprintf(pc->err, sizeof pc->err, "out of memory");
        return -1;
    }
    /* A composed position may hold any number of seats the game allows. */
    for (int n = g->min_players; n <= g->max_players; n++) {
        game_params p;
        registry_params_default(g, &p, n);
        if (g->rules->position_read(pc->st, &p, dg->position, why, sizeof why) == 0) {
            why[0] = '\0';
            break;
        }
    }
    if (why[0]) {
        snprintf(pc->err, sizeof pc->err, "the position \"%s\" does not read: %s", dg->position, why);
    } else if (dg->move[0] && g->rules->move_read(pc->st, dg->move, &pc->m, why, sizeof why) != 0) {
        snprintf(pc->err, sizeof pc->err, "the move \"%s\" is not legal there: %s", dg->move, why);
    } else if (dg->refused[0] && dg->move[0]) {
        snprintf(pc->err, sizeof pc->err, "a picture shows a move or a refused one, not both");
    } else if (dg->refused[0] && !t->turns->draw_refused) {
        snprintf(pc->err, sizeof pc->err, "%s draws no refused moves yet", g->name);
    } else if (dg->refused[0] &&
               t->turns->draw_refused(NULL, NULL, pc->st, dg->refused, (rrect){0, 0, 0, 0}, why, sizeof why) != 0) {
        snprintf(pc->err, sizeof pc->err, "the refused move \"%s\" cannot be shown: %s", dg->refused, why);
    } else {
        pc->ops = t->turns;
        return 0;
    }
    free(pc->st);
    pc->st = NULL;
    return -1;
}

static void picture_free(picture *pc)
{
    free(pc->st);
    free(pc->pic);
}

int rules_diagram_check(const md_diagram *dg, char *err, size_t errn)
{
    picture pc;
    int rc = picture_read(dg, &pc);
    if (rc != 0)
        snprintf(err, errn, "%s", pc.err);
    picture_free(&pc);
    return rc;
}

rules_pictures *rules_pictures_read(shell *sh, const md_doc *d, const char *doc)
{
    rules_pictures *ps = calloc(1, sizeof *ps);
    int n = md_diagram_count(d);

    if (!ps || (n > 0 && !(ps->p = calloc((size_t)n, sizeof *ps->p)))) {
        free(ps);
        return NULL;
    }
    ps->sh = sh;
    ps->n = n;
    for (int i = 0; i < n; i++) {
        const md_diagram *dg = md_diagram_get(d, i);
        ps->reads++;
        /* A bad diagram shows a placeholder on the page; it is logged once here. */
        if (picture_read(dg, &ps->p[i]) != 0)
            log_warn("rules %s: diagram %s %s: %s", doc, dg->mode, dg->name, ps->p[i].err);
    }
    return ps;
}

void rules_pictures_free(rules_pictures *ps)
{
    if (!ps)
        return;
    for (int i = 0; i < ps->n; i++)
        picture_free(&ps->p[i]);
    free(ps->p);
    free(ps);
}

int rules_pictures_draw(void *user, render *r, const md_diagram *dg, rrect box, char *err, size_t errn)
{
    rules_pictures *ps = user;
    const picture *pc = NULL;

    for (int i = 0; ps && i < ps->n && !pc; i++)
        if (ps->p[i].dg == dg)
            pc = &ps->p[i];
    if (!pc) {
        snprintf(err, errn, "this picture was not read with its page");
        return -1;
    }
    if (pc->realtime) {
        pc->realtime->draw_position(ps->sh, r, pc->pic, box);
        return 0;
    }
    if (!pc->ops) {
        snprintf(err, errn, "%s", pc->err);
        return -1;
    }
    if (dg->refused[0]) {
        char why[200];
        return pc->ops->draw_refused(ps->sh, r, pc->st, dg->refused, box, why, sizeof why) == 0 ? 0 : -1;
    }
    pc->ops->draw_position(ps->sh, r, pc->st, pc->m.len || dg->move[0] ? &pc->m : NULL, box);
    return 0;
}

int rules_pictures_reads(const rules_pictures *ps)
{
    return ps ? ps->reads : 0;
}
